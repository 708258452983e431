// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_file_reader.cc
/// \brief Reads a Hudi Parquet base file.
#include "hoodie/format/parquet/parquet_file_reader.h"

#include <algorithm>
#include <utility>

#include <arrow/array.h>
#include <arrow/array/concatenate.h>
#include <arrow/io/interfaces.h>
#include <arrow/table.h>
#include <arrow/type.h>
#include <arrow/util/iterator.h>
#include <arrow/util/key_value_metadata.h>
#include <parquet/arrow/reader.h>
#include <parquet/arrow/schema.h>
#include <parquet/exception.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/parquet_errors.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

using ::arrow::Result;
using ::arrow::Status;

constexpr std::string_view kCannotRead = "cannot read Parquet base file";

// CatchParquetErrors for reads of the base file at `path`.
template <typename Body>
auto ReadGuard(std::string_view path, Body&& body) -> decltype(body()) {
  return CatchParquetErrors(::arrow::StatusCode::IOError, kCannotRead, path,
                            std::forward<Body>(body));
}

void CollectLeaves(const ::parquet::arrow::SchemaField& field, std::vector<int>* out) {
  if (field.column_index >= 0) out->push_back(field.column_index);
  for (const auto& child : field.children) CollectLeaves(child, out);
}

// Batches of a Parquet reader whose decoding errors come back as statuses.
class GuardedBatches : public ::arrow::RecordBatchReader {
 public:
  GuardedBatches(std::shared_ptr<::arrow::RecordBatchReader> source, std::string path)
      : source_(std::move(source)), path_(std::move(path)) {}
  std::shared_ptr<::arrow::Schema> schema() const override { return source_->schema(); }
  Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    return ReadGuard(path_, [&] { return source_->ReadNext(batch); });
  }

 private:
  std::shared_ptr<::arrow::RecordBatchReader> source_;
  std::string path_;
};

// How the footer is read: on a remote store in one request of up to 1 MiB from the end,
// which holds the footer with Hudi's bloom filter (a few hundred KB at the default
// 60,000 entries), where Parquet's 64 KiB first read would need a second request.
::parquet::ReaderProperties FooterReadProperties(const Storage& storage) {
  constexpr size_t kRemoteFooterReadSize = 1 << 20;
  ::parquet::ReaderProperties properties = ::parquet::default_reader_properties();
  if (storage.is_remote()) properties.set_footer_read_size(kRemoteFooterReadSize);
  return properties;
}

// `path` opened for reading, without a status request when a listing gave its size.
::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenBase(
    Storage& storage, const std::string& path, int64_t listed_size) {
  if (listed_size > 0) return storage.OpenListed(path, listed_size);
  return storage.OpenForRead(path);
}

}  // namespace

::arrow::Result<std::shared_ptr<::parquet::FileMetaData>> ReadParquetFooter(
    Storage& storage, const std::string& path, int64_t listed_size) {
  ARROW_ASSIGN_OR_RAISE(auto file, OpenBase(storage, path, listed_size));
  return CatchParquetErrors(
      ::arrow::StatusCode::Invalid, "Could not read the Parquet footer", path,
      [&]() -> Result<std::shared_ptr<::parquet::FileMetaData>> {
        return ::parquet::ParquetFileReader::Open(file, FooterReadProperties(storage))
            ->metadata();
      });
}

ParquetFileReader::~ParquetFileReader() = default;

Result<std::unique_ptr<ParquetFileReader>> ParquetFileReader::Open(std::shared_ptr<Storage> storage,
                                                             std::string path,
                                                             int64_t batch_size,
                                                             Decode decode,
                                                             int64_t listed_size) {
  ARROW_ASSIGN_OR_RAISE(auto file, OpenBase(*storage, path, listed_size));
  std::unique_ptr<ParquetFileReader> reader(new ParquetFileReader());
  ARROW_RETURN_NOT_OK(ReadGuard(path, [&]() -> Status {
    ::parquet::ArrowReaderProperties properties;
    if (batch_size > 0) properties.set_batch_size(batch_size);
    properties.set_use_threads(decode == Decode::kParallel);
    // A serial reader streams: pre-buffering caches every requested column chunk of
    // the file until the reader goes, so a merge of a large file would hold all of it.
    // On a remote store, though, each unbuffered column chunk is a request of its own:
    // there the reader pre-buffers one row group at a time instead.
    const bool remote = storage->is_remote();
    reader->row_group_at_a_time_ = decode == Decode::kSerial && remote;
    if (decode == Decode::kSerial && !remote) properties.set_pre_buffer(false);
    ::parquet::arrow::FileReaderBuilder builder;
    Status opened = builder.Open(std::move(file), FooterReadProperties(*storage));
    if (!opened.ok()) {
      return Status::IOError(kCannotRead, ": ", opened.message(), ": ", path);
    }
    ARROW_RETURN_NOT_OK(builder.properties(properties)->Build(&reader->reader_));
    return reader->reader_->GetSchema(&reader->schema_);
  }));
  reader->path_ = std::move(path);
  return reader;
}

int64_t ParquetFileReader::num_rows() const {
  return reader_->parquet_reader()->metadata()->num_rows();
}

int ParquetFileReader::num_row_groups() const { return reader_->num_row_groups(); }

