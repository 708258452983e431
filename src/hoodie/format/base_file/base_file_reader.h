// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/base_file_reader.h
/// \brief What every base file format's reader offers (HoodieFileReader): the footer,
/// the schema and projected record batches.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/format/footer_keys.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// What to read from a base file.
struct HOODIE_EXPORT BaseFileReadOptions {
  /// Top-level columns to read, in this order; empty reads all columns.
  std::vector<std::string> columns;
  /// Only these row groups (Parquet row groups, ORC stripes), in this order; empty reads
  /// all of them.
  std::vector<int> row_groups;
  /// Whether a column of `columns` the file lacks is skipped (a column added by a later
  /// schema) rather than an error.
  bool skip_missing_columns = false;
  /// Rows per batch; 0 keeps the format reader's default.
  int64_t batch_size = 0;

  static BaseFileReadOptions Defaults() { return {}; }
};

/// \brief The key/value entries of a base file's footer, in file order, with its row
/// count: all the bloom index needs, read without opening the data.
struct HOODIE_EXPORT BaseFileFooter {
  std::vector<FooterEntry> entries;
  int64_t num_rows = 0;

  /// The value of `key`, if present.
  std::optional<std::string> Value(std::string_view key) const;
};

/// \brief An open base file. Every base file hoodie reads goes through one: a format's
/// failures come back as IOError naming the file, from opening, from the footer and
/// from every batch read. Not thread-safe; batch readers it returns must not outlive
/// it.
class HOODIE_EXPORT BaseFileReader {
 public:
  /// How a reader decodes: one column after another on the caller's thread, or the
  /// columns of a row group in parallel on Arrow's CPU pool. Parallel is for readers
  /// outside that pool only: a task of the pool that waits on it can wait forever once
  /// every thread of the pool is such a task.
  enum class Decode { kSerial, kParallel };

  virtual ~BaseFileReader() = default;

  virtual const std::string& path() const = 0;
  /// The Arrow schema of the whole file (meta columns first when present).
  virtual const std::shared_ptr<::arrow::Schema>& schema() const = 0;
  virtual int64_t num_rows() const = 0;
  virtual int num_row_groups() const = 0;
  /// All footer key/values in file order.
  virtual std::vector<FooterEntry> FooterMetadata() const = 0;
  /// One footer value, if present.
  virtual std::optional<std::string> FooterValue(std::string_view key) const = 0;
  std::optional<std::string> min_record_key() const {
    return FooterValue(kFooterMinRecordKey);
  }
  std::optional<std::string> max_record_key() const {
    return FooterValue(kFooterMaxRecordKey);
  }

  /// Streams the selected columns and row groups, in the order `columns` names them.
  /// \return Invalid naming an unknown column (unless skip_missing_columns).
  virtual ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> GetRecordBatchReader(
      const BaseFileReadOptions& options) = 0;
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> GetRecordBatchReader() {
    return GetRecordBatchReader(BaseFileReadOptions::Defaults());
  }
  /// Reads the selection into one table.
  ::arrow::Result<std::shared_ptr<::arrow::Table>> ReadTable(
      const BaseFileReadOptions& options);
  ::arrow::Result<std::shared_ptr<::arrow::Table>> ReadTable() {
    return ReadTable(BaseFileReadOptions::Defaults());
  }
  /// Only the `_hoodie_record_key` column, as one array (for index lookups).
  /// \return Invalid if the file has no such column.
  ::arrow::Result<std::shared_ptr<::arrow::StringArray>> ReadRecordKeys();
};

}  // namespace hoodie
