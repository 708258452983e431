// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/avro_parquet_schema.h
/// \brief The Parquet schema parquet-avro derives from an Avro schema (Hudi's log
/// blocks).
#pragma once

#include <memory>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace parquet::schema {
class GroupNode;
}  // namespace parquet::schema

namespace hoodie {

/// \brief The Parquet message type parquet-avro 1.13's AvroSchemaConverter gives the
/// Avro record `avro_json`, with Hadoop's defaults (the configuration Hudi's
/// HoodieParquetDataBlock writes with): the message is named by the record's full name;
/// a field outside a union is required, `["null", T]` is optional T; strings and enums
/// are annotated binaries; decimals keep their fixed or bytes storage; date, time and
/// timestamp logical types map to Parquet's (timestamp-* adjusted to UTC, local-* not);
/// arrays use the old two-level list layout (`group (LIST) { repeated T array; }`,
/// parquet.avro.write-old-list-structure=true); maps are
/// `group (MAP) { repeated group key_value (MAP_KEY_VALUE) { required binary key
/// (STRING); V value; } }`.
///
/// \return Invalid for malformed JSON or an unknown type name; NotImplemented naming the
///   field for unions other than null plus one type (parquet-avro writes those as a
///   group of members, which hoodie's Arrow model cannot hold) and for recursive records.
///   Thread-safe.
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<::parquet::schema::GroupNode>> AvroJsonToParquetSchema(
    std::string_view avro_json);

}  // namespace hoodie
