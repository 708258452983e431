// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/dfs_path_selector.h
/// \brief Which files under a DFS source's root a round reads, as Hudi's DFSPathSelector
/// chooses them, and the checkpoint that records it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/storage/storage.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The files of one round, oldest first, and the checkpoint after them.
struct HOODIE_EXPORT DfsSelection {
  std::vector<FileStatus> files;
  /// The newest modification time taken, in epoch milliseconds, as a decimal string
  /// (the old checkpoint when nothing was taken; Long.MIN_VALUE's text on a first round).
  std::string checkpoint;
  int64_t bytes = 0;
  /// The eligible files left for later rounds by the source limit, and their bytes: how
  /// far the table lags behind the source.
  int64_t files_left = 0;
  int64_t bytes_left = 0;
};

/// DFSPathSelector.getNextFilePathsAndMaxModificationTime: every file below `root`
/// (recursively; no file or folder whose name starts with `.` or `_`; no empty file)
/// modified strictly after `checkpoint` (epoch ms; None: all), sorted by modification
/// time (stable), taken while the bytes stay under `source_limit` — files sharing the
/// last taken modification time are taken past it, so a time is never split across
/// rounds. Local folders only: Storage::List does not follow symbolic links.
/// \return Invalid when `checkpoint` is not a number (naming it); IOError naming `root`
///   when it cannot be listed.
HOODIE_EXPORT
::arrow::Result<DfsSelection> SelectDfsFiles(Storage* storage, const std::string& root,
                                             const std::optional<std::string>& checkpoint,
                                             int64_t source_limit);

}  // namespace hoodie
