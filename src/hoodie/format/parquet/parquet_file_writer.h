// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_file_writer.h
/// \brief The Parquet base file writer: meta columns, data columns, Hudi footer.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/io/type_fwd.h>
#include <arrow/memory_pool.h>
#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace parquet {
class WriterProperties;
namespace arrow {
class FileWriter;
}  // namespace arrow
}  // namespace parquet

#include "hoodie/format/base_file/base_file_writer.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// The Parquet writer properties of `options`: codec (gzip at zlib's default level 6,
/// as parquet-mr compresses), data page size and dictionary encoding, except for the
/// top-level `plain_columns`; shared by base files and Parquet log blocks. Invalid for
/// an unknown codec or a non-positive size. Pages are buffered in `pool` (Arrow's
/// default when null).
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<::parquet::WriterProperties>> MakeParquetWriterProperties(
    const BaseFileWriterOptions& options, const std::vector<std::string>& plain_columns = {},
    ::arrow::MemoryPool* pool = nullptr);

/// \brief Writes one Parquet base file (HoodieAvroParquetWriter +
/// HoodieAvroWriteSupport).
///
/// Layout: Arrow's Parquet writer with standard 3-level lists and MAP key_value groups,
/// decimals as FIXED_LEN_BYTE_ARRAY, timestamps as INT64 with their Arrow unit
/// (isAdjustedToUTC when the Arrow type has a zone). Dictionary encoding (when enabled)
/// for every column but those the first batch shows a dictionary would not shrink, as
/// parquet-mr falls back after its first page. Footer: the caller's entries,
/// min/max record key, `writer.model.name=avro` and `parquet.avro.schema` (Avro JSON
/// with meta fields). The constant meta columns are handed to Parquet as one-entry
/// dictionaries, so no value is copied or hashed per row.
class HOODIE_EXPORT ParquetFileWriter final : public BaseFileWriter {
 public:
  ~ParquetFileWriter() override;

  /// Creates the file. \return Invalid if `data_schema` has a meta column or a type Avro
  /// cannot represent, or the options are bad; AlreadyExists/IOError from storage.
  static ::arrow::Result<std::unique_ptr<ParquetFileWriter>> Make(
      std::shared_ptr<Storage> storage, std::string path,
      std::shared_ptr<::arrow::Schema> data_schema, BaseFileWriterOptions options);

  /// Appends the rows of `data` (whose schema must equal the data schema) with their
  /// meta column values. \return Invalid on a schema or length mismatch.
  ::arrow::Status Write(const ::arrow::RecordBatch& data, const MetaColumns& meta) override;

  /// Adds (or replaces) a footer entry written by Close(), e.g. the bloom filter.
  void AddFooterMetadata(std::string key, std::string value) override;

  /// Bytes flushed to the file plus the bytes the open row group holds (its compressed
  /// pages, the page being filled and the dictionaries): parquet-mr's getDataSize, an
  /// upper bound of the final size.
  int64_t EstimatedSize() const override { return flushed_bytes_ + buffered_bytes_; }
  /// HoodieBaseParquetWriter.canWrite: EstimatedSize() < max_file_size.
  bool CanWrite() const override { return EstimatedSize() < options_.max_file_size; }
  int64_t record_count() const override { return record_count_; }
  /// `parquet.avro.schema` as it will be written.
  const std::string& avro_schema() const override { return avro_schema_; }
  /// The file's Arrow schema (meta columns first).
  const std::shared_ptr<::arrow::Schema>& file_schema() const override {
    return file_schema_;
  }

  /// Writes the footer and closes the file. Call once; later calls give Invalid.
  ::arrow::Result<BaseFileWriteResult> Close() override;

 private:
  ParquetFileWriter() = default;
  ::arrow::Status TrackRecordKeys(const ::arrow::Array& keys);
  // Reads what the row group holds now, reports the change to the budget and decides
  // whether the group ends before the next write.
  ::arrow::Status RollRowGroupIfFull();
  void MeasureBuffered();
  void LeaveBudget();
  // Opens the Parquet writer, with dictionary encoding off for the columns of the
  // file's first batch (meta columns included) that a dictionary would not shrink
  // (DictionaryWouldNotPay); null for a file closed without rows.
  ::arrow::Status OpenParquet(const ::arrow::RecordBatch* first);
  // The file's Arrow schema: meta columns first, the constant ones as dictionaries.
  ::arrow::Status MakeFileSchema(const ::arrow::Schema& data_schema,
                                 const BaseFileWriterOptions& options);
  // `value` (one string) in every one of `rows` rows, as a one-entry dictionary.
  ::arrow::Result<std::shared_ptr<::arrow::Array>> Constant(
      const std::shared_ptr<::arrow::Array>& value, int64_t rows);

  // The constant meta columns' one value each (null: values per row).
  std::shared_ptr<::arrow::Array> file_name_value_;
  std::shared_ptr<::arrow::Array> commit_time_value_;
  std::shared_ptr<::arrow::Array> partition_path_value_;
  std::shared_ptr<::arrow::Buffer> zero_indices_;  // int32 zeros, grown as needed

  std::shared_ptr<Storage> storage_;
  std::string path_;
  std::string file_name_;
  BaseFileWriterOptions options_;
  std::shared_ptr<::arrow::Schema> data_schema_;
  std::shared_ptr<::arrow::Schema> file_schema_;
  std::string avro_schema_;
  std::shared_ptr<::arrow::io::OutputStream> sink_;
  // Every allocation of the Parquet writer, so that the bytes of the open row group are
  // known; declared before writer_, which must go first.
  std::unique_ptr<::arrow::ProxyMemoryPool> pool_;
  std::unique_ptr<::parquet::arrow::FileWriter> writer_;
  std::vector<std::pair<std::string, std::string>> footer_;
  std::optional<std::string> min_key_;
  std::optional<std::string> max_key_;
  int64_t record_count_ = 0;
  int64_t flushed_bytes_ = 0;
  int64_t buffered_bytes_ = 0;
  bool row_group_full_ = false;
  bool closed_ = false;
  bool in_budget_ = false;
};

}  // namespace hoodie
