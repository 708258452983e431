// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/metadata_config.h
/// \brief The internal metadata table (file listings and indexes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;
class HoodieConfig;

/// Keys of the "Metadata Table" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT MetadataConfig {
  /// hoodie.metadata.enable
  static const ConfigProperty<bool> kEnable;
  /// hoodie.metadata.reuse.enable
  static const ConfigProperty<bool> kReuseEnable;
  /// hoodie.metadata.fallback.enable
  static const ConfigProperty<bool> kFallbackEnable;
  /// hoodie.metadata.validate
  static const ConfigProperty<bool> kValidate;
  /// hoodie.metadata.insert.parallelism
  static const ConfigProperty<int32_t> kInsertParallelism;
  /// hoodie.metadata.compact.max.delta.commits
  static const ConfigProperty<int32_t> kCompactMaxDeltaCommits;
  /// hoodie.metadata.keep.min.commits
  static const ConfigProperty<int32_t> kKeepMinCommits;
  /// hoodie.metadata.keep.max.commits
  static const ConfigProperty<int32_t> kKeepMaxCommits;
  /// hoodie.metadata.index.column.stats.enable
  static const ConfigProperty<bool> kIndexColumnStatsEnable;
  /// hoodie.metadata.index.column.stats.column.list
  static const ConfigProperty<std::string> kIndexColumnStatsColumnList;
  /// hoodie.metadata.index.column.stats.file.group.count
  static const ConfigProperty<int32_t> kIndexColumnStatsFileGroupCount;
  /// hoodie.metadata.index.column.stats.parallelism
  static const ConfigProperty<int32_t> kIndexColumnStatsParallelism;
  /// hoodie.metadata.index.bloom.filter.enable
  static const ConfigProperty<bool> kIndexBloomFilterEnable;
  /// hoodie.metadata.index.bloom.filter.file.group.count
  static const ConfigProperty<int32_t> kIndexBloomFilterFileGroupCount;
  /// hoodie.metadata.index.bloom.filter.parallelism
  static const ConfigProperty<int32_t> kIndexBloomFilterParallelism;
  /// hoodie.metadata.record.index.enable
  static const ConfigProperty<bool> kRecordIndexEnable;
  /// hoodie.metadata.record.index.min.filegroup.count / .max.filegroup.count /
  /// .max.filegroup.size / .growth.factor
  static const ConfigProperty<int32_t> kRecordIndexMinFileGroupCount;
  static const ConfigProperty<int32_t> kRecordIndexMaxFileGroupCount;
  static const ConfigProperty<int32_t> kRecordIndexMaxFileGroupSizeBytes;
  static const ConfigProperty<double> kRecordIndexGrowthFactor;
  /// hoodie.metadata.index.async
  static const ConfigProperty<bool> kIndexAsync;

  /// The columns kIndexColumnStatsColumnList names, each trimmed, empty parts dropped
  /// (getColumnsEnabledForColumnStatsIndex); empty: every column.
  static ::arrow::Result<std::vector<std::string>> ColumnStatsColumns(
      const HoodieConfig& config);

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
