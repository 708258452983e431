// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_scan_options.h
/// \brief How the log blocks of a file slice are read and merged: the memory bound of
/// the merge state and the block reading order (the settings Java passes to
/// HoodieMergedLogRecordScanner's builder). Shared by merge-on-read readers and the
/// compaction executor.
#pragma once

#include <cstdint>
#include <string>

#include <arrow/result.h>

#include "hoodie/config/compaction_config.h"
#include "hoodie/config/config_default.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// \brief Settings of one log scan + merge. Members start at their keys' declared
/// defaults (DefaultOf).
struct HOODIE_EXPORT LogScanOptions {
  /// Bytes of decoded log records the merge state of one file slice keeps in memory
  /// (hoodie.memory.merge.max.size); records beyond it spill to a local file, as
  /// Java's ExternalSpillableMap does. The record keys and a small index entry per key
  /// stay in memory whatever the budget (Java keeps its key index in memory too).
  int64_t memory_budget = DefaultOf(MemoryConfig::kMergeMaxSize);
  /// Parent folder of the spill file (hoodie.memory.spillable.map.path); empty means
  /// $TMPDIR, else /tmp.
  std::string spill_directory;
  /// hoodie.compaction.lazy.block.read: keep only block headers and positions while
  /// scanning and read a block's content when it is merged (true), or read every
  /// block's content during the scan (false). Same results either way.
  bool lazy_block_read = DefaultOf(CompactionConfig::kLazyBlockRead);
  /// hoodie.compaction.reverse.log.read: walk each log file from its end through the
  /// reverse pointers (HoodieLogFileReader.prev). Same results as forward reading.
  bool reverse_log_read = DefaultOf(CompactionConfig::kReverseLogRead);

  static LogScanOptions Defaults() { return LogScanOptions(); }

  /// The options from hoodie.memory.merge.max.size, hoodie.memory.spillable.map.path,
  /// hoodie.compaction.lazy.block.read and hoodie.compaction.reverse.log.read.
  /// Invalid when a value does not parse.
  static ::arrow::Result<LogScanOptions> FromConfig(const HoodieConfig& config);
};

}  // namespace hoodie
