// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_file_writer.cc
/// \brief Writes a Hudi Parquet base file (HoodieAvroParquetWriter).
#include "hoodie/format/parquet/parquet_file_writer.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include <arrow/array.h>
#include <arrow/array/array_dict.h>
#include <arrow/array/builder_binary.h>
#include <arrow/buffer.h>
#include <arrow/io/interfaces.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>
#include <arrow/type.h>
#include <arrow/util/compression.h>
#include <arrow/util/key_value_metadata.h>
#include <parquet/arrow/writer.h>
#include <parquet/exception.h>
#include <parquet/properties.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/dictionary_choice.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

// The file's sink, counting what it was given: the Parquet writer closes the sink
// itself, after which the count is the file's size. Asking the store for it instead
// costs a request per file on an object store.
class CountingSink : public ::arrow::io::OutputStream {
 public:
  explicit CountingSink(std::shared_ptr<::arrow::io::OutputStream> base)
      : base_(std::move(base)) {}
  ::arrow::Status Write(const void* data, int64_t nbytes) override {
    ARROW_RETURN_NOT_OK(base_->Write(data, nbytes));
    written_ += nbytes;
    return ::arrow::Status::OK();
  }
  ::arrow::Status Write(const std::shared_ptr<::arrow::Buffer>& data) override {
    ARROW_RETURN_NOT_OK(base_->Write(data));
    written_ += data->size();
    return ::arrow::Status::OK();
  }
  ::arrow::Status Flush() override { return base_->Flush(); }
  ::arrow::Status Close() override { return base_->Close(); }
  ::arrow::Status Abort() override { return base_->Abort(); }
  bool closed() const override { return base_->closed(); }
  ::arrow::Result<int64_t> Tell() const override { return written_; }
  int64_t written() const { return written_; }

 private:
  std::shared_ptr<::arrow::io::OutputStream> base_;
  int64_t written_ = 0;
};

using ::arrow::Result;
using ::arrow::Status;

// zlib's Z_DEFAULT_COMPRESSION level.
constexpr int kZlibDefaultLevel = 6;

}  // namespace

Result<std::shared_ptr<::parquet::WriterProperties>> MakeParquetWriterProperties(
    const BaseFileWriterOptions& options, const std::vector<std::string>& plain_columns,
    ::arrow::MemoryPool* pool) {
  ARROW_ASSIGN_OR_RAISE(auto codec, ParseCompressionCodec(options.compression_codec));
  if (options.page_size <= 0 || options.block_size <= 0 || options.max_file_size <= 0) {
    return Status::Invalid("parquet page, block and max file sizes must be positive");
  }
  ::parquet::WriterProperties::Builder builder;
  builder.compression(codec)->data_pagesize(options.page_size);
  if (pool != nullptr) builder.memory_pool(pool);
  // Arrow's gzip default is level 9, whose match search costs several times level 6's
  // CPU for a few percent of size; parquet-mr compresses gzip pages with Hadoop's zlib
  // default (level 6), so Hudi's files are written at 6 too.
  if (codec == ::arrow::Compression::GZIP) builder.compression_level(kZlibDefaultLevel);
  if (options.dictionary_enabled) {
    builder.enable_dictionary();
    for (const std::string& name : plain_columns) {
      // A path of one name: a top-level column whose name may hold dots.
      builder.disable_dictionary(std::make_shared<::parquet::schema::ColumnPath>(
          std::vector<std::string>{name}));
    }
  } else {
    builder.disable_dictionary();
  }
  return builder.build();
}

