// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/commit_metadata.h
/// \brief Commit metadata JSON of commit, deltacommit and replacecommit instants.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/common/enum_choice.h"
#include "hoodie/timeline/column_stats.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// WriteOperationType; serialised as the Java enum name.
enum class WriteOperationType {
  kInsert,
  kInsertPrepped,
  kUpsert,
  kUpsertPrepped,
  kBulkInsert,
  kBulkInsertPrepped,
  kDelete,
  kDeletePrepped,
  kBootstrap,
  kInsertOverwrite,
  kCluster,
  kDeletePartition,
  kInsertOverwriteTable,
  kCompact,
  kIndex,
  kAlterSchema,
  kLogCompact,
  kUnknown,
};

/// The Java enum names of WriteOperationType, as commit metadata and the write options
/// spell them.
inline constexpr EnumChoice<WriteOperationType> kWriteOperationTypeNames[] = {
    {"INSERT", WriteOperationType::kInsert},
    {"INSERT_PREPPED", WriteOperationType::kInsertPrepped},
    {"UPSERT", WriteOperationType::kUpsert},
    {"UPSERT_PREPPED", WriteOperationType::kUpsertPrepped},
    {"BULK_INSERT", WriteOperationType::kBulkInsert},
    {"BULK_INSERT_PREPPED", WriteOperationType::kBulkInsertPrepped},
    {"DELETE", WriteOperationType::kDelete},
    {"DELETE_PREPPED", WriteOperationType::kDeletePrepped},
    {"BOOTSTRAP", WriteOperationType::kBootstrap},
    {"INSERT_OVERWRITE", WriteOperationType::kInsertOverwrite},
    {"CLUSTER", WriteOperationType::kCluster},
    {"DELETE_PARTITION", WriteOperationType::kDeletePartition},
    {"INSERT_OVERWRITE_TABLE", WriteOperationType::kInsertOverwriteTable},
    {"COMPACT", WriteOperationType::kCompact},
    {"INDEX", WriteOperationType::kIndex},
    {"ALTER_SCHEMA", WriteOperationType::kAlterSchema},
    {"LOG_COMPACT", WriteOperationType::kLogCompact},
    {"UNKNOWN", WriteOperationType::kUnknown},
};

/// The Java enum name ("UPSERT", "INSERT_OVERWRITE_TABLE", ...).
HOODIE_EXPORT std::string_view WriteOperationTypeName(WriteOperationType type);
/// Parses a Java enum name exactly (commit metadata's operationType).
/// \return Invalid naming the value and the accepted names.
HOODIE_EXPORT
::arrow::Result<WriteOperationType> ParseWriteOperationType(std::string_view name);

/// An ordered string-keyed map as Hudi's Java maps serialise it (see
/// OrderLikeJavaHashMap in the .cc): parsed files keep their order byte for byte.
template <typename V>
using OrderedMap = std::vector<std::pair<std::string, V>>;

/// HoodieWriteStat.RuntimeStats (milliseconds).
struct HOODIE_EXPORT RuntimeStats {
  int64_t total_scan_time = 0;
  int64_t total_upsert_time = 0;
  int64_t total_create_time = 0;
  bool operator==(const RuntimeStats&) const = default;
};

/// The fields HoodieDeltaWriteStat (MOR log appends) adds after HoodieWriteStat's.
struct HOODIE_EXPORT DeltaWriteStat {
  int32_t log_version = 0;
  int64_t log_offset = 0;
  std::optional<std::string> base_file;
  std::vector<std::string> log_files;
  /// The Jackson form of `Option<...> recordsStats`, as compact JSON text; Hudi 0.15
  /// writes `{"val":null}`. nullopt: the field is absent (older writers).
  std::optional<std::string> records_stats_json = std::string(R"({"val":null})");
  /// The statistics of the records this append wrote, per indexed column
  /// (HoodieDeltaWriteStat.putRecordsStats, collected when the metadata table keeps
  /// column_stats). Held in memory for the metadata table's deltacommit only; the
  /// commit's JSON carries records_stats_json, not these.
  std::vector<ColumnStats> column_stats;
  bool operator==(const DeltaWriteStat&) const = default;
};

