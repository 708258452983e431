// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/partition_wildcards.cc
/// \brief Spark's partition wildcards of delete_partition.

#include <algorithm>
#include <string_view>

#include "hoodie/write/partition_wildcards_internal.h"

namespace hoodie::internal {
namespace {

// True when `text` matches `pattern`, where each `token` stands for any characters
// and everything else is literal (Java's "^\\Q" + p.replace(token, "\\E.*\\Q") + "\\E$").
bool WildcardMatches(std::string_view pattern, std::string_view token,
                     std::string_view text) {
  std::vector<std::string_view> pieces;
  for (size_t start = 0;;) {
    size_t at = pattern.find(token, start);
    pieces.push_back(
        pattern.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) break;
    start = at + token.size();
  }
  if (text.substr(0, pieces.front().size()) != pieces.front()) return false;
  size_t position = pieces.front().size();
  for (size_t i = 1; i + 1 < pieces.size(); ++i) {
    size_t at = text.find(pieces[i], position);
    if (at == std::string_view::npos) return false;
    position = at + pieces[i].size();
  }
  const std::string_view last = pieces.back();
  return pieces.size() == 1 ? text.size() == position
                            : text.size() >= position + last.size() &&
                                  text.substr(text.size() - last.size()) == last;
}

}  // namespace

std::vector<std::string> ResolvePartitionWildcards(
    const std::vector<std::string>& requested, const std::vector<std::string>& existing) {
  std::vector<std::string> plain, out;
  std::vector<std::string> patterns;
  for (const std::string& partition : requested) {
    bool wildcard = partition.find('*') != std::string::npos ||
                    partition.find("%2A") != std::string::npos;
    (wildcard ? patterns : plain).push_back(partition);
  }
  auto add = [&out](const std::string& partition) {
    if (std::find(out.begin(), out.end(), partition) == out.end())
      out.push_back(partition);
  };
  for (const std::string& partition : plain) add(partition);
  for (const std::string& pattern : patterns) {
    std::string token = pattern.find('*') != std::string::npos ? "*" : "%2A";
    for (const std::string& candidate : existing) {
      if (WildcardMatches(pattern, token, candidate)) add(candidate);
    }
  }
  return out;
}

}  // namespace hoodie::internal
