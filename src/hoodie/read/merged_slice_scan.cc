// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/merged_slice_scan.cc
/// \brief MergedSliceScan: base rows merged with the slice's log records, streamed.
#include <algorithm>
#include <vector>

#include <arrow/builder.h>
#include <arrow/datum.h>
#include <arrow/record_batch.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/parquet/base_file_reader.h"
#include "hoodie/read/merged_log_records_internal.h"
#include "hoodie/read/merged_slice_scan_internal.h"

namespace hoodie::internal {

namespace {

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
      std::shared_ptr<::arrow::RecordBatch> merged;
      HOODIE_RETURN_NOT_OK(NextMergedBatch(&merged));
      if (merged != nullptr) {
        HOODIE_ASSIGN_OR_RAISE(*out, ShapeBatch(spec_.scan, *merged, &emitted_));
        if ((*out)->num_rows() > 0) return ::arrow::Status::OK();
        continue;
      }
      HOODIE_ASSIGN_OR_RAISE(bool opened, OpenNextSlice());
      if (!opened) break;
    }
    *out = nullptr;
    return ::arrow::Status::OK();
  }

 private:
  bool LimitReached() const { return spec_.scan.limit && emitted_ >= *spec_.scan.limit; }

  // The next batch of the open slice: merged base rows, then the log-only records;
  // nullptr when the slice is done (or none is open).
  ::arrow::Status NextMergedBatch(std::shared_ptr<::arrow::RecordBatch>* out) {
    if (base_batches_ != nullptr) {
      std::shared_ptr<::arrow::RecordBatch> base;
      HOODIE_RETURN_NOT_OK(base_batches_->ReadNext(&base));
      if (base != nullptr) {
        HOODIE_ASSIGN_OR_RAISE(*out, MergeBaseBatch(base));
        return ::arrow::Status::OK();
      }
      base_batches_.reset();
      base_reader_.reset();
    }
    while (log_records_ != nullptr && *out == nullptr) {
      HOODIE_ASSIGN_OR_RAISE(*out, LogOnlyRecords());
      if (log_position_ >= log_records_->records().size()) log_records_.reset();
    }
    return ::arrow::Status::OK();
  }

  ::arrow::Result<bool> OpenNextSlice() {
    if (slice_index_ >= slices_.size()) return false;
    const FileSlice& slice = slices_[slice_index_++];
    log_records_ = std::make_unique<MergedLogRecords>(
        spec_.merger.get(), MakeSpillableLogRecordMap(spec_.log_scan.memory_budget,
                                                      spec_.log_scan.spill_directory));
    log_records_->set_reader_schema(spec_.table_schema);
    log_position_ = 0;
    if (slice.HasLogFiles()) {
      HOODIE_RETURN_NOT_OK(AddLogFiles(storage_.get(), slice.log_files, spec_.timeline,
                                       spec_.log_scan, log_records_.get()));
    }
    if (slice.base_file) {
      base_path_ = slice.base_file->path;
      HOODIE_ASSIGN_OR_RAISE(
          base_reader_, BaseFileReader::Open(storage_, base_path_, RowsPerMergedBatch(),
                                             BaseFileReader::Decode::kParallel));
      HOODIE_ASSIGN_OR_RAISE(base_batches_, base_reader_->GetRecordBatchReader());
    }
    return true;
  }

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MergeBaseBatch(
      const std::shared_ptr<::arrow::RecordBatch>& base) {
    HOODIE_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(spec_.table_schema));
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
        HOODIE_RETURN_NOT_OK(builder->AppendRow({base.get(), row}));
      }
      return builder->Finish();
    }
    // All keys of the batch looked up at once, so spilled records are read back
    // together into one batch.
    keys_.clear();
    for (int64_t row = 0; row < base->num_rows(); ++row) {
      HOODIE_ASSIGN_OR_RAISE(std::string_view key, RecordKeyAt(*keys, row));
      keys_.push_back(key);
    }
    HOODIE_RETURN_NOT_OK(records.FindAll(keys_, &entries_));
    // Where each output row comes from: a base row as it is, or a built row (numbered
    // after the base rows).
    ::arrow::Int32Builder sources;
    HOODIE_RETURN_NOT_OK(sources.Reserve(base->num_rows()));
    bool untouched = true;
    for (int64_t row = 0; row < base->num_rows(); ++row) {
      RowRef stored{base.get(), row};
      const LogRecordEntry* entry = entries_[row];
      if (entry == nullptr) {
        if (as_is) {
          sources.UnsafeAppend(static_cast<int32_t>(row));
        } else {
          HOODIE_RETURN_NOT_OK(builder->AppendRow(stored));
        }
        continue;
      }
      untouched = false;
      if (entry->deleted) {
        HOODIE_RETURN_NOT_OK(records.MarkMergedWithBase(keys_[row]));
        continue;
      }
      RowRef log_record = entry->record();
      HOODIE_ASSIGN_OR_RAISE(MergeResult result,
                             spec_.merger->Combine(stored, log_record));
      const int64_t before = builder->num_rows();
      HOODIE_RETURN_NOT_OK(builder->Append(result, stored, log_record));
      if (as_is && builder->num_rows() > before) {
        sources.UnsafeAppend(static_cast<int32_t>(base->num_rows() + before));
      }
      HOODIE_RETURN_NOT_OK(records.MarkMergedWithBase(keys_[row]));
    }
    HOODIE_ASSIGN_OR_RAISE(auto built, builder->Finish());
    if (!as_is) return built;
    if (untouched) return base;
    HOODIE_ASSIGN_OR_RAISE(auto indices, sources.Finish());
    return GatherRows(base, built, *indices);
  }

  // Log records no base row consumed: inserts into the log, or every log record
  // under skip_merge. Deletes and soft deletes (_hoodie_is_deleted) are not rows.
  // Returns up to RowsPerMergedBatch() rows from log_position_ on; nullptr when none.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> LogOnlyRecords() {
    HOODIE_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(spec_.table_schema));
    LogRecordMap& records = log_records_->records();
    int64_t limit = RowsPerMergedBatch();
    while (log_position_ < records.size() && builder->num_rows() < limit) {
      size_t count = static_cast<size_t>(limit - builder->num_rows());
      HOODIE_RETURN_NOT_OK(records.EntriesAt(log_position_, count, &keys_, &entries_));
      log_position_ += entries_.size();
      for (const LogRecordEntry* entry : entries_) {
        if (entry->merged_with_base || entry->deleted ||
            spec_.merger->IsDelete(entry->record())) {
          continue;
        }
        HOODIE_RETURN_NOT_OK(builder->AppendRow(entry->record()));
      }
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
  std::vector<FileSlice> slices_;
  MergedScanSpec spec_;
  size_t slice_index_ = 0;
  std::unique_ptr<MergedLogRecords> log_records_;
  size_t log_position_ = 0;
  std::string base_path_;
  std::unique_ptr<BaseFileReader> base_reader_;
  std::shared_ptr<::arrow::RecordBatchReader> base_batches_;
  int64_t emitted_ = 0;
  // Keys and entries of the last FindAll / EntriesAt, kept to reuse their memory.
  std::vector<std::string_view> keys_;
  std::vector<const LogRecordEntry*> entries_;
};

}  // namespace

std::shared_ptr<::arrow::RecordBatchReader> MakeMergedSliceScan(
    std::shared_ptr<Storage> storage, std::vector<FileSlice> slices,
    MergedScanSpec spec) {
  return std::make_shared<MergedSliceScan>(std::move(storage), std::move(slices),
                                           std::move(spec));
}

}  // namespace hoodie::internal
