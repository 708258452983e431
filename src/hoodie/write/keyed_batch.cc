// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/keyed_batch.cc
/// \brief Keyed batches, their in-memory sort and the external merge sort.

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <queue>
#include <string_view>
#include <utility>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/reader.h>
#include <arrow/ipc/writer.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/util/byte_size.h>

#include "hoodie/common/compute_kernels.h"
#include "hoodie/write/keyed_batch_internal.h"

namespace hoodie::internal {
namespace {

// Names of the columns a run carries after the data columns.
constexpr char kKeyColumn[] = "__hoodie_sort_record_key";
constexpr char kPartitionColumn[] = "__hoodie_sort_partition_path";
constexpr char kPositionColumn[] = "__hoodie_sort_input_position";
// Rows per batch of a run file: the unit the merge holds in memory per run.
constexpr int64_t kRunBatchRows = 16384;

std::shared_ptr<::arrow::Schema> RunSchema(const ::arrow::Schema& data) {
  ::arrow::FieldVector fields = data.fields();
  fields.push_back(::arrow::field(kKeyColumn, ::arrow::utf8()));
  fields.push_back(::arrow::field(kPartitionColumn, ::arrow::utf8()));
  fields.push_back(::arrow::field(kPositionColumn, ::arrow::int64()));
  return ::arrow::schema(std::move(fields));
}

std::shared_ptr<::arrow::RecordBatch> ToRun(const KeyedBatch& batch,
                                            const std::shared_ptr<::arrow::Schema>& run) {
  ::arrow::ArrayVector columns = batch.data->columns();
  columns.push_back(batch.keys);
  columns.push_back(batch.partitions);
  columns.push_back(batch.positions);
  return ::arrow::RecordBatch::Make(run, batch.num_rows(), std::move(columns));
}

KeyedBatch FromRun(const ::arrow::RecordBatch& run,
                   const std::shared_ptr<::arrow::Schema>& data_schema) {
  int data_columns = data_schema->num_fields();
  ::arrow::ArrayVector columns(run.columns().begin(),
                               run.columns().begin() + data_columns);
  KeyedBatch out;
  out.data = ::arrow::RecordBatch::Make(data_schema, run.num_rows(), std::move(columns));
  out.keys = std::static_pointer_cast<::arrow::StringArray>(run.column(data_columns));
  out.partitions =
      std::static_pointer_cast<::arrow::StringArray>(run.column(data_columns + 1));
  out.positions =
      std::static_pointer_cast<::arrow::Int64Array>(run.column(data_columns + 2));
  return out;
}

::arrow::compute::SortOptions SortOptionsFor(SortOrder order) {
  std::vector<::arrow::compute::SortKey> keys;
  if (order.by_partition) keys.emplace_back(kPartitionColumn);
  if (order.by_record_key) keys.emplace_back(kKeyColumn);
  keys.emplace_back(kPositionColumn);
  return ::arrow::compute::SortOptions(std::move(keys));
}

// Where the merge reads the next rows of one sorted run from.
class RunSource {
 public:
  virtual ~RunSource() = default;
  virtual ::arrow::Result<std::optional<KeyedBatch>> NextBatch() = 0;
};

class MemoryRun : public RunSource {
 public:
  MemoryRun(KeyedBatch sorted, int64_t batch_rows)
      : sorted_(std::move(sorted)), batch_rows_(batch_rows) {}
  ::arrow::Result<std::optional<KeyedBatch>> NextBatch() override {
    if (next_ >= sorted_.num_rows()) return std::nullopt;
    int64_t length = std::min(batch_rows_, sorted_.num_rows() - next_);
    KeyedBatch out = sorted_.Slice(next_, length);
    next_ += length;
    return out;
  }

