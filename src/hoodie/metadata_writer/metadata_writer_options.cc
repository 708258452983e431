// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata_writer/metadata_writer_options.h"

#include <algorithm>

#include "hoodie/config/clean_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/memory_config.h"

namespace hoodie {

::arrow::Result<MetadataWriterOptions> MetadataWriterOptions::FromConfig(
    const HoodieConfig& config) {
  MetadataWriterOptions options;
  ARROW_ASSIGN_OR_RAISE(options.compact_max_delta_commits,
                        config.Get(MetadataConfig::kCompactMaxDeltaCommits));
  if (options.compact_max_delta_commits < 1) {
    return ::arrow::Status::Invalid(MetadataConfig::kCompactMaxDeltaCommits.key,
                                    " must be at least 1, got ",
                                    options.compact_max_delta_commits);
  }
  ARROW_ASSIGN_OR_RAISE(int32_t retained, config.Get(CleanConfig::kCommitsRetained));
  // Math.max(DEFAULT_METADATA_CLEANER_COMMITS_RETAINED, (int) (retained * 1.2)).
  options.cleaner_commits_retained =
      std::max(kMinCleanerCommitsRetained, static_cast<int32_t>(retained * 1.2));
  ARROW_ASSIGN_OR_RAISE(options.keep_min_commits, config.Get(MetadataConfig::kKeepMinCommits));
  ARROW_ASSIGN_OR_RAISE(options.keep_max_commits, config.Get(MetadataConfig::kKeepMaxCommits));
  if (options.keep_max_commits <= options.keep_min_commits) {
    return ::arrow::Status::Invalid(
        MetadataConfig::kKeepMaxCommits.key, " (", options.keep_max_commits,
        ") must be greater than ", MetadataConfig::kKeepMinCommits.key, " (",
        options.keep_min_commits, ")");
  }
  ARROW_ASSIGN_OR_RAISE(options.column_stats,
                        config.Get(MetadataConfig::kIndexColumnStatsEnable));
  ARROW_ASSIGN_OR_RAISE(options.column_stats_columns,
                        MetadataConfig::ColumnStatsColumns(config));
  ARROW_ASSIGN_OR_RAISE(options.column_stats_file_groups,
                        config.Get(MetadataConfig::kIndexColumnStatsFileGroupCount));
  ARROW_ASSIGN_OR_RAISE(options.bloom_filters,
                        config.Get(MetadataConfig::kIndexBloomFilterEnable));
  ARROW_ASSIGN_OR_RAISE(options.bloom_filters_file_groups,
                        config.Get(MetadataConfig::kIndexBloomFilterFileGroupCount));
  ARROW_ASSIGN_OR_RAISE(options.record_index, config.Get(MetadataConfig::kRecordIndexEnable));
  ARROW_ASSIGN_OR_RAISE(options.memory_budget, config.Get(MemoryConfig::kMergeMaxSize));
  options.spill_directory = config.GetRaw(MemoryConfig::kSpillableMapPath.key).value_or("");
  ARROW_ASSIGN_OR_RAISE(options.record_index_min_file_groups,
                        config.Get(MetadataConfig::kRecordIndexMinFileGroupCount));
  ARROW_ASSIGN_OR_RAISE(options.record_index_max_file_groups,
                        config.Get(MetadataConfig::kRecordIndexMaxFileGroupCount));
  ARROW_ASSIGN_OR_RAISE(options.record_index_max_file_group_bytes,
                        config.Get(MetadataConfig::kRecordIndexMaxFileGroupSizeBytes));
  ARROW_ASSIGN_OR_RAISE(options.record_index_growth_factor,
                        config.Get(MetadataConfig::kRecordIndexGrowthFactor));
  if (options.record_index_min_file_groups > options.record_index_max_file_groups) {
    return ::arrow::Status::Invalid(
        MetadataConfig::kRecordIndexMinFileGroupCount.key, " (",
        options.record_index_min_file_groups, ") must not exceed ",
        MetadataConfig::kRecordIndexMaxFileGroupCount.key, " (",
        options.record_index_max_file_groups, ")");
  }
  return options;
}

}  // namespace hoodie
