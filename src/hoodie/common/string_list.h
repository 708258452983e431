// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/string_list.h
/// \brief Lists joined into text: comma-separated as hoodie.properties and write options
/// spell them, or with any separator for messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hoodie {

/// The parts with `separator` between them; "" for no parts.
inline std::string Join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

/// "a,b,c"; "" for no parts.
inline std::string JoinWithCommas(const std::vector<std::string>& parts) {
  return Join(parts, ",");
}

/// The parts between `separator`s, as written: spaces and empty parts kept, so that
/// Join(SplitAt(text, c), std::string(1, c)) == text.
inline std::vector<std::string> SplitAt(std::string_view text, char separator) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t found = text.find(separator, start);
    out.emplace_back(text.substr(start, found == std::string_view::npos ? found : found - start));
    if (found == std::string_view::npos) return out;
    start = found + 1;
  }
}

/// The parts between commas, as written: spaces and empty parts kept, so that
/// JoinWithCommas(SplitAtCommas(text)) == text.
inline std::vector<std::string> SplitAtCommas(std::string_view text) {
  return SplitAt(text, ',');
}

}  // namespace hoodie
