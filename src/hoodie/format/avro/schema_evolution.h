// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/schema_evolution.h
/// \brief Whether a new writer schema can still read a table's existing data.
#pragma once

#include <string_view>

#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Options of CheckSchemaEvolution.
struct HOODIE_EXPORT SchemaEvolutionOptions {
  /// hoodie.datasource.write.schema.allow.auto.evolution.column.drop (default false):
  /// when true, nullable columns may disappear from the new schema.
  bool allow_column_drop = false;

  static SchemaEvolutionOptions Defaults() { return {}; }
};

/// \brief Checks that records written with `old_schema` can be read with `new_schema`
/// (Avro reader/writer resolution with the new schema as reader, as
/// AvroSchemaUtils.isSchemaCompatible and TableSchemaResolver do before a write).
///
/// Allowed: adding nullable fields (at any depth); a required field becoming nullable;
/// Avro's promotions int -> long -> float -> double (int8/int16/int32 count as int) and
/// string <-> bytes. Meta fields (`_hoodie_*`) are ignored on both sides.
/// Rejected: dropping a field (any field unless `allow_column_drop`; a required one
/// always), adding a required field, a nullable field becoming required, narrowing or
/// changing a type (long -> int, double -> float, string -> int, decimal precision or
/// scale, timestamp unit or zone, struct <-> primitive).
///
/// \return OK, or Invalid carrying ErrorCode::kSchemaIncompatible whose message names
///   the first offending field by its dotted path. Thread-safe.
HOODIE_EXPORT ::arrow::Status CheckSchemaEvolution(
    const ::arrow::Schema& old_schema, const ::arrow::Schema& new_schema,
    const SchemaEvolutionOptions& options = SchemaEvolutionOptions::Defaults());

/// The same on Avro schema JSON.
/// \return additionally Invalid/NotImplemented from AvroJsonToArrowSchema (without the
///   error code) when either schema cannot be converted.
HOODIE_EXPORT ::arrow::Status CheckSchemaEvolution(
    std::string_view old_avro_json, std::string_view new_avro_json,
    const SchemaEvolutionOptions& options = SchemaEvolutionOptions::Defaults());

}  // namespace hoodie
