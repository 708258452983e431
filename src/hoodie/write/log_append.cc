// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/log_append.cc
/// \brief AppendToFileGroup: HoodieAppendHandle over HoodieLogFormatWriter for file
/// systems without append (block flushing, rollover, one delta stat per log file).
#include <algorithm>
#include <chrono>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/format/base_file/base_file_writer.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/record_column_stats_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/write/log_append_internal.h"
#include "hoodie/write/write_options.h"

namespace hoodie::internal {

namespace {

// HoodieAppendHandle.NUMBER_OF_RECORDS_TO_ESTIMATE_RECORD_SIZE.
constexpr int64_t kRecordsPerSizeSample = 100;

// The sizing state of flushToDiskIfRequired.
class BlockSizer {
 public:
  explicit BlockSizer(int64_t max_block_size) : max_block_size_(max_block_size) {}

  // Called before a record of `size` bytes is buffered: true when the buffered records
  // are flushed first.
  bool Next(int64_t size) {
    if (!seeded_) {
      average_ = size;  // init(): the first record's estimate
      seeded_ = true;
    }
    if (count_ >= Capacity() || count_ % kRecordsPerSizeSample == 0) {
      // Java: (long) (averageRecordSize * 0.8 + sizeEstimate * 0.2), in doubles.
      average_ = static_cast<int64_t>(static_cast<double>(average_) * 0.8 +
                                      static_cast<double>(size) * 0.2);
    }
    bool flush = count_ >= Capacity();
    if (flush) {
      estimated_bytes_ += average_ * count_;
      count_ = 0;
    }
    ++count_;
    return flush;
  }

  // doAppend's end: the last records count toward the bytes written.
  void Finish() { estimated_bytes_ += average_ * count_; }

  // estimatedNumberOfBytesWritten: grows by average x records at each flush.
  int64_t estimated_bytes() const { return estimated_bytes_; }

 private:
  int64_t Capacity() const { return max_block_size_ / std::max<int64_t>(average_, 1); }

