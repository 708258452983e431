// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bucket_writer.cc
/// \brief Create and merge handles of the copy-on-write path.

#include <atomic>
#include <chrono>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/util/parallel.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/base_file_reader.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/write/bucket_writer_internal.h"
#include "hoodie/write/log_append_internal.h"
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

// One output row of a merge: a stored row kept as stored (its meta columns too), or
// a row written by this commit (an update, a combined record or an insert) for the
// incoming record `record`.
struct MergedRow {
  bool incoming = false;
  int64_t row = 0;  // stored row
  size_t record = 0;
  bool restamp = false;  // a stored row written with this instant's meta columns
};

struct MergeCounts {
  int64_t updated = 0;
  int64_t inserted = 0;
  int64_t deleted = 0;
};

// HoodieMergeHandle's record loop over one base file: each stored row with an incoming
// record of its key is merged by the payload (RecordMerger::Combine); the other stored
// rows are copied; then the incoming records the file did not hold are appended
// (writeIncomingRecords). With allow.duplicate.on.inserts an insert never merges
// (HoodieConcatHandle). Data rows go to `data`, their provenance to the result.
class FileMerger {
 public:
  FileMerger(const IncomingRecords& records, const StagedRowView& rows,
             const RecordMerger& merger, MergedBatchBuilder* data)
      : records_(records), rows_view_(rows), merger_(merger), data_(data) {}

  ::arrow::Result<std::vector<MergedRow>> Merge(const Bucket& bucket,
                                                const ::arrow::StringArray& keys,
                                                const ::arrow::RecordBatch& stored,
                                                bool allow_duplicate_on_inserts) {
    std::unordered_map<std::string_view, size_t> incoming;
    // Java keeps one record per key in keyToNewRecords: a later one replaces it.
    for (size_t index : bucket.updates) incoming[records_.records[index].key()] = index;
    std::vector<size_t> appended;
    for (size_t index : bucket.inserts) {
      if (allow_duplicate_on_inserts) {
        appended.push_back(index);
      } else {
        incoming[records_.records[index].key()] = index;
      }
    }
    // Keys a global index moves to another partition leave this file group.
    std::unordered_set<std::string_view> moved_out;
    for (size_t index : bucket.moved_out) moved_out.insert(records_.records[index].key());
    // Stored rows that won a global-index partition move are rewritten as updates.
    std::unordered_map<std::string_view, size_t> restamped;
    for (size_t index : bucket.restamped) restamped[records_.records[index].key()] = index;
    for (int64_t i = 0; i < keys.length(); ++i) {
      if (!moved_out.empty() && moved_out.count(keys.GetView(i))) {
        ++counts_.deleted;
        continue;
      }
      if (auto won = restamped.find(keys.GetView(i)); won != restamped.end()) {
        rows_.push_back({false, i, won->second, true});
        ++counts_.updated;
        ARROW_RETURN_NOT_OK(data_->AppendRow(RowRef{&stored, i}));
        continue;
      }
      auto it = incoming.find(keys.GetView(i));
      if (it == incoming.end()) {
        ARROW_RETURN_NOT_OK(KeepStored(stored, i));
        continue;
      }
      size_t index = it->second;
      merged_keys_.insert(it->first);
      ARROW_RETURN_NOT_OK(MergeStored(stored, i, index));
    }
    if (!allow_duplicate_on_inserts) {
      for (size_t index : bucket.inserts) {
        std::string_view key = records_.records[index].key();
        auto it = incoming.find(key);
        // Once per key, the record that won the map, unless a stored row took it.
        if (it == incoming.end() || it->second != index || merged_keys_.count(key)) {
          continue;
        }
        appended.push_back(index);
      }
    }
    for (size_t index : appended) ARROW_RETURN_NOT_OK(Insert(index));
    return std::move(rows_);
  }

  const MergeCounts& counts() const { return counts_; }

 private:
  ::arrow::Status KeepStored(const ::arrow::RecordBatch& stored, int64_t row) {
    rows_.push_back({false, row, 0});
    return data_->AppendRow(RowRef{&stored, row});
  }

  ::arrow::Status MergeStored(const ::arrow::RecordBatch& stored, int64_t row,
                              size_t index) {
    RowRef old_record{&stored, row};
    RowRef new_record = rows_view_.Get(records_.records[index].row());
    ARROW_ASSIGN_OR_RAISE(MergeResult result, merger_.Combine(old_record, new_record));
    switch (result.outcome) {
      case MergeOutcome::kKeepOld:
        return KeepStored(stored, row);
      case MergeOutcome::kDelete:
        ++counts_.deleted;
        return ::arrow::Status::OK();
      case MergeOutcome::kTakeNew:
      case MergeOutcome::kCombined:
        if (new_record.empty()) {
          return ::arrow::Status::Invalid("payload ", merger_.java_class_name(),
                                          " kept a delete operation's record, which has "
                                          "no values");
        }
        ++counts_.updated;
        rows_.push_back({true, 0, index});
        return data_->Append(result, old_record, new_record);
    }
    return ::arrow::Status::Invalid("unknown merge outcome");
  }

  // writeInsertRecord: a delete is not written.
  ::arrow::Status Insert(size_t index) {
    RowRef record = rows_view_.Get(records_.records[index].row());
    if (record.empty() || merger_.IsDelete(record)) {
      ++counts_.deleted;
      return ::arrow::Status::OK();
    }
    ++counts_.inserted;
    rows_.push_back({true, 0, index});
    return data_->AppendRow(record);
  }

