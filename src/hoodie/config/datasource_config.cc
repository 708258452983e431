// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/datasource_config.cc
/// \brief Declarations of the "Spark Datasource" configuration keys.
#include "hoodie/config/datasource_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> DataSourceConfig::kTableName{
    .key = "hoodie.datasource.write.table.name",
    .doc = "Table name used to register the table into Hive.",
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kOperation{
    .key = "hoodie.datasource.write.operation",
    .default_value = std::string("upsert"),
    .doc =
        "Write operation: upsert, insert, bulk_insert (initial loads), delete and "
        "the overwrite operations.",
    .aliases = {{.key = "write.operation"}},
    .allowed_values = {"upsert", "insert", "bulk_insert", "delete", "insert_overwrite",
                       "insert_overwrite_table", "delete_partition", "bootstrap"},
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kSparkSqlInsertIntoOperation{
    .key = "hoodie.spark.sql.insert.into.operation",
    .default_value = std::string("insert"),
    .doc =
        "The operation of SQL INSERT INTO (hoodie sql, hoodie.sql): when set, this one; "
        "when not set, upsert for a table with a precombine field and insert for one "
        "without, as Hudi 0.15's Spark SQL deduces it.",
    .since = "0.14.0",
    .allowed_values = {"bulk_insert", "insert", "upsert"},
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kSparkSqlOptimizedWrites{
    .key = "hoodie.spark.sql.optimized.writes.enable",
    .default_value = true,
    .doc =
        "SQL UPDATE and DELETE (hoodie sql, hoodie.sql) are prepped writes, as Hudi "
        "0.15's Spark SQL makes them: their commits record UPSERT_PREPPED and "
        "DELETE_PREPPED; false records UPSERT and DELETE. The rows written are the same.",
    .since = "0.14.0",
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kTableType{
    .key = "hoodie.datasource.write.table.type",
    .default_value = std::string("COPY_ON_WRITE"),
    .doc = "Table type for this write; cannot change between writes.",
    .aliases = {{.key = "hoodie.datasource.write.storage.type", .deprecated = true},
                {.key = "table.type"}},
    .allowed_values = {"COPY_ON_WRITE", "MERGE_ON_READ"},
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kPrecombineField{
    .key = "hoodie.datasource.write.precombine.field",
    .default_value = std::string("ts"),
    .doc =
        "Field used to pick between records with the same key: the largest value "
        "wins.",
    .aliases = {{.key = "write.precombine.field"}},
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kPayloadClass{
    .key = "hoodie.datasource.write.payload.class",
    .default_value =
        std::string("org.apache.hudi.common.model.OverwriteWithLatestAvroPayload"),
    .doc = "Record payload class deciding how incoming and stored records merge.",
    .aliases = {{.key = "write.payload.class"}},
    .group = "Spark Datasource",
    .override_reason =
        "The seed gives org.apache.hudi.OverwriteWithLatestAvroPayload (Flink: "
        "OverwriteWithLatestAvroPayload.class); that class name no longer exists "
        "and Hudi 0.15 and Spark-written hoodie.properties use "
        "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload, so the seed "
        "value would break compatibility."};

const ConfigProperty<std::string> DataSourceConfig::kRecordKeyField{
    .key = "hoodie.datasource.write.recordkey.field",
    .default_value = std::string("uuid"),
    .doc = "Record key field(s); nested fields use dots (a.b.c).",
    .group = "Spark Datasource",
    .hudi_0_15_default = "(none)"};

const ConfigProperty<std::string> DataSourceConfig::kPartitionPathField{
    .key = "hoodie.datasource.write.partitionpath.field",
    .default_value = std::string("partitionpath"),
    .doc = "Partition path field(s).",
    .group = "Spark Datasource",
    .hudi_0_15_default = "(none)"};

const ConfigProperty<bool> DataSourceConfig::kHiveStylePartitioning{
    .key = "hoodie.datasource.write.hive_style_partitioning",
    .default_value = false,
    .doc =
        "Name partition folders like Hive: <column>=<value>. Persisted in "
        "hoodie.properties.",
    .aliases = {{.key = "hoodie.datasource.hive_style_partition", .deprecated = true}},
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kPartitionPathUrlencode{
    .key = "hoodie.datasource.write.partitionpath.urlencode",
    .default_value = false,
    .doc = "URL-encode partition path values. Persisted in hoodie.properties.",
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kDropPartitionColumns{
    .key = "hoodie.datasource.write.drop.partition.columns",
    .default_value = false,
    .doc =
        "Do not store partition columns in data files. Persisted in "
        "hoodie.properties.",
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kKeyGeneratorClass{
    .key = "hoodie.datasource.write.keygenerator.class",
    .default_value = std::string("org.apache.hudi.keygen.SimpleKeyGenerator"),
    .doc =
        "Key generator that extracts record key and partition path from incoming "
        "records.",
    .group = "Spark Datasource",
    .override_reason =
        "The Chinese edition gives org.apache.hudi.SimpleKeyGenerator (a pre-0.6 "
        "package that 0.15 lacks) and the Flink table gives "
        "SimpleAvroKeyGenerator.class (the Avro twin of the same generator); the "
        "English page's class is kept."};

const ConfigProperty<std::string> DataSourceConfig::kCommitMetaKeyPrefix{
    .key = "hoodie.datasource.write.commitmeta.key.prefix",
    .default_value = std::string("_"),
    .doc = "Options starting with this prefix are added to the commit metadata.",
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kInsertDropDuplicates{
    .key = "hoodie.datasource.write.insert.drop.duplicates",
    .default_value = false,
    .doc = "Drop incoming records whose keys already exist during insert.",
    .aliases = {{.key = "write.insert.drop.duplicates"}},
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kPartitionsToDelete{
    .key = "hoodie.datasource.write.partitions.to.delete",
    .doc =
        "delete_partition: comma-separated partition paths to delete; `*` matches any "
        "characters. Unset: the partitions of the input records.",
    .since = "0.9.0",
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kRowWriterEnable{
    .key = "hoodie.datasource.write.row.writer.enable",
    .default_value = false,
    .doc = "Write with Spark native rows (faster bulk_insert).",
    .group = "Spark Datasource",
    .hudi_0_15_default = "true",
    .support = ConfigSupport::kNoEffect,
    .support_note = "chooses Spark's Row or Avro write path; hoodie writes Arrow batches either way"};

const ConfigProperty<bool> DataSourceConfig::kHiveSyncEnable{
    .key = "hoodie.datasource.hive_sync.enable",
    .default_value = false,
    .doc = "Register and sync the table to the Hive metastore.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncDatabase{
    .key = "hoodie.datasource.hive_sync.database",
    .default_value = std::string("default"),
    .doc = "Hive database to sync to.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncTable{
    .key = "hoodie.datasource.hive_sync.table",
    .doc = "Hive table to sync to.",
    .group = "Spark Datasource",
    .hudi_0_15_default = "unknown",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncUsername{
    .key = "hoodie.datasource.hive_sync.username",
    .default_value = std::string("hive"),
    .doc = "Hive user name.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncPassword{
    .key = "hoodie.datasource.hive_sync.password",
    .default_value = std::string("hive"),
    .doc = "Hive password.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncJdbcUrl{
    .key = "hoodie.datasource.hive_sync.jdbcurl",
    .default_value = std::string("jdbc:hive2://localhost:10000"),
    .doc = "Hive JDBC URL.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncPartitionFields{
    .key = "hoodie.datasource.hive_sync.partition_fields",
    .default_value = std::string(""),
    .doc = "Table fields used as Hive partition columns.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kHiveSyncPartitionExtractorClass{
    .key = "hoodie.datasource.hive_sync.partition_extractor_class",
    .default_value =
        std::string("org.apache.hudi.hive.SlashEncodedDayPartitionValueExtractor"),
    .doc = "Class extracting Hive partition values from partition paths.",
    .group = "Spark Datasource",
    .hudi_0_15_default =
        "org.apache.hudi.hive.MultiPartKeysValueExtractor (inferred from the "
        "partition fields)",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<bool> DataSourceConfig::kHiveSyncAssumeDatePartitioning{
    .key = "hoodie.datasource.hive_sync.assume_date_partitioning",
    .default_value = false,
    .doc = "Assume yyyy/mm/dd partitioning when syncing.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<bool> DataSourceConfig::kHiveSyncUseJdbc{
    .key = "hoodie.datasource.hive_sync.use_jdbc",
    .default_value = true,
    .doc = "Use JDBC for Hive sync.",
    .group = "Spark Datasource",
    .hudi_0_15_default =
        "true (deprecated in favour of hoodie.datasource.hive_sync.mode)",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<bool> DataSourceConfig::kHiveSyncAutoCreateDatabase{
    .key = "hoodie.datasource.hive_sync.auto_create_database",
    .default_value = true,
    .doc = "Create the Hive database if it does not exist.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<bool> DataSourceConfig::kHiveSyncSkipRoSuffix{
    .key = "hoodie.datasource.hive_sync.skip_ro_suffix",
    .default_value = false,
    .doc = "Skip the _ro suffix when registering the read-optimized table.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<bool> DataSourceConfig::kHiveSyncSupportTimestamp{
    .key = "hoodie.datasource.hive_sync.support_timestamp",
    .default_value = false,
    .doc = "Sync INT64 TIMESTAMP_MICROS columns as Hive timestamp.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "Hive sync is not implemented yet (meta sync)"};

const ConfigProperty<std::string> DataSourceConfig::kQueryType{
    .key = "hoodie.datasource.query.type",
    .default_value = std::string("snapshot"),
    .doc =
        "Query type: snapshot (base + log files), read_optimized (base files only) "
        "or incremental.",
    .allowed_values = {"snapshot", "read_optimized", "incremental"},
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kViewType{
    .key = "hoodie.datasource.view.type",
    .default_value = std::string("read_optimized"),
    .doc =
        "Legacy view type (read_optimized, realtime, incremental), replaced by "
        "hoodie.datasource.query.type.",
    .allowed_values = {"read_optimized", "realtime", "incremental"},
    .advanced = true,
    .group = "Spark Datasource",
    .hudi_0_15_default = "(removed; use hoodie.datasource.query.type)",
    .support = ConfigSupport::kRefused,
    .support_note = "the deprecated view type is not read; use hoodie.datasource.query.type"};

const ConfigProperty<std::string> DataSourceConfig::kBeginInstantTime{
    .key = "hoodie.datasource.read.begin.instanttime",
    .doc =
        "Instant time after which incremental queries return data; required in "
        "incremental mode.",
    .group = "Spark Datasource"};

const ConfigProperty<std::string> DataSourceConfig::kEndInstantTime{
    .key = "hoodie.datasource.read.end.instanttime",
    .doc =
        "Instant time up to which incremental queries return data; unset means the "
        "latest instant.",
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kIncrementalFallbackToFullTableScan{
    .key = "hoodie.datasource.read.incr.fallback.fulltablescan.enable",
    .default_value = false,
    .doc =
        "An incremental query whose range starts or ends before the active timeline, or "
        "whose commits' files were cleaned, reads the latest snapshot filtered on "
        "_hoodie_commit_time instead of failing or missing archived commits.",
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kEnableDataSkipping{
    .key = "hoodie.enable.data.skipping",
    .default_value = false,
    .doc =
        "Snapshot and read-optimized queries with filters skip the file slices whose "
        "files the metadata table's column_stats rule out (min, max and null counts of "
        "the filtered columns); files it does not index are always read. A query of one "
        "record key (an equality on _hoodie_record_key or the single record key field), "
        "not as of an earlier instant, reads only the file group the record_index "
        "partition puts the key in, as Hudi's record-level index support does.",
    .since = "0.10.0",
    .group = "Spark Datasource"};

const ConfigProperty<bool> DataSourceConfig::kIncrementalUseEndInstantSchema{
    .key = "hoodie.datasource.read.schema.use.end.instanttime",
    .default_value = false,
    .doc = "Incremental reads use the schema of the end instant instead of the latest.",
    .group = "Spark Datasource",
    .support = ConfigSupport::kRefused,
    .support_note = "incremental reads with the end instant's schema are not implemented"};

const ConfigProperty<std::string> DataSourceConfig::kMergeType{
    .key = "hoodie.datasource.merge.type",
    .default_value = std::string("payload_combine"),
    .doc =
        "Snapshot merge on MOR tables: payload_combine merges base and log records "
        "by key, skip_merge returns both.",
    .allowed_values = {"payload_combine", "skip_merge"},
    .group = "Spark Datasource"};

void DataSourceConfig::Register(ConfigRegistry* registry) {
  registry->Add(kTableName);
  registry->Add(kOperation);
  registry->Add(kTableType);
  registry->Add(kPrecombineField);
  registry->Add(kPayloadClass);
  registry->Add(kRecordKeyField);
  registry->Add(kPartitionPathField);
  registry->Add(kHiveStylePartitioning);
  registry->Add(kPartitionPathUrlencode);
  registry->Add(kDropPartitionColumns);
  registry->Add(kKeyGeneratorClass);
  registry->Add(kCommitMetaKeyPrefix);
  registry->Add(kInsertDropDuplicates);
  registry->Add(kPartitionsToDelete);
  registry->Add(kRowWriterEnable);
  registry->Add(kHiveSyncEnable);
  registry->Add(kHiveSyncDatabase);
  registry->Add(kHiveSyncTable);
  registry->Add(kHiveSyncUsername);
  registry->Add(kHiveSyncPassword);
  registry->Add(kHiveSyncJdbcUrl);
  registry->Add(kHiveSyncPartitionFields);
  registry->Add(kHiveSyncPartitionExtractorClass);
  registry->Add(kHiveSyncAssumeDatePartitioning);
  registry->Add(kHiveSyncUseJdbc);
  registry->Add(kHiveSyncAutoCreateDatabase);
  registry->Add(kHiveSyncSkipRoSuffix);
  registry->Add(kHiveSyncSupportTimestamp);
  registry->Add(kQueryType);
  registry->Add(kViewType);
  registry->Add(kBeginInstantTime);
  registry->Add(kEndInstantTime);
  registry->Add(kIncrementalFallbackToFullTableScan);
  registry->Add(kEnableDataSkipping);
  registry->Add(kSparkSqlInsertIntoOperation);
  registry->Add(kSparkSqlOptimizedWrites);
  registry->Add(kIncrementalUseEndInstantSchema);
  registry->Add(kMergeType);
}

}  // namespace hoodie
