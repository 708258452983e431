// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/write_config.cc
/// \brief Declarations of the "Write Client" configuration keys.
#include "hoodie/config/write_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> WriteConfig::kBasePath{
    .key = "hoodie.base.path",
    .doc =
        "Base path of the table; all partitions and the .hoodie folder live under "
        "it. Prefix it with the storage scheme (hdfs://, s3://, file://).",
    .since = "0.5.0",
    .aliases = {{.key = "path"}},
    .group = "Write Client",
    .support = ConfigSupport::kRefused,
    .support_note = "the table path is the command's --table (or --path) argument"};

const ConfigProperty<std::string> WriteConfig::kAvroSchema{
    .key = "hoodie.avro.schema",
    .doc =
        "Avro schema (JSON) of the records being written; also used when rewriting "
        "records during updates.",
    .since = "0.5.0",
    .group = "Write Client",
    .support = ConfigSupport::kRefused,
    .support_note = "a writer schema given by key is not implemented; JSON and CSV input take an Avro schema with `hoodie write --schema-file`"};

const ConfigProperty<int32_t> WriteConfig::kBulkInsertParallelism{
    .key = "hoodie.bulkinsert.shuffle.parallelism",
    .default_value = 1500,
    .doc =
        "Shuffle parallelism of bulk_insert; decides the initial number of files of "
        "a table.",
    .validate = v::NonNegativeInt32,
    .group = "Write Client",
    .hudi_0_15_default = "0 (derived from the input)",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<std::string> WriteConfig::kBulkInsertPartitionerClass{
    .key = "hoodie.bulkinsert.user.defined.partitioner.class",
    .doc = "Class used to re-partition input records before bulk_insert writes them.",
    .advanced = true,
    .group = "Write Client",
    .override_reason =
        "The seed shows the example value x.y.z.UserDefinedPatitionerClass; the key "
        "has no default."};

const ConfigProperty<std::string> WriteConfig::kBulkInsertSortMode{
    .key = "hoodie.bulkinsert.sort.mode",
    .default_value = std::string("GLOBAL_SORT"),
    .doc =
        "How bulk_insert sorts records when no user partitioner is set: GLOBAL_SORT "
        "(best file sizes), PARTITION_SORT, or NONE (fastest).",
    .allowed_values = {"GLOBAL_SORT", "PARTITION_SORT", "NONE",
                       "PARTITION_PATH_REPARTITION",
                       "PARTITION_PATH_REPARTITION_AND_SORT"},
    .group = "Write Client",
    .hudi_0_15_default = "NONE"};

const ConfigProperty<int32_t> WriteConfig::kInsertParallelism{
    .key = "hoodie.insert.shuffle.parallelism",
    .default_value = 1500,
    .doc = "Shuffle parallelism for reading input records of insert.",
    .validate = v::NonNegativeInt32,
    .group = "Write Client",
    .hudi_0_15_default = "0 (derived from the input)",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<int32_t> WriteConfig::kUpsertParallelism{
    .key = "hoodie.upsert.shuffle.parallelism",
    .default_value = 1500,
    .doc = "Shuffle parallelism for reading input records of upsert.",
    .validate = v::NonNegativeInt32,
    .group = "Write Client",
    .hudi_0_15_default = "0 (derived from the input)",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<int32_t> WriteConfig::kDeleteParallelism{
    .key = "hoodie.delete.shuffle.parallelism",
    .default_value = 1500,
    .doc = "Shuffle parallelism of delete while de-duplicating or repartitioning.",
    .validate = v::NonNegativeInt32,
    .group = "Write Client",
    .hudi_0_15_default = "0 (derived from the input)",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<bool> WriteConfig::kCombineBeforeInsert{
    .key = "hoodie.combine.before.insert",
    .default_value = false,
    .doc = "Combine records with the same key in the input before inserting.",
    .group = "Write Client"};

const ConfigProperty<bool> WriteConfig::kCombineBeforeUpsert{
    .key = "hoodie.combine.before.upsert",
    .default_value = true,
    .doc = "Combine records with the same key in the input before upserting.",
    .group = "Write Client"};

const ConfigProperty<bool> WriteConfig::kCombineBeforeDelete{
    .key = "hoodie.combine.before.delete",
    .default_value = true,
    .doc = "Combine records with the same key in the input before deleting.",
    .group = "Write Client"};

const ConfigProperty<bool> WriteConfig::kMergeAllowDuplicateOnInserts{
    .key = "hoodie.merge.allow.duplicate.on.inserts",
    .default_value = false,
    .doc =
        "Route new records as inserts without merging with existing records, so "
        "results may hold duplicates.",
    .group = "Write Client",
    .hudi_0_15_default = "true"};

const ConfigProperty<std::string> WriteConfig::kWriteStatusStorageLevel{
    .key = "hoodie.write.status.storage.level",
    .default_value = std::string("MEMORY_AND_DISK_SER"),
    .doc = "Spark storage level of the persisted write statuses.",
    .advanced = true,
    .group = "Write Client",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a Spark storage level for cached RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<bool> WriteConfig::kAutoCommit{
    .key = "hoodie.auto.commit",
    .default_value = true,
    .doc =
        "Commit automatically after insert and upsert; turn off to commit on a "
        "caller-defined success condition.",
    .group = "Write Client"};

const ConfigProperty<bool> WriteConfig::kAssumeDatePartitioning{
    .key = "hoodie.assume.date.partitioning",
    .default_value = false,
    .doc =
        "Assume three-level yyyy/mm/dd partitioning from the base path (tables "
        "older than 0.3.1).",
    .advanced = true,
    .group = "Write Client",
    .support = ConfigSupport::kRefused,
    .support_note = "listing date partitions without partition metadata is not implemented"};

const ConfigProperty<bool> WriteConfig::kConsistencyCheckEnabled{
    .key = "hoodie.consistency.check.enabled",
    .default_value = false,
    .doc =
        "Check that written files are listable before committing (eventually "
        "consistent stores).",
    .advanced = true,
    .group = "Write Client",
    .support = ConfigSupport::kRefused,
    .support_note = "the consistency guard for eventually consistent stores is not implemented (it is deprecated in Hudi)"};

const ConfigProperty<int32_t> WriteConfig::kRollbackParallelism{
    .key = "hoodie.rollback.parallelism",
    .default_value = 100,
    .doc = "Parallelism of rolling back commits.",
    .validate = v::NonNegativeInt32,
    .group = "Write Client",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<bool> WriteConfig::kRollbackUsingMarkers{
    .key = "hoodie.rollback.using.markers",
    .default_value = false,
    .doc =
        "Roll back using the marker files written during the write instead of "
        "listing.",
    .group = "Write Client",
    .hudi_0_15_default = "true"};

const ConfigProperty<int32_t> WriteConfig::kMarkersDeleteParallelism{
    .key = "hoodie.markers.delete.parallelism",
    .default_value = 100,
    .doc = "Parallelism of deleting marker files.",
    .validate = v::NonNegativeInt32,
    .group = "Write Client",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<std::string> WriteConfig::kMetaKeyPrefixes{
    .key = "hoodie.write.meta.key.prefixes",
    .default_value = std::string(""),
    .doc =
        "Comma-separated prefixes of commit-metadata keys copied from the latest "
        "commit, e.g. deltastreamer.checkpoint.key for SQL-source backfills.",
    .advanced = true,
    .group = "Write Client"};

const ConfigProperty<int32_t> WriteConfig::kSmallFileGroupCandidatesLimit{
    .key = "hoodie.merge.small.file.group.candidates.limit",
    .default_value = 1,
    .doc =
        "Merge-on-read with an index that cannot index log files: how many small file "
        "groups (a base file below hoodie.parquet.small.file.limit and no log files) a "
        "write may pad with inserts, smallest first.",
    .validate = v::NonNegativeInt32,
    .advanced = true,
    .group = "Write Client"};

void WriteConfig::Register(ConfigRegistry* registry) {
  registry->Add(kBasePath);
  registry->Add(kAvroSchema);
  registry->Add(kBulkInsertParallelism);
  registry->Add(kBulkInsertPartitionerClass);
  registry->Add(kBulkInsertSortMode);
  registry->Add(kInsertParallelism);
  registry->Add(kUpsertParallelism);
  registry->Add(kDeleteParallelism);
  registry->Add(kCombineBeforeInsert);
  registry->Add(kCombineBeforeUpsert);
  registry->Add(kCombineBeforeDelete);
  registry->Add(kMergeAllowDuplicateOnInserts);
  registry->Add(kWriteStatusStorageLevel);
  registry->Add(kAutoCommit);
  registry->Add(kAssumeDatePartitioning);
  registry->Add(kConsistencyCheckEnabled);
  registry->Add(kRollbackParallelism);
  registry->Add(kRollbackUsingMarkers);
  registry->Add(kMarkersDeleteParallelism);
  registry->Add(kMetaKeyPrefixes);
  registry->Add(kSmallFileGroupCandidatesLimit);
}

}  // namespace hoodie
