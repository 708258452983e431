// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/ascii.h
/// \brief ASCII case rules, as Java's String.equalsIgnoreCase applies them to config
/// values, class names and plug-in names.
#pragma once

#include <algorithm>
#include <string_view>

namespace hoodie {

inline char AsciiToLower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

/// ASCII case-insensitive equality.
inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return AsciiToLower(x) == AsciiToLower(y);
         });
}

}  // namespace hoodie
