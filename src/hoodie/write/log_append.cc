// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/log_append.cc
/// \brief AppendToFileGroup: HoodieAppendHandle for file systems without append.
#include <algorithm>
#include <chrono>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/format/parquet/base_file_writer.h"
#include "hoodie/format/parquet/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/write/log_append_internal.h"

namespace hoodie::internal {

namespace {

// The log files of the slice (file id, base instant) in `partition`, in log order.
::arrow::Result<std::vector<LogFileName>> SliceLogFiles(const WriteContext& context,
                                                        const ExistingFile& file) {
  std::string folder = file.partition.empty()
                           ? context.base_path
                           : JoinPath(context.base_path, file.partition);
  HOODIE_ASSIGN_OR_RAISE(auto listing,
                         context.storage->List(folder, /*recursive=*/false));
  std::vector<LogFileName> logs;
  for (const FileStatus& status : listing) {
    std::string name = status.path.substr(status.path.find_last_of('/') + 1);
    if (name.ends_with(".crc")) continue;
    auto parsed = ParseLogFileName(name);
    if (!parsed.ok() || parsed->extension != kLogExtension || !parsed->suffix.empty())
      continue;
    if (parsed->file_id == file.file_id &&
        parsed->base_instant_time == file.base_instant) {
      logs.push_back(std::move(*parsed));
    }
  }
  std::sort(logs.begin(), logs.end(), [](const LogFileName& a, const LogFileName& b) {
    return std::tie(a.version, a.write_token) < std::tie(b.version, b.write_token);
  });
  return logs;
}

// The updates with their meta columns, in the writer schema with meta fields.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> UpdateRows(
    const WriteContext& context, const IncomingRecords& records,
    const std::vector<size_t>& indices, const ExistingFile& file, int64_t task) {
  std::vector<int64_t> rows;
  std::vector<std::string> keys;
  for (size_t index : indices) {
    rows.push_back(records.records[index].row);
    keys.push_back(records.records[index].key);
  }
  HOODIE_ASSIGN_OR_RAISE(auto data, records.Take(rows));
  // HoodieAppendHandle's sequence ids count from 1.
  HOODIE_ASSIGN_OR_RAISE(MetaColumns meta, MetaColumns::ForRecords(
                                               context.instant_time, file.partition, task,
                                               /*first_seqno=*/1, keys));
  HOODIE_ASSIGN_OR_RAISE(auto file_ids,
                         ::arrow::MakeArrayFromScalar(::arrow::StringScalar(file.file_id),
                                                      data->num_rows()));
  ::arrow::ArrayVector columns = {meta.commit_time, meta.commit_seqno, meta.record_key,
                                  meta.partition_path, file_ids};
  for (const auto& column : data->columns()) columns.push_back(column);
  return ::arrow::RecordBatch::Make(AddMetadataFields(*data->schema()), data->num_rows(),
                                    std::move(columns));
}

}  // namespace

::arrow::Status AppendToFileGroup(const WriteContext& context,
                                  const IncomingRecords& records, const Bucket& bucket,
                                  int64_t task, std::vector<WriteStat>* stats) {
  auto started = std::chrono::steady_clock::now();
  const ExistingFile& file = *bucket.file;
  std::vector<size_t> upserts;
  std::vector<DeleteRecord> deletes;
  int64_t inserts = 0;
  for (const std::vector<size_t>* group : {&bucket.updates, &bucket.inserts}) {
    for (size_t index : *group) {
      const IncomingRecord& record = records.records[index];
      if (record.is_delete) {
        deletes.push_back({record.key, file.partition,
                           WrapOrderingValue(kIntWrapper, AvroValue::Int(0))});
      } else {
        upserts.push_back(index);
        if (group == &bucket.inserts) ++inserts;
      }
    }
  }
  HOODIE_ASSIGN_OR_RAISE(std::string schema, AddMetadataFields(context.avro_schema));
  std::vector<LogBlock> blocks;
  if (!upserts.empty()) {
    HOODIE_ASSIGN_OR_RAISE(auto rows, UpdateRows(context, records, upserts, file, task));
    HOODIE_ASSIGN_OR_RAISE(std::vector<std::string> encoded,
                           EncodeAvroRecords(*rows, schema));
    blocks.push_back(MakeAvroDataLogBlock(context.instant_time, schema, encoded));
  }
  if (!deletes.empty()) {
    HOODIE_ASSIGN_OR_RAISE(LogBlock block,
                           MakeDeleteLogBlock(context.instant_time, schema, deletes));
    blocks.push_back(std::move(block));
  }
  if (blocks.empty()) return ::arrow::Status::OK();

  HOODIE_ASSIGN_OR_RAISE(std::vector<LogFileName> existing, SliceLogFiles(context, file));
  int32_t version = existing.empty() ? 1 : existing.back().version + 1;
  std::string name = MakeLogFileName(file.file_id, file.base_instant, version,
                                     MakeWriteToken(task, 0, task));
  // The marker comes first so that a rollback finds every file a failed write made.
  HOODIE_RETURN_NOT_OK(
      context.markers->Create(Marker{file.partition, name, IoType::kAppend}));
  HOODIE_RETURN_NOT_OK(PartitionMetadata::Write(context.storage.get(), context.base_path,
                                                file.partition, context.instant_time));
  std::string relative = file.partition.empty() ? name : file.partition + "/" + name;
  HOODIE_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlocks(blocks));
  HOODIE_RETURN_NOT_OK(context.storage->WriteAll(JoinPath(context.base_path, relative),
                                                 bytes,
                                                 /*overwrite=*/false));

  WriteStat stat;
  stat.file_id = file.file_id;
  stat.path = relative;
  stat.prev_commit = file.base_instant;
  stat.num_writes = static_cast<int64_t>(upserts.size());
  stat.num_update_writes = static_cast<int64_t>(upserts.size()) - inserts;
  stat.num_inserts = inserts;
  stat.num_deletes = static_cast<int64_t>(deletes.size());
  stat.total_write_bytes = static_cast<int64_t>(bytes.size());
  stat.partition_path = file.partition;
  stat.total_log_records = static_cast<int64_t>(upserts.size() + deletes.size());
  stat.total_log_blocks = static_cast<int64_t>(blocks.size());
  stat.file_size_in_bytes = static_cast<int64_t>(bytes.size());
  auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  stat.runtime_stats = RuntimeStats{0, elapsed.count(), 0};
  DeltaWriteStat delta;
  delta.log_version = version;
  delta.log_offset = 0;
  delta.base_file = file.path.substr(file.path.find_last_of('/') + 1);
  for (const LogFileName& log : existing) {
    delta.log_files.push_back(MakeLogFileName(log.file_id, log.base_instant_time,
                                              log.version, log.write_token));
  }
  delta.log_files.push_back(name);
  stat.delta = std::move(delta);
  stats->push_back(std::move(stat));
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
