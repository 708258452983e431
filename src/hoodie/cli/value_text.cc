// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/value_text.cc
/// \brief Text and JSON rendering of Arrow values, one visitor for both forms.
#include "hoodie/cli/value_text.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>

#include <arrow/array/array_dict.h>
#include <arrow/scalar.h>
#include <arrow/util/decimal.h>

namespace hoodie {

namespace {

enum class Form { kText, kJson, kNested };  // kNested: text inside a list/struct/map

template <typename T>
std::string FloatText(T value, Form form) {
  if (!std::isfinite(value)) {
    if (form == Form::kJson) return "null";
    return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
  }
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 0xF]);
  }
  return out;
}

std::string DateText(int64_t days) {
  std::chrono::year_month_day ymd{std::chrono::sys_days{std::chrono::days{days}}};
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return buffer;
}

std::string TimestampText(int64_t value, const ::arrow::TimestampType& type) {
  int64_t per_second = 1;
  int digits = 0;
  switch (type.unit()) {
    case ::arrow::TimeUnit::SECOND:
      break;
    case ::arrow::TimeUnit::MILLI:
      per_second = 1000, digits = 3;
      break;
    case ::arrow::TimeUnit::MICRO:
      per_second = 1000000, digits = 6;
      break;
    case ::arrow::TimeUnit::NANO:
      per_second = 1000000000, digits = 9;
      break;
  }
  int64_t seconds = value / per_second;
  int64_t fraction = value % per_second;
  if (fraction < 0) fraction += per_second, seconds -= 1;
  int64_t days = seconds / 86400;
  int64_t in_day = seconds % 86400;
  if (in_day < 0) in_day += 86400, days -= 1;
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%sT%02d:%02d:%02d", DateText(days).c_str(),
                static_cast<int>(in_day / 3600), static_cast<int>(in_day / 60 % 60),
                static_cast<int>(in_day % 60));
  std::string out = buffer;
  if (digits > 0) {
    std::snprintf(buffer, sizeof(buffer), ".%0*lld", digits,
                  static_cast<long long>(fraction));
    out += buffer;
  }
  if (!type.timezone().empty()) out += "Z";
  return out;
}

std::string Render(const ::arrow::Array& array, int64_t row, Form form);

std::string IntegerText(const ::arrow::Array& array, int64_t row) {
  using ::arrow::Type;
  switch (array.type_id()) {
    case Type::INT8:
      return std::to_string(static_cast<const ::arrow::Int8Array&>(array).Value(row));
    case Type::INT16:
      return std::to_string(static_cast<const ::arrow::Int16Array&>(array).Value(row));
    case Type::INT32:
      return std::to_string(static_cast<const ::arrow::Int32Array&>(array).Value(row));
    case Type::UINT8:
      return std::to_string(static_cast<const ::arrow::UInt8Array&>(array).Value(row));
    case Type::UINT16:
      return std::to_string(static_cast<const ::arrow::UInt16Array&>(array).Value(row));
    case Type::UINT32:
      return std::to_string(static_cast<const ::arrow::UInt32Array&>(array).Value(row));
    case Type::UINT64:
      return std::to_string(static_cast<const ::arrow::UInt64Array&>(array).Value(row));
    default:
      return std::to_string(static_cast<const ::arrow::Int64Array&>(array).Value(row));
  }
}

// Bytes of a string or binary value, whatever the offset width or layout.
std::string_view BinaryView(const ::arrow::Array& array, int64_t row) {
  using ::arrow::Type;
  switch (array.type_id()) {
    case Type::STRING:
    case Type::BINARY:
      return static_cast<const ::arrow::BinaryArray&>(array).GetView(row);
    case Type::LARGE_STRING:
    case Type::LARGE_BINARY:
      return static_cast<const ::arrow::LargeBinaryArray&>(array).GetView(row);
    case Type::STRING_VIEW:
    case Type::BINARY_VIEW:
      return static_cast<const ::arrow::BinaryViewArray&>(array).GetView(row);
    default:
      return static_cast<const ::arrow::FixedSizeBinaryArray&>(array).GetView(row);
  }
}

std::string Quoted(std::string text, Form form) {
  return form == Form::kText ? text : JsonQuote(text);
}

std::string RenderList(const ::arrow::Array& values, int64_t offset, int64_t length,
                       Form form) {
  Form inner = form == Form::kJson ? Form::kJson : Form::kNested;
  std::string out = "[";
  for (int64_t i = 0; i < length; ++i) {
    if (i > 0) out += ", ";
    out += Render(values, offset + i, inner);
  }
  return out + "]";
}

