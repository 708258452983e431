// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_block_scan_internal.h
/// \brief Which log blocks of a file slice a read merges, in merge order
/// (AbstractHoodieLogRecordReader.scanInternalV1 of Hudi 0.14/0.15, spec section 7.9).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/format/log/log_block.h"
#include "hoodie/read/log_scan_options.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/timeline/timeline.h"

namespace hoodie {
class Storage;
}

namespace hoodie::internal {

/// \brief The timeline a log scan checks block instants against.
struct LogScanTimeline {
  /// Completed instants of the commits timeline (commit, deltacommit, replacecommit).
  Timeline completed;
  /// Inflight instants of the commits timeline.
  Timeline inflight;
  /// The query instant: the scan stops at the first block written after it.
  std::string latest_instant;
  /// When set, data and delete blocks of other instants are skipped too (Java's
  /// InstantRange of EXPLICIT_MATCH): the metadata table's reader passes the instants
  /// the data table made valid, since its deltacommits complete before theirs.
  std::optional<std::set<std::string, std::less<>>> valid_instants;

  /// Completed, or older than the first non-savepoint completed instant (archived).
  bool IsCommitted(const std::string& instant) const;
};

/// What a snapshot read scans logs against: the completed and inflight instants of the
/// commits timeline of `timeline`, up to `as_of` or else the last completed one.
LogScanTimeline SnapshotLogScanTimeline(const Timeline& timeline,
                                        const std::optional<std::string>& as_of);

/// Scan options reading every block's content in file order.
inline LogScanOptions EagerForwardLogScan() {
  LogScanOptions options;
  options.lazy_block_read = false;
  return options;
}

/// \brief What a scan read, for compaction's write stats (the counters of
/// AbstractHoodieLogRecordReader: totalLogFiles, totalLogBlocks, totalCorruptBlocks,
/// totalRollbacks).
struct LogScanStats {
  int64_t log_files = 0;  ///< log files with at least one block read
  int64_t blocks = 0;     ///< every block read, the one that ends the scan too
  int64_t corrupt_blocks = 0;
  int64_t rollback_blocks = 0;
};

/// Reads the log files of one slice in order and returns the data and delete blocks to
/// merge, oldest first: the scan stops at the first non-corrupt block whose instant is
/// after `latest_instant`; data and delete blocks of uncommitted or inflight instants
/// are skipped; a rollback command block drops the blocks read so far whose instant is
/// its target, and every corrupt block read so far; corrupt blocks left at the end are
/// dropped. IOError/Invalid from reading or parsing a log file. With
/// `options.lazy_block_read` the blocks come back without content (see
/// LoadLogBlockContent); `options.reverse_log_read` finds each file's blocks from its
/// end. The default reads eagerly and forward.
::arrow::Result<std::vector<LogBlock>> ScanLogBlocks(
    Storage* storage, const std::vector<LogFile>& log_files,
    const LogScanTimeline& timeline,
    const LogScanOptions& options = EagerForwardLogScan(),
    LogScanStats* stats = nullptr);

/// The Arrow schema of the newest data block's SCHEMA header among the log files of
/// `slices` (newest log file first), for tables whose slices have no base file yet;
/// nullptr when no log block carries a schema.
::arrow::Result<std::shared_ptr<::arrow::Schema>> NewestLogSchema(
    Storage* storage, const std::vector<FileSlice>& slices);

}  // namespace hoodie::internal
