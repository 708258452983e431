// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/metadata_config.cc
/// \brief Declarations of the "Metadata Table" configuration keys.
#include "hoodie/config/metadata_config.h"

#include "hoodie/common/string_list.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<bool> MetadataConfig::kEnable{
    .key = "hoodie.metadata.enable",
    .default_value = true,
    .doc =
        "Maintain and use the internal metadata table. With true, every instant hoodie "
        "completes (writes, compactions, cleans, rollbacks) first writes its "
        "deltacommit into the metadata table's files partition, building the table "
        "from a listing when it has none, and compacts it every "
        "hoodie.metadata.compact.max.delta.commits deltacommits; readers and writers "
        "list files through it. The column_stats and bloom_filters partitions are kept "
        "when their hoodie.metadata.index.* key is on, and dropped otherwise, as Hudi "
        "drops disabled indexes, and record_index when "
        "hoodie.metadata.record.index.enable is on; "
        "a restore restores the metadata table to the same instant, then syncs its "
        "files partition with storage (when it cannot go back that far, it is "
        "disabled and the next write rebuilds it). With "
        "false, every hoodie commit first clears hoodie.table.metadata.partitions and "
        ".inflight in hoodie.properties and deletes .hoodie/metadata, as Hudi's "
        "writers do with false.",
    .group = "Metadata Table",
    .override_reason =
        "On by default as in Hudi 0.15, whose writers keep the metadata table unless "
        "told otherwise: a hoodie write with the seed's false would delete the "
        "metadata table of every table Spark wrote."};

