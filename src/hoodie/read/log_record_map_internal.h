// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_record_map_internal.h
/// \brief The merge state of one file slice: record key -> latest log record
/// (the role of ExternalSpillableMap inside HoodieMergedLogRecordScanner).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/merge/record_merger.h"

namespace hoodie::internal {

/// \brief What the log blocks of a slice say about one key.
struct LogRecordEntry {
  /// The batch holding the merged log record (shared: the map keeps it alive while an
  /// entry in memory refers to it); null when `deleted`.
  std::shared_ptr<::arrow::RecordBatch> batch;
  int64_t row = 0;
  /// A delete block removed the key (after any data record for it).
  bool deleted = false;
  /// Already merged with a base-file row, so not emitted again as a log-only record.
  bool merged_with_base = false;

  RowRef record() const { return RowRef{batch.get(), row}; }
};

/// \brief Counters of a map, for tests and benchmarks.
struct LogRecordMapStats {
  /// Bytes of record batches entries in memory keep alive (the budgeted amount).
  int64_t memory_bytes = 0;
  /// Records written to the spill file, replaced ones included.
  int64_t spilled_records = 0;
  /// Bytes of the spill file.
  int64_t spill_file_bytes = 0;
};

/// \brief Key -> entry map of the log records of one slice, in first-insertion order.
///
/// Entries in memory hold their record batch; the map accounts each batch kept alive
/// by its buffer size once. When keeping a new record in memory would exceed the
/// budget, the record is serialized (RowSpillFile) and appended to a spill file, and
/// only its offset stays in memory: the key index is never spilled (as in Java). FindAll
/// and EntriesAt read many spilled records back at once, into one batch. A replaced
/// record leaves garbage in the spill file (append-only, like Java's BitCaskDiskMap). The
/// spill file is unlinked as soon as it is created, so it disappears with the map or the
/// process, also on errors. Not thread-safe.
class LogRecordMap {
 public:
  virtual ~LogRecordMap() = default;
  /// The entry of `key`, or nullptr. Valid until the next call on the map; a spilled
  /// record is read back into a one-row batch the entry shares.
  virtual ::arrow::Result<const LogRecordEntry*> Find(std::string_view key) = 0;
  /// The entries of `keys` (nullptr for a key without one), with every spilled record
  /// among them read back together into one batch. Valid until the next Find, FindAll,
  /// EntryAt or EntriesAt.
  virtual ::arrow::Status FindAll(const std::vector<std::string_view>& keys,
                                  std::vector<const LogRecordEntry*>* entries) = 0;
  /// Inserts or replaces the entry of `key`; a replaced key keeps its position.
  virtual ::arrow::Status Put(std::string_view key, LogRecordEntry entry) = 0;
  /// Sets merged_with_base of the (present) entry of `key`. A spilled record is not
  /// read back any more once merged with its base row (its entry's batch is null).
  virtual ::arrow::Status MarkMergedWithBase(std::string_view key) = 0;
  /// The entry at `position` (0 <= position < size()) in first-insertion order and its
  /// key; valid until the next call on the map.
  virtual ::arrow::Result<const LogRecordEntry*> EntryAt(size_t position,
                                                         std::string_view* key) = 0;
  /// The entries at positions `first` .. first + count - 1 (clamped to size()) and their
  /// keys, spilled records read back together as by FindAll; same validity.
  virtual ::arrow::Status EntriesAt(size_t first, size_t count,
                                    std::vector<std::string_view>* keys,
                                    std::vector<const LogRecordEntry*>* entries) = 0;
  virtual size_t size() const = 0;
  virtual LogRecordMapStats stats() const = 0;
};

/// A LogRecordMap held entirely in memory.
std::unique_ptr<LogRecordMap> MakeInMemoryLogRecordMap();

/// A LogRecordMap keeping at most `memory_budget` bytes of record batches in memory
/// and spilling the rest to a file in `spill_directory` ($TMPDIR or /tmp when empty).
/// The file is created at the first spill; IOError (naming the folder and
/// hoodie.memory.spillable.map.path) when it cannot be.
std::unique_ptr<LogRecordMap> MakeSpillableLogRecordMap(int64_t memory_budget,
                                                        std::string spill_directory);

}  // namespace hoodie::internal
