// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/merge_handle.cc
/// \brief The copy-on-write merge handle, streamed and column-wise.
#include "hoodie/write/merge_handle_internal.h"

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/record_batch.h>

#include "hoodie/common/key_filter.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/write/write_options.h"

namespace hoodie::internal {
namespace {

using ::arrow::Result;
using ::arrow::Status;

struct MergeCounts {
  int64_t updated = 0;
  int64_t inserted = 0;
  int64_t deleted = 0;
};

// The four caller-supplied meta columns as one batch, so that stored and new values are
// gathered like the data.
std::shared_ptr<::arrow::Schema> MetaSchema() {
  static const auto schema = ::arrow::schema(
      {::arrow::field(std::string(kCommitTimeField), ::arrow::utf8()),
       ::arrow::field(std::string(kCommitSeqNoField), ::arrow::utf8()),
       ::arrow::field(std::string(kRecordKeyField), ::arrow::utf8()),
       ::arrow::field(std::string(kPartitionPathField), ::arrow::utf8())});
  return schema;
}

MetaColumns MetaFromBatch(const ::arrow::RecordBatch& meta) {
  return MetaColumns{meta.column(0), meta.column(1), meta.column(2), meta.column(3)};
}

// The stored meta columns of a base file batch. Invalid naming the file when one is
// missing or not a string (a base file not written by Hudi).
Result<std::shared_ptr<::arrow::RecordBatch>> StoredMeta(const ::arrow::RecordBatch& stored,
                                                         const std::string& path) {
  ::arrow::ArrayVector columns;
  for (const auto& field : MetaSchema()->fields()) {
    auto column = stored.GetColumnByName(field->name());
    if (column == nullptr || column->type_id() != ::arrow::Type::STRING) {
      return Status::Invalid("base file has no string ", field->name(), " column: ", path);
    }
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(MetaSchema(), stored.num_rows(), std::move(columns));
}

// Meta values of rows this commit writes: its instant, sequence numbers in output
// order (counted per file), the record's key and the bucket's partition path.
class NewMeta {
 public:
  NewMeta(const std::string& instant, const std::string& partition, FileGroupWriter* writer)
      : instant_(instant),
        partition_(partition),
        writer_(writer),
        prefix_(instant + "_" + std::to_string(writer->task_partition_id()) + "_") {}

  Status Append(std::string_view key) {
    ARROW_RETURN_NOT_OK(times_.Append(instant_));
    ARROW_RETURN_NOT_OK(seqnos_.Append(prefix_ + std::to_string(writer_->TakeSeqNos(1))));
    ARROW_RETURN_NOT_OK(keys_.Append(key));
    ++rows_;
    return partitions_.Append(partition_);
  }
  int64_t rows() const { return rows_; }

  // The values appended since the last Finish, as a batch of MetaSchema().
  Result<std::shared_ptr<::arrow::RecordBatch>> Finish() {
    ::arrow::ArrayVector columns(4);
    ARROW_RETURN_NOT_OK(times_.Finish(&columns[0]));
    ARROW_RETURN_NOT_OK(seqnos_.Finish(&columns[1]));
    ARROW_RETURN_NOT_OK(keys_.Finish(&columns[2]));
    ARROW_RETURN_NOT_OK(partitions_.Finish(&columns[3]));
    int64_t rows = rows_;
    rows_ = 0;
    return ::arrow::RecordBatch::Make(MetaSchema(), rows, std::move(columns));
  }

 private:
  const std::string& instant_;
  const std::string& partition_;
  FileGroupWriter* writer_;
  std::string prefix_;
  ::arrow::StringBuilder times_, seqnos_, keys_, partitions_;
  int64_t rows_ = 0;
};

// HoodieMergeHandle's record loop, one stored batch at a time. The output of a batch is
// gathered column by column from the stored rows and the few rows merged here: data
// from the stored data or the merged rows, meta values from the stored meta columns or
// this commit's (a restamped row keeps its data but takes new meta values).
class StreamingMerge {
 public:
  StreamingMerge(const WriteContext& context, const IncomingRecords& records,
                 const StagedRowView& view, const Bucket& bucket,
                 FileGroupWriter* writer)
      : context_(context),
        records_(records),
        view_(view),
        bucket_(bucket),
        writer_(writer),
        new_meta_(context.instant_time, bucket.partition, writer),
        allow_duplicates_(context.options->allow_duplicate_on_inserts) {
    // Java keeps one record per key in keyToNewRecords: a later one replaces it.
    for (size_t index : bucket.updates) incoming_[records.records[index].key()] = index;
    if (!allow_duplicates_) {
      for (size_t index : bucket.inserts) incoming_[records.records[index].key()] = index;
    }
    for (size_t index : bucket.moved_out) moved_out_.insert(records.records[index].key());
    for (size_t index : bucket.restamped) restamped_[records.records[index].key()] = index;
    touched_.Reset(incoming_.size() + moved_out_.size() + restamped_.size());
    for (const auto& [key, index] : incoming_) touched_.Add(key);
    for (std::string_view key : moved_out_) touched_.Add(key);
    for (const auto& [key, index] : restamped_) touched_.Add(key);
  }

  Status MergeBatch(const std::shared_ptr<::arrow::RecordBatch>& stored,
                    const std::string& path) {
    ARROW_ASSIGN_OR_RAISE(auto data,
                          AlignToSchema(stored, *context_.data_schema, MissingColumn::kNull));
    ARROW_ASSIGN_OR_RAISE(auto meta, StoredMeta(*stored, path));
    const auto& keys = static_cast<const ::arrow::StringArray&>(*meta->column(2));
    const auto rows = static_cast<int32_t>(stored->num_rows());
    ARROW_ASSIGN_OR_RAISE(auto built, MergedBatchBuilder::Make(context_.data_schema));
    ::arrow::Int32Builder data_sources, meta_sources;
    ARROW_RETURN_NOT_OK(data_sources.Reserve(rows));
    ARROW_RETURN_NOT_OK(meta_sources.Reserve(rows));
    bool touched = false;
    // A stored row kept as it is, data and meta values.
    auto kept = [&](int32_t row) {
      data_sources.UnsafeAppend(row);
      meta_sources.UnsafeAppend(row);
    };
    // A row of this commit: its data from `data_row` (stored or built), new meta values.
    auto written = [&](int32_t data_row, std::string_view key) {
      data_sources.UnsafeAppend(data_row);
      meta_sources.UnsafeAppend(rows + static_cast<int32_t>(new_meta_.rows()));
      return new_meta_.Append(key);
    };
    for (int32_t i = 0; i < rows; ++i) {
      std::string_view key = keys.GetView(i);
      if (!touched_.MayHold(key)) {  // most stored rows
        kept(i);
        continue;
      }
      if (moved_out_.count(key)) {
        ++counts_.deleted;
        touched = true;
        continue;
      }
      if (auto won = restamped_.find(key); won != restamped_.end()) {
        ++counts_.updated;
        touched = true;
        ARROW_RETURN_NOT_OK(written(i, records_.records[won->second].key()));
        continue;
      }
      auto it = incoming_.find(key);
      if (it == incoming_.end()) {
        kept(i);
        continue;
      }
      touched = true;
      merged_keys_.insert(it->first);
      RowRef old_record{data.get(), i};
      RowRef new_record = view_.Get(records_.records[it->second].row());
      ARROW_ASSIGN_OR_RAISE(MergeResult result,
                            context_.merger->Combine(old_record, new_record));
      switch (result.outcome) {
        case MergeOutcome::kKeepOld:
          kept(i);
          break;
        case MergeOutcome::kDelete:
          ++counts_.deleted;
          break;
        case MergeOutcome::kTakeNew:
        case MergeOutcome::kCombined: {
          if (new_record.empty()) {
            return Status::Invalid("payload ", context_.merger->java_class_name(),
                                   " kept a delete operation's record, which has no "
                                   "values");
          }
          ++counts_.updated;
          const auto at = static_cast<int32_t>(built->num_rows());
          ARROW_RETURN_NOT_OK(built->Append(result, old_record, new_record));
          ARROW_RETURN_NOT_OK(written(rows + at, records_.records[it->second].key()));
          break;
        }
      }
    }
    if (!touched) return writer_->Write(*data, MetaFromBatch(*meta));
    ARROW_ASSIGN_OR_RAISE(auto built_rows, built->Finish());
    ARROW_ASSIGN_OR_RAISE(auto new_meta, new_meta_.Finish());
    ARROW_ASSIGN_OR_RAISE(auto data_order, data_sources.Finish());
    ARROW_ASSIGN_OR_RAISE(auto meta_order, meta_sources.Finish());
    ARROW_ASSIGN_OR_RAISE(auto out_data, GatherRows(data, built_rows, *data_order));
    ARROW_ASSIGN_OR_RAISE(auto out_meta, GatherRows(meta, new_meta, *meta_order));
    if (out_data->num_rows() == 0) return Status::OK();  // every row deleted
    return writer_->Write(*out_data, MetaFromBatch(*out_meta));
  }

  // writeIncomingRecords: the incoming records no stored row took, once per key (the
  // record that won the map), deletes not written; gathered from the staged rows.
  Status AppendInserts() {
    ::arrow::Int32Builder sources;
    for (size_t index : bucket_.inserts) {
      std::string_view key = records_.records[index].key();
      if (!allow_duplicates_) {
        auto it = incoming_.find(key);
        if (it == incoming_.end() || it->second != index || merged_keys_.count(key)) {
          continue;
        }
      }
      RowRef record = view_.Get(records_.records[index].row());
      if (record.empty() || context_.merger->IsDelete(record)) {
        ++counts_.deleted;
        continue;
      }
      ++counts_.inserted;
      ARROW_RETURN_NOT_OK(sources.Append(static_cast<int32_t>(record.row)));
      ARROW_RETURN_NOT_OK(new_meta_.Append(key));
    }
    if (sources.length() == 0) return Status::OK();
    ARROW_ASSIGN_OR_RAISE(auto order, sources.Finish());
    ARROW_ASSIGN_OR_RAISE(auto data, GatherRows(view_.loaded, nullptr, *order));
    ARROW_ASSIGN_OR_RAISE(auto meta, new_meta_.Finish());
    return writer_->Write(*data, MetaFromBatch(*meta));
  }

  const MergeCounts& counts() const { return counts_; }

 private:
  const WriteContext& context_;
  const IncomingRecords& records_;
  const StagedRowView& view_;
  const Bucket& bucket_;
  FileGroupWriter* writer_;
  NewMeta new_meta_;
  const bool allow_duplicates_;
  std::unordered_map<std::string_view, size_t> incoming_;
  std::unordered_set<std::string_view> moved_out_;
  std::unordered_map<std::string_view, size_t> restamped_;
  std::unordered_set<std::string_view> merged_keys_;
  KeyFilter touched_;  // the keys of incoming_, moved_out_ and restamped_
  MergeCounts counts_;
};

}  // namespace

Status MergeFileGroup(const WriteContext& context, const IncomingRecords& records,
                      const Bucket& bucket, int64_t task, std::vector<WriteStat>* stats) {
  auto started = std::chrono::steady_clock::now();
  const ExistingFile& file = *bucket.file;
  // Serial decoding: this runs as a task of the CPU pool (WriteBuckets).
  ARROW_ASSIGN_OR_RAISE(auto reader,
                        OpenBaseFile(context.storage, file.path, 0,
                                     BaseFileReader::Decode::kSerial, file.size));
  ARROW_ASSIGN_OR_RAISE(auto batches, reader->GetRecordBatchReader());
  std::vector<int64_t> incoming_rows;
  for (const auto* indices : {&bucket.updates, &bucket.inserts}) {
    for (size_t index : *indices) incoming_rows.push_back(records.records[index].row());
  }
  ARROW_ASSIGN_OR_RAISE(StagedRowView view, records.View(std::move(incoming_rows), task));
  ARROW_ASSIGN_OR_RAISE(
      auto writer, FileGroupWriter::Open(context, bucket.partition, file.file_id, task,
                                         IoType::kMerge, FileRows::kAnyRecords));
  StreamingMerge merge(context, records, view, bucket, writer.get());
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> stored,
                          batches->Next());
    if (stored == nullptr) break;
    if (stored->num_rows() == 0) continue;
    ARROW_RETURN_NOT_OK(merge.MergeBatch(stored, file.path));
  }
  ARROW_RETURN_NOT_OK(merge.AppendInserts());
  ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
  stat.prev_commit = file.base_instant;
  stat.num_update_writes = merge.counts().updated;
  stat.num_inserts = merge.counts().inserted;
  stat.num_deletes = merge.counts().deleted;
  auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  stat.runtime_stats = RuntimeStats{0, elapsed.count(), 0};
  stats->push_back(std::move(stat));
  return Status::OK();
}

}  // namespace hoodie::internal