  int64_t max_block_size_;
  int64_t average_ = 0;
  int64_t count_ = 0;  // numberOfRecords: buffered since the last flush
  int64_t estimated_bytes_ = 0;
  bool seeded_ = false;
};

// The Avro ordering-value wrapper of a soft-deleted record's ordering field
// (HoodieAvroUtils.wrapValueIntoAvro of the value the payload holds), or IntWrapper 0
// when there is none: what EmptyHoodieRecordPayload (a delete operation) carries.
AvroValue DeleteOrderingValue(const RowRef& row, const std::string& field) {
  AvroValue zero = WrapOrderingValue(kIntWrapper, AvroValue::Int(0));
  if (row.empty() || field.empty()) return zero;
  auto column = row.batch->GetColumnByName(field);
  if (column == nullptr || column->IsNull(row.row)) return zero;
  auto scalar_result = column->GetScalar(row.row);
  if (!scalar_result.ok()) return zero;
  const ::arrow::Scalar& scalar = **scalar_result;
  auto wrap = [](std::string_view name, AvroValue value) {
    return WrapOrderingValue(
        std::string("org.apache.hudi.avro.model.") + std::string(name), std::move(value));
  };
  using T = ::arrow::Type;
  switch (scalar.type->id()) {
    case T::INT8:
      return wrap("IntWrapper",
                  AvroValue::Int(static_cast<const ::arrow::Int8Scalar&>(scalar).value));
    case T::INT16:
      return wrap("IntWrapper",
                  AvroValue::Int(static_cast<const ::arrow::Int16Scalar&>(scalar).value));
    case T::INT32:
      return wrap("IntWrapper",
                  AvroValue::Int(static_cast<const ::arrow::Int32Scalar&>(scalar).value));
    case T::INT64:
      return wrap(
          "LongWrapper",
          AvroValue::Long(static_cast<const ::arrow::Int64Scalar&>(scalar).value));
    case T::TIMESTAMP:
      // A GenericRecord holds timestamps as their long value.
      return wrap(
          "LongWrapper",
          AvroValue::Long(static_cast<const ::arrow::TimestampScalar&>(scalar).value));
    case T::FLOAT:
      return wrap(
          "FloatWrapper",
          AvroValue::Float(static_cast<const ::arrow::FloatScalar&>(scalar).value));
    case T::DOUBLE:
      return wrap(
          "DoubleWrapper",
          AvroValue::Double(static_cast<const ::arrow::DoubleScalar&>(scalar).value));
    case T::BOOL:
      return wrap(
          "BooleanWrapper",
          AvroValue::Boolean(static_cast<const ::arrow::BooleanScalar&>(scalar).value));
    case T::STRING:
      return wrap("StringWrapper",
                  AvroValue::String(
                      static_cast<const ::arrow::StringScalar&>(scalar).ToString()));
    case T::DATE32:
      return wrap(
          "DateWrapper",
          AvroValue::Int(static_cast<const ::arrow::Date32Scalar&>(scalar).value));
    default:
      return zero;
  }
}

// One record of an append in write order.
struct AppendRecord {
  size_t index = 0;      // into IncomingRecords::records
  bool update = false;   // tagged by the index (currentLocation set)
  int64_t encoded = -1;  // into the encoded data records, -1 for a delete
  int64_t size = 0;      // estimated bytes
};

// The records of `bucket` in the order the handle sees them, their data rows encoded
// as Avro with meta columns (`file_id` in _hoodie_file_name) and their deletes.
struct PreparedRecords {
  std::vector<AppendRecord> order;
  std::vector<std::string> encoded;
  // The data records with their meta columns, one row per entry of `encoded` (zero rows
  // when there are none); null when the write carries no schema (keys only).
  std::shared_ptr<::arrow::RecordBatch> rows;
  std::vector<DeleteRecord> deletes;  // parallel to the delete entries of `order`
  std::vector<int64_t> delete_of;     // order position -> index into deletes, or -1
};

::arrow::Result<PreparedRecords> PrepareRecords(const WriteContext& context,
                                                const IncomingRecords& records,
                                                const Bucket& bucket,
                                                const std::string& file_id,
                                                const std::string& schema, int64_t task) {
  PreparedRecords out;
  std::vector<int64_t> data_rows;
  std::vector<std::string> data_keys;
  std::vector<bool> data_deletes;
  std::vector<int64_t> soft_delete_rows;
  // Changelog mode: a delete with a row is a data record whose operation is D
  // (HoodieAppendHandle keeps it when the operation field is allowed).
  const bool operations =
      context.options->changelog && records.schema != nullptr &&
      records.schema->GetFieldIndex(std::string(kOperationField)) >= 0;
  auto add = [&](size_t index, bool update) {
    const IncomingRecord& record = records.records[index];
    AppendRecord entry{index, update, -1, 0};
    if (!record.is_delete() || operations) {
      entry.encoded = static_cast<int64_t>(data_rows.size());
      data_rows.push_back(record.row());
      data_keys.emplace_back(record.key());
      data_deletes.push_back(record.is_delete());
    } else if (records.schema != nullptr) {
      soft_delete_rows.push_back(record.row());
    }
    out.order.push_back(entry);
  };
  for (size_t index : bucket.updates) add(index, true);
  for (size_t index : bucket.inserts) add(index, false);
  // Stored records that won a global-index partition move, written back as updates
  // (their rows are the stored ones, see StoredRecordWins).
  for (size_t index : bucket.restamped) add(index, true);
  // A global index moving a key out of this group deletes it here (an
  // EmptyHoodieRecordPayload tagged to the old location).
  for (size_t index : bucket.moved_out) {
    out.order.push_back(AppendRecord{index, true, -1, 0});
  }
  if (!data_rows.empty()) {
    ARROW_ASSIGN_OR_RAISE(auto data, records.Take(task, data_rows));
    // HoodieAppendHandle's sequence ids count from 1.
    ARROW_ASSIGN_OR_RAISE(MetaColumns meta,
                           MetaColumns::ForRecords(context.instant_time, bucket.partition,
                                                   task, /*first_seqno=*/1, data_keys));
    ARROW_ASSIGN_OR_RAISE(
        auto file_ids,
        ::arrow::MakeArrayFromScalar(::arrow::StringScalar(file_id), data->num_rows()));
    ::arrow::ArrayVector columns = {meta.commit_time, meta.commit_seqno, meta.record_key,
                                    meta.partition_path, file_ids};
    if (operations) {
      auto staged = data->GetColumnByName(std::string(kOperationField));
      ARROW_ASSIGN_OR_RAISE(auto written, WrittenOperations(*staged, data_deletes));
      columns.push_back(std::move(written));
    }
    for (int i = 0; i < data->num_columns(); ++i) {
      if (data->schema()->field(i)->name() != kOperationField) {
        columns.push_back(data->column(i));
      }
    }
    out.rows = ::arrow::RecordBatch::Make(AddMetadataFields(*data->schema(), operations),
                                          data->num_rows(), std::move(columns));
    ARROW_ASSIGN_OR_RAISE(out.encoded, EncodeAvroRecords(*out.rows, schema));
  } else if (context.options->log_column_stats) {
    // An append of deletes only still reports statistics, of no record: it needs the
    // columns, from the records' schema or, for keys alone, the writer's.
    std::shared_ptr<::arrow::Schema> data_schema = records.schema;
    if (data_schema == nullptr) {
      ARROW_ASSIGN_OR_RAISE(data_schema, AvroJsonToArrowSchema(context.avro_schema));
    }
    ARROW_ASSIGN_OR_RAISE(out.rows,
                          ::arrow::RecordBatch::MakeEmpty(AddMetadataFields(*data_schema)));
  }
  StagedRowView soft_deletes;
  if (!soft_delete_rows.empty()) {
    ARROW_ASSIGN_OR_RAISE(soft_deletes, records.View(std::move(soft_delete_rows), task));
  }
  const std::string& ordering = context.merger->options().ordering_field;
  out.delete_of.assign(out.order.size(), -1);
  for (size_t i = 0; i < out.order.size(); ++i) {
    AppendRecord& entry = out.order[i];
    const IncomingRecord& record = records.records[entry.index];
    if (entry.encoded >= 0) {
      entry.size = static_cast<int64_t>(out.encoded[entry.encoded].size());
      continue;
    }
    bool moved =
        i >= bucket.updates.size() + bucket.inserts.size() + bucket.restamped.size();
    RowRef row =
        (moved || records.schema == nullptr) ? RowRef{} : soft_deletes.Get(record.row());
    out.delete_of[i] = static_cast<int64_t>(out.deletes.size());
    out.deletes.push_back(
        {std::string(record.key()), bucket.partition, DeleteOrderingValue(row, ordering)});
    // A delete adds its key, partition path and ordering value to the delete block.
    entry.size = static_cast<int64_t>(record.key().size() + bucket.partition.size()) + 8;
  }
  return out;
}

// Counts of the records buffered since the last append (HoodieAppendHandle's
// recordsWritten, updatedRecordsWritten, insertRecordsWritten, recordsDeleted).
struct AppendCounts {
  int64_t written = 0;
  int64_t updated = 0;
  int64_t inserted = 0;
  int64_t deleted = 0;
};

// One HoodieAppendHandle on one file group: buffers records, appends blocks to the
// current log file and rolls over to the next version past hoodie.logfile.max.size.
class LogAppender {
 public:
  LogAppender(const WriteContext& context, std::string partition, std::string file_id,
              std::string slice_instant, std::string base_file,
              std::vector<std::string> log_files, int64_t task, std::string schema)
      : context_(context),
        partition_(std::move(partition)),
        file_id_(std::move(file_id)),
        slice_instant_(std::move(slice_instant)),
        base_file_(std::move(base_file)),
        log_files_(std::move(log_files)),
        token_(MakeWriteToken(task, 0, task)),
        schema_(std::move(schema)),
        sizer_(context.options->log_block_max_size),
        started_(std::chrono::steady_clock::now()) {}

