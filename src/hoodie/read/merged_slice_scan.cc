// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/merged_slice_scan.cc
/// \brief MergedSliceScan: base rows merged with the slice's log records, streamed.
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include <arrow/builder.h>
#include <arrow/record_batch.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/read/log_schema_resolution_internal.h"
#include "hoodie/read/merged_log_records_internal.h"
#include "hoodie/read/merged_slice_scan_internal.h"
#include "hoodie/storage/storage.h"

namespace hoodie::internal {

namespace {

// One file slice merged: its log blocks folded into one record per key, then its base
// file streamed and merged with them, then the log records no base row took.
class SliceMerge {
 public:
  SliceMerge(std::shared_ptr<Storage> storage, const MergedScanSpec& spec,
             const FileSlice& slice, int64_t memory_budget)
      : storage_(std::move(storage)), spec_(spec), slice_(slice),
        memory_budget_(memory_budget) {}

  ::arrow::Status Open() {
    log_records_ = std::make_unique<MergedLogRecords>(
        spec_.merger.get(),
        MakeSpillableLogRecordMap(memory_budget_, spec_.log_scan.spill_directory));
    log_records_->set_reader_schema(spec_.table_schema);
    if (slice_.HasLogFiles() && spec_.emit_changes) {
      ARROW_ASSIGN_OR_RAISE(change_blocks_,
                            ScanLogBlocks(storage_.get(), slice_.log_files, spec_.timeline,
                                          spec_.log_scan));
    } else if (slice_.HasLogFiles()) {
      ARROW_RETURN_NOT_OK(AddLogFiles(storage_.get(), slice_.log_files, spec_.timeline,
                                       spec_.log_scan, log_records_.get()));
    }
    if (slice_.base_file) {
      base_path_ = slice_.base_file->path;
      ARROW_ASSIGN_OR_RAISE(
          base_reader_, OpenBaseFile(storage_, base_path_, RowsPerMergedBatch(),
                                     BaseFileReader::Decode::kParallel,
                                     slice_.base_file->size));
      ARROW_ASSIGN_OR_RAISE(base_batches_, base_reader_->GetRecordBatchReader());
    }
    return ::arrow::Status::OK();
  }

  // The next batch of the slice: merged base rows, then the log-only records; nullptr
  // when the slice is done.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Next() {
    std::shared_ptr<::arrow::RecordBatch> out;
    if (base_batches_ != nullptr) {
      std::shared_ptr<::arrow::RecordBatch> base;
      ARROW_RETURN_NOT_OK(base_batches_->ReadNext(&base));
      if (base != nullptr) return MergeBaseBatch(base);
      base_batches_.reset();
      base_reader_.reset();
    }
    while (change_position_ < change_blocks_.size() && out == nullptr) {
      ARROW_ASSIGN_OR_RAISE(out, NextChanges());
    }
    if (out != nullptr) return out;
    while (log_records_ != nullptr && out == nullptr) {
      ARROW_ASSIGN_OR_RAISE(out, LogOnlyRecords());
      if (log_position_ >= log_records_->records().size()) log_records_.reset();
    }
    return out;
  }

 private:
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MergeBaseBatch(
      const std::shared_ptr<::arrow::RecordBatch>& base) {
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(spec_.table_schema));
    LogRecordMap& records = log_records_->records();
    std::shared_ptr<::arrow::Array> keys =
        base->GetColumnByName(std::string(kRecordKeyField));
    if (keys == nullptr && records.size() > 0) {
      return ::arrow::Status::Invalid(
          "base file has no ", kRecordKeyField,
          " column to merge its log records by: ", base_path_);
    }
    // Only rows with a log record go through the builder when the base file has the
    // table's schema: a batch none of whose rows has one goes out as it is, the others
    // are put together column by column at the end. Base files of another schema (an
    // older one, other nullability) are rebuilt row by row into the table's schema.
    const bool as_is =
        base->schema()->Equals(*spec_.table_schema, /*check_metadata=*/false);
    if (records.size() == 0 || spec_.merge_type == MergeType::kSkipMerge) {
      if (as_is) return base;
      for (int64_t row = 0; row < base->num_rows(); ++row) {
        ARROW_RETURN_NOT_OK(builder->AppendRow({base.get(), row}));
      }
      return builder->Finish();
    }
    // All keys of the batch looked up at once, so spilled records are read back
    // together into one batch.
    keys_.clear();
    for (int64_t row = 0; row < base->num_rows(); ++row) {
      ARROW_ASSIGN_OR_RAISE(std::string_view key, RecordKeyAt(*keys, row));
      keys_.push_back(key);
    }
    ARROW_RETURN_NOT_OK(records.FindAll(keys_, &entries_));
    // Where each output row comes from: a base row as it is, or a built row (numbered
    // after the base rows).
    ::arrow::Int32Builder sources;
    ARROW_RETURN_NOT_OK(sources.Reserve(base->num_rows()));
    bool untouched = true;
    for (int64_t row = 0; row < base->num_rows(); ++row) {
      RowRef stored{base.get(), row};
      const LogRecordEntry* entry = entries_[row];
      if (entry == nullptr) {
        if (as_is) {
          sources.UnsafeAppend(static_cast<int32_t>(row));
        } else {
          ARROW_RETURN_NOT_OK(builder->AppendRow(stored));
        }
        continue;
      }
      untouched = false;
      if (entry->deleted) {
        ARROW_RETURN_NOT_OK(records.MarkMergedWithBase(keys_[row]));
        continue;
      }
      RowRef log_record = entry->record();
      ARROW_ASSIGN_OR_RAISE(MergeResult result,
                             spec_.merger->Combine(stored, log_record));
      const int64_t before = builder->num_rows();
      ARROW_RETURN_NOT_OK(builder->Append(result, stored, log_record));
      if (as_is && builder->num_rows() > before) {
        sources.UnsafeAppend(static_cast<int32_t>(base->num_rows() + before));
      }
      ARROW_RETURN_NOT_OK(records.MarkMergedWithBase(keys_[row]));
    }
    ARROW_ASSIGN_OR_RAISE(auto built, builder->Finish());
    if (!as_is) return built;
    if (untouched) return base;
    ARROW_ASSIGN_OR_RAISE(auto indices, sources.Finish());
    return GatherRows(base, built, *indices);
  }