 private:
  KeyedBatch sorted_;
  int64_t batch_rows_;
  int64_t next_ = 0;
};

class FileRun : public RunSource {
 public:
  static ::arrow::Result<std::unique_ptr<FileRun>> Open(
      const std::string& path, std::shared_ptr<::arrow::Schema> data_schema) {
    auto run = std::unique_ptr<FileRun>(new FileRun());
    ARROW_ASSIGN_OR_RAISE(run->file_, ::arrow::io::ReadableFile::Open(path));
    ARROW_ASSIGN_OR_RAISE(run->reader_,
                          ::arrow::ipc::RecordBatchFileReader::Open(run->file_));
    run->data_schema_ = std::move(data_schema);
    return run;
  }
  ::arrow::Result<std::optional<KeyedBatch>> NextBatch() override {
    if (next_ >= reader_->num_record_batches()) return std::nullopt;
    ARROW_ASSIGN_OR_RAISE(auto batch, reader_->ReadRecordBatch(next_++));
    return FromRun(*batch, data_schema_);
  }

 private:
  FileRun() = default;
  std::shared_ptr<::arrow::io::ReadableFile> file_;
  std::shared_ptr<::arrow::ipc::RecordBatchFileReader> reader_;
  std::shared_ptr<::arrow::Schema> data_schema_;
  int next_ = 0;
};

// The current batch of one run and the next row of it to emit.
struct Cursor {
  std::unique_ptr<RunSource> source;
  KeyedBatch batch;
  int64_t row = 0;

  std::string_view partition() const { return batch.partitions->GetView(row); }
  std::string_view key() const { return batch.keys->GetView(row); }
  int64_t position() const { return batch.positions->Value(row); }
};

// K-way merge of sorted runs; emits a batch whenever it is full or a run's batch ends
// (so each output batch gathers from the batches currently held).
class MergeStream : public KeyedBatchStream {
 public:
  MergeStream(std::vector<Cursor> cursors, SortOrder order,
              std::shared_ptr<::arrow::Schema> data_schema, int64_t batch_rows)
      : cursors_(std::move(cursors)),
        order_(order),
        data_schema_(std::move(data_schema)),
        run_schema_(RunSchema(*data_schema_)),
        batch_rows_(batch_rows),
        heap_(Greater{this}) {
    for (size_t i = 0; i < cursors_.size(); ++i) heap_.push(i);
  }

  ::arrow::Result<std::optional<KeyedBatch>> Next() override {
    std::vector<std::pair<size_t, int64_t>> picked;
    std::optional<size_t> exhausted;
    while (static_cast<int64_t>(picked.size()) < batch_rows_ && !heap_.empty()) {
      size_t c = heap_.top();
      heap_.pop();
      picked.emplace_back(c, cursors_[c].row++);
      if (cursors_[c].row == cursors_[c].batch.num_rows()) {
        exhausted = c;
        break;
      }
      heap_.push(c);
    }
    if (picked.empty()) return std::nullopt;
    ARROW_ASSIGN_OR_RAISE(KeyedBatch out, Gather(picked));
    if (exhausted) {
      Cursor& cursor = cursors_[*exhausted];
      ARROW_ASSIGN_OR_RAISE(auto next, cursor.source->NextBatch());
      if (next) {
        cursor.batch = std::move(*next);
        cursor.row = 0;
        heap_.push(*exhausted);
      }
    }
    return out;
  }

 private:
  struct Greater {
    const MergeStream* self;
    bool operator()(size_t a, size_t b) const { return self->Less(b, a); }
  };

  bool Less(size_t a, size_t b) const {
    const Cursor& x = cursors_[a];
    const Cursor& y = cursors_[b];
    if (order_.by_partition) {
      if (int c = x.partition().compare(y.partition()); c != 0) return c < 0;
    }
    if (order_.by_record_key) {
      if (int c = x.key().compare(y.key()); c != 0) return c < 0;
    }
    return x.position() < y.position();
  }