std::string RenderStruct(const ::arrow::StructArray& array, int64_t row, Form form) {
  Form inner = form == Form::kJson ? Form::kJson : Form::kNested;
  std::string out = "{";
  for (int i = 0; i < array.num_fields(); ++i) {
    if (i > 0) out += ", ";
    out += JsonQuote(array.struct_type()->field(i)->name()) + ": ";
    out += Render(*array.field(i), row, inner);
  }
  return out + "}";
}

std::string RenderMap(const ::arrow::MapArray& array, int64_t row, Form form) {
  Form inner = form == Form::kJson ? Form::kJson : Form::kNested;
  std::string out = "{";
  int64_t begin = array.value_offset(row);
  for (int64_t i = begin; i < array.value_offset(row + 1); ++i) {
    if (i > begin) out += ", ";
    out += JsonQuote(ValueToText(*array.keys(), i)) + ": ";
    out += Render(*array.items(), i, inner);
  }
  return out + "}";
}

std::string RenderNested(const ::arrow::Array& array, int64_t row, Form form) {
  using ::arrow::Type;
  switch (array.type_id()) {
    case Type::MAP:
      return RenderMap(static_cast<const ::arrow::MapArray&>(array), row, form);
    case Type::LIST: {
      const auto& list = static_cast<const ::arrow::ListArray&>(array);
      return RenderList(*list.values(), list.value_offset(row), list.value_length(row),
                        form);
    }
    case Type::LARGE_LIST: {
      const auto& list = static_cast<const ::arrow::LargeListArray&>(array);
      return RenderList(*list.values(), list.value_offset(row), list.value_length(row),
                        form);
    }
    case Type::STRUCT:
      return RenderStruct(static_cast<const ::arrow::StructArray&>(array), row, form);
    case Type::DICTIONARY: {
      const auto& dict = static_cast<const ::arrow::DictionaryArray&>(array);
      return Render(*dict.dictionary(), dict.GetValueIndex(row), form);
    }
    default:
      break;
  }
  auto scalar = array.GetScalar(row);
  return scalar.ok() ? Quoted((*scalar)->ToString(), form) : Quoted("?", form);
}

std::string Render(const ::arrow::Array& array, int64_t row, Form form) {
  using ::arrow::Type;
  if (array.IsNull(row)) return "null";
  switch (array.type_id()) {
    case Type::BOOL:
      return static_cast<const ::arrow::BooleanArray&>(array).Value(row) ? "true"
                                                                         : "false";
    case Type::INT8:
    case Type::INT16:
    case Type::INT32:
    case Type::INT64:
    case Type::UINT8:
    case Type::UINT16:
    case Type::UINT32:
    case Type::UINT64:
      return IntegerText(array, row);
    case Type::FLOAT:
      return FloatText(static_cast<const ::arrow::FloatArray&>(array).Value(row), form);
    case Type::DOUBLE:
      return FloatText(static_cast<const ::arrow::DoubleArray&>(array).Value(row), form);
    case Type::STRING:
    case Type::LARGE_STRING:
    case Type::STRING_VIEW:
    case Type::BINARY:
    case Type::LARGE_BINARY:
    case Type::BINARY_VIEW:
    case Type::FIXED_SIZE_BINARY: {
      bool text = ::arrow::is_string(array.type_id());
      return Quoted(text ? std::string(BinaryView(array, row)) : Hex(BinaryView(array, row)),
                    form);
    }
    case Type::DECIMAL128: {
      const auto& type = static_cast<const ::arrow::Decimal128Type&>(*array.type());
      ::arrow::Decimal128 value(
          static_cast<const ::arrow::Decimal128Array&>(array).GetValue(row));
      return value.ToString(type.scale());
    }
    case Type::DECIMAL256: {
      const auto& type = static_cast<const ::arrow::Decimal256Type&>(*array.type());
      ::arrow::Decimal256 value(
          static_cast<const ::arrow::Decimal256Array&>(array).GetValue(row));
      return value.ToString(type.scale());
    }
    case Type::DATE32:
      return Quoted(DateText(static_cast<const ::arrow::Date32Array&>(array).Value(row)),
                    form);
    case Type::DATE64:
      return Quoted(
          DateText(static_cast<const ::arrow::Date64Array&>(array).Value(row) / 86400000),
          form);
    case Type::TIMESTAMP:
      return Quoted(
          TimestampText(static_cast<const ::arrow::TimestampArray&>(array).Value(row),
                        static_cast<const ::arrow::TimestampType&>(*array.type())),
          form);
    default:
      return RenderNested(array, row, form);
  }
}

}  // namespace

std::string JsonQuote(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
          out += buffer;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out + "\"";
}

std::string ValueToText(const ::arrow::Array& array, int64_t row) {
  return Render(array, row, Form::kText);
}

std::string ValueToJson(const ::arrow::Array& array, int64_t row) {
  return Render(array, row, Form::kJson);
}

}  // namespace hoodie
