// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_options.h
/// \brief WriteOptions: every setting the copy-on-write write path reads, built once from
/// a HoodieConfig (the parts of Java's HoodieWriteConfig hoodie implements).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/config/compaction_config.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/config/index_config.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/config/write_config.h"
#include "hoodie/format/base_file/base_file_writer.h"
#include "hoodie/table/table_config.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/visibility.h"
#include "hoodie/write/bulk_insert_partitioner.h"
#include "hoodie/concurrency/early_conflict_detection.h"
#include "hoodie/write/rollback_options.h"

namespace hoodie {

class HoodieConfig;
class Index;
class KeyGenerator;
class RecordMerger;
class TableConfig;

/// The names of hoodie.bulkinsert.sort.mode (Hudi's BulkInsertSortMode).
inline constexpr EnumChoice<BulkInsertSortMode> kBulkInsertSortModeNames[] = {
    {"NONE", BulkInsertSortMode::kNone},
    {"GLOBAL_SORT", BulkInsertSortMode::kGlobalSort},
    {"PARTITION_SORT", BulkInsertSortMode::kPartitionSort},
    {"PARTITION_PATH_REPARTITION", BulkInsertSortMode::kPartitionPathRepartition},
    {"PARTITION_PATH_REPARTITION_AND_SORT",
     BulkInsertSortMode::kPartitionPathRepartitionAndSort},
};

/// \brief Settings of one write client. A value type, built by FromConfig at the edge.
/// Members start at the defaults their keys declare (DefaultOf), so that a default is
/// written once, in the key's declaration.
///
/// Options Hudi documents but hoodie does not implement are rejected by FromConfig with
/// a message naming the key, never silently ignored.
struct HOODIE_EXPORT WriteOptions {
  /// hoodie.table.name (or hoodie.datasource.write.table.name).
  std::string table_name;
  /// hoodie.datasource.write.operation, e.g. kUpsert.
  WriteOperationType operation =
      DefaultEnum(DataSourceConfig::kOperation, kWriteOperationTypeNames);
  /// Record key / partition fields as the key generator reads them.
  std::vector<std::string> record_key_fields;
  std::vector<std::string> partition_fields;
  /// hoodie.datasource.write.precombine.field (or hoodie.payload.ordering.field, or the
  /// table's hoodie.table.precombine.field). Unset when none was configured: then the
  /// default "ts" applies only if the input has such a column (Hudi's default).
  std::optional<std::string> precombine_field;
  bool precombine_field_explicit = false;
  /// The key generator built from the same configuration.
  std::shared_ptr<const KeyGenerator> key_generator;
  std::string key_generator_class;
  bool hive_style_partitioning = DefaultOf(DataSourceConfig::kHiveStylePartitioning);
  bool url_encode_partitioning = DefaultOf(DataSourceConfig::kPartitionPathUrlencode);
  /// hoodie.parquet.* settings of each base file.
  BaseFileWriterOptions base_file;
  /// hoodie.parquet.small.file.limit (bytes); 0 disables small-file packing.
  int64_t small_file_limit = DefaultOf(CompactionConfig::kParquetSmallFileLimit);
  /// The table is MERGE_ON_READ: deltacommits, updates and deletes appended to logs.
  bool merge_on_read = DefaultEnum(DataSourceConfig::kTableType, kTableTypeNames) ==
                       TableType::kMergeOnRead;
  /// hoodie.compact.inline: compact after each commit when the trigger says so
  /// (MERGE_ON_READ only).
  bool inline_compaction = DefaultOf(CompactionConfig::kInlineCompact);
  /// hoodie.logfile.max.size: a log file rolls over to the next version once it is
  /// larger (HoodieLogFormatWriter.rolloverIfNeeded).
  int64_t log_file_max_size = DefaultOf(StorageConfig::kLogFileMaxSize);
  /// hoodie.logfile.data.block.max.size: the size a data block is flushed at
  /// (HoodieAppendHandle's estimate).
  int64_t log_block_max_size = DefaultOf(StorageConfig::kLogFileDataBlockMaxSize);
  /// hoodie.logfile.data.block.format=parquet: data blocks are PARQUET_DATA_BLOCKs
  /// (codec and dictionary from `base_file`), else AVRO_DATA_BLOCKs. Unset, the key
  /// has no default: Avro, as Hudi derives it from Parquet base files.
  bool parquet_log_blocks = false;
  /// hoodie.logfile.to.parquet.compression.ratio: log bytes to base-file bytes.
  double log_to_parquet_ratio =
      DefaultOf(StorageConfig::kLogFileToParquetCompressionRatio);
  /// hoodie.merge.small.file.group.candidates.limit.
  int32_t small_file_group_candidates_limit =
      DefaultOf(WriteConfig::kSmallFileGroupCandidatesLimit);
  /// hoodie.copyonwrite.insert.split.size and .auto.split.
  int32_t insert_split_size = DefaultOf(CompactionConfig::kInsertSplitSize);
  bool insert_auto_split = DefaultOf(CompactionConfig::kInsertAutoSplit);
  /// hoodie.copyonwrite.record.size.estimate (bytes), used until a commit gives one.
  int32_t record_size_estimate = DefaultOf(CompactionConfig::kRecordSizeEstimate);
  /// hoodie.combine.before.{insert,upsert,delete}.
  bool combine_before_insert = DefaultOf(WriteConfig::kCombineBeforeInsert);
  bool combine_before_upsert = DefaultOf(WriteConfig::kCombineBeforeUpsert);
  bool combine_before_delete = DefaultOf(WriteConfig::kCombineBeforeDelete);
  /// hoodie.datasource.write.insert.drop.duplicates.
  bool insert_drop_duplicates = DefaultOf(DataSourceConfig::kInsertDropDuplicates);
  /// changelog.enabled (merge-on-read only): every change of a stored key is kept in the
  /// log files, un-combined, with its `_hoodie_operation` (I, -U, U, D; from the input's
  /// `_hoodie_operation` column, else I, or D for a delete); files carry that column
  /// (base_file.operation_field) and new keys go to new file groups, combined.
  bool changelog = false;
  /// hoodie.merge.allow.duplicate.on.inserts.
  bool allow_duplicate_on_inserts = DefaultOf(WriteConfig::kMergeAllowDuplicateOnInserts);
  /// hoodie.auto.commit.
  bool auto_commit = DefaultOf(WriteConfig::kAutoCommit);
  /// Entries of the configuration whose key starts with
  /// hoodie.datasource.write.commitmeta.key.prefix, copied into extraMetadata.
  std::string commit_meta_key_prefix = DefaultOf(DataSourceConfig::kCommitMetaKeyPrefix);
  std::vector<std::pair<std::string, std::string>> commit_meta_entries;
  /// hoodie.write.meta.key.prefixes: extraMetadata entries of the latest completed
  /// commit whose key starts with one of these are copied into each commit that does not
  /// set them itself (a SQL-source backfill keeps the streamer's checkpoint).
  std::vector<std::string> copied_meta_key_prefixes;
  /// hoodie.bloom.index.filter.type / hoodie.index.bloom.num_entries /
  /// hoodie.index.bloom.fpp / hoodie.bloom.index.filter.dynamic.max.entries.
  std::string bloom_filter_type = DefaultOf(IndexConfig::kBloomFilterType);
  int32_t bloom_num_entries = DefaultOf(IndexConfig::kBloomNumEntries);
  double bloom_fpp = DefaultOf(IndexConfig::kBloomFpp);
  int32_t bloom_dynamic_max_entries = DefaultOf(IndexConfig::kBloomDynamicMaxEntries);
  /// hoodie.index.type: BLOOM, SIMPLE, GLOBAL_BLOOM, GLOBAL_SIMPLE or INMEMORY, built
  /// by MakeIndex (or the user index named by hoodie.index.class); indexes other than
  /// the file-based four are told where each write put its records (UpdateLocation). A
  /// global index moves a record whose partition changed when *.update.partition.path is
  /// true, else updates it in its old partition.
  std::string index_type = DefaultOf(IndexConfig::kIndexType);
  std::shared_ptr<Index> index;
  /// Whether a write reports where its records went (WriteResult::written_keys): the
  /// metadata table keeps record_index (hoodie.metadata.enable and
  /// hoodie.metadata.record.index.enable), as Hudi's write statuses then track them.
  bool track_written_keys = false;
  /// The columns whose statistics a log append collects for the metadata table's
  /// column_stats (DeltaWriteStat::column_stats), empty for every column; nullopt when
  /// the metadata table keeps no column_stats (HoodieAppendHandle collects them when
  /// isMetadataColumnStatsIndexEnabled).
  std::optional<std::vector<std::string>> log_column_stats;
  /// hoodie.bulkinsert.sort.mode.
  BulkInsertSortMode bulk_insert_sort_mode =
      DefaultEnum(WriteConfig::kBulkInsertSortMode, kBulkInsertSortModeNames);
  /// hoodie.bulkinsert.user.defined.partitioner.class: the name of a registered
  /// BulkInsertPartitioner (replaces the sort mode); empty for none.
  std::string bulk_insert_partitioner;
  /// hoodie.memory.merge.max.size: bytes of records a write holds in memory before it
  /// spills them to `spill_directory` (sorted runs of bulk_insert).
  int64_t memory_budget = DefaultOf(MemoryConfig::kMergeMaxSize);
  /// hoodie.memory.spillable.map.path, else $TMPDIR or /tmp.
  std::string spill_directory;
  /// The payload class (hoodie.datasource.write.payload.class, else the table's
  /// hoodie.compaction.payload.class), a name in RecordMergerRegistry, and its merger
  /// built by MakeRecordMerger with the ordering field above: how in-batch duplicates
  /// pre-combine, how an incoming record merges with the stored one and which records
  /// are deletes.
  std::string payload_class = DefaultOf(DataSourceConfig::kPayloadClass);
  /// hoodie.cleaner.policy.failed.writes and hoodie.rollback.using.markers.
  RollbackOptions rollback;
  /// hoodie.write.concurrency.early.conflict.detection.* (optimistic concurrency only).
  EarlyConflictDetectionOptions early_conflict_detection;
  std::shared_ptr<const RecordMerger> merger;

  static WriteOptions Defaults() { return {}; }

  /// Reads the write options from `config`, falling back to the table's
  /// hoodie.properties (`table`, may be null for a table not created yet) for table
  /// name, keys, precombine field and key generator.
  /// \return Invalid naming the key for a bad value or an option hoodie does not
  ///   implement (MERGE_ON_READ, an index that is not file based, an unknown payload,
  ///   metadata table writes, hoodie.populate.meta.fields=false, ...).
  static ::arrow::Result<WriteOptions> FromConfig(const HoodieConfig& config,
                                                  const TableConfig* table = nullptr);
};

/// Parses a datasource operation name (insert, upsert, bulk_insert, delete,
/// insert_overwrite, insert_overwrite_table, delete_partition; any case).
/// \return NotImplemented naming the operation for the others (bootstrap, ...).
HOODIE_EXPORT
::arrow::Result<WriteOperationType> ParseWriteOperation(std::string_view name);

/// True for the operations Hudi commits as a `replacecommit` (insert_overwrite,
/// insert_overwrite_table, delete_partition); the others are a `commit` on COW tables.
HOODIE_EXPORT bool IsReplaceOperation(WriteOperationType operation);

}  // namespace hoodie