  ::arrow::Result<KeyedBatch> Gather(
      const std::vector<std::pair<size_t, int64_t>>& rows) {
    bool contiguous = true;
    for (size_t i = 1; i < rows.size() && contiguous; ++i) {
      contiguous =
          rows[i].first == rows[0].first && rows[i].second == rows[i - 1].second + 1;
    }
    if (contiguous) {
      return cursors_[rows[0].first].batch.Slice(rows[0].second,
                                                 static_cast<int64_t>(rows.size()));
    }
    std::vector<int64_t> offsets(cursors_.size(), -1);
    ::arrow::RecordBatchVector parts;
    int64_t total = 0;
    for (const auto& [c, unused] : rows) {
      if (offsets[c] >= 0) continue;
      offsets[c] = total;
      parts.push_back(ToRun(cursors_[c].batch, run_schema_));
      total += cursors_[c].batch.num_rows();
    }
    ::arrow::Int64Builder indices;
    ARROW_RETURN_NOT_OK(indices.Reserve(static_cast<int64_t>(rows.size())));
    for (const auto& [c, row] : rows) indices.UnsafeAppend(offsets[c] + row);
    ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
    ARROW_ASSIGN_OR_RAISE(auto table,
                          ::arrow::Table::FromRecordBatches(run_schema_, parts));
    ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken,
                          ::arrow::compute::Take(table, index_array));
    ARROW_ASSIGN_OR_RAISE(auto batch, taken.table()->CombineChunksToBatch());
    return FromRun(*batch, data_schema_);
  }

  std::vector<Cursor> cursors_;
  SortOrder order_;
  std::shared_ptr<::arrow::Schema> data_schema_;
  std::shared_ptr<::arrow::Schema> run_schema_;
  int64_t batch_rows_;
  std::priority_queue<size_t, std::vector<size_t>, Greater> heap_;
};

}  // namespace

int64_t KeyedBatch::num_rows() const { return data == nullptr ? 0 : data->num_rows(); }

KeyedBatch KeyedBatch::Slice(int64_t offset, int64_t length) const {
  KeyedBatch out;
  out.data = data->Slice(offset, length);
  out.keys = std::static_pointer_cast<::arrow::StringArray>(keys->Slice(offset, length));
  out.partitions =
      std::static_pointer_cast<::arrow::StringArray>(partitions->Slice(offset, length));
  out.positions =
      std::static_pointer_cast<::arrow::Int64Array>(positions->Slice(offset, length));
  return out;
}

::arrow::Result<KeyedBatch> KeyedBatch::Take(const ::arrow::Array& indices) const {
  auto run = RunSchema(*data->schema());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken,
                        ::arrow::compute::Take(ToRun(*this, run), indices));
  return FromRun(*taken.record_batch(), data->schema());
}

::arrow::Result<int64_t> KeyedBatch::MemoryBytes() const {
  auto run = RunSchema(*data->schema());
  return ::arrow::util::ReferencedBufferSize(*ToRun(*this, run));
}

::arrow::Result<KeyedBatch> Concatenate(const std::vector<KeyedBatch>& batches,
                                        const std::shared_ptr<::arrow::Schema>& schema) {
  if (batches.size() == 1) return batches[0];
  auto run = RunSchema(*schema);
  ::arrow::RecordBatchVector parts;
  for (const KeyedBatch& batch : batches) parts.push_back(ToRun(batch, run));
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches(run, parts));
  ARROW_ASSIGN_OR_RAISE(auto combined, table->CombineChunksToBatch());
  return FromRun(*combined, schema);
}

::arrow::Result<KeyedBatch> SortInMemory(const std::vector<KeyedBatch>& batches,
                                         const std::shared_ptr<::arrow::Schema>& schema,
                                         SortOrder order) {
  ARROW_RETURN_NOT_OK(EnsureComputeInitialized());
  auto run = RunSchema(*schema);
  ::arrow::RecordBatchVector parts;
  for (const KeyedBatch& batch : batches) parts.push_back(ToRun(batch, run));
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches(run, parts));
  ARROW_ASSIGN_OR_RAISE(auto indices,
                        ::arrow::compute::SortIndices(table, SortOptionsFor(order)));
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken, ::arrow::compute::Take(table, indices));
  ARROW_ASSIGN_OR_RAISE(auto sorted, taken.table()->CombineChunksToBatch());
  return FromRun(*sorted, schema);
}

