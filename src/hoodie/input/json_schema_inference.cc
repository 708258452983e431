// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_schema_inference.cc
/// \brief Spark's JsonInferSchema.inferField and compatibleType.
#include "hoodie/input/json_schema_inference_internal.h"

#include <algorithm>
#include <string_view>

#include <arrow/type.h>

namespace hoodie::internal {
namespace {

using Kind = InferredType::Kind;

constexpr int kMaxDecimalPrecision = 38;

int DigitCount(uint64_t value) {
  int digits = 1;
  while (value >= 10) {
    value /= 10;
    ++digits;
  }
  return digits;
}

InferredType Decimal(int precision, int scale) {
  InferredType out;
  out.kind = Kind::kDecimal;
  out.precision = precision;
  out.scale = scale;
  return out;
}

// DecimalPrecision.widerDecimalType, or double when it needs more than 38 digits.
InferredType WiderDecimal(const InferredType& a, const InferredType& b) {
  int scale = std::max(a.scale, b.scale);
  int range = std::max(a.precision - a.scale, b.precision - b.scale);
  if (range + scale > kMaxDecimalPrecision) {
    InferredType out;
    out.kind = Kind::kDouble;
    return out;
  }
  return Decimal(range + scale, scale);
}

bool IsNumeric(Kind kind) {
  return kind == Kind::kLong || kind == Kind::kDouble || kind == Kind::kDecimal;
}

// compatibleType of two numeric types: bigint is decimal(20,0) next to a decimal.
InferredType MergeNumeric(const InferredType& a, const InferredType& b) {
  if (a.kind == b.kind && a.kind != Kind::kDecimal) return a;
  if (a.kind == Kind::kDouble || b.kind == Kind::kDouble) {
    InferredType out;
    out.kind = Kind::kDouble;
    return out;
  }
  InferredType left = a.kind == Kind::kLong ? Decimal(20, 0) : a;
  InferredType right = b.kind == Kind::kLong ? Decimal(20, 0) : b;
  return WiderDecimal(left, right);
}

}  // namespace

void InferredType::MergeValue(simdjson::dom::element value) {
  InferredType scalar;
  switch (value.type()) {
    case simdjson::dom::element_type::NULL_VALUE:
      return;
    case simdjson::dom::element_type::BOOL:
      scalar.kind = Kind::kBoolean;
      break;
    case simdjson::dom::element_type::INT64:
      scalar.kind = Kind::kLong;
      break;
    case simdjson::dom::element_type::UINT64:
      // Past bigint's range Jackson gives a BigInteger, which Spark types as a decimal.
      scalar = Decimal(DigitCount(uint64_t(value)), 0);
      break;
    case simdjson::dom::element_type::DOUBLE:
      scalar.kind = Kind::kDouble;
      break;
    case simdjson::dom::element_type::STRING:
      scalar.kind = Kind::kString;
      break;
    case simdjson::dom::element_type::ARRAY:
      if (kind == Kind::kNull) {
        kind = Kind::kArray;
        element.emplace_back();
      }
      if (kind != Kind::kArray) {
        *this = InferredType();
        kind = Kind::kString;
        return;
      }
      for (simdjson::dom::element item : simdjson::dom::array(value)) {
        element[0].MergeValue(item);
      }
      return;
    case simdjson::dom::element_type::OBJECT: {
      if (kind == Kind::kNull) kind = Kind::kStruct;
      if (kind != Kind::kStruct) {
        *this = InferredType();
        kind = Kind::kString;
        return;
      }
      // Keys mostly come in the same order on every line: try the next field first.
      size_t next = 0;
      for (auto [key, item] : simdjson::dom::object(value)) {
        size_t at = next < fields.size() && fields[next].first == key ? next : fields.size();
        if (at == fields.size()) {
          at = std::find_if(fields.begin(), fields.end(),
                            [&](const auto& field) { return field.first == key; }) -
               fields.begin();
        }
        if (at == fields.size()) fields.emplace_back(std::string(key), InferredType());
        fields[at].second.MergeValue(item);
        next = at + 1;
      }
      return;
    }
  }
  Merge(scalar);
}

void InferredType::Merge(const InferredType& other) {
  if (other.kind == Kind::kNull) return;
  if (kind == Kind::kNull) {
    *this = other;
    return;
  }
  if (IsNumeric(kind) && IsNumeric(other.kind)) {
    *this = MergeNumeric(*this, other);
    return;
  }
  if (kind == other.kind && kind == Kind::kStruct) {
    for (const auto& [name, type] : other.fields) {
      auto it = std::find_if(fields.begin(), fields.end(),
                             [&](const auto& field) { return field.first == name; });
      if (it == fields.end()) {
        fields.emplace_back(name, type);
      } else {
        it->second.Merge(type);
      }
    }
    return;
  }
  if (kind == other.kind && kind == Kind::kArray) {
    element[0].Merge(other.element[0]);
    return;
  }
  if (kind == other.kind) return;
  // Different kinds meet in string, which keeps each value's JSON text.
  *this = InferredType();
  kind = Kind::kString;
}

std::shared_ptr<::arrow::DataType> InferredType::ToArrow() const {
  switch (kind) {
    case Kind::kNull:
    case Kind::kString:
      return ::arrow::utf8();
    case Kind::kBoolean:
      return ::arrow::boolean();
    case Kind::kLong:
      return ::arrow::int64();
    case Kind::kDouble:
      return ::arrow::float64();
    case Kind::kDecimal:
      return ::arrow::decimal128(precision, scale);
    case Kind::kArray:
      return ::arrow::list(element[0].ToArrow());
    case Kind::kStruct: {
      // An object that only ever had no keys has no Avro record to become: its text.
      if (fields.empty()) return ::arrow::utf8();
      ::arrow::FieldVector children;
      for (const auto& [name, type] : fields) {
        children.push_back(::arrow::field(name, type.ToArrow()));
      }
      return ::arrow::struct_(std::move(children));
    }
  }
  return ::arrow::utf8();
}

}  // namespace hoodie::internal