std::vector<FooterEntry> FooterEntriesOf(const ::parquet::FileMetaData& metadata) {
  std::vector<FooterEntry> out;
  const auto& entries = metadata.key_value_metadata();
  if (entries == nullptr) return out;
  for (int64_t i = 0; i < entries->size(); ++i) {
    out.emplace_back(entries->key(i), entries->value(i));
  }
  return out;
}

std::vector<FooterEntry> ParquetFileReader::FooterMetadata() const {
  return FooterEntriesOf(*reader_->parquet_reader()->metadata());
}

std::optional<std::string> ParquetFileReader::FooterValue(std::string_view key) const {
  auto metadata = reader_->parquet_reader()->metadata()->key_value_metadata();
  if (metadata == nullptr) return std::nullopt;
  int index = metadata->FindKey(std::string(key));
  if (index < 0) return std::nullopt;
  return metadata->value(index);
}

Result<std::vector<int>> ParquetFileReader::LeafColumns(
    const std::vector<std::string>& names) const {
  const auto& fields = reader_->manifest().schema_fields;
  std::vector<int> leaves;
  for (const std::string& name : names) {
    int index = schema_->GetFieldIndex(name);
    if (index < 0) {
      return Status::Invalid("column '", name, "' is not in base file ", path_);
    }
    CollectLeaves(fields[index], &leaves);
  }
  return leaves;
}

std::vector<int> ParquetFileReader::SelectRowGroups(
    const BaseFileReadOptions& options) const {
  if (!options.row_groups.empty()) return options.row_groups;
  std::vector<int> row_groups(static_cast<size_t>(num_row_groups()));
  for (int i = 0; i < num_row_groups(); ++i) row_groups[static_cast<size_t>(i)] = i;
  return row_groups;
}

Result<std::shared_ptr<::arrow::RecordBatchReader>> ParquetFileReader::RowGroupAtATime(
    std::vector<int> row_groups, std::vector<int> leaves) {
  // Each row group's reader pre-buffers that row group only: Arrow's file reader keeps
  // one pre-buffer cache, replaced by the next reader's.
  ARROW_ASSIGN_OR_RAISE(auto first, reader_->GetRecordBatchReader({row_groups[0]}, leaves));
  auto schema = first->schema();
  struct State {
    ::parquet::arrow::FileReader* file;
    std::vector<int> row_groups;
    std::vector<int> leaves;
    size_t next = 1;
    std::shared_ptr<::arrow::RecordBatchReader> current;
  };
  auto state = std::make_shared<State>(
      State{reader_.get(), std::move(row_groups), std::move(leaves), 1, std::move(first)});
  auto next = [state]() -> Result<std::shared_ptr<::arrow::RecordBatch>> {
    for (;;) {
      ARROW_ASSIGN_OR_RAISE(auto batch, state->current->Next());
      if (batch != nullptr || state->next == state->row_groups.size()) return batch;
      ARROW_ASSIGN_OR_RAISE(state->current,
                            state->file->GetRecordBatchReader(
                                {state->row_groups[state->next++]}, state->leaves));
    }
  };
  return ::arrow::RecordBatchReader::MakeFromIterator(
      ::arrow::MakeFunctionIterator(std::move(next)), std::move(schema));
}

Result<std::shared_ptr<::arrow::RecordBatchReader>> ParquetFileReader::GetRecordBatchReader(
    const BaseFileReadOptions& options) {
  std::vector<std::string> names;
  for (const std::string& name : options.columns.empty() ? schema_->field_names()
                                                         : options.columns) {
    if (options.skip_missing_columns && schema_->GetFieldIndex(name) < 0) continue;
    names.push_back(name);
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<int> leaves, LeafColumns(names));
  std::vector<int> row_groups = SelectRowGroups(options);
  if (options.batch_size > 0) reader_->set_batch_size(options.batch_size);
  std::shared_ptr<::arrow::RecordBatchReader> batches;
  ARROW_RETURN_NOT_OK(ReadGuard(path_, [&]() -> Status {
    if (row_group_at_a_time_ && row_groups.size() > 1) {
      ARROW_ASSIGN_OR_RAISE(batches, RowGroupAtATime(row_groups, leaves));
    } else {
      ARROW_ASSIGN_OR_RAISE(batches, reader_->GetRecordBatchReader(row_groups, leaves));
    }
    return Status::OK();
  }));
  batches = std::make_shared<GuardedBatches>(std::move(batches), path_);
  // Leaf selection returns columns in file order; callers asked for `names` order.
  auto read_schema = batches->schema();
  ::arrow::FieldVector fields;
  std::vector<int> order;
  for (const std::string& name : names) {
    order.push_back(read_schema->GetFieldIndex(name));
    fields.push_back(read_schema->field(order.back()));
  }
  if (std::is_sorted(order.begin(), order.end())) return batches;
  auto target = ::arrow::schema(fields);
  auto next = [batches, order, target]() -> Result<std::shared_ptr<::arrow::RecordBatch>> {
    ARROW_ASSIGN_OR_RAISE(auto batch, batches->Next());
    if (batch == nullptr) return batch;
    ::arrow::ArrayVector columns;
    for (int index : order) columns.push_back(batch->column(index));
    return ::arrow::RecordBatch::Make(target, batch->num_rows(), std::move(columns));
  };
  return ::arrow::RecordBatchReader::MakeFromIterator(
      ::arrow::MakeFunctionIterator(std::move(next)), target);
}

}  // namespace hoodie
