// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/base_file_writer.h
/// \brief What every base file format's writer offers: the file's options, its meta
/// column values, and the writer interface (HoodieFileWriter).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>
#include <arrow/util/type_fwd.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/format/base_file/row_group_budget.h"
#include "hoodie/format/footer_keys.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// \brief Settings of a base file writer (HoodieStorageConfig defaults, spec 8.3); the
/// members read from a key start at its declared default (DefaultOf). The
/// hoodie.parquet.* members are the Parquet format's; a format reads the ones it has a
/// use for. Copies share the row group budget.
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
  /// Table name for the Avro record name of the file's schema
  /// (`<table>_record` in `hoodie.<table>`); ignored when `avro_schema` is set.
  std::string table_name;
  /// The table's Avro schema JSON without meta fields (e.g. the latest commit's);
  /// when set it is used instead of converting the Arrow data schema.
  std::optional<std::string> avro_schema;
  /// Writes hoodie_min_record_key / hoodie_max_record_key from the keys seen (Hudi
  /// writes them with the bloom filter, hoodie.parquet.bloom.filter.enabled).
  bool write_min_max_record_keys = true;
  /// Extra footer entries (bloom filter, type code, ...), written in this order.
  std::vector<FooterEntry> footer_metadata;
  /// Set for a file of new records only: their one `_hoodie_commit_time` and
  /// `_hoodie_partition_path`. A writer may store such a column (and
  /// `_hoodie_file_name`, the same in every row of any file) without a value per row;
  /// the file's bytes must be the same as with a value per row.
  std::optional<std::string> constant_commit_time;
  std::optional<std::string> constant_partition_path;
  /// hoodie.allow.operation.metadata.field: the file has `_hoodie_operation` after the
  /// five meta columns, its values in MetaColumns::operation.
  bool operation_field = false;

  static BaseFileWriterOptions Defaults() { return {}; }
  /// Reads hoodie.parquet.{compression.codec,page.size,block.size,max.file.size},
  /// hoodie.parquet.dictionary.enabled and hoodie.memory.parquet.buffer.max.size (a new
  /// budget); Invalid naming the key for a bad value.
  static ::arrow::Result<BaseFileWriterOptions> FromConfig(const HoodieConfig& config);
};

/// The Arrow codec of a hoodie.parquet.compression.codec value (case-insensitive;
/// `lz4` is parquet-mr's Hadoop-framed LZ4). Invalid naming the key for a codec Arrow
/// lacks.
HOODIE_EXPORT ::arrow::Result<::arrow::Compression::type> ParseCompressionCodec(
    const std::string& name);

/// \brief Per-row values of the caller-supplied meta columns of one batch; every array
/// is a utf8 array as long as the batch (nulls allowed, as in tables written with
/// hoodie.populate.meta.fields=false). `_hoodie_file_name` is filled by the writer, and
/// so are the columns BaseFileWriterOptions makes constant: their arrays stay null.
struct HOODIE_EXPORT MetaColumns {
  std::shared_ptr<::arrow::Array> commit_time;
  std::shared_ptr<::arrow::Array> commit_seqno;
  std::shared_ptr<::arrow::Array> record_key;
  std::shared_ptr<::arrow::Array> partition_path;
  /// `_hoodie_operation`, only with BaseFileWriterOptions::operation_field.
  std::shared_ptr<::arrow::Array> operation;

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

/// \brief Writes one base file: the five meta columns (optional strings) first, then
/// the data columns, and a footer with the caller's entries, the min/max record key
/// and the Avro schema with meta fields. A format's writer creates its path (never
/// overwriting) and writes no marker; one destroyed without Close() leaves an
/// incomplete file the caller must delete. Not thread-safe.
class HOODIE_EXPORT BaseFileWriter {
 public:
  virtual ~BaseFileWriter() = default;

  /// Appends the rows of `data` (whose schema must equal the data schema) with their
  /// meta column values. \return Invalid on a schema or length mismatch.
  virtual ::arrow::Status Write(const ::arrow::RecordBatch& data,
                                const MetaColumns& meta) = 0;

  /// Adds (or replaces) a footer entry written by Close(), e.g. the bloom filter.
  virtual void AddFooterMetadata(std::string key, std::string value) = 0;

  /// Bytes flushed to the file plus the bytes it still buffers: an upper bound of the
  /// final size (parquet-mr's getDataSize).
  virtual int64_t EstimatedSize() const = 0;
  /// HoodieBaseParquetWriter.canWrite: EstimatedSize() below the maximum file size.
  virtual bool CanWrite() const = 0;
  virtual int64_t record_count() const = 0;
  /// The file's Avro schema (with meta fields) as it will be written.
  virtual const std::string& avro_schema() const = 0;
  /// The file's Arrow schema (meta columns first).
  virtual const std::shared_ptr<::arrow::Schema>& file_schema() const = 0;

  /// Writes the footer and closes the file. Call once; later calls give Invalid.
  virtual ::arrow::Result<BaseFileWriteResult> Close() = 0;
};

}  // namespace hoodie
