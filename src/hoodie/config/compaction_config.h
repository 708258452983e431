// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/compaction_config.h
/// \brief Compaction scheduling and strategy, small-file handling and insert sizing.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Compaction" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT CompactionConfig {
  /// hoodie.parquet.small.file.limit
  static const ConfigProperty<int64_t> kParquetSmallFileLimit;
  /// hoodie.copyonwrite.insert.split.size
  static const ConfigProperty<int32_t> kInsertSplitSize;
  /// hoodie.copyonwrite.insert.auto.split
  static const ConfigProperty<bool> kInsertAutoSplit;
  /// hoodie.copyonwrite.record.size.estimate
  static const ConfigProperty<int32_t> kRecordSizeEstimate;
  /// hoodie.compact.inline
  static const ConfigProperty<bool> kInlineCompact;
  /// hoodie.compact.inline.max.delta.commits
  static const ConfigProperty<int32_t> kInlineCompactMaxDeltaCommits;
  /// hoodie.compaction.lazy.block.read
  static const ConfigProperty<bool> kLazyBlockRead;
  /// hoodie.compaction.reverse.log.read
  static const ConfigProperty<bool> kReverseLogRead;
  /// hoodie.compaction.strategy
  static const ConfigProperty<std::string> kCompactionStrategy;
  /// hoodie.compaction.target.io
  static const ConfigProperty<int64_t> kTargetIo;
  /// hoodie.compaction.daybased.target
  static const ConfigProperty<int32_t> kDayBasedTarget;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
