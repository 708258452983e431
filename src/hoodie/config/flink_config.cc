// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/flink_config.cc
/// \brief Declarations of the "Flink SQL" configuration keys.
#include "hoodie/config/flink_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<bool> FlinkConfig::kWriteIgnoreFailed{
    .key = "write.ignore.failed",
    .default_value = true,
    .doc = "Ignore write errors that are not exceptions within a checkpoint batch. Set "
           "explicitly, true commits the records that did not fail and reports the failed "
           "ones (hoodie write; hoodie streamer, where it is --commit-on-errors); unset, a "
           "write with failed records commits nothing, as Hudi 0.15's default false.",
    .group = "Flink SQL",
    .hudi_0_15_default = "false"};

const ConfigProperty<int32_t> FlinkConfig::kWriteTasks{
    .key = "write.tasks",
    .default_value = 4,
    .doc = "Parallelism of the write tasks.",
    .validate = v::PositiveInt32,
    .group = "Flink SQL",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Flink task parallelism or memory; hoodie sizes its own work"};

const ConfigProperty<int32_t> FlinkConfig::kWriteBatchSizeMb{
    .key = "write.batch.size.MB",
    .default_value = 128,
    .doc = "Buffer size in MB before flushing to storage.",
    .validate = v::PositiveInt32,
    .group = "Flink SQL",
    .hudi_0_15_default = "(renamed write.batch.size, 256.0)",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Flink task parallelism or memory; hoodie sizes its own work"};

const ConfigProperty<bool> FlinkConfig::kCompactionAsyncEnabled{
    .key = "compaction.async.enabled",
    .default_value = true,
    .doc =
        "Run compaction asynchronously (MOR). Flink pipelines only: hoodie has no "
        "asynchronous compaction service and refuses an explicit true on a "
        "MERGE_ON_READ write; compact with hoodie.compact.inline=true or the "
        "hoodie compaction command.",
    .group = "Flink SQL"};

const ConfigProperty<std::string> FlinkConfig::kCompactionTriggerStrategy{
    .key = "compaction.trigger.strategy",
    .default_value = std::string("num_commits"),
    .doc =
        "When a compaction is due: num_commits (compaction.delta_commits "
        "deltacommits since the last compaction), time_elapsed "
        "(compaction.delta_seconds since it), num_and_time, num_or_time, or "
        "num_commits_after_last_request (counting from a pending compaction), or the "
        "name of a trigger registered in CompactionTriggerRegistry.",
    .aliases = {{.key = "hoodie.compact.inline.trigger.strategy"}},
    .group = "Flink SQL"};

const ConfigProperty<int32_t> FlinkConfig::kCompactionDeltaSeconds{
    .key = "compaction.delta_seconds",
    .default_value = 3600,
    .doc = "Seconds since the last compaction that trigger a new one.",
    .aliases = {{.key = "hoodie.compact.inline.max.delta.seconds"}},
    .validate = v::PositiveInt32,
    .group = "Flink SQL"};

const ConfigProperty<int32_t> FlinkConfig::kReadTasks{
    .key = "read.tasks",
    .default_value = 4,
    .doc = "Parallelism of the read tasks.",
    .validate = v::PositiveInt32,
    .group = "Flink SQL",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Flink task parallelism or memory; hoodie sizes its own work"};

const ConfigProperty<std::string> FlinkConfig::kReadAvroSchemaPath{
    .key = "read.avro-schema.path",
    .doc = "Avro schema file used for deserialisation; inferred from the DDL if unset.",
    .group = "Flink SQL",
    .hudi_0_15_default = "(renamed source.avro-schema.path)",
    .support = ConfigSupport::kRefused,
    .support_note = "a Flink job setting; hoodie has no Flink mode yet"};

const ConfigProperty<std::string> FlinkConfig::kReadAvroSchema{
    .key = "read.avro-schema",
    .doc =
        "Avro schema string used for deserialisation; inferred from the DDL if "
        "unset.",
    .group = "Flink SQL",
    .hudi_0_15_default = "(renamed source.avro-schema)",
    .support = ConfigSupport::kRefused,
    .support_note = "a Flink job setting; hoodie has no Flink mode yet"};

const ConfigProperty<bool> FlinkConfig::kReadUtcTimezone{
    .key = "read.utc-timezone",
    .default_value = true,
    .doc = "Use UTC (rather than local time) to convert epoch times to LocalDateTime.",
    .group = "Flink SQL",
    .support = ConfigSupport::kRefused,
    .support_note = "a Flink job setting; hoodie has no Flink mode yet"};

const ConfigProperty<bool> FlinkConfig::kReadStreamingEnabled{
    .key = "read.streaming.enabled",
    .default_value = false,
    .doc =
        "Read the table as a stream: hoodie query follows the timeline and prints the "
        "rows of each commit as it completes (as hoodie query --follow).",
    .group = "Flink SQL"};

const ConfigProperty<int32_t> FlinkConfig::kReadStreamingCheckInterval{
    .key = "read.streaming.check-interval",
    .default_value = 60,
    .doc = "Seconds between checks for new commits in streaming reads.",
    .validate = v::PositiveInt32,
    .group = "Flink SQL"};

const ConfigProperty<std::string> FlinkConfig::kReadStartCommit{
    .key = "read.start-commit",
    .doc =
        "Start commit (yyyyMMddHHmmss, or earliest) of streaming and incremental "
        "reads; unset means the latest commit.",
    .aliases = {{.key = "read.streaming.start-commit", .deprecated = true}},
    .group = "Flink SQL"};

const ConfigProperty<std::string> FlinkConfig::kReadEndCommit{
    .key = "read.end-commit",
    .doc =
        "End commit (inclusive) of incremental reads; unset means the latest commit. "
        "Alone, a batch read as of this instant (time travel); a streaming read stops "
        "once it has read this instant.",
    .group = "Flink SQL"};

const ConfigProperty<bool> FlinkConfig::kReadStreamingSkipCompaction{
    .key = "read.streaming.skip_compaction",
    .default_value = false,
    .doc = "Skip compaction commits in streaming reads.",
    .group = "Flink SQL"};

const ConfigProperty<bool> FlinkConfig::kBulkInsertShuffleByPartition{
    .key = "write.bulk_insert.shuffle_by_partition",
    .default_value = true,
    .doc = "Shuffle bulk_insert input by partition before writing.",
    .group = "Flink SQL",
    .hudi_0_15_default = "(renamed write.bulk_insert.shuffle_input)",
    .support = ConfigSupport::kRefused,
    .support_note = "a Flink job setting; hoodie has no Flink mode yet"};

const ConfigProperty<bool> FlinkConfig::kBulkInsertSortByPartition{
    .key = "write.bulk_insert.sort_by_partition",
    .default_value = true,
    .doc = "Sort bulk_insert input by partition before writing.",
    .group = "Flink SQL",
    .hudi_0_15_default = "(renamed write.bulk_insert.sort_input)",
    .support = ConfigSupport::kRefused,
    .support_note = "a Flink job setting; hoodie has no Flink mode yet"};

const ConfigProperty<int32_t> FlinkConfig::kWriteSortMemory{
    .key = "write.sort.memory",
    .default_value = 128,
    .doc = "Managed memory (MB) of the sort operator.",
    .validate = v::PositiveInt32,
    .group = "Flink SQL",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Flink task parallelism or memory; hoodie sizes its own work"};

const ConfigProperty<bool> FlinkConfig::kIndexBootstrapEnabled{
    .key = "index.bootstrap.enabled",
    .default_value = false,
    .doc = "Load existing records of the table into Flink state at start-up.",
    .group = "Flink SQL",
    .support = ConfigSupport::kNoEffect,
    .support_note =
        "needed by Flink's state index only; hoodie's indexes (bloom, simple, bucket, "
        "record index) look every incoming key up in the stored table on each write, so "
        "records already in the table (a bulk_insert's included) are never written again "
        "as new ones"};

const ConfigProperty<std::string> FlinkConfig::kIndexPartitionRegex{
    .key = "index.partition.regex",
    .default_value = std::string(".*"),
    .doc = "Regex selecting the partitions loaded by index bootstrap.",
    .group = "Flink SQL",
    .override_reason =
        "The seed documents \"*\", which is not a valid regular expression; Hudi "
        "uses \".*\" (all partitions), which is what the seed describes.",
    .support = ConfigSupport::kNoEffect,
    .support_note =
        "limits which partitions Flink's index bootstrap loads into its state; hoodie's "
        "indexes look keys up in every partition the write touches, with no state to "
        "load"};

const ConfigProperty<bool> FlinkConfig::kChangelogEnabled{
    .key = "changelog.enabled",
    .default_value = false,
    .doc = "Keep all intermediate changes (I/-U/U/D) instead of only merged records. "
           "MERGE_ON_READ upserts: every change of a stored key is kept, un-combined, in "
           "the log files with its _hoodie_operation (the file schemas gain the column, as "
           "hoodie.allow.operation.metadata.field does in Hudi); new keys go to new file "
           "groups, combined. With hoodie.streamer.source.cdc.format an update also keeps "
           "its before image (-U). Snapshot reads and compaction still merge.",
    .group = "Flink SQL"};

const ConfigProperty<bool> FlinkConfig::kWriteInsertCluster{
    .key = "write.insert.cluster",
    .default_value = false,
    .doc = "Merge small files while inserting into COW tables (no key de-duplication). "
           "hoodie streamer --op INSERT on a COPY_ON_WRITE table: true packs inserts into "
           "files under hoodie.parquet.small.file.limit, false writes new files (Flink's "
           "append mode); unset keeps the Spark writer's small-file handling.",
    .group = "Flink SQL",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<int64_t> FlinkConfig::kWriteRateLimit{
    .key = "write.rate.limit",
    .default_value = int64_t{0},
    .doc = "Records per second written; 0 disables the limit. hoodie streamer and hoodie "
           "write hand their records to the write no faster than this (the whole limit: "
           "hoodie has one writer where Flink divides it among its write tasks).",
    .validate = v::NonNegativeInt64,
    .group = "Flink SQL",
    .support = ConfigSupport::kHonoured};

void FlinkConfig::Register(ConfigRegistry* registry) {
  registry->Add(kWriteIgnoreFailed);
  registry->Add(kWriteTasks);
  registry->Add(kWriteBatchSizeMb);
  registry->Add(kCompactionAsyncEnabled);
  registry->Add(kCompactionTriggerStrategy);
  registry->Add(kCompactionDeltaSeconds);
  registry->Add(kReadTasks);
  registry->Add(kReadAvroSchemaPath);
  registry->Add(kReadAvroSchema);
  registry->Add(kReadUtcTimezone);
  registry->Add(kReadStreamingEnabled);
  registry->Add(kReadStreamingCheckInterval);
  registry->Add(kReadStartCommit);
  registry->Add(kReadEndCommit);
  registry->Add(kReadStreamingSkipCompaction);
  registry->Add(kBulkInsertShuffleByPartition);
  registry->Add(kBulkInsertSortByPartition);
  registry->Add(kWriteSortMemory);
  registry->Add(kIndexBootstrapEnabled);
  registry->Add(kIndexPartitionRegex);
  registry->Add(kChangelogEnabled);
  registry->Add(kWriteInsertCluster);
  registry->Add(kWriteRateLimit);
}

}  // namespace hoodie
