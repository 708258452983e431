// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bucket_writer.cc
/// \brief Create and merge handles of the copy-on-write path.

#include <chrono>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/base_file_reader.h"
#include "hoodie/write/bucket_writer_internal.h"
#include "hoodie/write/log_append_internal.h"
#include "hoodie/write/write_options.h"

namespace hoodie::internal {
namespace {

std::vector<std::string> KeysOf(const IncomingRecords& records,
                                const std::vector<size_t>& indices, size_t begin,
                                size_t end) {
  std::vector<std::string> keys;
  for (size_t i = begin; i < end; ++i) keys.push_back(records.records[indices[i]].key);
  return keys;
}

// New file groups: CopyOnWriteInsertHandler opens `<prefix>-<n>` and starts the next
// file once the open one cannot take more records.
::arrow::Status WriteNewFileGroups(const WriteContext& context,
                                   const IncomingRecords& records, const Bucket& bucket,
                                   int64_t task, std::vector<WriteStat>* stats) {
  std::vector<int64_t> rows;
  for (size_t index : bucket.inserts) rows.push_back(records.records[index].row);
  ARROW_ASSIGN_OR_RAISE(auto data, records.Take(rows));
  std::unique_ptr<FileGroupWriter> writer;
  int file_number = 0;
  size_t next = 0;
  while (next < rows.size()) {
    if (writer == nullptr) {
      ARROW_ASSIGN_OR_RAISE(
          writer, FileGroupWriter::Open(
                      context, bucket.partition,
                      bucket.file_id_prefix + "-" + std::to_string(file_number++), task,
                      IoType::kCreate));
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
        MetaColumns::ForRecords(context.instant_time, bucket.partition, task,
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

// One output row of a merge: a stored row (meta kept) or an incoming record.
struct MergedRow {
  bool incoming = false;
  int64_t row = 0;  // stored row, or IncomingRecords row
  size_t record = 0;
  bool restamp = false;  // a stored row written with this instant's meta columns
};

struct MergeCounts {
  int64_t updated = 0;
  int64_t inserted = 0;
  int64_t deleted = 0;
};

// HoodieMergeHandle's record loop: stored rows in file order (replaced by their update,
// dropped by their delete), then the inserts not found in the file.
::arrow::Result<std::vector<MergedRow>> MergeRows(
    const IncomingRecords& records, const Bucket& bucket,
    const ::arrow::StringArray& keys, const std::vector<OrderingValue>& stored_ordering,
    const WriteOptions& options, MergeCounts* counts) {
  std::unordered_map<std::string, size_t> incoming;
  for (size_t index : bucket.updates) incoming[records.records[index].key] = index;
  std::vector<size_t> appended;
  for (size_t index : bucket.inserts) {
    if (options.allow_duplicate_on_inserts) {
      appended.push_back(index);
    } else {
      incoming.emplace(records.records[index].key, index);
    }
  }
  // Keys a global index moves to another partition leave this file group.
  std::unordered_set<std::string> moved_out;
  for (size_t index : bucket.moved_out) moved_out.insert(records.records[index].key);
  // Stored rows that won a global-index partition move are rewritten as updates.
  std::unordered_map<std::string, size_t> restamped;
  for (size_t index : bucket.restamped) restamped[records.records[index].key] = index;
  std::vector<MergedRow> out;
  for (int64_t i = 0; i < keys.length(); ++i) {
    if (!moved_out.empty() && moved_out.count(std::string(keys.GetView(i)))) {
      ++counts->deleted;
      continue;
    }
    if (auto won = restamped.find(std::string(keys.GetView(i))); won != restamped.end()) {
      out.push_back({false, i, won->second, true});
      ++counts->updated;
      continue;
    }
    auto it = incoming.find(std::string(keys.GetView(i)));
    if (it == incoming.end()) {
      out.push_back({false, i, 0});
      continue;
    }
    size_t index = it->second;
    const IncomingRecord& record = records.records[index];
    incoming.erase(it);
    bool keep_stored = options.payload == PayloadKind::kDefault &&
                       !stored_ordering.empty() &&
                       CompareOrdering(stored_ordering[i], record.ordering) > 0;
    if (keep_stored) {
      out.push_back({false, i, 0});
    } else if (record.is_delete) {
      ++counts->deleted;
    } else {
      out.push_back({true, record.row, index});
      ++counts->updated;
    }
  }
  if (!options.allow_duplicate_on_inserts) {
    for (size_t index : bucket.inserts) {
      // Inserts whose key the file holds were merged into the stored row above.
      if (incoming.count(records.records[index].key)) appended.push_back(index);
    }
  }
  for (size_t index : appended) {
    out.push_back({true, records.records[index].row, index});
    ++counts->inserted;
  }
  return out;
}

// The stored data columns aligned to the write schema, then the incoming rows, taken
// in output order.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> AssembleData(
    const WriteContext& context, const IncomingRecords& records,
    const std::shared_ptr<::arrow::RecordBatch>& stored_data,
    const std::vector<MergedRow>& rows) {
  std::vector<int64_t> incoming_rows;
  ::arrow::Int64Builder indices;
  for (const MergedRow& row : rows) {
    if (row.incoming) {
      ARROW_RETURN_NOT_OK(indices.Append(stored_data->num_rows() +
                                         static_cast<int64_t>(incoming_rows.size())));
      incoming_rows.push_back(row.row);
    } else {
      ARROW_RETURN_NOT_OK(indices.Append(row.row));
    }
  }
  std::vector<std::shared_ptr<::arrow::RecordBatch>> parts = {stored_data};
  if (!incoming_rows.empty()) {
    ARROW_ASSIGN_OR_RAISE(auto taken, records.Take(incoming_rows));
    parts.push_back(std::move(taken));
  }
  ARROW_ASSIGN_OR_RAISE(auto table,
                        ::arrow::Table::FromRecordBatches(context.data_schema, parts));
  ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken, ::arrow::compute::Take(table, index_array));
  return taken.table()->CombineChunksToBatch();
}

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
      ARROW_RETURN_NOT_OK(key_out.Append(records.records[row.record].key));
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
  ARROW_ASSIGN_OR_RAISE(auto stored_data, AlignToSchema(stored, *context.data_schema));
  auto keys = std::dynamic_pointer_cast<::arrow::StringArray>(
      stored->GetColumnByName(std::string(kRecordKeyField)));
  if (keys == nullptr) {
    return ::arrow::Status::Invalid("base file has no string _hoodie_record_key: ",
                                    file.path);
  }
  const WriteOptions& options = *context.options;
  std::vector<OrderingValue> stored_ordering;
  if (options.payload == PayloadKind::kDefault && options.precombine_field) {
    if (auto column = stored_data->GetColumnByName(*options.precombine_field)) {
      ARROW_ASSIGN_OR_RAISE(stored_ordering, OrderingValues(*column));
    }
  }
  MergeCounts counts;
  ARROW_ASSIGN_OR_RAISE(
      auto rows, MergeRows(records, bucket, *keys, stored_ordering, options, &counts));
  ARROW_ASSIGN_OR_RAISE(auto data, AssembleData(context, records, stored_data, rows));
  ARROW_ASSIGN_OR_RAISE(
      auto writer, FileGroupWriter::Open(context, bucket.partition, file.file_id, task,
                                         IoType::kMerge));
  ARROW_ASSIGN_OR_RAISE(MetaColumns meta, AssembleMeta(context, records, *stored, rows,
                                                       bucket.partition, writer.get()));
  ARROW_RETURN_NOT_OK(writer->Write(*data, meta));
  ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
  stat.prev_commit = file.base_instant;
  stat.num_update_writes = counts.updated;
  stat.num_inserts = counts.inserted;
  stat.num_deletes = counts.deleted;
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
  if (bucket.file && context.options->merge_on_read) {
    return AppendToFileGroup(context, records, bucket, task, stats);
  }
  if (bucket.file) return MergeFileGroup(context, records, bucket, task, stats);
  return WriteNewFileGroups(context, records, bucket, task, stats);
}

}  // namespace hoodie::internal
