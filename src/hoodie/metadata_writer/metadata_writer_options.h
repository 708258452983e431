// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_writer_options.h
/// \brief How hoodie keeps a table's metadata table: the hoodie.metadata.* keys and the
/// HFile settings of its files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/config/metadata_config.h"
#include "hoodie/format/hfile/hfile.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

struct HOODIE_EXPORT MetadataWriterOptions {
  /// HoodieMetadataConfig.DEFAULT_METADATA_CLEANER_COMMITS_RETAINED.
  static constexpr int32_t kMinCleanerCommitsRetained = 20;

  /// hoodie.metadata.compact.max.delta.commits: the deltacommits after the last
  /// compaction of the metadata table that make the next one.
  int32_t compact_max_delta_commits = DefaultOf(MetadataConfig::kCompactMaxDeltaCommits);
  /// The metadata table's cleaner (HoodieMetadataWriteUtils): KEEP_LATEST_COMMITS,
  /// retaining the larger of 20 and 1.2 x the data table's hoodie.cleaner.commits.retained.
  int32_t cleaner_commits_retained = kMinCleanerCommitsRetained;
  /// hoodie.metadata.keep.min.commits / keep.max.commits: its archival.
  int32_t keep_min_commits = DefaultOf(MetadataConfig::kKeepMinCommits);
  int32_t keep_max_commits = DefaultOf(MetadataConfig::kKeepMaxCommits);
  /// hoodie.metadata.index.column.stats.enable / .column.list / .file.group.count: the
  /// column_stats partition, the columns it covers (empty: every supported top-level
  /// column) and its file groups.
  bool column_stats = DefaultOf(MetadataConfig::kIndexColumnStatsEnable);
  std::vector<std::string> column_stats_columns;
  int32_t column_stats_file_groups = DefaultOf(MetadataConfig::kIndexColumnStatsFileGroupCount);
  /// hoodie.metadata.index.bloom.filter.enable / .file.group.count: the bloom_filters
  /// partition and its file groups.
  bool bloom_filters = DefaultOf(MetadataConfig::kIndexBloomFilterEnable);
  int32_t bloom_filters_file_groups = DefaultOf(MetadataConfig::kIndexBloomFilterFileGroupCount);
  /// hoodie.metadata.record.index.enable and the sizing of its file groups
  /// (.min.filegroup.count, .max.filegroup.count, .max.filegroup.size, .growth.factor),
  /// fixed when the partition is built.
  bool record_index = DefaultOf(MetadataConfig::kRecordIndexEnable);
  int32_t record_index_min_file_groups = DefaultOf(MetadataConfig::kRecordIndexMinFileGroupCount);
  int32_t record_index_max_file_groups = DefaultOf(MetadataConfig::kRecordIndexMaxFileGroupCount);
  int32_t record_index_max_file_group_bytes =
      DefaultOf(MetadataConfig::kRecordIndexMaxFileGroupSizeBytes);
  double record_index_growth_factor = DefaultOf(MetadataConfig::kRecordIndexGrowthFactor);
  /// HFile blocks and compression of its base files and log blocks (Hudi's defaults
  /// for the metadata table: 1 MiB, GZ).
  int64_t hfile_block_size = 1024 * 1024;
  /// hoodie.memory.merge.max.size: bytes of record keys the record index's
  /// initialization holds in memory before it spills them to `spill_directory`.
  int64_t memory_budget = DefaultOf(MemoryConfig::kMergeMaxSize);
  /// hoodie.memory.spillable.map.path, else $TMPDIR or /tmp.
  std::string spill_directory;
  HFileCompression compression = HFileCompression::kGz;

  static MetadataWriterOptions Defaults() { return MetadataWriterOptions(); }
  /// Reads hoodie.metadata.compact.max.delta.commits, hoodie.metadata.keep.min.commits,
  /// .keep.max.commits and hoodie.cleaner.commits.retained. Invalid when a value does not
  /// parse or is out of range (keep.max must exceed keep.min).
  static ::arrow::Result<MetadataWriterOptions> FromConfig(const HoodieConfig& config);
};

}  // namespace hoodie
