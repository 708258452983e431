// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/base_file_writer.cc
/// \brief Writes a Hudi Parquet base file (HoodieAvroParquetWriter).
#include "hoodie/format/parquet/base_file_writer.h"

#include <algorithm>
#include <cctype>

#include <arrow/array.h>
#include <arrow/array/builder_binary.h>
#include <arrow/io/interfaces.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>
#include <arrow/type.h>
#include <arrow/util/byte_size.h>
#include <arrow/util/compression.h>
#include <arrow/util/key_value_metadata.h>
#include <parquet/arrow/writer.h>
#include <parquet/exception.h>
#include <parquet/properties.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

using ::arrow::Result;
using ::arrow::Status;

// zlib's Z_DEFAULT_COMPRESSION level.
constexpr int kZlibDefaultLevel = 6;

Result<::arrow::Compression::type> ParseCodec(const std::string& name) {
  std::string lower = ToLowerAscii(name);
  // parquet-mr's LZ4 is the Hadoop-framed variant.
  if (lower == "lz4") return ::arrow::Compression::LZ4_HADOOP;
  auto codec = ::arrow::util::Codec::GetCompressionType(lower);
  if (!codec.ok() || !::arrow::util::Codec::IsAvailable(*codec)) {
    return Status::Invalid("unsupported hoodie.parquet.compression.codec '", name, "'");
  }
  return *codec;
}

}  // namespace

Result<std::shared_ptr<::parquet::WriterProperties>> MakeParquetWriterProperties(
    const BaseFileWriterOptions& options) {
  HOODIE_ASSIGN_OR_RAISE(auto codec, ParseCodec(options.compression_codec));
  if (options.page_size <= 0 || options.block_size <= 0 || options.max_file_size <= 0) {
    return Status::Invalid("parquet page, block and max file sizes must be positive");
  }
  ::parquet::WriterProperties::Builder builder;
  builder.compression(codec)->data_pagesize(options.page_size);
  // Arrow's gzip default is level 9, whose match search costs several times level 6's
  // CPU for a few percent of size; parquet-mr compresses gzip pages with Hadoop's zlib
  // default (level 6), so Hudi's files are written at 6 too.
  if (codec == ::arrow::Compression::GZIP) builder.compression_level(kZlibDefaultLevel);
  if (options.dictionary_enabled) {
    builder.enable_dictionary();
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
  HOODIE_ASSIGN_OR_RAISE(std::string derived, ArrowSchemaToAvroJson(data_schema, table));
  return AddMetadataFields(options.avro_schema ? *options.avro_schema : derived);
}

}  // namespace

Result<BaseFileWriterOptions> BaseFileWriterOptions::FromConfig(
    const HoodieConfig& config) {
  BaseFileWriterOptions options;
  HOODIE_ASSIGN_OR_RAISE(options.compression_codec,
                         config.Get(StorageConfig::kParquetCompressionCodec));
  HOODIE_ASSIGN_OR_RAISE(options.page_size, config.Get(StorageConfig::kParquetPageSize));
  HOODIE_ASSIGN_OR_RAISE(options.block_size,
                         config.Get(StorageConfig::kParquetBlockSize));
  HOODIE_ASSIGN_OR_RAISE(options.max_file_size,
                         config.Get(StorageConfig::kParquetMaxFileSize));
  HOODIE_ASSIGN_OR_RAISE(options.dictionary_enabled,
                         config.Get(StorageConfig::kParquetDictionaryEnabled));
  HOODIE_RETURN_NOT_OK(ParseCodec(options.compression_codec).status());
  return options;
}

Result<MetaColumns> MetaColumns::ForRecords(std::string_view commit_time,
                                            std::string_view partition_path,
                                            int64_t task_partition_id,
                                            int64_t first_seqno,
                                            const std::vector<std::string>& keys) {
  ::arrow::StringBuilder times, seqnos, record_keys, partitions;
  std::string prefix =
      std::string(commit_time) + "_" + std::to_string(task_partition_id) + "_";
  for (size_t i = 0; i < keys.size(); ++i) {
    HOODIE_RETURN_NOT_OK(times.Append(commit_time));
    HOODIE_RETURN_NOT_OK(seqnos.Append(prefix + std::to_string(first_seqno + i)));
    HOODIE_RETURN_NOT_OK(record_keys.Append(keys[i]));
    HOODIE_RETURN_NOT_OK(partitions.Append(partition_path));
  }
  MetaColumns meta;
  HOODIE_RETURN_NOT_OK(times.Finish(&meta.commit_time));
  HOODIE_RETURN_NOT_OK(seqnos.Finish(&meta.commit_seqno));
  HOODIE_RETURN_NOT_OK(record_keys.Finish(&meta.record_key));
  HOODIE_RETURN_NOT_OK(partitions.Finish(&meta.partition_path));
  return meta;
}

BaseFileWriter::~BaseFileWriter() = default;

