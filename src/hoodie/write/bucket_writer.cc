// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bucket_writer.cc
/// \brief Runs the buckets of a write plan: create handles here, merge and append
/// handles in their own files.

#include <atomic>
#include <string>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/util/parallel.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/write/bucket_writer_internal.h"
#include "hoodie/write/log_append_internal.h"
#include "hoodie/write/merge_handle_internal.h"
#include "hoodie/write/write_options.h"

namespace hoodie::internal {
namespace {

std::vector<std::string> KeysOf(const IncomingRecords& records,
                                const RecordIndices& indices, size_t begin,
                                size_t end) {
  std::vector<std::string> keys;
  for (size_t i = begin; i < end; ++i) keys.emplace_back(records.records[indices[i]].key());
  return keys;
}

// New file groups: CopyOnWriteInsertHandler opens `<prefix>-<n>` and starts the next
// file once the open one cannot take more records.
::arrow::Status WriteNewFileGroups(const WriteContext& context,
                                   const IncomingRecords& records, const Bucket& bucket,
                                   int64_t task, std::vector<WriteStat>* stats) {
  std::vector<int64_t> rows;
  for (size_t index : bucket.inserts) rows.push_back(records.records[index].row());
  ARROW_ASSIGN_OR_RAISE(auto data, records.Take(task, rows));
  // Changelog mode: the staged operations go to the file's `_hoodie_operation`.
  std::shared_ptr<::arrow::Array> operations;
  if (int column = data->schema()->GetFieldIndex(std::string(kOperationField)); column >= 0) {
    std::vector<bool> deletes;
    for (size_t index : bucket.inserts) deletes.push_back(records.records[index].is_delete());
    ARROW_ASSIGN_OR_RAISE(operations, WrittenOperations(*data->column(column), deletes));
    ARROW_ASSIGN_OR_RAISE(data, data->RemoveColumn(column));
  }
  std::unique_ptr<FileGroupWriter> writer;
  int file_number = 0;
  size_t next = 0;
  while (next < rows.size()) {
    if (writer == nullptr) {
      ARROW_ASSIGN_OR_RAISE(
          writer, FileGroupWriter::Open(
                      context, bucket.partition,
                      bucket.file_id_prefix + "-" + std::to_string(file_number++), task,
                      IoType::kCreate, FileRows::kNewRecords));
    }
    int64_t room = writer->RowsUntilSizeCheck();
    if (room == 0) {
      ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
      stat.num_inserts = stat.num_writes;
      stats->push_back(std::move(stat));
      writer.reset();
      continue;
    }
    size_t end = std::min(rows.size(), next + static_cast<size_t>(room));
    ARROW_ASSIGN_OR_RAISE(
        MetaColumns meta,
        MetaColumns::ForNewRecords(context.instant_time, task,
                                   writer->TakeSeqNos(static_cast<int64_t>(end - next)),
                                   KeysOf(records, bucket.inserts, next, end)));
    if (operations != nullptr) meta.operation = operations->Slice(next, end - next);
    ARROW_RETURN_NOT_OK(writer->Write(*data->Slice(next, end - next), meta));
    next = end;
  }
  if (writer != nullptr) {
    ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
    stat.num_inserts = stat.num_writes;
    stats->push_back(std::move(stat));
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Status WriteBucket(const WriteContext& context, const IncomingRecords& records,
                            const Bucket& bucket, int64_t task,
                            std::vector<WriteStat>* stats) {
  // Merge-on-read (BaseSparkDeltaCommitActionExecutor): existing file groups take log
  // appends unless they are small files rewritten with inserts; new inserts go to
  // log-only file groups when the index can index log files.
  bool appends = bucket.file ? !bucket.rewrite_base : bucket.inserts_to_log;
  if (context.options->merge_on_read && appends) {
    return AppendToFileGroup(context, records, bucket, task, stats);
  }
  if (bucket.file) return MergeFileGroup(context, records, bucket, task, stats);
  return WriteNewFileGroups(context, records, bucket, task, stats);
}

::arrow::Result<std::vector<std::vector<WriteStat>>> WriteBuckets(
    const WriteContext& context, const IncomingRecords& records,
    const std::vector<Bucket>& buckets) {
  std::vector<std::vector<WriteStat>> stats(buckets.size());
  // Once a bucket fails the write is lost: the buckets not started yet are skipped.
  std::atomic<bool> failed{false};
  ARROW_RETURN_NOT_OK(::arrow::internal::ParallelFor(
      static_cast<int>(buckets.size()), [&](int task) {
        if (failed.load()) return ::arrow::Status::OK();
        ::arrow::Status status =
            WriteBucket(context, records, buckets[task], task, &stats[task]);
        if (!status.ok()) failed.store(true);
        return status;
      }));
  return stats;
}

}  // namespace hoodie::internal