  // Log records no base row consumed: inserts into the log, or every log record
  // under skip_merge. Deletes and soft deletes (_hoodie_is_deleted) are not rows.
  // Returns up to RowsPerMergedBatch() rows from log_position_ on; nullptr when none.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> LogOnlyRecords() {
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(spec_.table_schema));
    LogRecordMap& records = log_records_->records();
    int64_t limit = RowsPerMergedBatch();
    while (log_position_ < records.size() && builder->num_rows() < limit) {
      size_t count = static_cast<size_t>(limit - builder->num_rows());
      ARROW_RETURN_NOT_OK(records.EntriesAt(log_position_, count, &keys_, &entries_));
      log_position_ += entries_.size();
      for (const LogRecordEntry* entry : entries_) {
        if (entry->merged_with_base || entry->deleted ||
            spec_.merger->IsDelete(entry->record())) {
          continue;
        }
        ARROW_RETURN_NOT_OK(builder->AppendRow(entry->record()));
      }
    }
    if (builder->num_rows() == 0) return nullptr;
    return builder->Finish();
  }

  // Flink's changelog read (MergeOnReadInputFormat emitting every change): the records
  // of the next data block as written, none folded into another, those whose
  // _hoodie_operation is D too. Delete blocks hold keys only and give no row (a table
  // that keeps the operation field writes its deletes as data records). nullptr for a
  // block that gives no row.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> NextChanges() {
    LogBlock& block = change_blocks_[change_position_++];
    if (block.type != LogBlockType::kAvroData &&
        block.type != LogBlockType::kParquetData) {
      return nullptr;
    }
    ARROW_RETURN_NOT_OK(LoadLogBlockContent(storage_.get(), &block));
    ARROW_ASSIGN_OR_RAISE(auto batch, ReadDataBlock(block));
    block.content = std::string();
    ARROW_RETURN_NOT_OK(CheckAvroResolution(*batch->schema(), *spec_.table_schema));
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(spec_.table_schema));
    for (int64_t row = 0; row < batch->num_rows(); ++row) {
      ARROW_RETURN_NOT_OK(builder->AppendRow({batch.get(), row}));
    }
    if (builder->num_rows() == 0) return nullptr;
    return builder->Finish();
  }

  // A merged batch holds the batch its spilled records were read back into until it is
  // finished; smaller batches bound that memory once the slice's records spilled.
  int64_t RowsPerMergedBatch() const {
    constexpr int64_t kSpilledBatchRows = 4096;
    bool spilled =
        log_records_ != nullptr && log_records_->records().stats().spilled_records > 0;
    return spilled ? std::min(spec_.scan.batch_size, kSpilledBatchRows)
                   : spec_.scan.batch_size;
  }

  std::shared_ptr<Storage> storage_;
  const MergedScanSpec& spec_;
  const FileSlice& slice_;
  const int64_t memory_budget_;
  std::unique_ptr<MergedLogRecords> log_records_;
  size_t log_position_ = 0;
  // Changelog reads: the slice's blocks in merge order, handed out one at a time.
  std::vector<LogBlock> change_blocks_;
  size_t change_position_ = 0;
  std::string base_path_;
  std::unique_ptr<BaseFileReader> base_reader_;
  std::shared_ptr<::arrow::RecordBatchReader> base_batches_;
  // Keys and entries of the last FindAll / EntriesAt, kept to reuse their memory.
  std::vector<std::string_view> keys_;
  std::vector<const LogRecordEntry*> entries_;
};

