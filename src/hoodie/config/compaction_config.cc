// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/compaction_config.cc
/// \brief Declarations of the "Compaction" configuration keys.
#include "hoodie/config/compaction_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<int64_t> CompactionConfig::kParquetSmallFileLimit{
    .key = "hoodie.parquet.small.file.limit",
    .default_value = int64_t{104857600},
    .doc =
        "Files below this size receive inserts to grow them; 0 turns small-file "
        "handling off.",
    .validate = v::NonNegativeInt64,
    .group = "Compaction",
    .override_reason =
        "The Chinese edition documents 0 (small-file handling off); the English "
        "page and Hudi use 100MB.",
    .is_bytes = true};

const ConfigProperty<int32_t> CompactionConfig::kInsertSplitSize{
    .key = "hoodie.copyonwrite.insert.split.size",
    .default_value = 500000,
    .doc = "Inserts grouped into one partition of work (records per new file).",
    .validate = v::PositiveInt32,
    .group = "Compaction"};

const ConfigProperty<bool> CompactionConfig::kInsertAutoSplit{
    .key = "hoodie.copyonwrite.insert.auto.split",
    .default_value = true,
    .doc = "Compute the insert split size from recent commit metadata.",
    .group = "Compaction"};

const ConfigProperty<int32_t> CompactionConfig::kRecordSizeEstimate{
    .key = "hoodie.copyonwrite.record.size.estimate",
    .default_value = 1024,
    .doc = "Average record size in bytes used before commit metadata exists.",
    .validate = v::PositiveInt32,
    .group = "Compaction"};

const ConfigProperty<bool> CompactionConfig::kInlineCompact{
    .key = "hoodie.compact.inline",
    .default_value = false,
    .doc =
        "Compact right after each deltacommit, as part of the write, when the "
        "trigger (compaction.trigger.strategy) says a compaction is due; "
        "MERGE_ON_READ tables only.",
    .group = "Compaction"};

const ConfigProperty<int32_t> CompactionConfig::kInlineCompactMaxDeltaCommits{
    .key = "hoodie.compact.inline.max.delta.commits",
    .default_value = 10,
    .doc =
        "Deltacommits since the last compaction that make a compaction due (the "
        "num_commits trigger strategies).",
    .aliases = {{.key = "compaction.delta_commits", .documented_default = "5"}},
    .validate = v::PositiveInt32,
    .group = "Compaction",
    .hudi_0_15_default = "5"};

const ConfigProperty<bool> CompactionConfig::kLazyBlockRead{
    .key = "hoodie.compaction.lazy.block.read",
    .default_value = true,
    .doc = "Read log blocks lazily while merging (less memory, more I/O).",
    .group = "Compaction"};

const ConfigProperty<bool> CompactionConfig::kReverseLogRead{
    .key = "hoodie.compaction.reverse.log.read",
    .default_value = false,
    .doc = "Read log files from end to start.",
    .advanced = true,
    .group = "Compaction"};

const ConfigProperty<std::string> CompactionConfig::kCompactionStrategy{
    .key = "hoodie.compaction.strategy",
    .default_value = std::string("org.apache.hudi.table.action.compact.strategy."
                                 "LogFileSizeBasedCompactionStrategy"),
    .doc =
        "Strategy picking the file groups of each compaction: Hudi 0.15's "
        "LogFileSizeBased, LogFileNumBased, BoundedIO, DayBased, UnBounded, "
        "BoundedPartitionAware or UnBoundedPartitionAware CompactionStrategy class.",
    .group = "Compaction",
    .override_reason =
        "The seed gives "
        "org.apache.hudi.io.compact.strategy.LogFileSizeBasedCompactionStrategy; "
        "that package no longer exists, so Java Hudi 0.15 could not load it. The "
        "same class under its 0.15 package is used."};

const ConfigProperty<int64_t> CompactionConfig::kTargetIo{
    .key = "hoodie.compaction.target.io",
    .default_value = int64_t{500000},
    .doc = "MB of I/O a LogFileSizeBasedCompactionStrategy run may spend.",
    .validate = v::NonNegativeInt64,
    .group = "Compaction",
    .hudi_0_15_default = "512000"};

const ConfigProperty<int32_t> CompactionConfig::kDayBasedTarget{
    .key = "hoodie.compaction.daybased.target",
    .default_value = 10,
    .doc = "Latest partitions compacted per run by DayBasedCompactionStrategy.",
    .validate = v::PositiveInt32,
    .group = "Compaction"};

void CompactionConfig::Register(ConfigRegistry* registry) {
  registry->Add(kParquetSmallFileLimit);
  registry->Add(kInsertSplitSize);
  registry->Add(kInsertAutoSplit);
  registry->Add(kRecordSizeEstimate);
  registry->Add(kInlineCompact);
  registry->Add(kInlineCompactMaxDeltaCommits);
  registry->Add(kLazyBlockRead);
  registry->Add(kReverseLogRead);
  registry->Add(kCompactionStrategy);
  registry->Add(kTargetIo);
  registry->Add(kDayBasedTarget);
}

}  // namespace hoodie