  // The log version the first append creates: one above the highest of the slice (a
  // rollover, as there is no append), else version 1.
  ::arrow::Status Init() {
    ARROW_ASSIGN_OR_RAISE(highest_, context_.log_versions->Highest(
                                        context_.storage.get(), context_.base_path,
                                        partition_, file_id_, slice_instant_));
    version_ = highest_ + 1;
    return ::arrow::Status::OK();
  }

  // The rows the records' `encoded` indexes point into, whose statistics each append
  // collects when the metadata table keeps column_stats.
  void set_rows(std::shared_ptr<::arrow::RecordBatch> rows) { rows_ = std::move(rows); }

  // doWrite: flushToDiskIfRequired then writeToBuffer.
  ::arrow::Status Add(const AppendRecord& record, const std::string* encoded,
                      const DeleteRecord* deleted) {
    if (sizer_.Next(record.size)) {
      ARROW_RETURN_NOT_OK(AppendBlocks(/*with_deletes=*/false));
    }
    if (deleted != nullptr) {
      deletes_.push_back(*deleted);
      ++counts_.deleted;
    } else {
      data_.push_back(*encoded);
      data_rows_.push_back(record.encoded);
      ++counts_.written;
      ++(record.update ? counts_.updated : counts_.inserted);
    }
    return ::arrow::Status::OK();
  }

