// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_record_map_internal.h
/// \brief The merge state of one file slice: record key -> latest log record
/// (the role of ExternalSpillableMap inside HoodieMergedLogRecordScanner).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include <arrow/status.h>

#include "hoodie/merge/record_merger.h"

namespace hoodie::internal {

/// \brief What the log blocks of a slice say about one key.
struct LogRecordEntry {
  /// The merged log record; empty when `deleted`.
  RowRef record;
  /// A delete block removed the key (after any data record for it).
  bool deleted = false;
  /// Already merged with a base-file row, so not emitted again as a log-only record.
  bool merged_with_base = false;
};

/// \brief Key -> entry map of the log records of one slice.
///
/// The in-memory implementation is the only one today; a map that spills to local disk
/// beyond the hoodie.memory.* limits (as Java's ExternalSpillableMap does) implements
/// this same interface, so the merge code does not change. Entries hold RowRefs into
/// record batches the caller keeps alive. Not thread-safe.
class LogRecordMap {
 public:
  virtual ~LogRecordMap() = default;
  /// The entry of `key`, or nullptr. Valid until the next Put.
  virtual LogRecordEntry* Find(std::string_view key) = 0;
  /// Inserts or replaces the entry of `key`; a replaced key keeps its position.
  virtual ::arrow::Status Put(std::string_view key, LogRecordEntry entry) = 0;
  /// Visits every entry in first-insertion order; stops at the first error.
  virtual ::arrow::Status ForEach(
      const std::function<::arrow::Status(const std::string& key, LogRecordEntry& entry)>&
          visit) = 0;
  virtual size_t size() const = 0;
};

/// A LogRecordMap held entirely in memory.
std::unique_ptr<LogRecordMap> MakeInMemoryLogRecordMap();

}  // namespace hoodie::internal
