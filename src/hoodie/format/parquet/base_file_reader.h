// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/base_file_reader.h
/// \brief Reads a Hudi Parquet base file: footer, schema, projected record batches.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace parquet {
class FileMetaData;
class RowGroupMetaData;
namespace arrow {
class FileReader;
}  // namespace arrow
}  // namespace parquet

namespace hoodie {

class Storage;

/// What to read from a base file.
struct HOODIE_EXPORT BaseFileReadOptions {
  /// Top-level columns to read, in this order; empty reads all columns.
  std::vector<std::string> columns;
  /// Row groups for which this returns false are skipped (e.g. by min/max statistics);
  /// null keeps all.
  std::function<bool(int row_group, const ::parquet::RowGroupMetaData& metadata)>
      row_group_filter;
  /// Only these row groups, in this order; empty reads every row group the filter
  /// keeps.
  std::vector<int> row_groups;
  /// Whether a column of `columns` the file lacks is skipped (a column added by a later
  /// schema) rather than an error.
  bool skip_missing_columns = false;
  /// Rows per batch; 0 keeps the Parquet reader's default.
  int64_t batch_size = 0;

  static BaseFileReadOptions Defaults() { return {}; }
};

/// \brief Only the footer of the Parquet file at `path` (parquet::ReadMetaData), as the
/// bloom index reads it. Storage errors (IOError) pass through; Invalid when the file
/// is not Parquet or its footer is corrupt, naming the path.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::parquet::FileMetaData>> ReadParquetFooter(
    Storage& storage, const std::string& path);

/// \brief An open base file (HoodieAvroParquetReader / ParquetUtils on the read path):
/// every base file hoodie reads goes through it. Works for files of both Hudi write
/// paths (Avro 2-level lists, Spark 3-level lists). Parquet's exceptions come back as
/// IOError "cannot read Parquet base file: ...: <path>" (parquet_errors.h), from
/// opening, from the footer and from every batch read. Not thread-safe; batch readers
/// it returns must not outlive it.
class HOODIE_EXPORT BaseFileReader {
 public:
  ~BaseFileReader();

  /// How a reader decodes: one column after another on the caller's thread, or the
  /// columns of a row group in parallel on Arrow's CPU pool. Parallel is for readers
  /// outside that pool only: a task of the pool that waits on it can wait forever once
  /// every thread of the pool is such a task.
  enum class Decode { kSerial, kParallel };

  /// Opens `path` through `storage` and reads the footer; batches hold `batch_size`
  /// rows unless a read asks otherwise (0: Parquet's default).
  /// \return IOError from storage, or naming the file when it is not Parquet.
  static ::arrow::Result<std::unique_ptr<BaseFileReader>> Open(
      std::shared_ptr<Storage> storage, std::string path, int64_t batch_size = 0,
      Decode decode = Decode::kSerial);

  const std::string& path() const { return path_; }
  /// The Arrow schema of the whole file (meta columns first when present).
  const std::shared_ptr<::arrow::Schema>& schema() const { return schema_; }
  int64_t num_rows() const;
  int num_row_groups() const;
  /// All footer key/values in file order.
  std::vector<std::pair<std::string, std::string>> FooterMetadata() const;
  /// One footer value, if present.
  std::optional<std::string> FooterValue(std::string_view key) const;
  std::optional<std::string> min_record_key() const;
  std::optional<std::string> max_record_key() const;

  /// Streams the selected columns and row groups, in the order `columns` names them.
  /// \return Invalid naming an unknown column (unless skip_missing_columns).
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> GetRecordBatchReader(
      const BaseFileReadOptions& options = BaseFileReadOptions::Defaults());
  /// Reads the selection into one table.
  ::arrow::Result<std::shared_ptr<::arrow::Table>> ReadTable(
      const BaseFileReadOptions& options = BaseFileReadOptions::Defaults());
  /// Only the `_hoodie_record_key` column, as one array (for index lookups).
  /// \return Invalid if the file has no such column.
  ::arrow::Result<std::shared_ptr<::arrow::StringArray>> ReadRecordKeys();

 private:
  BaseFileReader() = default;
  ::arrow::Result<std::vector<int>> LeafColumns(const std::vector<std::string>& names) const;
  ::arrow::Result<std::vector<int>> SelectRowGroups(const BaseFileReadOptions& options) const;

  std::string path_;
  std::unique_ptr<::parquet::arrow::FileReader> reader_;
  std::shared_ptr<::arrow::Schema> schema_;
};

}  // namespace hoodie
