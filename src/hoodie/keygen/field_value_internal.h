// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/field_value_internal.h
/// \brief Resolving dotted field paths in Arrow batches and rendering their values as
/// Hudi does (HoodieAvroUtils.getNestedFieldValAsString, i.e. Java toString).
#pragma once

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hoodie::internal {

/// The column `path` names in `batch`: `a.b.c` walks struct columns; a row whose parent
/// struct is null is null. Invalid, naming the path and the available names, when a
/// component does not exist or a parent is not a struct.
::arrow::Result<std::shared_ptr<::arrow::Array>> ResolveFieldPath(
    const ::arrow::RecordBatch& batch, std::string_view path);

/// The Java/Avro string form of every value of `array`, nullopt for nulls: integers in
/// decimal, booleans true/false, float/double as Java Float/Double.toString, decimals as
/// BigDecimal.toString, date32 as LocalDate (yyyy-MM-dd), timestamp[ms|us] as the raw
/// long Avro carries, strings as is; dictionaries are decoded. Invalid, naming `field`,
/// for types Hudi cannot turn into a key (binary, lists, maps, structs, unsigned and
/// second/nanosecond timestamps, which Avro cannot hold).
::arrow::Result<std::vector<std::optional<std::string>>> FieldValuesAsStrings(
    const ::arrow::Array& array, std::string_view field);

/// java.lang.Double.toString(value): shortest round-trip digits, plain notation for
/// 1e-3 <= |v| < 1e7 (at least one fraction digit), else d.dddE<n>.
std::string JavaDoubleToString(double value);
/// java.lang.Float.toString(value), the same rules on float precision.
std::string JavaFloatToString(float value);
/// java.time.LocalDate.toString of a day count since 1970-01-01.
std::string JavaLocalDateToString(int64_t days_since_epoch);

}  // namespace hoodie::internal