// One slice merged on a thread of its own, a few batches ahead of the reader, so that
// two slices merge at once: a merged snapshot uses both cores (a slice's key lookups
// and payload merges are serial). A thread,
// not a task of Arrow's CPU pool: it waits on that pool to decode base files.
class SliceProducer {
 public:
  SliceProducer(std::shared_ptr<Storage> storage, const MergedScanSpec& spec,
                const FileSlice& slice, int64_t memory_budget)
      : merge_(std::move(storage), spec, slice, memory_budget),
        thread_([this] { Run(); }) {}

  ~SliceProducer() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cancelled_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  // The slice's next batch in order; nullptr once it is done; the slice's error.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Take() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !ready_.empty() || done_; });
    if (!ready_.empty()) {
      std::shared_ptr<::arrow::RecordBatch> batch = std::move(ready_.front());
      ready_.pop_front();
      changed_.notify_all();
      return batch;
    }
    ARROW_RETURN_NOT_OK(status_);
    return nullptr;
  }

 private:
  // Batches made ahead of the reader: enough to keep the thread busy, few enough that
  // memory holds a handful of batches per slice.
  static constexpr size_t kAhead = 2;

  void Run() {
    ::arrow::Status status = Produce();
    std::lock_guard<std::mutex> lock(mutex_);
    status_ = std::move(status);
    done_ = true;
    changed_.notify_all();
  }

  ::arrow::Status Produce() {
    ARROW_RETURN_NOT_OK(merge_.Open());
    while (true) {
      ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> batch, merge_.Next());
      if (batch == nullptr) return ::arrow::Status::OK();
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return ready_.size() < kAhead || cancelled_; });
      if (cancelled_) return ::arrow::Status::OK();
      ready_.push_back(std::move(batch));
      changed_.notify_all();
    }
  }

  SliceMerge merge_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::shared_ptr<::arrow::RecordBatch>> ready_;
  ::arrow::Status status_;
  bool done_ = false;
  bool cancelled_ = false;
  std::thread thread_;  // last: it starts once everything it uses is built
};

// The slices' merged batches, two slices merging at once and taking turns.
class MergedSliceScan : public ::arrow::RecordBatchReader {
 public:
  MergedSliceScan(std::shared_ptr<Storage> storage, std::vector<FileSlice> slices,
                  MergedScanSpec spec)
      : storage_(std::move(storage)),
        slices_(std::move(slices)),
        spec_(std::move(spec)) {}

  std::shared_ptr<::arrow::Schema> schema() const override {
    return spec_.scan.output_schema;
  }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* out) override {
    *out = nullptr;
    while (!LimitReached()) {
      StartSlices();
      if (running_.empty()) break;
      // The merging slices take turns, a batch each: both threads stay busy while the
      // order stays the same from run to run (it depends on the slices' batches only).
      const size_t at = turn_ % running_.size();
      ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> merged,
                             running_[at]->Take());
      if (merged == nullptr) {
        running_.erase(running_.begin() + static_cast<std::ptrdiff_t>(at));
        continue;
      }
      ++turn_;
      ARROW_ASSIGN_OR_RAISE(*out, ShapeBatch(spec_.scan, *merged, &emitted_));
      if ((*out)->num_rows() > 0) return ::arrow::Status::OK();
    }
    *out = nullptr;
    running_.clear();
    return ::arrow::Status::OK();
  }

 private:
  // Slices merging at once: two keep both cores busy on local disk; on a remote store
  // each slice mostly waits for its requests, so more overlap their round trips.
  size_t SlicesAtOnce() const { return storage_->is_remote() ? 6 : 2; }

  bool LimitReached() const { return spec_.scan.limit && emitted_ >= *spec_.scan.limit; }

  // Keeps SlicesAtOnce() slices merging; they share the memory budget for log records.
  void StartSlices() {
    const size_t at_once = SlicesAtOnce();
    const int64_t budget = slices_.size() > 1
                               ? spec_.log_scan.memory_budget / static_cast<int64_t>(at_once)
                               : spec_.log_scan.memory_budget;
    while (running_.size() < at_once && next_slice_ < slices_.size()) {
      running_.push_back(std::make_unique<SliceProducer>(
          storage_, spec_, slices_[next_slice_++], budget));
    }
  }

  std::shared_ptr<Storage> storage_;
  std::vector<FileSlice> slices_;
  MergedScanSpec spec_;
  size_t next_slice_ = 0;
  size_t turn_ = 0;
  int64_t emitted_ = 0;
  // Last: its threads read the members above until they are joined.
  std::deque<std::unique_ptr<SliceProducer>> running_;
};

}  // namespace

std::shared_ptr<::arrow::RecordBatchReader> MakeMergedSliceScan(
    std::shared_ptr<Storage> storage, std::vector<FileSlice> slices,
    MergedScanSpec spec) {
  return std::make_shared<MergedSliceScan>(std::move(storage), std::move(slices),
                                           std::move(spec));
}

}  // namespace hoodie::internal