ExternalSorter::ExternalSorter(std::shared_ptr<::arrow::Schema> data_schema,
                               SortOrder order, int64_t memory_budget,
                               std::string spill_dir)
    : data_schema_(std::move(data_schema)),
      order_(order),
      memory_budget_(memory_budget),
      spill_dir_(std::move(spill_dir)) {}

ExternalSorter::~ExternalSorter() {
  if (!folder_.empty()) RemoveSpillFolder(folder_);
}

::arrow::Status ExternalSorter::Add(KeyedBatch batch) {
  if (batch.num_rows() == 0) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(int64_t bytes, batch.MemoryBytes());
  pending_.push_back(std::move(batch));
  pending_bytes_ += bytes;
  if (pending_bytes_ >= memory_budget_) return Spill();
  return ::arrow::Status::OK();
}

::arrow::Status ExternalSorter::Spill() {
  if (folder_.empty()) {
    ARROW_ASSIGN_OR_RAISE(folder_, MakeSpillFolder(spill_dir_, "sort"));
  }
  ARROW_ASSIGN_OR_RAISE(KeyedBatch sorted, SortInMemory(pending_, data_schema_, order_));
  pending_.clear();
  pending_bytes_ = 0;
  std::string path = folder_ + "/run-" + std::to_string(runs_.size()) + ".arrow";
  auto schema = RunSchema(*data_schema_);
  ARROW_ASSIGN_OR_RAISE(auto out, ::arrow::io::FileOutputStream::Open(path));
  ARROW_ASSIGN_OR_RAISE(auto writer, ::arrow::ipc::MakeFileWriter(out, schema));
  for (int64_t offset = 0; offset < sorted.num_rows(); offset += kRunBatchRows) {
    int64_t length = std::min(kRunBatchRows, sorted.num_rows() - offset);
    ARROW_RETURN_NOT_OK(
        writer->WriteRecordBatch(*ToRun(sorted.Slice(offset, length), schema)));
  }
  ARROW_RETURN_NOT_OK(writer->Close());
  ARROW_RETURN_NOT_OK(out->Close());
  runs_.push_back(std::move(path));
  return ::arrow::Status::OK();
}

::arrow::Result<std::unique_ptr<KeyedBatchStream>> ExternalSorter::Finish(
    int64_t batch_rows) {
  std::vector<Cursor> cursors;
  auto add = [&](std::unique_ptr<RunSource> source) -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto first, source->NextBatch());
    if (!first) return ::arrow::Status::OK();
    cursors.push_back(Cursor{std::move(source), std::move(*first), 0});
    return ::arrow::Status::OK();
  };
  for (const std::string& path : runs_) {
    ARROW_ASSIGN_OR_RAISE(auto run, FileRun::Open(path, data_schema_));
    ARROW_RETURN_NOT_OK(add(std::move(run)));
  }
  if (!pending_.empty()) {
    ARROW_ASSIGN_OR_RAISE(KeyedBatch sorted,
                          SortInMemory(pending_, data_schema_, order_));
    pending_.clear();
    pending_bytes_ = 0;
    ARROW_RETURN_NOT_OK(add(std::make_unique<MemoryRun>(std::move(sorted), batch_rows)));
  }
  return std::make_unique<MergeStream>(std::move(cursors), order_, data_schema_,
                                       batch_rows);
}

::arrow::Result<std::string> MakeSpillFolder(const std::string& parent,
                                             const std::string& what) {
  std::string pattern = parent + "/hoodie-" + what + "-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (::mkdtemp(buffer.data()) == nullptr) {
    return ::arrow::Status::IOError(
        "cannot create a spill folder in '", parent, "': ", std::strerror(errno),
        " (set hoodie.memory.spillable.map.path to a writable local folder)");
  }
  return std::string(buffer.data());
}

void RemoveSpillFolder(const std::string& folder) {
  std::error_code ignored;
  std::filesystem::remove_all(folder, ignored);
}

}  // namespace hoodie::internal
