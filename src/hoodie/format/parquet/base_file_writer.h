// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/base_file_writer.h
/// \brief Writes a Hudi Parquet base file: meta columns, data columns, Hudi footer.
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

#include "hoodie/config/config_default.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/format/footer_keys.h"
#include "hoodie/format/parquet/row_group_budget.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class Storage;

/// \brief Settings of a base file writer (HoodieStorageConfig defaults, spec 8.3); the
/// members read from a key start at its declared default (DefaultOf).
/// Copies share the row group budget.
struct HOODIE_EXPORT BaseFileWriterOptions {
  /// hoodie.parquet.compression.codec: gzip, snappy, zstd, lz4, brotli, uncompressed
  /// (case-insensitive).
  std::string compression_codec = DefaultOf(StorageConfig::kParquetCompressionCodec);
  /// hoodie.parquet.page.size (bytes).
  int64_t page_size = DefaultOf(StorageConfig::kParquetPageSize);
  /// hoodie.parquet.block.size: a new row group starts once the current one holds this
  /// many bytes (encoded pages and encoder state, as parquet-mr counts its buffered
  /// size).
  int64_t block_size = DefaultOf(StorageConfig::kParquetBlockSize);
  /// hoodie.parquet.max.file.size: callers roll over to a new file once
  /// EstimatedSize() reaches it (see CanWrite()).
  int64_t max_file_size = DefaultOf(StorageConfig::kParquetMaxFileSize);
  /// hoodie.memory.parquet.buffer.max.size: the budget every file made with these
  /// options shares for its unfinished row group (null: only block_size bounds it).
  std::shared_ptr<RowGroupBudget> row_group_budget;
  /// hoodie.parquet.dictionary.enabled.
  bool dictionary_enabled = DefaultOf(StorageConfig::kParquetDictionaryEnabled);
  /// Table name for the Avro record name of `parquet.avro.schema`
  /// (`<table>_record` in `hoodie.<table>`); ignored when `avro_schema` is set.
  std::string table_name;
  /// The table's Avro schema JSON without meta fields (e.g. the latest commit's);
  /// when set it is used instead of converting the Arrow data schema.
  std::optional<std::string> avro_schema;
  /// Writes hoodie_min_record_key / hoodie_max_record_key from the keys seen (Hudi
  /// writes them with the bloom filter, hoodie.parquet.bloom.filter.enabled).
  bool write_min_max_record_keys = true;
  /// Extra footer entries (bloom filter, type code, ...), written in this order.
  std::vector<std::pair<std::string, std::string>> footer_metadata;
  /// Set for a file of new records only: their one `_hoodie_commit_time` and
  /// `_hoodie_partition_path`. Such a column (and `_hoodie_file_name`, the same in every
  /// row of any file) is handed to Parquet as a one-entry dictionary, so no value is
  /// copied or hashed per row; the file's bytes are the same as with a value per row.
  std::optional<std::string> constant_commit_time;
  std::optional<std::string> constant_partition_path;

  static BaseFileWriterOptions Defaults() { return {}; }
  /// Reads hoodie.parquet.{compression.codec,page.size,block.size,max.file.size},
  /// hoodie.parquet.dictionary.enabled and hoodie.memory.parquet.buffer.max.size (a new
  /// budget); Invalid naming the key for a bad value.
  static ::arrow::Result<BaseFileWriterOptions> FromConfig(const HoodieConfig& config);
};

/// The Parquet writer properties of `options`: codec (gzip at zlib's default level 6,
/// as parquet-mr compresses), data page size and dictionary encoding, except for the
/// top-level `plain_columns`; shared by base files and Parquet log blocks. Invalid for
/// an unknown codec or a non-positive size. Pages are buffered in `pool` (Arrow's
/// default when null).
::arrow::Result<std::shared_ptr<::parquet::WriterProperties>> MakeParquetWriterProperties(
    const BaseFileWriterOptions& options, const std::vector<std::string>& plain_columns = {},
    ::arrow::MemoryPool* pool = nullptr);

/// \brief Per-row values of the caller-supplied meta columns of one batch; every array
/// is a utf8 array as long as the batch (nulls allowed, as in tables written with
/// hoodie.populate.meta.fields=false). `_hoodie_file_name` is filled by the writer, and
/// so are the columns BaseFileWriterOptions makes constant: their arrays stay null.
struct HOODIE_EXPORT MetaColumns {
  std::shared_ptr<::arrow::Array> commit_time;
  std::shared_ptr<::arrow::Array> commit_seqno;
  std::shared_ptr<::arrow::Array> record_key;
  std::shared_ptr<::arrow::Array> partition_path;

