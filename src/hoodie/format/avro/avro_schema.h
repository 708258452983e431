// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_schema.h
/// \brief Avro schema JSON <-> Arrow schema conversion with Spark/Hudi naming conventions.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief The Avro full name Hudi gives a table's top-level record.
///
/// Matches AvroConversionUtils.getAvroRecordNameAndNamespace (hudi-spark-datasource):
/// the table name is sanitized with HoodieAvroUtils.sanitizeName, the record is
/// `<name>_record` in namespace `hoodie.<name>`.
struct HOODIE_EXPORT AvroRecordName {
  std::string name;
  std::string name_space;

  static AvroRecordName ForTable(std::string_view table_name);
};

/// HoodieAvroUtils.sanitizeName: an invalid first character (not a letter or `_`) and
/// every later character other than letters, digits and `_` become `__`.
HOODIE_EXPORT std::string SanitizeAvroName(std::string_view name);

/// \brief Converts an Arrow schema to Avro schema JSON the way Hudi's Spark writer does
/// (AvroConversionUtils.convertStructTypeToAvroSchema and Hudi's SchemaConverters).
///
/// Naming: the top record is `<table>_record` in namespace `hoodie.<table>`; a nested
/// struct in field `f` is a record named `f` whose namespace is the parent record's full
/// name; list elements and map values that are structs are named after the list or map
/// field; decimals are `fixed` named `fixed` in namespace `<parent full name>.<field>`,
/// with the minimum byte size for the precision. Nullable Arrow fields become
/// `["null", T]` with `"default": null`. int8/int16/uint8/uint16 map to `int`,
/// uint32 to `long`, date32 to `int date`, timestamp(ms|us) with a time zone to
/// `timestamp-millis|micros`, without one to `local-timestamp-millis|micros`.
/// The output is compact JSON, key order as Avro's Schema.toString.
///
/// \return Invalid naming the field for a type Avro cannot represent (e.g. uint64,
///   float16, nanosecond timestamps, maps with non-string keys, dictionaries).
///   Thread-safe.
HOODIE_EXPORT
::arrow::Result<std::string> ArrowSchemaToAvroJson(const ::arrow::Schema& schema,
                                                   std::string_view table_name);

/// As above with an explicit top-level record name and namespace (namespace may be
/// empty).
HOODIE_EXPORT
::arrow::Result<std::string> ArrowSchemaToAvroJson(const ::arrow::Schema& schema,
                                                   const AvroRecordName& record);

/// \brief Converts Avro schema JSON (a record) to an Arrow schema.
///
/// Unions `["null", T]` and `[T, "null"]` give nullable fields, a plain T a non-nullable
/// one. Logical types: date -> date32, time-millis -> time32(ms), time-micros ->
/// time64(us), timestamp-millis|micros -> timestamp(ms|us, "UTC"),
/// local-timestamp-millis|micros -> timestamp without zone, decimal (bytes or fixed)
/// -> decimal128 (decimal256 above precision 38). Enums become strings, plain fixed
/// becomes fixed_size_binary, arrays become list<element>, maps become
/// map<string, value>. Named types may be referenced by (full) name after definition.
///
/// \return Invalid for malformed JSON or an unknown type; NotImplemented naming the
///   field for a union other than null + one type. Thread-safe.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::Schema>> AvroJsonToArrowSchema(
    std::string_view avro_json);

/// The top-level record's name and namespace of Avro schema JSON.
/// \return Invalid if the JSON is malformed or not a record.
HOODIE_EXPORT
::arrow::Result<AvroRecordName> AvroRecordNameOf(std::string_view avro_json);

}  // namespace hoodie