namespace {

std::string FileNameOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Status CheckMetaArray(const std::shared_ptr<::arrow::Array>& array, const char* name,
                      int64_t rows) {
  if (array == nullptr || array->type_id() != ::arrow::Type::STRING ||
      array->length() != rows) {
    return Status::Invalid("meta column ", name, " must be a utf8 array of ", rows,
                           " values");
  }
  return Status::OK();
}

Result<std::string> MakeAvroSchema(const ::arrow::Schema& data_schema,
                                   const BaseFileWriterOptions& options) {
  // Convert even when the caller brings the Avro schema: it rejects types Avro (and
  // therefore Hudi's readers) cannot represent before anything is written.
  std::string table = options.table_name.empty() ? "hoodie" : options.table_name;
  ARROW_ASSIGN_OR_RAISE(std::string derived, ArrowSchemaToAvroJson(data_schema, table));
  return AddMetadataFields(options.avro_schema ? *options.avro_schema : derived,
                           options.operation_field);
}

}  // namespace

ParquetFileWriter::~ParquetFileWriter() {
  // Abandoned without Close(): the row group's bytes go with the Parquet writer. The
  // sink is aborted first, or the Parquet writer's destructor would finish the file: on
  // an object store that completes the upload and shows a partial file; aborted, the
  // upload is cancelled (no object, no orphaned multipart upload).
  if (!closed_ && sink_ != nullptr && !sink_->closed()) (void)sink_->Abort();
  writer_.reset();
  LeaveBudget();
}

Result<std::unique_ptr<ParquetFileWriter>> ParquetFileWriter::Make(
    std::shared_ptr<Storage> storage, std::string path,
    std::shared_ptr<::arrow::Schema> data_schema, BaseFileWriterOptions options) {
  for (const auto& field : data_schema->fields()) {
    if (IsMetaField(field->name())) {
      return Status::Invalid("data schema must not contain meta column ", field->name());
    }
  }
  std::unique_ptr<ParquetFileWriter> writer(new ParquetFileWriter());
  ARROW_ASSIGN_OR_RAISE(writer->avro_schema_, MakeAvroSchema(*data_schema, options));
  ARROW_RETURN_NOT_OK(MakeParquetWriterProperties(options).status());
  writer->file_name_ = FileNameOf(path);
  ARROW_RETURN_NOT_OK(writer->MakeFileSchema(*data_schema, options));
  ARROW_ASSIGN_OR_RAISE(auto sink, storage->Create(path, /*overwrite=*/false));
  writer->sink_ = std::make_shared<CountingSink>(std::move(sink));
  writer->footer_ = options.footer_metadata;
  writer->storage_ = std::move(storage);
  writer->path_ = std::move(path);
  writer->data_schema_ = std::move(data_schema);
  writer->options_ = std::move(options);
  writer->pool_ = std::make_unique<::arrow::ProxyMemoryPool>(::arrow::default_memory_pool());
  if (writer->options_.row_group_budget != nullptr) {
    writer->options_.row_group_budget->Join();
    writer->in_budget_ = true;
  }
  return writer;
}

