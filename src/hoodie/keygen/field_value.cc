// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/field_value.cc
/// \brief Field path resolution and Java string rendering of Arrow values.
#include <arrow/api.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "hoodie/keygen/field_value_internal.h"

namespace hoodie::internal {

namespace {

std::string JoinFieldNames(const std::vector<std::shared_ptr<::arrow::Field>>& fields) {
  std::string out;
  for (const auto& field : fields) {
    if (!out.empty()) out += ", ";
    out += field->name();
  }
  return out;
}

// Java's Double/Float.toString print the shortest digits that round-trip (our
// std::to_chars does the same); only the layout differs from C++.
template <typename T>
std::string JavaFloatingToString(T value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  char buf[64];
  auto result =
      std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::scientific);
  std::string text(buf, result.ptr);
  std::string out = text[0] == '-' ? "-" : "";
  if (text[0] == '-') text.erase(0, 1);
  size_t e = text.find('e');
  int exponent = std::atoi(text.c_str() + e + 1);
  std::string digits;
  for (size_t i = 0; i < e; ++i) {
    if (text[i] != '.') digits.push_back(text[i]);
  }
  T magnitude = std::fabs(value);
  if (magnitude >= static_cast<T>(1e-3) && magnitude < static_cast<T>(1e7)) {
    int point = exponent + 1;
    if (point <= 0) {
      out += "0." + std::string(-point, '0') + digits;
    } else if (point >= static_cast<int>(digits.size())) {
      out += digits + std::string(point - digits.size(), '0') + ".0";
    } else {
      out += digits.substr(0, point) + "." + digits.substr(point);
    }
  } else {
    out += digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") +
           "E" + std::to_string(exponent);
  }
  return out;
}

template <typename ArrayType>
void AppendViews(const ::arrow::Array& array,
                 std::vector<std::optional<std::string>>* out) {
  const auto& typed = static_cast<const ArrayType&>(array);
  for (int64_t i = 0; i < typed.length(); ++i) {
    if (typed.IsNull(i)) {
      out->emplace_back();
    } else {
      out->emplace_back(std::string(typed.GetView(i)));
    }
  }
}

template <typename ArrayType, typename Render>
void AppendRendered(const ::arrow::Array& array, Render render,
                    std::vector<std::optional<std::string>>* out) {
  const auto& typed = static_cast<const ArrayType&>(array);
  for (int64_t i = 0; i < typed.length(); ++i) {
    if (typed.IsNull(i)) {
      out->emplace_back();
    } else {
      out->emplace_back(render(typed, i));
    }
  }
}

template <typename ArrayType>
void AppendIntegers(const ::arrow::Array& array,
                    std::vector<std::optional<std::string>>* out) {
  AppendRendered<ArrayType>(
      array, [](const ArrayType& a, int64_t i) { return std::to_string(a.Value(i)); },
      out);
}

::arrow::Result<std::vector<std::optional<std::string>>> DictionaryValuesAsStrings(
    const ::arrow::DictionaryArray& array, std::string_view field) {
  ARROW_ASSIGN_OR_RAISE(auto dictionary,
                        FieldValuesAsStrings(*array.dictionary(), field));
  std::vector<std::optional<std::string>> out;
  out.reserve(array.length());
  for (int64_t i = 0; i < array.length(); ++i) {
    if (array.IsNull(i)) {
      out.emplace_back();
    } else {
      out.push_back(dictionary[array.GetValueIndex(i)]);
    }
  }
  return out;
}

::arrow::Status UnsupportedType(const ::arrow::DataType& type, std::string_view field,
                                std::string_view why) {
  return ::arrow::Status::Invalid(
      "key field '", field, "' has type ", type.ToString(),
      ", which cannot be rendered as a Hudi key value: ", why);
}

// Integers, booleans, floating point and decimals; false for any other type.
bool AppendNumbers(const ::arrow::Array& array,
                   std::vector<std::optional<std::string>>* out) {
  using ::arrow::Type;
  switch (array.type_id()) {
    case Type::INT8:
      AppendIntegers<::arrow::Int8Array>(array, out);
      break;
    case Type::INT16:
      AppendIntegers<::arrow::Int16Array>(array, out);
      break;
    case Type::INT32:
      AppendIntegers<::arrow::Int32Array>(array, out);
      break;
    case Type::INT64:
      AppendIntegers<::arrow::Int64Array>(array, out);
      break;
    case Type::BOOL:
      AppendRendered<::arrow::BooleanArray>(
          array,
          [](const ::arrow::BooleanArray& a, int64_t i) {
            return std::string(a.Value(i) ? "true" : "false");
          },
          out);
      break;
    case Type::FLOAT:
      AppendRendered<::arrow::FloatArray>(
          array,
          [](const ::arrow::FloatArray& a, int64_t i) {
            return JavaFloatToString(a.Value(i));
          },
          out);
      break;
    case Type::DOUBLE:
      AppendRendered<::arrow::DoubleArray>(
          array,
          [](const ::arrow::DoubleArray& a, int64_t i) {
            return JavaDoubleToString(a.Value(i));
          },
          out);
      break;
    case Type::DECIMAL128:
      // Arrow's decimal text follows java.math.BigDecimal.toString (plain unless the
      // scale is negative or the adjusted exponent is below -6).
      AppendRendered<::arrow::Decimal128Array>(
          array,
          [](const ::arrow::Decimal128Array& a, int64_t i) { return a.FormatValue(i); },
          out);
      break;
    case Type::DECIMAL256:
      AppendRendered<::arrow::Decimal256Array>(
          array,
          [](const ::arrow::Decimal256Array& a, int64_t i) { return a.FormatValue(i); },
          out);
      break;
    default:
      return false;
  }
  return true;
}

}  // namespace