  const IncomingRecords& records_;
  const StagedRowView& rows_view_;
  const RecordMerger& merger_;
  MergedBatchBuilder* data_;
  std::unordered_set<std::string_view> merged_keys_;
  std::vector<MergedRow> rows_;
  MergeCounts counts_;
};

::arrow::Result<MetaColumns> AssembleMeta(const WriteContext& context,
                                          const IncomingRecords& records,
                                          const ::arrow::RecordBatch& stored,
                                          const std::vector<MergedRow>& rows,
                                          const std::string& partition,
                                          FileGroupWriter* writer) {
  auto column = [&](std::string_view name) {
    return std::static_pointer_cast<::arrow::StringArray>(
        stored.GetColumnByName(std::string(name)));
  };
  auto times = column(kCommitTimeField), seqnos = column(kCommitSeqNoField);
  auto keys = column(kRecordKeyField), partitions = column(kPartitionPathField);
  ::arrow::StringBuilder time_out, seqno_out, key_out, partition_out;
  std::string prefix =
      context.instant_time + "_" + std::to_string(writer->task_partition_id()) + "_";
  for (const MergedRow& row : rows) {
    if (row.incoming || row.restamp) {
      ARROW_RETURN_NOT_OK(time_out.Append(context.instant_time));
      ARROW_RETURN_NOT_OK(
          seqno_out.Append(prefix + std::to_string(writer->TakeSeqNos(1))));
      ARROW_RETURN_NOT_OK(key_out.Append(records.records[row.record].key()));
      ARROW_RETURN_NOT_OK(partition_out.Append(partition));
      continue;
    }
    const std::pair<const ::arrow::StringArray*, ::arrow::StringBuilder*> copies[] = {
        {times.get(), &time_out},
        {seqnos.get(), &seqno_out},
        {keys.get(), &key_out},
        {partitions.get(), &partition_out}};
    for (const auto& [in, out] : copies) {
      if (in->IsNull(row.row)) {
        ARROW_RETURN_NOT_OK(out->AppendNull());
      } else {
        ARROW_RETURN_NOT_OK(out->Append(in->GetView(row.row)));
      }
    }
  }
  MetaColumns meta;
  ARROW_RETURN_NOT_OK(time_out.Finish(&meta.commit_time));
  ARROW_RETURN_NOT_OK(seqno_out.Finish(&meta.commit_seqno));
  ARROW_RETURN_NOT_OK(key_out.Finish(&meta.record_key));
  ARROW_RETURN_NOT_OK(partition_out.Finish(&meta.partition_path));
  return meta;
}

::arrow::Status MergeFileGroup(const WriteContext& context,
                               const IncomingRecords& records, const Bucket& bucket,
                               int64_t task, std::vector<WriteStat>* stats) {
  auto started = std::chrono::steady_clock::now();
  const ExistingFile& file = *bucket.file;
  ARROW_ASSIGN_OR_RAISE(auto reader, BaseFileReader::Open(context.storage, file.path));
  ARROW_ASSIGN_OR_RAISE(auto stored_table, reader->ReadTable());
  ARROW_ASSIGN_OR_RAISE(auto stored, stored_table->CombineChunksToBatch());
  ARROW_ASSIGN_OR_RAISE(auto stored_data, AlignToSchema(stored, *context.data_schema, MissingColumn::kNull));
  auto keys = std::dynamic_pointer_cast<::arrow::StringArray>(
      stored->GetColumnByName(std::string(kRecordKeyField)));
  if (keys == nullptr) {
    return ::arrow::Status::Invalid("base file has no string _hoodie_record_key: ",
                                    file.path);
  }
  const WriteOptions& options = *context.options;
  ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(context.data_schema));
  std::vector<int64_t> incoming_rows;
  for (const auto* indices : {&bucket.updates, &bucket.inserts}) {
    for (size_t index : *indices) incoming_rows.push_back(records.records[index].row());
  }
  ARROW_ASSIGN_OR_RAISE(StagedRowView incoming,
                        records.View(std::move(incoming_rows), task));
  FileMerger merger(records, incoming, *context.merger, builder.get());
  ARROW_ASSIGN_OR_RAISE(
      std::vector<MergedRow> rows,
      merger.Merge(bucket, *keys, *stored_data, options.allow_duplicate_on_inserts));
  ARROW_ASSIGN_OR_RAISE(auto data, builder->Finish());
  ARROW_ASSIGN_OR_RAISE(
      auto writer, FileGroupWriter::Open(context, bucket.partition, file.file_id, task,
                                         IoType::kMerge, FileRows::kAnyRecords));
  ARROW_ASSIGN_OR_RAISE(MetaColumns meta, AssembleMeta(context, records, *stored, rows,
                                                       bucket.partition, writer.get()));
  ARROW_RETURN_NOT_OK(writer->Write(*data, meta));
  ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
  stat.prev_commit = file.base_instant;
  stat.num_update_writes = merger.counts().updated;
  stat.num_inserts = merger.counts().inserted;
  stat.num_deletes = merger.counts().deleted;
  auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  stat.runtime_stats = RuntimeStats{0, elapsed.count(), 0};
  stats->push_back(std::move(stat));
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
