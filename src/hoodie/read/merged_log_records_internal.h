// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/merged_log_records_internal.h
/// \brief Folds the data and delete blocks of one slice, oldest first, into one record
/// per key (HoodieMergedLogRecordScanner.processNextRecord / processNextDeletedRecord).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_block.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/read/log_record_map_internal.h"

namespace hoodie::internal {

/// The record key of row `row` of `keys` (a string column). Invalid when null.
::arrow::Result<std::string_view> RecordKeyAt(const ::arrow::Array& keys, int64_t row);

/// \brief The merged log records of one slice. The map owns the records (see
/// LogRecordMap for the memory bound). Not thread-safe.
class MergedLogRecords {
 public:
  MergedLogRecords(const RecordMerger* merger, std::unique_ptr<LogRecordMap> records)
      : merger_(merger), records_(std::move(records)) {}

  /// Adds one data or delete block (others are ignored). A data record for a key seen
  /// before is folded into it with the payload's PreCombine (as Java's scanner does):
  /// the earlier record survives only with a strictly greater ordering value, and a
  /// record without one is ordered by arrival; a delete removes the key unless its ordering value is set, is not the
  /// int 0 ("delete whatever the ordering"), has the type of the stored record's
  /// ordering column and is smaller than the stored value. Invalid when a data block
  /// has no `_hoodie_record_key` column or a null key.
  /// Errors name the block's type, offset and file (LogBlock::source_path); the
  /// records are unusable after an error (a read fails before returning any row of
  /// the slice). With a reader schema set, a data block whose schema
  /// does not resolve against it (CheckAvroResolution) is Invalid, as Java's Avro
  /// reader fails on it.
  ::arrow::Status AddBlock(const LogBlock& block);

  /// The table schema records are read with (Java's reader schema); none by default.
  void set_reader_schema(std::shared_ptr<::arrow::Schema> schema) {
    reader_schema_ = std::move(schema);
  }

  LogRecordMap& records() { return *records_; }
  /// Records of the data blocks added (HoodieMergedLogRecordScanner's totalLogRecords).
  int64_t data_records() const { return data_records_; }

 private:
  ::arrow::Status AddBlockRecords(const LogBlock& block);
  ::arrow::Status AddData(std::shared_ptr<::arrow::RecordBatch> batch);
  ::arrow::Status AddDelete(const DeleteRecord& record);
  ::arrow::Result<MergeResult> Fold(const RowRef& older, const RowRef& newer) const;
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Materialize(
      const MergeResult& result, const RowRef& older, const RowRef& newer);
  ::arrow::Result<bool> DeleteIsOlder(const DeleteRecord& record,
                                      const RowRef& stored) const;

  const RecordMerger* merger_;
  std::unique_ptr<LogRecordMap> records_;
  std::shared_ptr<::arrow::Schema> reader_schema_;
  int64_t data_records_ = 0;
};

/// Adds to `records` the blocks ScanLogBlocks chooses from `log_files`, oldest first. A
/// lazily read block's content is read just before it is merged and dropped after, so
/// one block's bytes are held at a time.
::arrow::Status AddLogFiles(Storage* storage, const std::vector<LogFile>& log_files,
                            const LogScanTimeline& timeline,
                            const LogScanOptions& options, MergedLogRecords* records,
                            LogScanStats* stats = nullptr);

}  // namespace hoodie::internal