Result<std::unique_ptr<BaseFileWriter>> BaseFileWriter::Make(
    std::shared_ptr<Storage> storage, std::string path,
    std::shared_ptr<::arrow::Schema> data_schema, BaseFileWriterOptions options) {
  for (const auto& field : data_schema->fields()) {
    if (IsMetaField(field->name())) {
      return Status::Invalid("data schema must not contain meta column ", field->name());
    }
  }
  std::unique_ptr<BaseFileWriter> writer(new BaseFileWriter());
  HOODIE_ASSIGN_OR_RAISE(writer->avro_schema_, MakeAvroSchema(*data_schema, options));
  HOODIE_ASSIGN_OR_RAISE(auto properties, MakeParquetWriterProperties(options));
  writer->file_schema_ = AddMetadataFields(*data_schema)->RemoveMetadata();
  HOODIE_ASSIGN_OR_RAISE(writer->sink_, storage->Create(path, /*overwrite=*/false));
  HOODIE_ASSIGN_OR_RAISE(
      writer->writer_, ::parquet::arrow::FileWriter::Open(*writer->file_schema_,
                                                          ::arrow::default_memory_pool(),
                                                          writer->sink_, properties));
  writer->footer_ = options.footer_metadata;
  writer->storage_ = std::move(storage);
  writer->file_name_ = FileNameOf(path);
  writer->path_ = std::move(path);
  writer->data_schema_ = std::move(data_schema);
  writer->options_ = std::move(options);
  return writer;
}

Status BaseFileWriter::Write(const ::arrow::RecordBatch& data, const MetaColumns& meta) {
  if (closed_) return Status::Invalid("base file writer is closed: ", path_);
  if (!data.schema()->Equals(*data_schema_, /*check_metadata=*/false)) {
    return Status::Invalid("batch schema differs from the file's data schema: ",
                           data.schema()->ToString());
  }
  int64_t rows = data.num_rows();
  HOODIE_RETURN_NOT_OK(CheckMetaArray(meta.commit_time, "_hoodie_commit_time", rows));
  HOODIE_RETURN_NOT_OK(CheckMetaArray(meta.commit_seqno, "_hoodie_commit_seqno", rows));
  HOODIE_RETURN_NOT_OK(CheckMetaArray(meta.record_key, "_hoodie_record_key", rows));
  HOODIE_RETURN_NOT_OK(
      CheckMetaArray(meta.partition_path, "_hoodie_partition_path", rows));
  HOODIE_ASSIGN_OR_RAISE(auto file_names, ::arrow::MakeArrayFromScalar(
                                              ::arrow::StringScalar(file_name_), rows));
  ::arrow::ArrayVector columns = {meta.commit_time, meta.commit_seqno, meta.record_key,
                                  meta.partition_path, file_names};
  for (const auto& column : data.columns()) columns.push_back(column);
  auto batch = ::arrow::RecordBatch::Make(file_schema_, rows, std::move(columns));
  if (row_group_full_) {
    // Started here rather than when the group filled up, so Close() never leaves an
    // empty trailing row group.
    HOODIE_RETURN_NOT_OK(writer_->NewBufferedRowGroup());
    row_group_full_ = false;
    buffered_bytes_ = 0;
  }
  HOODIE_RETURN_NOT_OK(writer_->WriteRecordBatch(*batch));
  HOODIE_RETURN_NOT_OK(TrackRecordKeys(*meta.record_key));
  HOODIE_ASSIGN_OR_RAISE(int64_t bytes, ::arrow::util::ReferencedBufferSize(*batch));
  buffered_bytes_ += bytes;
  record_count_ += rows;
  return RollRowGroupIfFull();
}

Status BaseFileWriter::TrackRecordKeys(const ::arrow::Array& keys) {
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

Status BaseFileWriter::RollRowGroupIfFull() {
  row_group_full_ = buffered_bytes_ >= options_.block_size;
  HOODIE_ASSIGN_OR_RAISE(flushed_bytes_, sink_->Tell());
  return Status::OK();
}

void BaseFileWriter::AddFooterMetadata(std::string key, std::string value) {
  for (auto& entry : footer_) {
    if (entry.first == key) {
      entry.second = std::move(value);
      return;
    }
  }
  footer_.emplace_back(std::move(key), std::move(value));
}

Result<BaseFileWriteResult> BaseFileWriter::Close() {
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
  HOODIE_RETURN_NOT_OK(writer_->AddKeyValueMetadata(metadata));
  HOODIE_RETURN_NOT_OK(writer_->Close());
  if (!sink_->closed()) HOODIE_RETURN_NOT_OK(sink_->Close());
  HOODIE_ASSIGN_OR_RAISE(FileStatus status, storage_->GetFileStatus(path_));
  BaseFileWriteResult result;
  result.path = path_;
  result.file_name = file_name_;
  result.file_size_bytes = status.size;
  result.record_count = record_count_;
  result.min_record_key = min_key_;
  result.max_record_key = max_key_;
  return result;
}

}  // namespace hoodie
