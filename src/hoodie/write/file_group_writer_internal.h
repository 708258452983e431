// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/file_group_writer_internal.h
/// \brief Writes one base file of a file group: marker, partition metadata, Parquet with
/// bloom footer, size checks and the write stat (HoodieCreateHandle / HoodieMergeHandle's
/// output side).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/format/base_file/base_file_format.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/key_bloom_internal.h"
#include "hoodie/write/log_versions_internal.h"

namespace hoodie {

class RecordMerger;
class Storage;
class TableMetaClient;
struct WriteOptions;

namespace internal {

/// What every file of one write shares.
struct WriteContext {
  std::shared_ptr<Storage> storage;
  std::string base_path;
  std::string instant_time;
  const WriteOptions* options = nullptr;
  const WriteMarkers* markers = nullptr;
  /// Data schema of the files (no meta columns) and its Avro JSON.
  std::shared_ptr<::arrow::Schema> data_schema;
  std::string avro_schema;
  /// The payload semantics of merges (the options' merger, or one without ordering
  /// field when the input lacks the default one).
  const RecordMerger* merger = nullptr;
  /// The table's base file format (hoodie.table.base.file.format).
  std::shared_ptr<const BaseFileFormat> format;
  /// The log versions of the partitions the write appends to, listed once each.
  std::shared_ptr<LogVersions> log_versions = std::make_shared<LogVersions>();
  /// The partitions whose metadata file this write has made sure of.
  std::shared_ptr<PartitionMetadataOnce> partition_metadata =
      std::make_shared<PartitionMetadataOnce>();
};

/// The format of the table's base files; NotImplemented for a format hoodie does not
/// write (the registry's message), before anything is written.
::arrow::Result<std::shared_ptr<const BaseFileFormat>> TableBaseFileFormat(
    const TableMetaClient& table);

/// What rows a base file holds.
enum class FileRows {
  /// Only records this instant writes for the first time: one commit time and the
  /// file's partition path in every row, which the file writes as constants (the
  /// caller's MetaColumns leave them null).
  kNewRecords,
  /// Stored records too (a merge, a compaction), with their own meta values.
  kAnyRecords,
};

/// \brief One open base file. Not thread-safe.
class FileGroupWriter {
 public:
  /// Creates the marker (CREATE or MERGE), the partition's `.hoodie_partition_metadata`
  /// if missing, then the base file `<fileId>_<token>_<instant><extension>` of the
  /// context's format, with token `<task>-0-<task>`.
  static ::arrow::Result<std::unique_ptr<FileGroupWriter>> Open(
      const WriteContext& context, std::string partition_path, std::string file_id,
      int64_t task_partition_id, IoType io_type, FileRows rows);

  /// Appends rows with their meta columns; adds record keys to the bloom filter.
  ::arrow::Status Write(const ::arrow::RecordBatch& data, const MetaColumns& meta);

  /// Rows that may still be written before the next size check
  /// (HoodieBaseParquetWriter.canWrite: checks after 100 rows, then at estimated
  /// intervals); 0 means the file is full.
  int64_t RowsUntilSizeCheck();

  /// The next `_hoodie_commit_seqno` counter value of this file (HoodieRecord
  /// sequence ids count per handle from 0), advanced by `count`.
  int64_t TakeSeqNos(int64_t count) {
    int64_t first = next_seqno_;
    next_seqno_ += count;
    return first;
  }

  int64_t task_partition_id() const { return task_partition_id_; }
  const std::string& file_name() const { return file_name_; }
  const std::string& partition_path() const { return partition_path_; }

  /// Writes the footer and returns the stat: fileId, path, prevCommit "null",
  /// numWrites, totalWriteBytes, partitionPath, fileSizeInBytes and runtime stats
  /// (create time); the caller sets numInserts/numUpdateWrites/numDeletes/prevCommit.
  ::arrow::Result<WriteStat> Close();

 private:
  FileGroupWriter() = default;

  std::unique_ptr<BaseFileWriter> writer_;
  std::unique_ptr<KeyBloom> bloom_;
  std::string partition_path_;
  std::string file_id_;
  std::string file_name_;
  int64_t task_partition_id_ = 0;
  int64_t next_seqno_ = 0;
  int64_t next_size_check_ = 100;
  int64_t max_file_size_ = 0;
  bool operation_field_ = false;
  std::chrono::steady_clock::time_point opened_;
};

}  // namespace internal
}  // namespace hoodie