Status ParquetFileWriter::Write(const ::arrow::RecordBatch& data, const MetaColumns& meta) {
  if (closed_) return Status::Invalid("base file writer is closed: ", path_);
  if (!data.schema()->Equals(*data_schema_, /*check_metadata=*/false)) {
    return Status::Invalid("batch schema differs from the file's data schema: ",
                           data.schema()->ToString());
  }
  const int64_t rows = data.num_rows();
  // A meta column: the caller's values, or this file's constant as a dictionary.
  auto meta_column = [&](const std::shared_ptr<::arrow::Array>& given,
                         const std::shared_ptr<::arrow::Array>& constant,
                         const char* name) -> Result<std::shared_ptr<::arrow::Array>> {
    if (constant == nullptr) {
      ARROW_RETURN_NOT_OK(CheckMetaArray(given, name, rows));
      return given;
    }
    if (given != nullptr) {
      return Status::Invalid(name, " is constant in ", file_name_,
                             ": the caller passes no values for it");
    }
    return Constant(constant, rows);
  };
  ::arrow::ArrayVector columns(kMetaFields.size());
  ARROW_ASSIGN_OR_RAISE(columns[0], meta_column(meta.commit_time, commit_time_value_,
                                                 "_hoodie_commit_time"));
  ARROW_ASSIGN_OR_RAISE(columns[1],
                         meta_column(meta.commit_seqno, nullptr, "_hoodie_commit_seqno"));
  ARROW_ASSIGN_OR_RAISE(columns[2],
                         meta_column(meta.record_key, nullptr, "_hoodie_record_key"));
  ARROW_ASSIGN_OR_RAISE(columns[3], meta_column(meta.partition_path,
                                                 partition_path_value_,
                                                 "_hoodie_partition_path"));
  ARROW_ASSIGN_OR_RAISE(columns[4],
                         meta_column(nullptr, file_name_value_, "_hoodie_file_name"));
  if (options_.operation_field) {
    ARROW_RETURN_NOT_OK(CheckMetaArray(meta.operation, "_hoodie_operation", rows));
    columns.push_back(meta.operation);
  }
  for (const auto& column : data.columns()) columns.push_back(column);
  auto batch = ::arrow::RecordBatch::Make(file_schema_, rows, std::move(columns));
  if (writer_ == nullptr) ARROW_RETURN_NOT_OK(OpenParquet(batch.get()));
  if (row_group_full_) {
    // Started here rather than when the group filled up, so Close() never leaves an
    // empty trailing row group.
    ARROW_RETURN_NOT_OK(writer_->NewBufferedRowGroup());
    row_group_full_ = false;
  }
  ARROW_RETURN_NOT_OK(writer_->WriteRecordBatch(*batch));
  ARROW_RETURN_NOT_OK(TrackRecordKeys(*meta.record_key));
  record_count_ += rows;
  return RollRowGroupIfFull();
}

Status ParquetFileWriter::MakeFileSchema(const ::arrow::Schema& data_schema,
                                      const BaseFileWriterOptions& options) {
  auto one = [](const std::string& value) {
    return ::arrow::MakeArrayFromScalar(::arrow::StringScalar(value), 1);
  };
  ARROW_ASSIGN_OR_RAISE(file_name_value_, one(file_name_));
  if (options.constant_commit_time) {
    ARROW_ASSIGN_OR_RAISE(commit_time_value_, one(*options.constant_commit_time));
  }
  if (options.constant_partition_path) {
    ARROW_ASSIGN_OR_RAISE(partition_path_value_, one(*options.constant_partition_path));
  }
  std::shared_ptr<::arrow::Schema> schema =
      AddMetadataFields(data_schema, options.operation_field)->RemoveMetadata();
  // Parquet maps a dictionary of strings to the same string column as utf8.
  const auto dictionary = ::arrow::dictionary(::arrow::int32(), ::arrow::utf8());
  const std::pair<int, const std::shared_ptr<::arrow::Array>*> constants[] = {
      {0, &commit_time_value_}, {3, &partition_path_value_}, {4, &file_name_value_}};
  for (const auto& [index, value] : constants) {
    if (*value == nullptr) continue;
    ARROW_ASSIGN_OR_RAISE(
        schema, schema->SetField(index, schema->field(index)->WithType(dictionary)));
  }
  file_schema_ = std::move(schema);
  return Status::OK();
}

Result<std::shared_ptr<::arrow::Array>> ParquetFileWriter::Constant(
    const std::shared_ptr<::arrow::Array>& value, int64_t rows) {
  const int64_t needed = rows * static_cast<int64_t>(sizeof(int32_t));
  if (zero_indices_ == nullptr || zero_indices_->size() < needed) {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::Buffer> zeros,
                           ::arrow::AllocateBuffer(needed));
    std::memset(zeros->mutable_data(), 0, static_cast<size_t>(needed));
    zero_indices_ = std::move(zeros);
  }
  // Every row is entry 0; the three constant columns share the indices.
  auto indices = std::make_shared<::arrow::Int32Array>(rows, zero_indices_);
  return std::make_shared<::arrow::DictionaryArray>(
      ::arrow::dictionary(::arrow::int32(), ::arrow::utf8()), indices, value);
}