  /// Meta columns for newly written records of a file whose commit time and partition
  /// path are constant (BaseFileWriterOptions): the keys and sequence numbers only.
  static ::arrow::Result<MetaColumns> ForNewRecords(std::string_view commit_time,
                                                    int64_t task_partition_id,
                                                    int64_t first_seqno,
                                                    const std::vector<std::string>& keys);
  /// ForNewRecords with the commit time and partition path as values per row (a log
  /// block's records carry them).
  static ::arrow::Result<MetaColumns> ForRecords(std::string_view commit_time,
                                                 std::string_view partition_path,
                                                 int64_t task_partition_id,
                                                 int64_t first_seqno,
                                                 const std::vector<std::string>& keys);
};

/// `_hoodie_commit_seqno` values `<commitTime>_<taskPartitionId>_<n>` for the `count`
/// numbers from `first_seqno` (HoodieRecord.generateSequenceId).
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<::arrow::Array>> SequenceIds(std::string_view commit_time,
                                                             int64_t task_partition_id,
                                                             int64_t first_seqno,
                                                             int64_t count);

/// What Close() reports about the written file (feeds HoodieWriteStat).
struct HOODIE_EXPORT BaseFileWriteResult {
  std::string path;
  std::string file_name;
  int64_t file_size_bytes = 0;
  int64_t record_count = 0;
  std::optional<std::string> min_record_key;
  std::optional<std::string> max_record_key;
};

/// \brief Writes one base file (HoodieAvroParquetWriter + HoodieAvroWriteSupport).
///
/// Columns: the five meta columns (optional string) first, then the data columns.
/// Layout: Arrow's Parquet writer with standard 3-level lists and MAP key_value groups,
/// decimals as FIXED_LEN_BYTE_ARRAY, timestamps as INT64 with their Arrow unit
/// (isAdjustedToUTC when the Arrow type has a zone). Dictionary encoding (when enabled)
/// for every column but those the first batch shows a dictionary would not shrink, as
/// parquet-mr falls back after its first page. Footer: the caller's entries,
/// min/max record key, `writer.model.name=avro` and `parquet.avro.schema` (Avro JSON
/// with meta fields). Creates `path` (never overwrites); writes no marker. A writer
/// destroyed without Close() leaves an incomplete file the caller must delete.
/// Not thread-safe.
class HOODIE_EXPORT BaseFileWriter {
 public:
  ~BaseFileWriter();

  /// Creates the file. \return Invalid if `data_schema` has a meta column or a type Avro
  /// cannot represent, or the options are bad; AlreadyExists/IOError from storage.
  static ::arrow::Result<std::unique_ptr<BaseFileWriter>> Make(
      std::shared_ptr<Storage> storage, std::string path,
      std::shared_ptr<::arrow::Schema> data_schema, BaseFileWriterOptions options);

  /// Appends the rows of `data` (whose schema must equal the data schema) with their
  /// meta column values. \return Invalid on a schema or length mismatch.
  ::arrow::Status Write(const ::arrow::RecordBatch& data, const MetaColumns& meta);

  /// Adds (or replaces) a footer entry written by Close(), e.g. the bloom filter.
  void AddFooterMetadata(std::string key, std::string value);

  /// Bytes flushed to the file plus the bytes the open row group holds (its compressed
  /// pages, the page being filled and the dictionaries): parquet-mr's getDataSize, an
  /// upper bound of the final size.
  int64_t EstimatedSize() const { return flushed_bytes_ + buffered_bytes_; }
  /// HoodieBaseParquetWriter.canWrite: EstimatedSize() < max_file_size.
  bool CanWrite() const { return EstimatedSize() < options_.max_file_size; }
  int64_t record_count() const { return record_count_; }
  /// `parquet.avro.schema` as it will be written.
  const std::string& avro_schema() const { return avro_schema_; }
  /// The file's Arrow schema (meta columns first).
  const std::shared_ptr<::arrow::Schema>& file_schema() const { return file_schema_; }

  /// Writes the footer and closes the file. Call once; later calls give Invalid.
  ::arrow::Result<BaseFileWriteResult> Close();

 private:
  BaseFileWriter() = default;
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
