// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/avro_fields.cc
/// \brief Typed reads of record fields and value builders for the timeline models.

#include "hoodie/timeline_avro/avro_fields_internal.h"

#include <utility>

namespace hoodie::internal {

using ::arrow::Result;
using ::arrow::Status;

namespace {

Result<const AvroValue*> FieldOf(const AvroValue& record, std::string_view name) {
  return record.Field(name);
}

Status FieldError(const Status& status, std::string_view name) {
  return Status::Invalid("field ", name, ": ", status.message());
}

template <typename T, typename Read>
Result<T> ReadField(const AvroValue& record, std::string_view name, Read&& read) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, FieldOf(record, name));
  auto result = read(*value);
  if (!result.ok()) return FieldError(result.status(), name);
  return T(std::move(result).ValueOrDie());
}

template <typename T, typename Read>
Result<std::optional<T>> ReadOptionalField(const AvroValue& record, std::string_view name,
                                           Read&& read) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, FieldOf(record, name));
  if (value->is_null()) return std::optional<T>();
  auto result = read(*value);
  if (!result.ok()) return FieldError(result.status(), name);
  return std::optional<T>(std::move(result).ValueOrDie());
}

Result<std::string> ReadString(const AvroValue& value) {
  ARROW_ASSIGN_OR_RAISE(std::string_view text, value.AsString());
  return std::string(text);
}

Result<std::vector<std::string>> ReadStrings(const AvroValue& value) {
  return DecodeArray<std::string>(value, ReadString);
}

}  // namespace

Result<std::string> GetString(const AvroValue& record, std::string_view name) {
  return ReadField<std::string>(record, name, ReadString);
}

Result<std::optional<std::string>> GetOptionalString(const AvroValue& record,
                                                     std::string_view name) {
  return ReadOptionalField<std::string>(record, name, ReadString);
}

Result<int32_t> GetInt(const AvroValue& record, std::string_view name) {
  return ReadField<int32_t>(record, name, [](const AvroValue& v) { return v.AsInt(); });
}

Result<std::optional<int32_t>> GetOptionalInt(const AvroValue& record,
                                              std::string_view name) {
  return ReadOptionalField<int32_t>(record, name,
                                    [](const AvroValue& v) { return v.AsInt(); });
}

Result<int64_t> GetLong(const AvroValue& record, std::string_view name) {
  return ReadField<int64_t>(record, name, [](const AvroValue& v) { return v.AsLong(); });
}

Result<std::optional<bool>> GetOptionalBoolean(const AvroValue& record,
                                               std::string_view name) {
  return ReadOptionalField<bool>(record, name,
                                 [](const AvroValue& v) { return v.AsBoolean(); });
}

Result<std::vector<std::string>> GetStringArray(const AvroValue& record,
                                                std::string_view name) {
  return ReadField<std::vector<std::string>>(record, name, ReadStrings);
}

Result<std::optional<std::vector<std::string>>> GetOptionalStringArray(
    const AvroValue& record, std::string_view name) {
  return ReadOptionalField<std::vector<std::string>>(record, name, ReadStrings);
}

Result<std::optional<std::map<std::string, std::string>>> GetOptionalStringMap(
    const AvroValue& record, std::string_view name) {
  return ReadOptionalField<std::map<std::string, std::string>>(
      record, name, [](const AvroValue& v) { return DecodeMap<std::string>(v, ReadString); });
}

Result<std::optional<std::map<std::string, int64_t>>> GetOptionalLongMap(
    const AvroValue& record, std::string_view name) {
  return ReadOptionalField<std::map<std::string, int64_t>>(
      record, name, [](const AvroValue& v) {
        return DecodeMap<int64_t>(v, [](const AvroValue& e) { return e.AsLong(); });
      });
}

Result<std::optional<std::map<std::string, double>>> GetOptionalDoubleMap(
    const AvroValue& record, std::string_view name) {
  return ReadOptionalField<std::map<std::string, double>>(
      record, name, [](const AvroValue& v) {
        return DecodeMap<double>(v, [](const AvroValue& e) { return e.AsDouble(); });
      });
}

AvroValue OptionalString(const std::optional<std::string>& value) {
  return value ? AvroValue::String(*value) : AvroValue::Null();
}

AvroValue OptionalInt(const std::optional<int32_t>& value) {
  return value ? AvroValue::Int(*value) : AvroValue::Null();
}

AvroValue OptionalBoolean(const std::optional<bool>& value) {
  return value ? AvroValue::Boolean(*value) : AvroValue::Null();
}

AvroValue StringArray(const std::vector<std::string>& values) {
  return EncodeArray(values, [](const std::string& s) { return AvroValue::String(s); });
}

AvroValue OptionalStringArray(const std::optional<std::vector<std::string>>& values) {
  return values ? StringArray(*values) : AvroValue::Null();
}

AvroValue OptionalStringMap(const std::optional<std::map<std::string, std::string>>& map) {
  if (!map) return AvroValue::Null();
  return EncodeMap(*map, [](const std::string& s) { return AvroValue::String(s); });
}

AvroValue OptionalLongMap(const std::optional<std::map<std::string, int64_t>>& map) {
  if (!map) return AvroValue::Null();
  return EncodeMap(*map, [](int64_t v) { return AvroValue::Long(v); });
}

AvroValue OptionalDoubleMap(const std::optional<std::map<std::string, double>>& map) {
  if (!map) return AvroValue::Null();
  return EncodeMap(*map, [](double v) { return AvroValue::Double(v); });
}

Status WithContext(const Status& status, std::string_view what) {
  if (status.ok()) return status;
  return status.WithMessage("Decoding ", what, ": ", status.message());
}

}  // namespace hoodie::internal