std::string JavaDoubleToString(double value) { return JavaFloatingToString(value); }
std::string JavaFloatToString(float value) { return JavaFloatingToString(value); }

std::string JavaLocalDateToString(int64_t days_since_epoch) {
  using namespace std::chrono;
  year_month_day ymd{sys_days{days{days_since_epoch}}};
  int year = static_cast<int>(ymd.year());
  char buf[32];
  // LocalDate.toString pads years below 1000 to four digits and marks years above
  // 9999 with '+'.
  if (std::abs(year) < 1000) {
    std::snprintf(buf, sizeof(buf), "%s%04d", year < 0 ? "-" : "", std::abs(year));
  } else {
    std::snprintf(buf, sizeof(buf), "%s%d", year > 9999 ? "+" : "", year);
  }
  std::string out(buf);
  std::snprintf(buf, sizeof(buf), "-%02u-%02u", static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return out + buf;
}

::arrow::Result<std::shared_ptr<::arrow::Array>> ResolveFieldPath(
    const ::arrow::RecordBatch& batch, std::string_view path) {
  size_t start = 0;
  size_t dot = path.find('.');
  std::string top(path.substr(0, dot));
  int index = batch.schema()->GetFieldIndex(top);
  if (index < 0) {
    return ::arrow::Status::Invalid(
        "field '", path, "' does not exist in the input: no column '", top, "' among [",
        JoinFieldNames(batch.schema()->fields()), "]");
  }
  std::shared_ptr<::arrow::Array> current = batch.column(index);
  while (dot != std::string_view::npos) {
    start = dot + 1;
    dot = path.find('.', start);
    std::string name(
        path.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (current->type_id() != ::arrow::Type::STRUCT) {
      return ::arrow::Status::Invalid("field '", path, "' does not exist in the input: '",
                                      path.substr(0, start - 1), "' is ",
                                      current->type()->ToString(), ", not a struct");
    }
    const auto& parent = static_cast<const ::arrow::StructArray&>(*current);
    int child = parent.struct_type()->GetFieldIndex(name);
    if (child < 0) {
      return ::arrow::Status::Invalid(
          "field '", path, "' does not exist in the input: no '", name, "' among [",
          JoinFieldNames(parent.struct_type()->fields()), "]");
    }
    // GetFlattenedField folds the parent's nulls into the child, as a null parent
    // record makes getNestedFieldVal return null.
    ARROW_ASSIGN_OR_RAISE(current, parent.GetFlattenedField(child));
  }
  return current;
}

::arrow::Result<std::vector<std::optional<std::string>>> FieldValuesAsStrings(
    const ::arrow::Array& array, std::string_view field) {
  using ::arrow::Type;
  std::vector<std::optional<std::string>> out;
  out.reserve(array.length());
  switch (array.type_id()) {
    case Type::STRING:
      AppendViews<::arrow::StringArray>(array, &out);
      break;
    case Type::LARGE_STRING:
      AppendViews<::arrow::LargeStringArray>(array, &out);
      break;
    case Type::STRING_VIEW:
      AppendViews<::arrow::StringViewArray>(array, &out);
      break;
    case Type::DATE32:
      AppendRendered<::arrow::Date32Array>(
          array,
          [](const ::arrow::Date32Array& a, int64_t i) {
            return JavaLocalDateToString(a.Value(i));
          },
          &out);
      break;
    case Type::TIMESTAMP: {
      auto unit = static_cast<const ::arrow::TimestampType&>(*array.type()).unit();
      if (unit != ::arrow::TimeUnit::MILLI && unit != ::arrow::TimeUnit::MICRO) {
        return UnsupportedType(*array.type(), field,
                               "Avro has only timestamp-millis and timestamp-micros");
      }
      // Avro timestamp-millis/micros reach the key generator as the raw long.
      AppendIntegers<::arrow::TimestampArray>(array, &out);
      break;
    }
    case Type::DICTIONARY:
      return DictionaryValuesAsStrings(
          static_cast<const ::arrow::DictionaryArray&>(array), field);
    default:
      if (AppendNumbers(array, &out)) break;
      return UnsupportedType(*array.type(), field,
                             "only strings, signed integers, booleans, floating point, "
                             "decimals, dates and millisecond/microsecond timestamps are "
                             "supported");
  }
  return out;
}

}  // namespace hoodie::internal
