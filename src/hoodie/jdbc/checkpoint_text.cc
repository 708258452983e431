// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/checkpoint_text.cc
/// \brief SparkStringOf: Spark's Cast(_, StringType) of one value (Cast.castToString).
#include "hoodie/jdbc/checkpoint_text_internal.h"

#include <cmath>
#include <cstdio>

#include <arrow/scalar.h>
#include <arrow/type.h>

#include "hoodie/common/civil_date.h"

namespace hoodie::internal {
namespace {

std::string DateText(int64_t days) {
  const CivilDate date = CivilFromDays(days);
  char text[32];
  std::snprintf(text, sizeof(text), "%04lld-%02d-%02d", static_cast<long long>(date.year),
                static_cast<int>(date.month), static_cast<int>(date.day));
  return text;
}

// TimestampFormatter's "yyyy-MM-dd HH:mm:ss" with the fraction (when not zero) of up to
// six digits, trailing zeros cut, as Spark's fractional formatter writes it.
std::string TimestampText(int64_t micros) {
  constexpr int64_t kMicrosPerDay = 86400LL * 1000000;
  int64_t days = micros / kMicrosPerDay;
  int64_t of_day = micros % kMicrosPerDay;
  if (of_day < 0) {
    of_day += kMicrosPerDay;
    --days;
  }
  const int64_t seconds = of_day / 1000000;
  char text[64];
  std::snprintf(text, sizeof(text), "%s %02lld:%02lld:%02lld", DateText(days).c_str(),
                static_cast<long long>(seconds / 3600),
                static_cast<long long>(seconds / 60 % 60), static_cast<long long>(seconds % 60));
  std::string out = text;
  if (const int64_t fraction = of_day % 1000000; fraction != 0) {
    std::snprintf(text, sizeof(text), ".%06lld", static_cast<long long>(fraction));
    std::string digits = text;
    while (digits.back() == '0') digits.pop_back();
    out += digits;
  }
  return out;
}

// java.lang.Double.toString for the usual range: Arrow's shortest digits, with ".0" on
// whole numbers (1.0E7 and beyond use Java's exponent form, which Arrow does not).
std::string FloatingText(double value, std::string shortest) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e7 &&
      shortest.find_first_of(".e") == std::string::npos) {
    shortest += ".0";
  }
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return shortest;
}

}  // namespace

::arrow::Result<std::string> SparkStringOf(const ::arrow::Scalar& value) {
  switch (value.type->id()) {
    case ::arrow::Type::BOOL:
      return std::string(static_cast<const ::arrow::BooleanScalar&>(value).value ? "true"
                                                                                : "false");
    case ::arrow::Type::INT16:
    case ::arrow::Type::INT32:
    case ::arrow::Type::INT64:
    case ::arrow::Type::STRING:
    case ::arrow::Type::DECIMAL128:
      return value.ToString();
    case ::arrow::Type::FLOAT:
      return FloatingText(static_cast<const ::arrow::FloatScalar&>(value).value,
                          value.ToString());
    case ::arrow::Type::DOUBLE:
      return FloatingText(static_cast<const ::arrow::DoubleScalar&>(value).value,
                          value.ToString());
    case ::arrow::Type::DATE32:
      return DateText(static_cast<const ::arrow::Date32Scalar&>(value).value);
    case ::arrow::Type::TIMESTAMP:
      return TimestampText(static_cast<const ::arrow::TimestampScalar&>(value).value);
    default:
      return ::arrow::Status::NotImplemented(
          "an incremental column of type ", value.type->ToString(),
          " cannot make a checkpoint; use a number, string, date or timestamp column");
  }
}

}  // namespace hoodie::internal
