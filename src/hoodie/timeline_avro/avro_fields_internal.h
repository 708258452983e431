// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/avro_fields_internal.h
/// \brief Typed reads of record fields and builders of values, shared by the models.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/java_compat.h"
#include "hoodie/format/avro_codec/avro_value.h"

namespace hoodie::internal {

// Reads: each returns Invalid naming the field when its value has the wrong kind.
// "Optional" reads accept null (a `["null", T]` or `[T, "null"]` union) as nullopt.

::arrow::Result<std::string> GetString(const AvroValue& record, std::string_view name);
::arrow::Result<std::optional<std::string>> GetOptionalString(const AvroValue& record,
                                                              std::string_view name);
::arrow::Result<int32_t> GetInt(const AvroValue& record, std::string_view name);
::arrow::Result<std::optional<int32_t>> GetOptionalInt(const AvroValue& record,
                                                       std::string_view name);
::arrow::Result<int64_t> GetLong(const AvroValue& record, std::string_view name);
::arrow::Result<std::optional<bool>> GetOptionalBoolean(const AvroValue& record,
                                                        std::string_view name);
::arrow::Result<std::vector<std::string>> GetStringArray(const AvroValue& record,
                                                         std::string_view name);
::arrow::Result<std::optional<std::vector<std::string>>> GetOptionalStringArray(
    const AvroValue& record, std::string_view name);
::arrow::Result<std::optional<std::map<std::string, std::string>>> GetOptionalStringMap(
    const AvroValue& record, std::string_view name);
::arrow::Result<std::optional<std::map<std::string, int64_t>>> GetOptionalLongMap(
    const AvroValue& record, std::string_view name);
::arrow::Result<std::optional<std::map<std::string, double>>> GetOptionalDoubleMap(
    const AvroValue& record, std::string_view name);

/// Decodes each element of an array value with `decode(const AvroValue&) -> Result<T>`.
template <typename T, typename Decode>
::arrow::Result<std::vector<T>> DecodeArray(const AvroValue& array, Decode&& decode) {
  ARROW_ASSIGN_OR_RAISE(const std::vector<AvroValue>* items, array.AsArray());
  std::vector<T> out;
  out.reserve(items->size());
  for (const AvroValue& item : *items) {
    ARROW_ASSIGN_OR_RAISE(T decoded, decode(item));
    out.push_back(std::move(decoded));
  }
  return out;
}

/// Decodes each value of a map value with `decode(const AvroValue&) -> Result<T>`.
template <typename T, typename Decode>
::arrow::Result<std::map<std::string, T>> DecodeMap(const AvroValue& map, Decode&& decode) {
  if (map.kind() != AvroValue::Kind::kMap) return ::arrow::Status::Invalid("expected a map");
  std::map<std::string, T> out;
  for (const auto& [key, value] : map.entries()) {
    ARROW_ASSIGN_OR_RAISE(T decoded, decode(value));
    out.emplace(key, std::move(decoded));
  }
  return out;
}

// Builders.

AvroValue OptionalString(const std::optional<std::string>& value);
AvroValue OptionalInt(const std::optional<int32_t>& value);
AvroValue OptionalBoolean(const std::optional<bool>& value);
AvroValue StringArray(const std::vector<std::string>& values);
AvroValue OptionalStringArray(const std::optional<std::vector<std::string>>& values);
AvroValue OptionalStringMap(const std::optional<std::map<std::string, std::string>>& map);
AvroValue OptionalLongMap(const std::optional<std::map<std::string, int64_t>>& map);
AvroValue OptionalDoubleMap(const std::optional<std::map<std::string, double>>& map);

/// An array value of `encode(element)` for each element.
template <typename T, typename Encode>
AvroValue EncodeArray(const std::vector<T>& values, Encode&& encode) {
  std::vector<AvroValue> items;
  items.reserve(values.size());
  for (const T& value : values) items.push_back(encode(value));
  return AvroValue::Array(std::move(items));
}

/// A map value of `encode(value)` for each entry.
template <typename T, typename Encode>
AvroValue EncodeMap(const std::map<std::string, T>& values, Encode&& encode) {
  AvroEntries entries;
  for (const auto& [key, value] : values) entries.emplace_back(key, encode(value));
  return AvroValue::Map(std::move(entries));
}

/// EncodeMap in the order a java.util.HashMap of the same keys iterates, as Java
/// writes maps it builds with `new HashMap<>()` or Collectors.toMap.
template <typename T, typename Encode>
AvroValue EncodeJavaHashMap(const std::map<std::string, T>& values, Encode&& encode) {
  AvroEntries entries;
  for (const auto& [key, value] : values) entries.emplace_back(key, encode(value));
  OrderLikeJavaHashMap(&entries);
  return AvroValue::Map(std::move(entries));
}

/// Adds "while decoding <what>" context to a failed status.
::arrow::Status WithContext(const ::arrow::Status& status, std::string_view what);

}  // namespace hoodie::internal
