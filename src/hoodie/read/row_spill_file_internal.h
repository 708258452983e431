// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/row_spill_file_internal.h
/// \brief An append-only local file of serialized rows (the role of Java's
/// BitCaskDiskMap file): rows go in as one-row Arrow IPC messages, come back by offset.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

namespace hoodie::internal {

/// Where a row sits in a RowSpillFile.
struct SpilledRow {
  int64_t offset = 0;
  uint32_t length = 0;
  /// Index of the row's schema in the file's schema table.
  uint32_t schema = 0;
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

  int64_t size() const { return flushed_ + static_cast<int64_t>(buffer_.size()); }

 private:
  RowSpillFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  uint32_t SchemaIndex(const std::shared_ptr<::arrow::Schema>& schema);
  ::arrow::Status Flush();

  int fd_;
  std::string path_;
  std::string buffer_;
  int64_t flushed_ = 0;
  std::vector<std::shared_ptr<::arrow::Schema>> schemas_;
};

/// The folder spill files go to: `configured` when set, else $TMPDIR, else /tmp.
std::string SpillParentDirectory(const std::string& configured);

}  // namespace hoodie::internal
