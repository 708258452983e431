// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/text_value.cc
/// \brief Text to typed Arrow values with Spark's reader rules.
#include "hoodie/common/ascii.h"
#include "hoodie/input/text_value_internal.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include <arrow/builder.h>
#include <arrow/type.h>
#include <arrow/util/checked_cast.h>
#include <arrow/util/decimal.h>
#include <arrow/util/value_parsing.h>

namespace hoodie::internal {
namespace {

using ::arrow::Status;
using ::arrow::internal::checked_cast;

Status NotA(std::string_view what, std::string_view text) {
  return Status::Invalid("'", text, "' is not ", what);
}

template <typename Builder, typename ArrowType>
Status AppendInteger(std::string_view text, ::arrow::ArrayBuilder* builder) {
  typename ArrowType::c_type value;
  ArrowType type;
  if (!::arrow::internal::ParseValue<ArrowType>(text.data(), text.size(), &value)) {
    return NotA("an integer of type " + SparkTypeName(type), text);
  }
  return checked_cast<Builder*>(builder)->Append(value);
}

// Spark's allowNonNumericNumbers spellings, then decimal notation.
template <typename Builder, typename ArrowType>
Status AppendFloating(std::string_view text, ::arrow::ArrayBuilder* builder) {
  using C = typename ArrowType::c_type;
  auto* typed = checked_cast<Builder*>(builder);
  std::string lower = ToLowerAscii(text);
  if (lower == "nan") return typed->Append(std::numeric_limits<C>::quiet_NaN());
  if (lower == "infinity" || lower == "+infinity" || lower == "inf" || lower == "+inf") {
    return typed->Append(std::numeric_limits<C>::infinity());
  }
  if (lower == "-infinity" || lower == "-inf") {
    return typed->Append(-std::numeric_limits<C>::infinity());
  }
  C value;
  if (!::arrow::internal::ParseValue<ArrowType>(text.data(), text.size(), &value)) {
    return NotA("a number", text);
  }
  return typed->Append(value);
}

Status AppendBoolean(std::string_view text, ::arrow::ArrayBuilder* builder) {
  std::string lower = ToLowerAscii(text);
  if (lower != "true" && lower != "false") return NotA("true or false", text);
  return checked_cast<::arrow::BooleanBuilder*>(builder)->Append(lower == "true");
}

Status AppendDate(std::string_view text, ::arrow::ArrayBuilder* builder) {
  // DateTimeUtils.stringToDate reads the date part and ignores a time after it.
  std::string_view date = text.substr(0, std::min<size_t>(text.size(), 10));
  bool time_follows = text.size() > 10 && (text[10] == ' ' || text[10] == 'T');
  int32_t days;
  if ((text.size() != 10 && !time_follows) ||
      !::arrow::internal::ParseValue<::arrow::Date32Type>(date.data(), date.size(),
                                                          &days)) {
    return NotA("a date (yyyy-MM-dd)", text);
  }
  return checked_cast<::arrow::Date32Builder*>(builder)->Append(days);
}

Status AppendTimestamp(std::string_view text, ::arrow::ArrayBuilder* builder) {
  const std::shared_ptr<::arrow::DataType> type_holder = builder->type();
    const auto& type = checked_cast<const ::arrow::TimestampType&>(*type_holder);
  int64_t value;
  if (!::arrow::internal::ParseTimestampISO8601(text.data(), text.size(), type.unit(),
                                                &value)) {
    return NotA(
        "a timestamp (yyyy-MM-dd[ HH:mm[:ss[.SSSSSS]]][Z|+HH:mm], UTC without an "
        "offset)",
        text);
  }
  return checked_cast<::arrow::TimestampBuilder*>(builder)->Append(value);
}

Status AppendDecimal(std::string_view text, ::arrow::ArrayBuilder* builder) {
  const std::shared_ptr<::arrow::DataType> type_holder = builder->type();
    const auto& type = checked_cast<const ::arrow::DecimalType&>(*type_holder);
  ::arrow::Decimal128 value;
  int32_t precision = 0;
  int32_t scale = 0;
  if (!::arrow::Decimal128::FromString(text, &value, &precision, &scale).ok()) {
    return NotA("a decimal number", text);
  }
  auto rescaled = value.Rescale(scale, type.scale());
  if (!rescaled.ok() || !rescaled->FitsInPrecision(type.precision())) {
    return Status::Invalid("'", text, "' does not fit ", SparkTypeName(type),
                           " without rounding");
  }
  if (type.id() == ::arrow::Type::DECIMAL256) {
    return checked_cast<::arrow::Decimal256Builder*>(builder)->Append(
        ::arrow::Decimal256(*rescaled));
  }
  return checked_cast<::arrow::Decimal128Builder*>(builder)->Append(*rescaled);
}

}  // namespace

bool IsTextParsable(const ::arrow::DataType& type) {
  switch (type.id()) {
    case ::arrow::Type::STRING:
    case ::arrow::Type::LARGE_STRING:
    case ::arrow::Type::BINARY:
    case ::arrow::Type::BOOL:
    case ::arrow::Type::INT8:
    case ::arrow::Type::INT16:
    case ::arrow::Type::INT32:
    case ::arrow::Type::INT64:
    case ::arrow::Type::FLOAT:
    case ::arrow::Type::DOUBLE:
    case ::arrow::Type::DATE32:
    case ::arrow::Type::TIMESTAMP:
    case ::arrow::Type::DECIMAL128:
    case ::arrow::Type::DECIMAL256:
      return true;
    default:
      return false;
  }
}

Status AppendText(std::string_view text, ::arrow::ArrayBuilder* builder) {
  switch (builder->type()->id()) {
    case ::arrow::Type::STRING:
      return checked_cast<::arrow::StringBuilder*>(builder)->Append(text);
    case ::arrow::Type::LARGE_STRING:
      return checked_cast<::arrow::LargeStringBuilder*>(builder)->Append(text);
    case ::arrow::Type::BINARY:
      return checked_cast<::arrow::BinaryBuilder*>(builder)->Append(text);
    case ::arrow::Type::BOOL:
      return AppendBoolean(text, builder);
    case ::arrow::Type::INT8:
      return AppendInteger<::arrow::Int8Builder, ::arrow::Int8Type>(text, builder);
    case ::arrow::Type::INT16:
      return AppendInteger<::arrow::Int16Builder, ::arrow::Int16Type>(text, builder);
    case ::arrow::Type::INT32:
      return AppendInteger<::arrow::Int32Builder, ::arrow::Int32Type>(text, builder);
    case ::arrow::Type::INT64:
      return AppendInteger<::arrow::Int64Builder, ::arrow::Int64Type>(text, builder);
    case ::arrow::Type::FLOAT:
      return AppendFloating<::arrow::FloatBuilder, ::arrow::FloatType>(text, builder);
    case ::arrow::Type::DOUBLE:
      return AppendFloating<::arrow::DoubleBuilder, ::arrow::DoubleType>(text, builder);
    case ::arrow::Type::DATE32:
      return AppendDate(text, builder);
    case ::arrow::Type::TIMESTAMP:
      return AppendTimestamp(text, builder);
    case ::arrow::Type::DECIMAL128:
    case ::arrow::Type::DECIMAL256:
      return AppendDecimal(text, builder);
    default:
      return Status::NotImplemented("text cannot be read as ",
                                    builder->type()->ToString());
  }
}

std::string SparkTypeName(const ::arrow::DataType& type) {
  switch (type.id()) {
    case ::arrow::Type::STRING:
    case ::arrow::Type::LARGE_STRING:
      return "string";
    case ::arrow::Type::BINARY:
      return "binary";
    case ::arrow::Type::BOOL:
      return "boolean";
    case ::arrow::Type::INT8:
      return "tinyint";
    case ::arrow::Type::INT16:
      return "smallint";
    case ::arrow::Type::INT32:
      return "int";
    case ::arrow::Type::INT64:
      return "bigint";
    case ::arrow::Type::FLOAT:
      return "float";
    case ::arrow::Type::DOUBLE:
      return "double";
    case ::arrow::Type::DATE32:
      return "date";
    case ::arrow::Type::TIMESTAMP:
      return "timestamp";
    case ::arrow::Type::DECIMAL128:
    case ::arrow::Type::DECIMAL256: {
      const auto& decimal = checked_cast<const ::arrow::DecimalType&>(type);
      return "decimal(" + std::to_string(decimal.precision()) + "," +
             std::to_string(decimal.scale()) + ")";
    }
    case ::arrow::Type::LIST:
      return "array";
    case ::arrow::Type::STRUCT:
      return "struct";
    case ::arrow::Type::MAP:
      return "map";
    default:
      return type.ToString();
  }
}

}  // namespace hoodie::internal