  // HoodieAppendHandle.canWrite: parquet max size >= estimated bytes x ratio.
  bool CanWrite() const {
    return static_cast<double>(context_.options->base_file.max_file_size) >=
           static_cast<double>(sizer_.estimated_bytes()) *
               context_.options->log_to_parquet_ratio;
  }

  // close(): the remaining data records and every delete, then one stat per log file.
  ::arrow::Status Close(bool finish_sizer, std::vector<WriteStat>* stats) {
    ARROW_RETURN_NOT_OK(AppendBlocks(/*with_deletes=*/true));
    if (finish_sizer) sizer_.Finish();
    ARROW_RETURN_NOT_OK(WriteOpenFile());
    for (WriteStat& stat : stats_) stats->push_back(std::move(stat));
    return ::arrow::Status::OK();
  }

 private:
  std::string FileName() const {
    return MakeLogFileName(file_id_, slice_instant_, version_, token_);
  }
  std::string Relative(const std::string& name) const {
    return partition_.empty() ? name : partition_ + "/" + name;
  }

  // HoodieLogFormatWriter.appendBlocks: the data block of the buffered records, then
  // (at close) the delete block, into the current file; then rolloverIfNeeded.
  ::arrow::Status AppendBlocks(bool with_deletes) {
    std::vector<LogBlock> blocks;
    if (!data_.empty()) {
      ARROW_ASSIGN_OR_RAISE(LogBlock block, MakeDataBlock());
      blocks.push_back(std::move(block));
    }
    if (with_deletes && !deletes_.empty()) {
      ARROW_ASSIGN_OR_RAISE(
          LogBlock block, MakeDeleteLogBlock(context_.instant_time, schema_, deletes_));
      blocks.push_back(std::move(block));
    }
    if (blocks.empty()) return ::arrow::Status::OK();
    if (!open_) ARROW_RETURN_NOT_OK(OpenFile());
    ARROW_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlocks(blocks));
    int64_t offset = static_cast<int64_t>(buffer_.size());
    buffer_ += bytes;
    ARROW_ASSIGN_OR_RAISE(std::vector<ColumnStats> column_stats, AppendedColumnStats());
    ProcessAppendResult(offset, static_cast<int64_t>(bytes.size()), std::move(column_stats));
    data_.clear();
    data_rows_.clear();
    if (with_deletes) deletes_.clear();
    if (static_cast<int64_t>(buffer_.size()) > context_.options->log_file_max_size) {
      ARROW_RETURN_NOT_OK(WriteOpenFile());
      version_ = highest_ + 1;  // computeNextLogVersion, with the rollover token
    }
    return ::arrow::Status::OK();
  }

