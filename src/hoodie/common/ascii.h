// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/ascii.h
/// \brief ASCII case rules, as Java's String.equalsIgnoreCase and toUpperCase apply them
/// to config values, class names and plug-in names.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace hoodie {

inline char AsciiToLower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }
inline char AsciiToUpper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }

/// `text` with ASCII letters upper-cased (Java's toUpperCase on the names Hudi parses).
inline std::string ToUpperAscii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), AsciiToUpper);
  return out;
}

/// `text` with ASCII letters lower-cased.
inline std::string ToLowerAscii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), AsciiToLower);
  return out;
}

/// ASCII case-insensitive equality.
inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return AsciiToLower(x) == AsciiToLower(y);
         });
}

/// `text` without leading and trailing characters up to the space (Java's String.trim,
/// which Hudi applies to the names it splits out of comma lists).
inline std::string Trim(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && static_cast<unsigned char>(text[begin]) <= ' ') ++begin;
  while (end > begin && static_cast<unsigned char>(text[end - 1]) <= ' ') --end;
  return std::string(text.substr(begin, end - begin));
}

}  // namespace hoodie
