// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_value.cc
/// \brief Value parsing and the shared validators.
#include "hoodie/config/config_value.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace hoodie {
namespace {

std::string_view TrimAscii(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

template <typename Int>
::arrow::Result<Int> ParseInteger(std::string_view raw, const char* type_name) {
  std::string_view s = TrimAscii(raw);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  Int value{};
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) {
    return ::arrow::Status::Invalid("not a valid ", type_name, ": '", raw, "'");
  }
  return value;
}

}  // namespace

const char* ConfigSupportName(ConfigSupport support) {
  switch (support) {
    case ConfigSupport::kHonoured:
      return "honoured";
    case ConfigSupport::kRefused:
      return "refused";
    case ConfigSupport::kNoEffect:
      return "no effect";
    case ConfigSupport::kTuning:
      return "tuning";
  }
  return "honoured";
}

const char* ConfigTypeName(ConfigType type) {
  switch (type) {
    case ConfigType::kBool:
      return "bool";
    case ConfigType::kInt32:
      return "int32";
    case ConfigType::kInt64:
      return "int64";
    case ConfigType::kBytes:
      return "bytes";
    case ConfigType::kDouble:
      return "double";
    case ConfigType::kString:
      return "string";
  }
  return "unknown";
}

::arrow::Result<bool> ParseConfigBool(std::string_view raw) {
  std::string_view s = TrimAscii(raw);
  if (EqualsIgnoreCase(s, "true")) return true;
  if (EqualsIgnoreCase(s, "false")) return false;
  return ::arrow::Status::Invalid("not a valid bool: '", raw, "'");
}

::arrow::Result<int32_t> ParseConfigInt32(std::string_view raw) {
  return ParseInteger<int32_t>(raw, "int32");
}

::arrow::Result<int64_t> ParseConfigInt64(std::string_view raw) {
  return ParseInteger<int64_t>(raw, "int64");
}

::arrow::Result<double> ParseConfigDouble(std::string_view raw) {
  std::string s(TrimAscii(raw));
  if (s.empty()) return ::arrow::Status::Invalid("not a valid double: '", raw, "'");
  char* end = nullptr;
  errno = 0;
  double value = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(value)) {
    return ::arrow::Status::Invalid("not a valid double: '", raw, "'");
  }
  return value;
}

std::string FormatConfigValue(bool value) { return value ? "true" : "false"; }
std::string FormatConfigValue(int32_t value) { return std::to_string(value); }
std::string FormatConfigValue(int64_t value) { return std::to_string(value); }

std::string FormatConfigValue(double value) {
  // Shortest form that reads back to the same double, so 0.1 prints as "0.1".
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, end);
}

bool IsAllowedConfigValue(std::string_view value,
                          const std::vector<std::string_view>& allowed) {
  for (std::string_view candidate : allowed) {
    if (EqualsIgnoreCase(value, candidate)) return true;
  }
  return false;
}

std::string DescribeAllowed(ConfigType type,
                            const std::vector<std::string_view>& allowed) {
  if (allowed.empty()) return ConfigTypeName(type);
  std::string out = "one of: ";
  for (size_t i = 0; i < allowed.size(); ++i) {
    if (i > 0) out += ", ";
    out += allowed[i];
  }
  return out;
}

namespace config_validators {

::arrow::Status NonNegativeInt32(const int32_t& value) {
  if (value < 0) return ::arrow::Status::Invalid("must be >= 0");
  return ::arrow::Status::OK();
}

::arrow::Status NonNegativeInt64(const int64_t& value) {
  if (value < 0) return ::arrow::Status::Invalid("must be >= 0");
  return ::arrow::Status::OK();
}

::arrow::Status PositiveInt32(const int32_t& value) {
  if (value <= 0) return ::arrow::Status::Invalid("must be > 0");
  return ::arrow::Status::OK();
}

::arrow::Status PositiveInt64(const int64_t& value) {
  if (value <= 0) return ::arrow::Status::Invalid("must be > 0");
  return ::arrow::Status::OK();
}

::arrow::Status Fraction(const double& value) {
  if (value < 0.0 || value > 1.0) return ::arrow::Status::Invalid("must be in [0, 1]");
  return ::arrow::Status::OK();
}

::arrow::Status NonNegativeDouble(const double& value) {
  if (value < 0.0) return ::arrow::Status::Invalid("must be >= 0");
  return ::arrow::Status::OK();
}

::arrow::Status PortNumber(const int32_t& value) {
  if (value < 0 || value > 65535)
    return ::arrow::Status::Invalid("must be in [0, 65535]");
  return ::arrow::Status::OK();
}

}  // namespace config_validators
}  // namespace hoodie