  // HoodieAppendHandle.getBlock for the data block format pickLogDataBlockFormat chose.
  ::arrow::Result<LogBlock> MakeDataBlock() const {
    const WriteOptions& options = *context_.options;
    if (!options.parquet_log_blocks) {
      return MakeAvroDataLogBlock(context_.instant_time, schema_, data_);
    }
    ParquetDataBlockOptions parquet;
    parquet.compression_codec = options.base_file.compression_codec;
    parquet.dictionary_enabled = options.base_file.dictionary_enabled;
    return MakeParquetDataLogBlock(context_.instant_time, schema_, data_, parquet);
  }

  // processAppendResult's column statistics of the data records of this append (none
  // for an append of deletes only: zero counts), when the metadata table keeps them.
  ::arrow::Result<std::vector<ColumnStats>> AppendedColumnStats() const {
    const auto& columns = context_.options->log_column_stats;
    if (!columns || rows_ == nullptr) return std::vector<ColumnStats>();
    // The records of one append are consecutive rows (encoded in write order).
    const int64_t first = data_rows_.empty() ? 0 : data_rows_.front();
    if (!data_rows_.empty() &&
        data_rows_.back() - first + 1 != static_cast<int64_t>(data_rows_.size())) {
      return ::arrow::Status::Invalid("internal error: the records of an append to ", FileName(),
                                      " are not consecutive rows");
    }
    std::vector<ColumnStats> stats =
        RecordColumnStats(*rows_->Slice(first, static_cast<int64_t>(data_rows_.size())),
                          FileName(), *columns);
    for (ColumnStats& one : stats) {
      // A record re-encoded for a later new file group carries that group's id.
      if (one.column_name == kFileNameField && one.min_value) {
        one.min_value = one.max_value = AvroValue::String(file_id_);
      }
    }
    return stats;
  }

  // createNewFile: the APPEND marker first, so that a rollback finds every file.
  ::arrow::Status OpenFile() {
    std::string name = FileName();
    ARROW_RETURN_NOT_OK(
        context_.markers->Create(Marker{partition_, name, IoType::kAppend}));
    if (!metadata_written_) {
      ARROW_RETURN_NOT_OK(context_.partition_metadata->Write(
          context_.storage.get(), context_.base_path, partition_, context_.instant_time));
      metadata_written_ = true;
    }
    open_ = true;
    buffer_.clear();
    highest_ = std::max(highest_, version_);
    return ::arrow::Status::OK();
  }

  ::arrow::Status WriteOpenFile() {
    if (!open_) return ::arrow::Status::OK();
    ARROW_RETURN_NOT_OK(context_.storage->WriteAll(
        JoinPath(context_.base_path, Relative(FileName())), buffer_,
        /*overwrite=*/false));
    // close(): fileSizeInBytes is the log file's size.
    for (WriteStat& stat : stats_) {
      if (stat.path == Relative(FileName())) {
        stat.file_size_in_bytes = static_cast<int64_t>(buffer_.size());
      }
    }
    open_ = false;
    buffer_.clear();
    return ::arrow::Status::OK();
  }