/// \brief One written file (HoodieWriteStat), fields in Hudi's declaration order.
/// Strings Java may leave null are optional.
struct HOODIE_EXPORT WriteStat {
  std::optional<std::string> file_id;
  /// Path relative to the table base path (`partition/file`, or `file`).
  std::optional<std::string> path;
  std::optional<OrderedMap<int64_t>> cdc_stats;
  /// Previous base instant of the file group; the string "null" for a new group.
  std::optional<std::string> prev_commit = std::string("null");
  int64_t num_writes = 0;
  int64_t num_deletes = 0;
  int64_t num_update_writes = 0;
  int64_t num_inserts = 0;
  int64_t total_write_bytes = 0;
  int64_t total_write_errors = 0;
  std::optional<std::string> temp_path;
  std::optional<std::string> partition_path;
  int64_t total_log_records = 0;
  int64_t total_log_files_compacted = 0;
  int64_t total_log_size_compacted = 0;
  int64_t total_updated_records_compacted = 0;
  int64_t total_log_blocks = 0;
  int64_t total_corrupt_log_block = 0;
  int64_t total_rollback_blocks = 0;
  int64_t file_size_in_bytes = 0;
  std::optional<int64_t> min_event_time;
  std::optional<int64_t> max_event_time;
  std::optional<RuntimeStats> runtime_stats;
  /// Present for HoodieDeltaWriteStat (written after the fields above).
  std::optional<DeltaWriteStat> delta;

  bool operator==(const WriteStat&) const = default;
};

/// \brief HoodieCommitMetadata: the JSON content of `T.commit`, `T.deltacommit` and
/// of the workload profile in `T.inflight` / `T.deltacommit.inflight`. A value type.
struct HOODIE_EXPORT CommitMetadata {
  OrderedMap<std::vector<WriteStat>> partition_to_write_stats;
  bool compacted = false;
  OrderedMap<std::string> extra_metadata;
  WriteOperationType operation_type = WriteOperationType::kUnknown;

  /// Parses Hudi's JSON. Empty bytes give empty metadata; unknown fields are ignored.
  /// \param file_name the instant file the bytes came from, for error messages.
  /// \return Invalid naming `file_name` for malformed JSON, wrong field types or an
  ///   unknown operationType.
  static ::arrow::Result<CommitMetadata> FromJson(std::string_view json,
                                                  std::string_view file_name);
  /// Serialises byte for byte as Hudi (Jackson default pretty printer, fields in
  /// declaration order, nulls written, no trailing newline).
  std::string ToJson() const;

  /// Appends `stat` under `partition`, keeping partitions in the order a Java HashMap
  /// would write them (HoodieCommitMetadata.addWriteStat).
  void AddWriteStat(const std::string& partition, WriteStat stat);
  /// Sets an extraMetadata entry, in Java HashMap order (addMetadata).
  void AddMetadata(const std::string& key, std::string value);
  /// extraMetadata[key], if present.
  std::optional<std::string> GetMetadata(std::string_view key) const;
  /// The writer's Avro schema JSON (extraMetadata "schema"), if present.
  std::optional<std::string> Schema() const { return GetMetadata("schema"); }

  std::vector<std::string> PartitionsWritten() const;
  /// All write stats, partition by partition.
  std::vector<WriteStat> AllWriteStats() const;
  /// Relative paths of the written files (stats with a path), in order.
  std::vector<std::string> FilesWritten() const;
  int64_t TotalRecordsWritten() const;
  int64_t TotalUpdateRecordsWritten() const;
  int64_t TotalInsertRecordsWritten() const;
  int64_t TotalRecordsDeleted() const;
  int64_t TotalBytesWritten() const;
  /// File id -> `base_path/relative path` (getFileIdAndFullPaths); stats without a
  /// path are left out.
  std::map<std::string, std::string> FileIdToFullPath(std::string_view base_path) const;

  bool operator==(const CommitMetadata&) const = default;
};

/// \brief HoodieReplaceCommitMetadata: commit metadata plus the file groups replaced.
struct HOODIE_EXPORT ReplaceCommitMetadata : CommitMetadata {
  OrderedMap<std::vector<std::string>> partition_to_replace_file_ids;

  static ::arrow::Result<ReplaceCommitMetadata> FromJson(std::string_view json,
                                                         std::string_view file_name);
  std::string ToJson() const;

  /// Records replaced file ids of `partition`, in Java HashMap order of partitions.
  void AddReplaceFileIds(const std::string& partition, std::vector<std::string> file_ids);

  bool operator==(const ReplaceCommitMetadata&) const = default;
};

}  // namespace hoodie