Status ParquetFileWriter::OpenParquet(const ::arrow::RecordBatch* first) {
  std::vector<std::string> plain;
  if (first != nullptr && options_.dictionary_enabled) plain = DictionaryWouldNotPay(*first);
  ARROW_ASSIGN_OR_RAISE(auto properties,
                         MakeParquetWriterProperties(options_, plain, pool_.get()));
  ARROW_ASSIGN_OR_RAISE(
      writer_, ::parquet::arrow::FileWriter::Open(*file_schema_, pool_.get(), sink_,
                                                  properties));
  return Status::OK();
}

Status ParquetFileWriter::TrackRecordKeys(const ::arrow::Array& keys) {
  // Byte order of UTF-8, the order the Spark row writer uses (spec 8.2).
  const auto& strings = static_cast<const ::arrow::StringArray&>(keys);
  for (int64_t i = 0; i < strings.length(); ++i) {
    if (strings.IsNull(i)) continue;
    std::string_view key = strings.GetView(i);
    if (!min_key_ || key < *min_key_) min_key_ = std::string(key);
    if (!max_key_ || key > *max_key_) max_key_ = std::string(key);
  }
  return Status::OK();
}

Status ParquetFileWriter::RollRowGroupIfFull() {
  MeasureBuffered();
  const RowGroupBudget* budget = options_.row_group_budget.get();
  row_group_full_ = buffered_bytes_ >= options_.block_size ||
                    (budget != nullptr && budget->ShouldFlush(buffered_bytes_));
  ARROW_ASSIGN_OR_RAISE(flushed_bytes_, sink_->Tell());
  return Status::OK();
}

void ParquetFileWriter::MeasureBuffered() {
  const int64_t now = pool_->bytes_allocated();
  if (in_budget_) options_.row_group_budget->Add(now - buffered_bytes_);
  buffered_bytes_ = now;
}

void ParquetFileWriter::LeaveBudget() {
  if (!in_budget_) return;
  in_budget_ = false;
  options_.row_group_budget->Add(-buffered_bytes_);
  options_.row_group_budget->Leave();
  buffered_bytes_ = 0;
}

void ParquetFileWriter::AddFooterMetadata(std::string key, std::string value) {
  for (auto& entry : footer_) {
    if (entry.first == key) {
      entry.second = std::move(value);
      return;
    }
  }
  footer_.emplace_back(std::move(key), std::move(value));
}

Result<BaseFileWriteResult> ParquetFileWriter::Close() {
  if (closed_) return Status::Invalid("base file writer already closed: ", path_);
  closed_ = true;
  if (options_.write_min_max_record_keys && min_key_) {
    AddFooterMetadata(std::string(kFooterMinRecordKey), *min_key_);
    AddFooterMetadata(std::string(kFooterMaxRecordKey), *max_key_);
  }
  AddFooterMetadata(std::string(kWriterModelFooterKey), "avro");
  AddFooterMetadata(std::string(kAvroSchemaFooterKey), avro_schema_);
  auto metadata = std::make_shared<::arrow::KeyValueMetadata>();
  for (const auto& [key, value] : footer_) metadata->Append(key, value);
  if (writer_ == nullptr) ARROW_RETURN_NOT_OK(OpenParquet(nullptr));
  ARROW_RETURN_NOT_OK(writer_->AddKeyValueMetadata(metadata));
  ::arrow::Status closed = writer_->Close();
  LeaveBudget();
  ARROW_RETURN_NOT_OK(closed);
  if (!sink_->closed()) ARROW_RETURN_NOT_OK(sink_->Close());
  BaseFileWriteResult result;
  result.path = path_;
  result.file_name = file_name_;
  ARROW_ASSIGN_OR_RAISE(result.file_size_bytes, sink_->Tell());
  result.record_count = record_count_;
  result.min_record_key = min_key_;
  result.max_record_key = max_key_;
  return result;
}

}  // namespace hoodie
