// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_planner.h
/// \brief Rollback options and plans: which files undo a write instant
/// (BaseRollbackPlanActionExecutor, MarkerBasedRollbackStrategy,
/// ListingBasedRollbackStrategy).
#pragma once

#include <string>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/timeline/instant.h"
#include "hoodie/timeline_avro/rollback_metadata.h"

namespace hoodie {

class ActiveTimeline;
class HoodieConfig;
class TableMetaClient;

/// hoodie.cleaner.policy.failed.writes (HoodieFailedWritesCleaningPolicy).
enum class FailedWritesPolicy {
  /// Every pending write is rolled back before a new one starts (single writer).
  kEager,
  /// Expired writes (by heartbeat) are rolled back by the cleaner (multi-writer).
  kLazy,
  /// Failed writes are never rolled back; their files stay, invisible to readers.
  kNever,
};

/// \brief Settings of rollbacks, built once by FromConfig. A value type.
struct RollbackOptions {
  FailedWritesPolicy failed_writes_policy = FailedWritesPolicy::kEager;
  /// hoodie.rollback.using.markers. The seed documents default it to false (Hudi 0.15:
  /// true); either way a pending instant without a marker folder is planned by listing.
  bool using_markers = false;

  /// \return NotImplemented for LAZY: hoodie writes no heartbeats, so another LAZY
  ///   writer would take hoodie's running writes for failed ones.
  static ::arrow::Result<RollbackOptions> FromConfig(const HoodieConfig& config);
};

/// \brief The plan that rolls back `instant` (BaseRollbackPlanActionExecutor
/// .requestRollback): no requests for a requested-only instant; otherwise one request
/// per base file the instant wrote, found from its markers (CREATE / MERGE markers, when
/// `using_markers`, the instant is pending and its marker folder exists) or by listing
/// every partition for base files whose instant time is the instant's.
///
/// Requests carry the file's full path, as Hudi's do; marker-based requests come in the
/// order Java's HashSet of marker paths iterates, as in Hudi's plans. Reads only.
/// \return NotImplemented for what needs log-file rollback blocks (APPEND markers,
///   listing a deltacommit); IOError from storage; Invalid for a malformed marker.
::arrow::Result<RollbackPlan> PlanRollback(const TableMetaClient& table,
                                           const Instant& instant, bool using_markers);

/// Writes `plan` as `<rollback_time>.rollback.requested`
/// (HoodieActiveTimeline.saveToRollbackRequested).
/// \return kInstantStateConflict if that instant exists; IOError from storage.
::arrow::Status RequestRollback(const ActiveTimeline& timeline,
                                const std::string& rollback_time,
                                const RollbackPlan& plan);

}  // namespace hoodie
