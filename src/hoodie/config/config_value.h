// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_value.h
/// \brief Parsing, formatting and checking of configuration values against their
/// property.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "hoodie/common/ascii.h"
#include <type_traits>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Parses a raw string as the property's type. Strict: booleans are true/false in any
/// case, numbers must use the whole string. Invalid (without key context) on failure.
HOODIE_EXPORT ::arrow::Result<bool> ParseConfigBool(std::string_view raw);
HOODIE_EXPORT ::arrow::Result<int32_t> ParseConfigInt32(std::string_view raw);
HOODIE_EXPORT ::arrow::Result<int64_t> ParseConfigInt64(std::string_view raw);
HOODIE_EXPORT ::arrow::Result<double> ParseConfigDouble(std::string_view raw);

HOODIE_EXPORT std::string FormatConfigValue(bool value);
HOODIE_EXPORT std::string FormatConfigValue(int32_t value);
HOODIE_EXPORT std::string FormatConfigValue(int64_t value);
HOODIE_EXPORT std::string FormatConfigValue(double value);
inline std::string FormatConfigValue(const std::string& value) { return value; }

/// True when `value` equals one of `allowed` ignoring ASCII case (Hudi upper-cases enum
/// names before valueOf, so "upsert" and "UPSERT" are the same operation).
HOODIE_EXPORT bool IsAllowedConfigValue(std::string_view value,
                                        const std::vector<std::string_view>& allowed);

template <typename T>
constexpr ConfigType ConfigTypeOf(bool is_bytes = false) {
  if constexpr (std::is_same_v<T, bool>) return ConfigType::kBool;
  if constexpr (std::is_same_v<T, int32_t>) return ConfigType::kInt32;
  if constexpr (std::is_same_v<T, int64_t>) {
    return is_bytes ? ConfigType::kBytes : ConfigType::kInt64;
  }
  if constexpr (std::is_same_v<T, double>) return ConfigType::kDouble;
  if constexpr (std::is_same_v<T, std::string>) return ConfigType::kString;
}

template <typename T>
::arrow::Result<T> ParseConfigAs(std::string_view raw) {
  if constexpr (std::is_same_v<T, bool>) return ParseConfigBool(raw);
  if constexpr (std::is_same_v<T, int32_t>) return ParseConfigInt32(raw);
  if constexpr (std::is_same_v<T, int64_t>) return ParseConfigInt64(raw);
  if constexpr (std::is_same_v<T, double>) return ParseConfigDouble(raw);
  if constexpr (std::is_same_v<T, std::string>) return std::string(raw);
}

/// Human-readable summary of what a key accepts: "int32", "one of: a, b".
HOODIE_EXPORT std::string DescribeAllowed(ConfigType type,
                                          const std::vector<std::string_view>& allowed);

/// Parses `raw` for `prop` and runs its allowed-values check and validator. The error
/// names the key, the raw value and what is allowed.
template <typename T>
::arrow::Result<T> ParseConfigProperty(const ConfigProperty<T>& prop,
                                       std::string_view raw) {
  auto described = [&]() {
    return DescribeAllowed(ConfigTypeOf<T>(prop.is_bytes), prop.allowed_values);
  };
  // A secret's value never reaches a message, even a wrong one (it may be a real key
  // typed into the wrong option).
  const std::string_view shown = prop.secret ? kRedactedValue : raw;
  auto parsed = ParseConfigAs<T>(raw);
  if (!parsed.ok()) {
    return ::arrow::Status::Invalid("invalid value for config '", prop.key, "': '", shown,
                                    "' (allowed: ", described(), ")");
  }
  if (!prop.allowed_values.empty() &&
      !IsAllowedConfigValue(FormatConfigValue(*parsed), prop.allowed_values)) {
    return ::arrow::Status::Invalid("invalid value for config '", prop.key, "': '", shown,
                                    "' (allowed: ", described(), ")");
  }
  if (prop.validate != nullptr) {
    ::arrow::Status st = prop.validate(*parsed);
    if (!st.ok()) {
      return ::arrow::Status::Invalid("invalid value for config '", prop.key, "': '", shown,
                                      "' (", st.message(), ")");
    }
  }
  return parsed;
}

}  // namespace hoodie
