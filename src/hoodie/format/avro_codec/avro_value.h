// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_value.h
/// \brief AvroValue: a generic Avro datum (GenericData's model) the codec reads and writes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

class AvroValue;

/// Ordered (name, value) pairs: the fields of a record or the entries of a map.
using AvroEntries = std::vector<std::pair<std::string, AvroValue>>;

/// \brief A generic Avro datum: null, boolean, int, long, float, double, bytes, string,
/// enum symbol, fixed, array, map or record. A value copyable like any container;
/// thread-compatible.
///
/// There is no union kind: as in Java's GenericData, a union holds one of its
/// branches' values and the encoder picks the branch that fits the value (records by
/// full name). A decoded record carries the full name of the reader schema's record.
class HOODIE_EXPORT AvroValue {
 public:
  enum class Kind {
    kNull, kBoolean, kInt, kLong, kFloat, kDouble, kBytes, kString, kEnum, kFixed,
    kArray, kMap, kRecord,
  };

  AvroValue() = default;
  static AvroValue Null() { return AvroValue(); }
  static AvroValue Boolean(bool v) { return AvroValue(Kind::kBoolean, v); }
  static AvroValue Int(int32_t v) { return AvroValue(Kind::kInt, v); }
  static AvroValue Long(int64_t v) { return AvroValue(Kind::kLong, v); }
  static AvroValue Float(float v) { return AvroValue(Kind::kFloat, v); }
  static AvroValue Double(double v) { return AvroValue(Kind::kDouble, v); }
  static AvroValue Bytes(std::string v) { return AvroValue(Kind::kBytes, std::move(v)); }
  static AvroValue String(std::string v) { return AvroValue(Kind::kString, std::move(v)); }
  static AvroValue Enum(std::string symbol) {
    return AvroValue(Kind::kEnum, std::move(symbol));
  }
  static AvroValue Fixed(std::string v) { return AvroValue(Kind::kFixed, std::move(v)); }
  static AvroValue Array(std::vector<AvroValue> items) {
    return AvroValue(Kind::kArray, std::move(items));
  }
  static AvroValue Map(AvroEntries entries) {
    return AvroValue(Kind::kMap, std::move(entries));
  }
  /// A record; `full_name` may be empty when the schema leaves no doubt.
  static AvroValue Record(std::string full_name, AvroEntries fields) {
    AvroValue value(Kind::kRecord, std::move(fields));
    value.name_ = std::move(full_name);
    return value;
  }

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  /// The record's full name (empty for other kinds).
  const std::string& record_name() const { return name_; }

  /// Typed views. Each returns Invalid naming the expected kind on a mismatch.
  ::arrow::Result<bool> AsBoolean() const;
  ::arrow::Result<int32_t> AsInt() const;
  ::arrow::Result<int64_t> AsLong() const;
  ::arrow::Result<float> AsFloat() const;
  ::arrow::Result<double> AsDouble() const;
  /// The text of a string, bytes, enum or fixed value.
  ::arrow::Result<std::string_view> AsString() const;
  ::arrow::Result<const std::vector<AvroValue>*> AsArray() const;
  /// The entries of a map or the fields of a record.
  ::arrow::Result<const AvroEntries*> AsEntries() const;
  /// The record field `name`; KeyError if the record has none.
  ::arrow::Result<const AvroValue*> Field(std::string_view name) const;

  /// Unchecked accessors for the codec, which has already checked the kind.
  bool boolean() const { return std::get<bool>(data_); }
  int32_t int32() const { return std::get<int32_t>(data_); }
  int64_t int64() const { return std::get<int64_t>(data_); }
  float float32() const { return std::get<float>(data_); }
  double float64() const { return std::get<double>(data_); }
  const std::string& text() const { return std::get<std::string>(data_); }
  const std::vector<AvroValue>& items() const {
    return std::get<std::vector<AvroValue>>(data_);
  }
  const AvroEntries& entries() const { return std::get<AvroEntries>(data_); }

  bool operator==(const AvroValue& other) const = default;
  /// A JSON-like rendering for test failures and logs.
  std::string ToString() const;

 private:
  using Data = std::variant<std::monostate, bool, int32_t, int64_t, float, double,
                            std::string, std::vector<AvroValue>, AvroEntries>;
  AvroValue(Kind kind, Data data) : kind_(kind), data_(std::move(data)) {}

  Kind kind_ = Kind::kNull;
  Data data_;
  std::string name_;
};

/// The name of a value kind ("null", "record", ...).
HOODIE_EXPORT std::string_view AvroValueKindName(AvroValue::Kind kind);

}  // namespace hoodie
