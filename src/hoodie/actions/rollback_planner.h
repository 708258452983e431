// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_planner.h
/// \brief Rollback options and plans: which files undo a write instant
/// (BaseRollbackPlanActionExecutor, MarkerBasedRollbackStrategy,
/// ListingBasedRollbackStrategy).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/table/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline_avro/rollback_metadata.h"
#include "hoodie/visibility.h"
#include "hoodie/write/rollback_options.h"

namespace hoodie {

class ActiveTimeline;
class HoodieConfig;
class Storage;
class TableMetaClient;

/// \brief The plan that rolls back `instant` (BaseRollbackPlanActionExecutor
/// .requestRollback, as Hudi 0.15 plans it): no requests for a requested-only instant;
/// otherwise requests from the instant's markers (when `using_markers`, the instant is
/// pending and its marker folder exists) or from listing every partition.
///
/// From markers (MarkerBasedRollbackStrategy), in the order Java's HashSet of marker
/// paths iterates:
///   - CREATE / MERGE: delete the named base file (full path), with its file id and
///     instant as fileId / latestBaseInstant.
///   - APPEND naming a log file (0.15): a rollback command block for that file's slice,
///     logBlocksToBeDeleted = {log file name: 1}. The failed write's log stays.
///   - APPEND naming a base file (0.14 markers): the slice's latest log file is deleted
///     when the slice began with the failed instant, else gets a rollback block
///     ({its path: its size}).
/// By listing (ListingBasedRollbackStrategy), per partition: delete every base file of
/// the instant and, on merge-on-read tables, every log file of a slice it began; for a
/// deltacommit also a rollback block for each file group its (inflight or completed)
/// commit metadata names whose latest committed slice began before it and that no
/// completed replacecommit at or before it replaced ({log path or, for a workload
/// profile, the base path: bytes written or 1}). Files to delete are chosen by the
/// instant time in their names only, replaced file groups or not, as Hudi does. A
/// compaction (pending, or a completed commit whose operation is COMPACT) deletes only
/// its base files.
///
/// Reads only. IOError from storage; Invalid for a malformed marker, a log file with a
/// CREATE / MERGE marker, or unreadable commit metadata.
HOODIE_EXPORT
::arrow::Result<RollbackPlan> PlanRollback(const TableMetaClient& table,
                                           const Instant& instant, bool using_markers);

/// A log file of a file slice, as listed.
struct HOODIE_EXPORT SliceLogFile {
  LogFileName name;
  std::string path;  ///< storage path
  int64_t size = 0;
};

/// The latest log file (HoodieLogFile.LogFileComparator) of the slice (file_id,
/// base_instant) in the partition folder `folder`, or nullopt (FSUtils.getLatestLogFile).
/// IOError from storage.
HOODIE_EXPORT ::arrow::Result<std::optional<SliceLogFile>> LatestSliceLogFile(
    Storage* storage, const std::string& folder, const std::string& file_id,
    const std::string& base_instant);

/// Writes `plan` as `<rollback_time>.rollback.requested`
/// (HoodieActiveTimeline.saveToRollbackRequested).
/// \return kInstantStateConflict if that instant exists; IOError from storage.
HOODIE_EXPORT ::arrow::Status RequestRollback(const ActiveTimeline& timeline,
                                              const std::string& rollback_time,
                                              const RollbackPlan& plan);

}  // namespace hoodie
