// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/jackson_json.cc
/// \brief Jackson DefaultPrettyPrinter output and java.util.HashMap iteration order.
#include <charconv>
#include <cmath>
#include <cstdio>

#include "hoodie/timeline/jackson_json_internal.h"

namespace hoodie::internal {
namespace {

using Json = nlohmann::ordered_json;

// Jackson's UTF8JsonGenerator escapes only '"', '\\' and control characters; the
// short forms come from CharTypes.sOutputEscapes128, the rest is \u00XX upper-case.
void WriteString(std::string_view s, std::string* out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out->push_back('"');
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\b':
        out->append("\\b");
        break;
      case '\t':
        out->append("\\t");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\f':
        out->append("\\f");
        break;
      case '\r':
        out->append("\\r");
        break;
      default:
        if (u < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[u >> 4]);
          out->push_back(kHex[u & 0xF]);
        } else {
          out->push_back(c);
        }
    }
  }
  out->push_back('"');
}

// java.lang.Double.toString: plain notation in [1e-3, 1e7), else "d.dddE±n"; always
// at least one fractional digit. Digits are the shortest round-trip ones.
void WriteDouble(double d, std::string* out) {
  if (std::isnan(d)) return out->append("NaN"), void();
  if (std::isinf(d)) return out->append(d > 0 ? "Infinity" : "-Infinity"), void();
  if (d == 0) return out->append(std::signbit(d) ? "-0.0" : "0.0"), void();
  char buffer[64];
  auto res =
      std::to_chars(buffer, buffer + sizeof(buffer), d, std::chars_format::scientific);
  std::string sci(buffer, res.ptr);
  size_t e = sci.find('e');
  int exponent = std::stoi(sci.substr(e + 1));
  std::string mantissa = sci.substr(0, e);
  bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits.push_back(c);
  }
  if (negative) out->push_back('-');
  if (exponent >= -3 && exponent < 7) {
    if (exponent < 0) {
      out->append("0.").append(static_cast<size_t>(-exponent - 1), '0').append(digits);
    } else {
      size_t int_len = static_cast<size_t>(exponent) + 1;
      if (digits.size() <= int_len) digits.append(int_len - digits.size() + 1, '0');
      out->append(digits.substr(0, int_len)).push_back('.');
      out->append(digits.substr(int_len));
    }
    return;
  }
  out->push_back(digits[0]);
  out->push_back('.');
  out->append(digits.size() > 1 ? digits.substr(1) : "0");
  out->append("E").append(std::to_string(exponent));
}

void Indent(int nesting, std::string* out) {
  out->push_back('\n');
  out->append(static_cast<size_t>(nesting) * 2, ' ');
}

// Jackson's object indenter adds a nesting level; its array indenter is inline
// (FixedSpaceIndenter) and does not.
void Write(const Json& value, int nesting, std::string* out) {
  switch (value.type()) {
    case Json::value_t::object: {
      if (value.empty()) return out->append("{ }"), void();
      out->push_back('{');
      bool first = true;
      for (const auto& [key, item] : value.items()) {
        if (!first) out->push_back(',');
        first = false;
        Indent(nesting + 1, out);
        WriteString(key, out);
        out->append(" : ");
        Write(item, nesting + 1, out);
      }
      Indent(nesting, out);
      out->push_back('}');
      return;
    }
    case Json::value_t::array: {
      if (value.empty()) return out->append("[ ]"), void();
      out->append("[ ");
      bool first = true;
      for (const auto& item : value) {
        if (!first) out->append(", ");
        first = false;
        Write(item, nesting, out);
      }
      out->append(" ]");
      return;
    }
    case Json::value_t::string:
      return WriteString(value.get_ref<const std::string&>(), out);
    case Json::value_t::boolean:
      return out->append(value.get<bool>() ? "true" : "false"), void();
    case Json::value_t::number_integer:
      return out->append(std::to_string(value.get<int64_t>())), void();
    case Json::value_t::number_unsigned:
      return out->append(std::to_string(value.get<uint64_t>())), void();
    case Json::value_t::number_float:
      return WriteDouble(value.get<double>(), out);
    default:
      return out->append("null"), void();
  }
}

}  // namespace

std::string ToJacksonPrettyJson(const Json& value) {
  std::string out;
  Write(value, 0, &out);
  return out;
}

}  // namespace hoodie::internal
