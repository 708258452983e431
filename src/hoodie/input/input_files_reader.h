// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/input_files_reader.h
/// \brief InputFilesReader: several input files of one format read one after another
/// as one stream of batches, remembering where each record came from.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/input/input_format.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief The files in order, one open at a time (memory is one file reader's batch).
///
/// The first file's schema is the stream's; later files' batches keep their own
/// schema (a write aligns every batch to the table schema by column name). Read errors
/// name the file (and line, for text formats).
class HOODIE_EXPORT InputFilesReader : public ::arrow::RecordBatchReader {
 public:
  /// Opens the first of `paths` (at least one).
  static ::arrow::Result<std::shared_ptr<InputFilesReader>> Open(
      std::vector<std::string> paths, std::unique_ptr<InputFormat> format,
      InputOptions options);

  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override;

  /// Where input row `row` (from 0, over all files) was read, as its format says:
  /// "in.json:2", "in.csv:3" (after the header), "in.parquet: row 4".
  std::string Place(int64_t row) const;

  /// Rows returned so far.
  int64_t rows() const { return rows_; }

 private:
  InputFilesReader() = default;

  ::arrow::Status OpenCurrent();
  // Prefixes a read error of the current file with its path, unless its format's
  // reader names the file (and line) itself.
  ::arrow::Status Locate(::arrow::Status status) const;

  std::vector<std::string> paths_;
  std::unique_ptr<InputFormat> format_;
  InputOptions options_;
  size_t index_ = 0;
  int64_t rows_ = 0;
  std::vector<int64_t> starts_;  // the first input row of each opened file
  std::shared_ptr<::arrow::RecordBatchReader> current_;
  std::shared_ptr<::arrow::Schema> schema_;
};

}  // namespace hoodie
