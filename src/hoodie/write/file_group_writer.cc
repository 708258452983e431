// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/file_group_writer.cc
/// \brief FileGroupWriter: one base file with marker, bloom footer and write stat.

#include <algorithm>

#include <arrow/array.h>
#include <arrow/record_batch.h>

#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/write_options.h"

namespace hoodie::internal {
namespace {

// HoodieBaseParquetWriter's bounds on the interval between size checks.
constexpr int64_t kMinRowsBetweenChecks = 100;
constexpr int64_t kMaxRowsBetweenChecks = 10000;

int64_t ElapsedMillis(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now() - since)
      .count();
}

}  // namespace

::arrow::Result<std::shared_ptr<const BaseFileFormat>> TableBaseFileFormat(
    const TableMetaClient& table) {
  return MakeBaseFileFormat(table.table_config()->base_file_format());
}

::arrow::Result<std::unique_ptr<FileGroupWriter>> FileGroupWriter::Open(
    const WriteContext& context, std::string partition_path, std::string file_id,
    int64_t task_partition_id, IoType io_type, FileRows rows) {
  std::unique_ptr<FileGroupWriter> out(new FileGroupWriter());
  out->opened_ = std::chrono::steady_clock::now();
  out->partition_path_ = std::move(partition_path);
  out->file_id_ = std::move(file_id);
  out->task_partition_id_ = task_partition_id;
  out->file_name_ = MakeBaseFileName(
      out->file_id_, MakeWriteToken(task_partition_id, 0, task_partition_id),
      context.instant_time, context.format->extension());
  const WriteOptions& options = *context.options;
  // The marker comes first so a crash leaves nothing a rollback cannot find (spec 10).
  ARROW_RETURN_NOT_OK(
      context.markers->Create(Marker{out->partition_path_, out->file_name_, io_type}));
  ARROW_RETURN_NOT_OK(context.partition_metadata->Write(
      context.storage.get(), context.base_path, out->partition_path_, context.instant_time));
  ARROW_ASSIGN_OR_RAISE(
      out->bloom_, KeyBloom::Make(options.bloom_filter_type, options.bloom_num_entries,
                                  options.bloom_fpp, options.bloom_dynamic_max_entries));
  BaseFileWriterOptions file_options = options.base_file;
  file_options.avro_schema = context.avro_schema;
  file_options.write_min_max_record_keys = true;
  if (rows == FileRows::kNewRecords) {
    file_options.constant_commit_time = context.instant_time;
    file_options.constant_partition_path = out->partition_path_;
  }
  out->max_file_size_ = file_options.max_file_size;
  out->operation_field_ = file_options.operation_field;
  std::string path =
      JoinPath(JoinPath(context.base_path, out->partition_path_), out->file_name_);
  ARROW_ASSIGN_OR_RAISE(
      out->writer_, context.format->OpenWriter(context.storage, std::move(path),
                                               context.data_schema, std::move(file_options)));
  return out;
}

::arrow::Status FileGroupWriter::Write(const ::arrow::RecordBatch& data,
                                       const MetaColumns& meta) {
  ARROW_RETURN_NOT_OK(
      bloom_->AddAll(static_cast<const ::arrow::StringArray&>(*meta.record_key)));
  if (operation_field_ && meta.operation == nullptr) {
    // Records that carry no operation (a compacted base file's) have a null one.
    MetaColumns with_operation = meta;
    ARROW_ASSIGN_OR_RAISE(with_operation.operation,
                          ::arrow::MakeArrayOfNull(::arrow::utf8(), data.num_rows()));
    return writer_->Write(data, with_operation);
  }
  return writer_->Write(data, meta);
}

int64_t FileGroupWriter::RowsUntilSizeCheck() {
  int64_t written = writer_->record_count();
  if (written >= next_size_check_) {
    int64_t data_size = writer_->EstimatedSize();
    int64_t average = std::max<int64_t>(data_size / written, 1);
    if (data_size > max_file_size_ - average * 2) return 0;
    next_size_check_ =
        written + std::min(std::max((max_file_size_ / average - written) / 2,
                                    kMinRowsBetweenChecks),
                           kMaxRowsBetweenChecks);
  }
  return next_size_check_ - written;
}

::arrow::Result<WriteStat> FileGroupWriter::Close() {
  for (auto& [key, value] : bloom_->FooterEntries()) {
    writer_->AddFooterMetadata(std::move(key), std::move(value));
  }
  ARROW_ASSIGN_OR_RAISE(BaseFileWriteResult result, writer_->Close());
  WriteStat stat;
  stat.file_id = file_id_;
  stat.path = JoinPath(partition_path_, file_name_);
  stat.prev_commit = "null";
  stat.num_writes = result.record_count;
  stat.total_write_bytes = result.file_size_bytes;
  stat.partition_path = partition_path_;
  stat.file_size_in_bytes = result.file_size_bytes;
  stat.runtime_stats = RuntimeStats{0, 0, ElapsedMillis(opened_)};
  return stat;
}

}  // namespace hoodie::internal
