// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/row_spill_file_internal.h
/// \brief An append-only local file of serialized rows (the role of Java's
/// BitCaskDiskMap file): rows go in encoded one by one (SpillRowCodec; a one-row Arrow
/// IPC message for a schema the codec has no encoding for) and come back by offset, many
/// at a time into one batch.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/read/spill_row_codec_internal.h"

namespace hoodie::internal {

/// Where a row sits in a RowSpillFile.
struct SpilledRow {
  int64_t offset = 0;
  uint32_t length = 0;
  /// Index of the row's schema in the file's schema table.
  uint32_t schema = 0;
};

/// A row read back: row `row` of `batch`.
struct ReadBackRow {
  std::shared_ptr<::arrow::RecordBatch> batch;
  int64_t row = 0;
};

/// \brief Rows appended to a file created in a local folder and unlinked at once, so
/// it is removed however the process ends. Writes are buffered. Not thread-safe.
class RowSpillFile {
 public:
  /// IOError naming `directory` and hoodie.memory.spillable.map.path when the file
  /// cannot be created.
  static ::arrow::Result<std::unique_ptr<RowSpillFile>> Create(
      const std::string& directory);
  ~RowSpillFile();

  /// Appends row `row` of `batch`.
  ::arrow::Result<SpilledRow> Append(const ::arrow::RecordBatch& batch, int64_t row);
  /// The row as a one-row batch of its original schema.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Read(const SpilledRow& where);
  /// The rows `rows`, decoded together: `(*out)[i]` is rows[i], in one batch per schema
  /// (so a few Arrow objects however many rows).
  ::arrow::Status ReadMany(const std::vector<SpilledRow>& rows,
                           std::vector<ReadBackRow>* out);

  int64_t size() const { return flushed_ + static_cast<int64_t>(buffer_.size()); }

 private:
  // A schema rows were appended with, and its codec (null: one-row IPC messages).
  struct SchemaEntry {
    std::shared_ptr<::arrow::Schema> schema;
    std::unique_ptr<SpillRowCodec> codec;
  };

  RowSpillFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ::arrow::Result<uint32_t> SchemaIndex(const std::shared_ptr<::arrow::Schema>& schema);
  ::arrow::Status AppendIpc(const ::arrow::RecordBatch& batch, int64_t row);
  // The bytes of `where` in scratch_.
  ::arrow::Status ReadBytes(const SpilledRow& where);
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeIpc(
      const SpilledRow& where);
  ::arrow::Status ReadManyRows(const std::vector<SpilledRow>& rows,
                               std::vector<ReadBackRow>* out);
  ::arrow::Status Flush();

  int fd_;
  std::string path_;
  std::string buffer_;
  int64_t flushed_ = 0;
  std::vector<SchemaEntry> schemas_;
  // The schema of the last append and its index: most appends repeat it.
  std::shared_ptr<::arrow::Schema> last_schema_;
  uint32_t last_schema_index_ = 0;
  std::string scratch_;
  std::vector<int64_t> rows_in_batch_;
};

}  // namespace hoodie::internal