  // processAppendResult: the first append opens a stat, appends to the same file
  // accumulate into it, an append to a rolled-over file starts a copy of it.
  void ProcessAppendResult(int64_t offset, int64_t size,
                           std::vector<ColumnStats> column_stats) {
    std::string name = FileName();
    std::string path = Relative(name);
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - started_)
                       .count();
    started_ = std::chrono::steady_clock::now();
    if (!stats_.empty() && stats_.back().path == path) {
      WriteStat& stat = stats_.back();
      stat.delta->log_offset = std::min(stat.delta->log_offset, offset);
      stat.file_size_in_bytes += size;
      stat.num_writes += counts_.written;
      stat.num_update_writes += counts_.updated;
      stat.num_inserts += counts_.inserted;
      stat.num_deletes += counts_.deleted;
      stat.total_write_bytes += size;
      stat.runtime_stats->total_upsert_time += elapsed;
      // putRecordsStats: the blocks of one file merge into one range per column.
      for (ColumnStats& more : column_stats) {
        auto& kept = stat.delta->column_stats;
        auto same = std::find_if(kept.begin(), kept.end(), [&](const ColumnStats& one) {
          return one.column_name == more.column_name;
        });
        if (same == kept.end()) {
          kept.push_back(std::move(more));
        } else {
          *same = MergeColumnStats(*same, more);
        }
      }
    } else {
      WriteStat stat;
      stat.file_id = file_id_;
      stat.partition_path = partition_;
      stat.prev_commit = slice_instant_;
      DeltaWriteStat delta;
      delta.base_file = base_file_;
      delta.log_files = stats_.empty() ? log_files_ : stats_.back().delta->log_files;
      stat.path = path;
      delta.log_offset = offset;
      delta.log_version = version_;
      delta.column_stats = std::move(column_stats);
      if (std::find(delta.log_files.begin(), delta.log_files.end(), name) ==
          delta.log_files.end()) {
        delta.log_files.push_back(name);
      }
      stat.file_size_in_bytes = size;
      stat.num_writes = counts_.written;
      stat.num_update_writes = counts_.updated;
      stat.num_inserts = counts_.inserted;
      stat.num_deletes = counts_.deleted;
      stat.total_write_bytes = size;
      stat.runtime_stats = RuntimeStats{0, elapsed, 0};
      stat.delta = std::move(delta);
      stats_.push_back(std::move(stat));
    }
    counts_ = AppendCounts{};
  }

  const WriteContext& context_;
  std::string partition_;
  std::string file_id_;
  std::string slice_instant_;
  std::string base_file_;
  std::vector<std::string> log_files_;
  std::string token_;
  std::string schema_;
  BlockSizer sizer_;
  std::chrono::steady_clock::time_point started_;
  int32_t highest_ = 0;
  int32_t version_ = 1;
  bool open_ = false;
  bool metadata_written_ = false;
  std::string buffer_;
  std::vector<std::string> data_;
  std::vector<int64_t> data_rows_;  // the rows of data_ in rows_
  std::shared_ptr<::arrow::RecordBatch> rows_;
  std::vector<DeleteRecord> deletes_;
  AppendCounts counts_;
  std::vector<WriteStat> stats_;
};

std::vector<std::string> LogFileNames(const std::vector<LogFile>& logs) {
  std::vector<std::string> names;
  for (const LogFile& log : logs) names.push_back(log.file_name);
  return names;
}

