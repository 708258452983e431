// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/dfs_path_selector.cc
#include "hoodie/streamer/dfs_path_selector.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <string_view>

#include <arrow/status.h>

namespace hoodie {
namespace {

// DFSPathSelector.IGNORE_FILEPREFIX_LIST: hidden files and Spark/Hadoop's markers
// (_SUCCESS, _temporary) are never input.
bool Ignored(std::string_view name) {
  return !name.empty() && (name.front() == '.' || name.front() == '_');
}

// Whether some folder between `root` and `path` (or the file itself) is ignored: the
// Java listing never descends into an ignored folder.
bool UnderIgnored(std::string_view root, std::string_view path) {
  std::string_view rest = path.substr(std::min(path.size(), root.size()));
  size_t start = 0;
  while (start < rest.size()) {
    size_t slash = rest.find('/', start);
    if (slash == std::string_view::npos) slash = rest.size();
    if (Ignored(rest.substr(start, slash - start))) return true;
    start = slash + 1;
  }
  return false;
}

::arrow::Result<int64_t> ParseCheckpoint(const std::optional<std::string>& checkpoint) {
  if (!checkpoint || checkpoint->empty()) return std::numeric_limits<int64_t>::min();
  int64_t value = 0;
  const char* end = checkpoint->data() + checkpoint->size();
  auto [ptr, ec] = std::from_chars(checkpoint->data(), end, value);
  if (ec != std::errc() || ptr != end) {
    return ::arrow::Status::Invalid(
        "checkpoint '", *checkpoint,
        "' is not a DFS source checkpoint (a modification time in epoch milliseconds); "
        "give --checkpoint with such a number, or --checkpoint 0 to read every file");
  }
  return value;
}

}  // namespace

::arrow::Result<DfsSelection> SelectDfsFiles(Storage* storage, const std::string& root,
                                             const std::optional<std::string>& checkpoint,
                                             int64_t source_limit) {
  ARROW_ASSIGN_OR_RAISE(int64_t last_time, ParseCheckpoint(checkpoint));
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> listed, storage->List(root, true));
  std::vector<FileStatus> eligible;
  for (FileStatus& file : listed) {
    if (file.is_directory || file.size <= 0) continue;
    if (UnderIgnored(root, file.path)) continue;
    if (file.modification_time_ms > last_time) eligible.push_back(std::move(file));
  }
  std::stable_sort(eligible.begin(), eligible.end(),
                   [](const FileStatus& a, const FileStatus& b) {
                     return a.modification_time_ms < b.modification_time_ms;
                   });
  DfsSelection out;
  int64_t new_time = last_time;
  size_t taken = 0;
  for (; taken < eligible.size(); ++taken) {
    FileStatus& file = eligible[taken];
    // Java: currentBytes + f.getLen() >= sourceLimit && f.getModificationTime() > newTime
    // stops (a sum past Long.MAX_VALUE counts as reaching the limit).
    bool over = file.size >= source_limit - out.bytes;
    if (over && file.modification_time_ms > new_time) break;
    new_time = file.modification_time_ms;
    out.bytes += file.size;
    out.files.push_back(std::move(file));
  }
  for (size_t i = taken; i < eligible.size(); ++i) {
    out.files_left += 1;
    out.bytes_left += eligible[i].size;
  }
  out.checkpoint = std::to_string(new_time);
  return out;
}

}  // namespace hoodie