const ConfigProperty<bool> MetadataConfig::kReuseEnable{
    .key = "hoodie.metadata.reuse.enable",
    .default_value = true,
    .doc = "Reuse opened readers and merged logs across metadata fetches.",
    .advanced = true,
    .group = "Metadata Table",
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie does not write the metadata table yet"};

const ConfigProperty<bool> MetadataConfig::kFallbackEnable{
    .key = "hoodie.metadata.fallback.enable",
    .default_value = true,
    .doc = "Fall back to storage listing on metadata table errors.",
    .advanced = true,
    .group = "Metadata Table",
    .hudi_0_15_default = "(removed)",
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie does not write the metadata table yet"};

const ConfigProperty<bool> MetadataConfig::kValidate{
    .key = "hoodie.metadata.validate",
    .default_value = false,
    .doc = "Validate metadata table contents against storage listings on every access.",
    .advanced = true,
    .group = "Metadata Table",
    .hudi_0_15_default = "(removed)",
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie does not write the metadata table yet"};

const ConfigProperty<int32_t> MetadataConfig::kInsertParallelism{
    .key = "hoodie.metadata.insert.parallelism",
    .default_value = 1,
    .doc = "Parallelism of writes to the metadata table.",
    .validate = v::PositiveInt32,
    .group = "Metadata Table",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<int32_t> MetadataConfig::kCompactMaxDeltaCommits{
    .key = "hoodie.metadata.compact.max.delta.commits",
    .default_value = 24,
    .doc = "Delta commits that trigger compaction of the metadata table.",
    .validate = v::PositiveInt32,
    .group = "Metadata Table",
    .hudi_0_15_default = "10"};

const ConfigProperty<int32_t> MetadataConfig::kKeepMinCommits{
    .key = "hoodie.metadata.keep.min.commits",
    .default_value = 20,
    .doc = "Minimum instants kept by archival of the metadata table timeline.",
    .validate = v::PositiveInt32,
    .group = "Metadata Table",
    .override_reason =
        "The seed writes archiveCommitsWith(minToKeep = 30, maxToKeep = 20): "
        "minimum above maximum, which archival rejects; the values are swapped "
        "relative to Hudi (min 20, max 30)."};

const ConfigProperty<int32_t> MetadataConfig::kKeepMaxCommits{
    .key = "hoodie.metadata.keep.max.commits",
    .default_value = 30,
    .doc = "Instants that trigger archival of the metadata table timeline.",
    .validate = v::PositiveInt32,
    .group = "Metadata Table",
    .override_reason =
        "The seed writes archiveCommitsWith(minToKeep = 30, maxToKeep = 20): "
        "minimum above maximum, which archival rejects; the values are swapped "
        "relative to Hudi (min 20, max 30)."};

const ConfigProperty<bool> MetadataConfig::kIndexColumnStatsEnable{
    .key = "hoodie.metadata.index.column.stats.enable",
    .default_value = false,
    .doc =
        "Keep the metadata table's column_stats partition: per base file and column, "
        "its minimum, maximum, null and value counts and sizes, from the Parquet footer "
        "(built from the latest base files when first enabled, then kept by every "
        "instant; deleted base files leave tombstones); per log file, the same of the "
        "records each merge-on-read append wrote, with sizes 0, as Hudi's append "
        "handle collects them.",
    .since = "0.11.0",
    .group = "Metadata Table"};

const ConfigProperty<std::string> MetadataConfig::kIndexColumnStatsColumnList{
    .key = "hoodie.metadata.index.column.stats.column.list",
    .default_value = "",
    .doc =
        "Comma-separated columns the column_stats partition covers; empty covers every "
        "top-level column of a supported type, the meta fields included.",
    .since = "0.11.0",
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kIndexColumnStatsFileGroupCount{
    .key = "hoodie.metadata.index.column.stats.file.group.count",
    .default_value = 2,
    .doc = "File groups of the column_stats partition, fixed when it is built.",
    .since = "0.11.0",
    .validate = v::PositiveInt32,
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kIndexColumnStatsParallelism{
    .key = "hoodie.metadata.index.column.stats.parallelism",
    .default_value = 10,
    .doc = "Parallelism of building the column_stats partition.",
    .since = "0.11.0",
    .validate = v::PositiveInt32,
    .group = "Metadata Table",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie reads the footers itself"};

const ConfigProperty<bool> MetadataConfig::kIndexBloomFilterEnable{
    .key = "hoodie.metadata.index.bloom.filter.enable",
    .default_value = false,
    .doc =
        "Keep the metadata table's bloom_filters partition: each base file's bloom filter, "
        "as its Parquet footer holds it, stamped with the file's instant (built from the "
        "latest base files when first enabled, then kept by every instant; deleted files "
        "leave tombstones).",
    .since = "0.11.0",
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kIndexBloomFilterFileGroupCount{
    .key = "hoodie.metadata.index.bloom.filter.file.group.count",
    .default_value = 4,
    .doc = "File groups of the bloom_filters partition, fixed when it is built.",
    .since = "0.11.0",
    .validate = v::PositiveInt32,
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kIndexBloomFilterParallelism{
    .key = "hoodie.metadata.index.bloom.filter.parallelism",
    .default_value = 200,
    .doc = "Parallelism of building the bloom_filters partition.",
    .since = "0.11.0",
    .validate = v::PositiveInt32,
    .group = "Metadata Table",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie reads the footers itself"};

const ConfigProperty<bool> MetadataConfig::kRecordIndexEnable{
    .key = "hoodie.metadata.record.index.enable",
    .default_value = false,
    .doc = "Keep the metadata table's record_index partition: each record key's "
           "partition, file group and inserting instant. It is built from the latest "
           "base files when first enabled, then every write adds its inserted keys and "
           "removes its deleted ones (and, for insert_overwrite and delete_partition, "
           "the keys of the replaced file groups). hoodie.index.type=RECORD_INDEX tags "
           "upserts from it.",
    .since = "0.14.0",
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kRecordIndexMinFileGroupCount{
    .key = "hoodie.metadata.record.index.min.filegroup.count",
    .default_value = 10,
    .doc = "Fewest file groups of the record_index partition, fixed when it is built.",
    .since = "0.14.0",
    .validate = v::PositiveInt32,
    .advanced = true,
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kRecordIndexMaxFileGroupCount{
    .key = "hoodie.metadata.record.index.max.filegroup.count",
    .default_value = 10000,
    .doc = "Most file groups of the record_index partition, fixed when it is built.",
    .since = "0.14.0",
    .validate = v::PositiveInt32,
    .advanced = true,
    .group = "Metadata Table"};

const ConfigProperty<int32_t> MetadataConfig::kRecordIndexMaxFileGroupSizeBytes{
    .key = "hoodie.metadata.record.index.max.filegroup.size",
    .default_value = 1024 * 1024 * 1024,
    .doc = "Largest size in bytes of one record_index file group; with 48 bytes a "
           "record it sizes the number of file groups when the partition is built.",
    .since = "0.14.0",
    .validate = v::PositiveInt32,
    .advanced = true,
    .group = "Metadata Table"};

const ConfigProperty<double> MetadataConfig::kRecordIndexGrowthFactor{
    .key = "hoodie.metadata.record.index.growth.factor",
    .default_value = 2.0,
    .doc = "The record count the record_index partition is sized for, as a multiple of "
           "the records the table holds when it is built.",
    .since = "0.14.0",
    .validate = v::NonNegativeDouble,
    .advanced = true,
    .group = "Metadata Table"};

const ConfigProperty<bool> MetadataConfig::kIndexAsync{
    .key = "hoodie.metadata.index.async",
    .default_value = false,
    .doc = "Build metadata table partitions with the asynchronous indexer "
           "(HoodieIndexer's indexing instants) instead of inside a write.",
    .since = "0.11.0",
    .group = "Metadata Table",
    .support = ConfigSupport::kRefused,
    .support_note = "asynchronous indexing is not built: hoodie builds a partition "
                    "inside the first write that enables it"};

::arrow::Result<std::vector<std::string>> MetadataConfig::ColumnStatsColumns(
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(std::string list, config.Get(kIndexColumnStatsColumnList));
  std::vector<std::string> columns;
  for (std::string column : SplitAtCommas(list)) {
    // Hudi trims each name; empty parts name nothing.
    column.erase(0, column.find_first_not_of(' '));
    column.erase(column.find_last_not_of(' ') + 1);
    if (!column.empty()) columns.push_back(std::move(column));
  }
  return columns;
}

void MetadataConfig::Register(ConfigRegistry* registry) {
  registry->Add(kEnable);
  registry->Add(kReuseEnable);
  registry->Add(kFallbackEnable);
  registry->Add(kValidate);
  registry->Add(kInsertParallelism);
  registry->Add(kCompactMaxDeltaCommits);
  registry->Add(kKeepMinCommits);
  registry->Add(kKeepMaxCommits);
  registry->Add(kIndexColumnStatsEnable);
  registry->Add(kIndexColumnStatsColumnList);
  registry->Add(kIndexColumnStatsFileGroupCount);
  registry->Add(kIndexColumnStatsParallelism);
  registry->Add(kIndexBloomFilterEnable);
  registry->Add(kIndexBloomFilterFileGroupCount);
  registry->Add(kIndexBloomFilterParallelism);
  registry->Add(kRecordIndexEnable);
  registry->Add(kRecordIndexMinFileGroupCount);
  registry->Add(kRecordIndexMaxFileGroupCount);
  registry->Add(kRecordIndexMaxFileGroupSizeBytes);
  registry->Add(kRecordIndexGrowthFactor);
  registry->Add(kIndexAsync);
}

}  // namespace hoodie
