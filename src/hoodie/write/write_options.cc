// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_options.cc
/// \brief WriteOptions::FromConfig: reads and checks the write settings.

#include "hoodie/write/write_options.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#include "hoodie/common/ascii.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/index_config.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/config/metadata_config.h"
#include "hoodie/config/payload_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/config/write_config.h"
#include "hoodie/index/index.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/table/table_config.h"
#include "hoodie/write/bulk_insert_partitioner.h"

namespace hoodie {
namespace {

// The table's hoodie.properties entries first, the write configuration on top: write
// options win, and keys only the table knows (record key fields, key generator) apply.
HoodieConfig Layered(const HoodieConfig& config, const TableConfig* table) {
  HoodieConfig merged;
  if (table != nullptr) {
    for (const auto& [key, value] : table->entries()) merged.Set(key, value);
  }
  for (const auto& [key, value] : config.entries()) merged.Set(key, value);
  return merged;
}

// The type of the table written: the table's own, else hoodie.datasource.write.table.type.
::arrow::Result<TableType> WriteTableType(const HoodieConfig& config, const TableConfig* table) {
  if (table != nullptr) return table->table_type().ValueOr(TableType::kCopyOnWrite);
  return GetEnum(config, DataSourceConfig::kTableType, kTableTypeNames);
}

::arrow::Status RejectUnsupported(const HoodieConfig& config, const TableConfig* table) {
  ARROW_RETURN_NOT_OK(WriteTableType(config, table).status());
  ARROW_ASSIGN_OR_RAISE(bool populate, config.Get(TableConfigKeys::kPopulateMetaFields));
  if (!populate || (table != nullptr && !table->populate_meta_fields())) {
    return ::arrow::Status::NotImplemented(
        "writing without meta fields is not implemented: "
        "hoodie.populate.meta.fields=false");
  }
  ARROW_ASSIGN_OR_RAISE(bool drop_partition_columns,
                        config.Get(DataSourceConfig::kDropPartitionColumns));
  if (drop_partition_columns || (table != nullptr && table->drop_partition_columns())) {
    return ::arrow::Status::NotImplemented(
        "hoodie.datasource.write.drop.partition.columns=true is not implemented");
  }
  return ::arrow::Status::OK();
}

// The merger of the configured payload class. Its ordering field is the precombine
// field when one is configured; otherwise "ts" (Hudi's default), which the write drops
// again when the input has no such column (WriteClient::Run).
::arrow::Status ReadPayload(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(out->payload_class, PayloadClassName(config));
  auto merger = MakeRecordMerger(config);
  if (!merger.ok()) {
    return merger.status().WithMessage(
        merger.status().message(),
        "; set hoodie.datasource.write.payload.class to one of them, or register a "
        "custom merger under that name with RecordMergerRegistry::Global()->Register");
  }
  out->merger = *std::move(merger);
  return ::arrow::Status::OK();
}

::arrow::Status ReadIndexAndBloom(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(std::string index, config.Get(IndexConfig::kIndexType));
  out->index_type = ToUpperAscii(index);
  // A user index (hoodie.index.class) wins over the type, as in Java. MakeIndex
  // refuses HBASE, BUCKET and FLINK_STATE and unknown names.
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<Index> made, MakeIndex(config));
  out->index = std::move(made);
  ARROW_ASSIGN_OR_RAISE(bool metadata, config.Get(MetadataConfig::kEnable));
  ARROW_ASSIGN_OR_RAISE(bool record_index, config.Get(MetadataConfig::kRecordIndexEnable));
  out->track_written_keys = metadata && record_index;
  ARROW_ASSIGN_OR_RAISE(bool column_stats, config.Get(MetadataConfig::kIndexColumnStatsEnable));
  if (metadata && column_stats) {
    ARROW_ASSIGN_OR_RAISE(out->log_column_stats, MetadataConfig::ColumnStatsColumns(config));
  }
  // The registry's default is the seed's SIMPLE; Hudi 0.15 defaults to DYNAMIC_V0. Both
  // are read by Hudi's bloom index, so the documented default wins (design.md).
  ARROW_ASSIGN_OR_RAISE(std::string bloom_type,
                        config.Get(IndexConfig::kBloomFilterType));
  out->bloom_filter_type = ToUpperAscii(bloom_type);
  ARROW_ASSIGN_OR_RAISE(out->bloom_num_entries,
                        config.Get(IndexConfig::kBloomNumEntries));
  ARROW_ASSIGN_OR_RAISE(out->bloom_fpp, config.Get(IndexConfig::kBloomFpp));
  ARROW_ASSIGN_OR_RAISE(out->bloom_dynamic_max_entries,
                        config.Get(IndexConfig::kBloomDynamicMaxEntries));
  return ::arrow::Status::OK();
}

::arrow::Status ReadSizing(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(out->base_file, BaseFileWriterOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(out->small_file_limit,
                        config.Get(CompactionConfig::kParquetSmallFileLimit));
  ARROW_ASSIGN_OR_RAISE(out->insert_split_size,
                        config.Get(CompactionConfig::kInsertSplitSize));
  ARROW_ASSIGN_OR_RAISE(out->insert_auto_split,
                        config.Get(CompactionConfig::kInsertAutoSplit));
  ARROW_ASSIGN_OR_RAISE(out->record_size_estimate,
                        config.Get(CompactionConfig::kRecordSizeEstimate));
  ARROW_ASSIGN_OR_RAISE(out->log_file_max_size,
                        config.Get(StorageConfig::kLogFileMaxSize));
  ARROW_ASSIGN_OR_RAISE(out->log_block_max_size,
                        config.Get(StorageConfig::kLogFileDataBlockMaxSize));
  ARROW_ASSIGN_OR_RAISE(out->log_to_parquet_ratio,
                        config.Get(StorageConfig::kLogFileToParquetCompressionRatio));
  // Unset, HoodieAppendHandle.pickLogDataBlockFormat derives Avro from Parquet base files.
  if (config.Contains(StorageConfig::kLogFileDataBlockFormat.key)) {
    ARROW_ASSIGN_OR_RAISE(std::string format,
                          config.Get(StorageConfig::kLogFileDataBlockFormat));
    out->parquet_log_blocks = format == "parquet";
  }
  ARROW_ASSIGN_OR_RAISE(out->small_file_group_candidates_limit,
                        config.Get(WriteConfig::kSmallFileGroupCandidatesLimit));
  if (out->record_size_estimate <= 0 || out->insert_split_size <= 0) {
    return ::arrow::Status::Invalid(
        "hoodie.copyonwrite.record.size.estimate and "
        "hoodie.copyonwrite.insert.split.size "
        "must be positive");
  }
  return ::arrow::Status::OK();
}

// Sort mode, user partitioner and the memory bound of bulk_insert's sort.
::arrow::Status ReadBulkInsert(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(
      out->bulk_insert_sort_mode,
      GetEnum(config, WriteConfig::kBulkInsertSortMode, kBulkInsertSortModeNames));
  out->bulk_insert_partitioner =
      config.GetRaw(WriteConfig::kBulkInsertPartitionerClass.key).value_or("");
  const std::string& name = out->bulk_insert_partitioner;
  BulkInsertPartitionerRegistry* registry = BulkInsertPartitionerRegistry::Global();
  if (!name.empty() && !registry->Contains(name)) {
    ::arrow::Status unknown = registry->Make(name).status();
    return unknown.WithMessage(WriteConfig::kBulkInsertPartitionerClass.key, "=", name,
                               ": ", unknown.message(),
                               "; hoodie cannot load Java classes: register a C++ "
                               "BulkInsertPartitioner under that name, or unset the key "
                               "to use hoodie.bulkinsert.sort.mode");
  }
  ARROW_ASSIGN_OR_RAISE(out->memory_budget, config.Get(MemoryConfig::kMergeMaxSize));
  out->spill_directory = config.GetRaw(MemoryConfig::kSpillableMapPath.key).value_or("");
  return ::arrow::Status::OK();
}

::arrow::Status ReadBehaviour(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(out->combine_before_insert,
                        config.Get(WriteConfig::kCombineBeforeInsert));
  ARROW_ASSIGN_OR_RAISE(out->combine_before_upsert,
                        config.Get(WriteConfig::kCombineBeforeUpsert));
  ARROW_ASSIGN_OR_RAISE(out->combine_before_delete,
                        config.Get(WriteConfig::kCombineBeforeDelete));
  ARROW_ASSIGN_OR_RAISE(out->insert_drop_duplicates,
                        config.Get(DataSourceConfig::kInsertDropDuplicates));
  ARROW_ASSIGN_OR_RAISE(out->allow_duplicate_on_inserts,
                        config.Get(WriteConfig::kMergeAllowDuplicateOnInserts));
  ARROW_ASSIGN_OR_RAISE(out->auto_commit, config.Get(WriteConfig::kAutoCommit));
  ARROW_RETURN_NOT_OK(ReadBulkInsert(config, out));
  ARROW_ASSIGN_OR_RAISE(std::string copied_prefixes, config.Get(WriteConfig::kMetaKeyPrefixes));
  for (const std::string& prefix : SplitAtCommas(copied_prefixes)) {
    std::string trimmed = Trim(prefix);
    if (!trimmed.empty()) out->copied_meta_key_prefixes.push_back(std::move(trimmed));
  }
  ARROW_ASSIGN_OR_RAISE(out->commit_meta_key_prefix,
                        config.Get(DataSourceConfig::kCommitMetaKeyPrefix));
  for (const auto& [key, value] : config.entries()) {
    const ConfigEntry* entry = ConfigRegistry::Global().Find(key);
    // A credential never lands in commit metadata, whatever the prefix catches.
    if (entry != nullptr && entry->secret) continue;
    if (!out->commit_meta_key_prefix.empty() &&
        key.rfind(out->commit_meta_key_prefix, 0) == 0) {
      out->commit_meta_entries.emplace_back(key, value);
    }
  }
  return ::arrow::Status::OK();
}

// hoodie.compact.inline and the Flink async switch. Inline compaction only exists on
// merge-on-read tables (Hudi's copy-on-write table throws "Compaction is not supported
// on a CopyOnWrite table" after the commit); an asynchronous compaction service is a
// Flink pipeline hoodie does not have, so asking for one explicitly is refused.
::arrow::Status ReadCompaction(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(out->inline_compaction,
                        config.Get(CompactionConfig::kInlineCompact));
  if (out->inline_compaction && !out->merge_on_read) {
    return ::arrow::Status::Invalid(
        "hoodie.compact.inline=true needs a MERGE_ON_READ table (a COPY_ON_WRITE table "
        "has no log files to compact); leave it unset or set it to false");
  }
  if (out->merge_on_read && config.Contains(FlinkConfig::kCompactionAsyncEnabled.key)) {
    ARROW_ASSIGN_OR_RAISE(bool async, config.Get(FlinkConfig::kCompactionAsyncEnabled));
    if (async) {
      return ::arrow::Status::NotImplemented(
          "hoodie has no asynchronous compaction service: compaction.async.enabled=true "
          "is not supported; set hoodie.compact.inline=true to compact within the "
          "write, or run hoodie compaction schedule / run");
    }
  }
  return ::arrow::Status::OK();
}

// changelog.enabled (Flink's changelog mode, StreamWriteFunction without pre-combining):
// the intermediate changes of stored keys stay in the merge-on-read logs, each with its
// operation (hoodie.allow.operation.metadata.field, which Flink turns on with it). New
// keys go to new file groups (no small base file is rewritten), combined: a base file
// holds one record a key.
::arrow::Status ReadChangelog(const HoodieConfig& config, WriteOptions* out) {
  ARROW_ASSIGN_OR_RAISE(out->changelog, config.Get(FlinkConfig::kChangelogEnabled));
  if (!out->changelog) return ::arrow::Status::OK();
  if (!out->merge_on_read) {
    return ::arrow::Status::Invalid(
        "changelog.enabled=true keeps a key's changes in merge-on-read log files, but a "
        "COPY_ON_WRITE table keeps only merged records: use a MERGE_ON_READ table, or "
        "leave it unset");
  }
  out->base_file.operation_field = true;
  out->small_file_limit = 0;
  return ::arrow::Status::OK();
}

::arrow::Status ReadTableAndKeys(const HoodieConfig& config, const TableConfig* table,
                                 WriteOptions* out) {
  out->table_name =
      config.GetRaw(TableConfigKeys::kTableName.key)
          .value_or(config.GetRaw(DataSourceConfig::kTableName.key).value_or(""));
  if (out->table_name.empty()) {
    return ::arrow::Status::Invalid("the table name is required: set hoodie.table.name");
  }
  out->base_file.table_name = out->table_name;
  ARROW_ASSIGN_OR_RAISE(std::string operation, config.Get(DataSourceConfig::kOperation));
  ARROW_ASSIGN_OR_RAISE(out->operation, ParseWriteOperation(operation));
  ARROW_ASSIGN_OR_RAISE(KeyGeneratorOptions keys,
                        KeyGeneratorOptions::FromConfig(config));
  out->record_key_fields = keys.record_key_fields;
  out->partition_fields = keys.partition_path_fields;
  out->hive_style_partitioning = keys.hive_style_partitioning;
  out->url_encode_partitioning = keys.url_encode_partition_path;
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<KeyGenerator> generator,
                        MakeKeyGenerator(config));
  out->key_generator_class = std::string(generator->java_class_name());
  out->key_generator = std::move(generator);
  for (const auto* key :
       {&DataSourceConfig::kPrecombineField.key, &PayloadConfig::kOrderingField.key,
        &TableConfigKeys::kPrecombineField.key}) {
    if (auto value = config.GetRaw(*key); value && !value->empty()) {
      out->precombine_field = *value;
      out->precombine_field_explicit = true;
      break;
    }
  }
  if (!out->precombine_field) out->precombine_field = "ts";
  (void)table;
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<WriteOperationType> ParseWriteOperation(std::string_view name) {
  // The operations hoodie writes; Hudi's others (bootstrap, the prepped ones, ...) and
  // unknown names are refused alike, listing these.
  constexpr WriteOperationType kWritten[] = {
      WriteOperationType::kInsert,          WriteOperationType::kUpsert,
      WriteOperationType::kBulkInsert,      WriteOperationType::kDelete,
      WriteOperationType::kInsertOverwrite, WriteOperationType::kInsertOverwriteTable,
      WriteOperationType::kDeletePartition};
  auto parsed =
      ParseEnum(DataSourceConfig::kOperation.key, name, kWriteOperationTypeNames);
  if (parsed.ok() && std::find(std::begin(kWritten), std::end(kWritten), *parsed) !=
                         std::end(kWritten)) {
    return *parsed;
  }
  std::vector<std::string> written;
  for (WriteOperationType each : kWritten) {
    written.push_back(ToLowerAscii(WriteOperationTypeName(each)));
  }
  return ::arrow::Status::NotImplemented("write operation not implemented (",
                                         Join(written, ", "), " are): ", name);
}

bool IsReplaceOperation(WriteOperationType operation) {
  return operation == WriteOperationType::kInsertOverwrite ||
         operation == WriteOperationType::kInsertOverwriteTable ||
         operation == WriteOperationType::kDeletePartition;
}

::arrow::Result<WriteOptions> WriteOptions::FromConfig(const HoodieConfig& config,
                                                       const TableConfig* table) {
  ARROW_RETURN_NOT_OK(config.CheckSupported());
  HoodieConfig merged = Layered(config, table);
  ARROW_RETURN_NOT_OK(RejectUnsupported(merged, table));
  WriteOptions out;
  ARROW_RETURN_NOT_OK(ReadTableAndKeys(merged, table, &out));
  ARROW_ASSIGN_OR_RAISE(TableType type, WriteTableType(merged, table));
  out.merge_on_read = type == TableType::kMergeOnRead;
  ARROW_RETURN_NOT_OK(ReadCompaction(merged, &out));
  ARROW_RETURN_NOT_OK(ReadPayload(merged, &out));
  ARROW_RETURN_NOT_OK(ReadIndexAndBloom(merged, &out));
  ARROW_RETURN_NOT_OK(ReadSizing(merged, &out));
  ARROW_RETURN_NOT_OK(ReadChangelog(merged, &out));
  ARROW_ASSIGN_OR_RAISE(out.rollback, RollbackOptions::FromConfig(merged));
  ARROW_ASSIGN_OR_RAISE(out.early_conflict_detection,
                        EarlyConflictDetectionOptions::FromConfig(merged));
  // Only the caller's own options feed extraMetadata, not hoodie.properties.
  ARROW_RETURN_NOT_OK(ReadBehaviour(config, &out));
  return out;
}

}  // namespace hoodie