// Inserts of an index that can index log files into new file groups
// (SparkLazyInsertIterable with AppendHandleFactory): `<prefix>-0`, and the next file
// group once a handle's canWrite says its estimated bytes would pass the base file size.
::arrow::Status AppendToNewFileGroups(const WriteContext& context,
                                      const IncomingRecords& records,
                                      const Bucket& bucket, int64_t task,
                                      const std::string& schema,
                                      std::vector<WriteStat>* stats) {
  int file_number = 0;
  std::string file_id = bucket.file_id_prefix + "-0";
  ARROW_ASSIGN_OR_RAISE(PreparedRecords prepared,
                         PrepareRecords(context, records, bucket, file_id, schema, task));
  std::unique_ptr<LogAppender> appender;
  auto open = [&]() -> ::arrow::Status {
    file_id = bucket.file_id_prefix + "-" + std::to_string(file_number++);
    // A log-only slice's instant is the instant that creates it.
    appender = std::make_unique<LogAppender>(context, bucket.partition, file_id,
                                             context.instant_time, "",
                                             std::vector<std::string>{}, task, schema);
    appender->set_rows(prepared.rows);
    return appender->Init();
  };
  for (size_t i = 0; i < prepared.order.size(); ++i) {
    if (appender == nullptr) ARROW_RETURN_NOT_OK(open());
    if (!appender->CanWrite()) {
      ARROW_RETURN_NOT_OK(appender->Close(/*finish_sizer=*/false, stats));
      ARROW_RETURN_NOT_OK(open());
    }
    const AppendRecord& record = prepared.order[i];
    const std::string* encoded = nullptr;
    std::string re_encoded;
    if (record.encoded >= 0) {
      encoded = &prepared.encoded[record.encoded];
      if (file_number > 1) {
        // _hoodie_file_name names the group the record lands in.
        Bucket one;
        one.partition = bucket.partition;
        one.inserts = {static_cast<RecordIndex>(record.index)};
        ARROW_ASSIGN_OR_RAISE(
            PreparedRecords again,
            PrepareRecords(context, records, one, file_id, schema, task));
        re_encoded = std::move(again.encoded[0]);
        encoded = &re_encoded;
      }
    }
    const DeleteRecord* deleted =
        prepared.delete_of[i] >= 0 ? &prepared.deletes[prepared.delete_of[i]] : nullptr;
    ARROW_RETURN_NOT_OK(appender->Add(record, encoded, deleted));
  }
  if (appender != nullptr) ARROW_RETURN_NOT_OK(appender->Close(false, stats));
  return ::arrow::Status::OK();
}

}  // namespace

std::vector<bool> FlushPoints(const std::vector<int64_t>& estimated_sizes,
                              int64_t max_block_size) {
  BlockSizer sizer(max_block_size);
  std::vector<bool> out;
  out.reserve(estimated_sizes.size());
  for (int64_t size : estimated_sizes) out.push_back(sizer.Next(size));
  return out;
}

::arrow::Status AppendToFileGroup(const WriteContext& context,
                                  const IncomingRecords& records, const Bucket& bucket,
                                  int64_t task, std::vector<WriteStat>* stats) {
  ARROW_ASSIGN_OR_RAISE(std::string schema, AddMetadataFields(context.avro_schema,
                                                              context.options->changelog));
  if (!bucket.file) {
    return AppendToNewFileGroups(context, records, bucket, task, schema, stats);
  }
  const ExistingFile& file = *bucket.file;
  ARROW_ASSIGN_OR_RAISE(
      PreparedRecords prepared,
      PrepareRecords(context, records, bucket, file.file_id, schema, task));
  if (prepared.order.empty()) return ::arrow::Status::OK();
  std::string base_file =
      file.path.empty() ? "" : file.path.substr(file.path.find_last_of('/') + 1);
  // The slice appended to starts at a pending compaction's instant when there is one
  // (HoodieFileGroup.addNewFileSliceAtInstant): its base file is still to be written.
  if (file.slice_instant != file.base_instant) base_file.clear();
  LogAppender appender(context, file.partition, file.file_id, file.slice_instant,
                       base_file, LogFileNames(file.log_files), task, schema);
  ARROW_RETURN_NOT_OK(appender.Init());
  appender.set_rows(prepared.rows);
  for (size_t i = 0; i < prepared.order.size(); ++i) {
    const AppendRecord& record = prepared.order[i];
    const std::string* encoded =
        record.encoded >= 0 ? &prepared.encoded[record.encoded] : nullptr;
    const DeleteRecord* deleted =
        prepared.delete_of[i] >= 0 ? &prepared.deletes[prepared.delete_of[i]] : nullptr;
    ARROW_RETURN_NOT_OK(appender.Add(record, encoded, deleted));
  }
  return appender.Close(/*finish_sizer=*/true, stats);
}

}  // namespace hoodie::internal
