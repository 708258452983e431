// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/file_name.cc
/// \brief Base and log file name parsing (FSUtils.getFileId / getCommitTime,
/// HoodieLogFile) and the Java log file order.
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <tuple>

#include "hoodie/read/file_name_internal.h"
#include "hoodie/read/file_slice.h"

namespace hoodie {

namespace {

bool AllDigits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(c) != 0; });
}

// `<task>-<stage>-<attempt>`: any three non-negative decimals (FSUtils.makeWriteToken).
bool IsWriteToken(std::string_view s) {
  size_t first = s.find('-');
  if (first == std::string_view::npos) return false;
  size_t second = s.find('-', first + 1);
  if (second == std::string_view::npos) return false;
  return AllDigits(s.substr(0, first)) &&
         AllDigits(s.substr(first + 1, second - first - 1)) &&
         AllDigits(s.substr(second + 1));
}

}  // namespace

bool LogFileLess(const LogFile& a, const LogFile& b) {
  return std::tie(a.base_commit_time, a.version, a.write_token) <
         std::tie(b.base_commit_time, b.version, b.write_token);
}

namespace internal {

std::optional<BaseFile> ParseBaseFileName(std::string_view name) {
  static constexpr std::array<std::string_view, 3> kExtensions = {".parquet", ".orc",
                                                                  ".hfile"};
  if (name.empty() || name.front() == '.') return std::nullopt;
  size_t dot = name.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  if (std::find(kExtensions.begin(), kExtensions.end(), name.substr(dot)) ==
      kExtensions.end()) {
    return std::nullopt;
  }
  std::string_view stem = name.substr(0, dot);
  size_t first = stem.find('_');
  size_t last = stem.rfind('_');
  if (first == std::string_view::npos || first == last) return std::nullopt;
  BaseFile file;
  file.file_name = std::string(name);
  file.file_id = std::string(stem.substr(0, first));
  file.write_token = std::string(stem.substr(first + 1, last - first - 1));
  file.commit_time = std::string(stem.substr(last + 1));
  if (file.file_id.empty() || !IsWriteToken(file.write_token) ||
      !AllDigits(file.commit_time)) {
    return std::nullopt;
  }
  return file;
}

std::optional<LogFile> ParseLogFileName(std::string_view name) {
  if (name.size() < 2 || name.front() != '.') return std::nullopt;
  size_t marker = name.find(".log.");
  if (marker == std::string_view::npos) return std::nullopt;
  std::string_view head = name.substr(1, marker - 1);  // <fileId>_<baseCommitTime>
  std::string_view tail = name.substr(marker + 5);     // <version>[_<token>]
  size_t sep = head.rfind('_');
  if (sep == std::string_view::npos || sep == 0) return std::nullopt;
  LogFile file;
  file.file_name = std::string(name);
  file.file_id = std::string(head.substr(0, sep));
  file.base_commit_time = std::string(head.substr(sep + 1));
  size_t underscore = tail.find('_');
  std::string_view version = tail.substr(0, underscore);
  if (!AllDigits(version) || !AllDigits(file.base_commit_time)) return std::nullopt;
  auto [ptr, ec] =
      std::from_chars(version.data(), version.data() + version.size(), file.version);
  if (ec != std::errc()) return std::nullopt;
  if (underscore != std::string_view::npos) {
    std::string_view token = tail.substr(underscore + 1);
    if (!IsWriteToken(token)) return std::nullopt;  // also rejects `.cdc` logs
    file.write_token = std::string(token);
  }
  return file;
}

}  // namespace internal
}  // namespace hoodie
