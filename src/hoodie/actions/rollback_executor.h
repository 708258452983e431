// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_executor.h
/// \brief Rolling back write instants: the failed writes before a new write (EAGER) and
/// one chosen instant (BaseHoodieTableServiceClient.rollback / rollbackFailedWrites,
/// BaseRollbackActionExecutor, CopyOnWriteRollbackActionExecutor,
/// MergeOnReadRollbackActionExecutor, BaseRollbackHelper).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/actions/rollback_planner.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline_avro/rollback_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class TableMetaClient;

/// A rollback instant that was requested or started but not completed, with its plan
/// (HoodiePendingRollbackInfo). Re-running it finishes the interrupted rollback.
struct HOODIE_EXPORT PendingRollback {
  Instant rollback;
  RollbackPlan plan;
};

/// The pending rollbacks of `timeline`, keyed by the instant time they roll back
/// (getPendingRollbackInfos). A plan that cannot be read is skipped with a warning, as
/// Hudi skips it. IOError from storage.
HOODIE_EXPORT
::arrow::Result<std::map<std::string, PendingRollback>> FindPendingRollbacks(
    const ActiveTimeline& timeline);

/// The pending writes a new writer rolls back under EAGER: pending commits,
/// replacecommits (not clustering) and, on merge-on-read tables, deltacommits
/// (getInstantsToRollback), oldest first.
HOODIE_EXPORT
::arrow::Result<std::vector<Instant>> FindFailedWrites(const TableMetaClient& table,
                                                       const ActiveTimeline& timeline);

/// \brief Plans the rollback of `target` (an instant of `timeline`) and saves the plan
/// as `R.rollback.requested` with a new instant time R, without executing it
/// (HoodieTable.scheduleRollback); RollbackInstant or the next writer executes it.
/// \return the requested rollback; errors as RollbackInstant's checks and PlanRollback.
HOODIE_EXPORT
::arrow::Result<PendingRollback> ScheduleRollback(const TableMetaClient& table,
                                                  const ActiveTimeline& timeline,
                                                  const Instant& target,
                                                  const RollbackOptions& options);

/// \brief Rolls back the write instant `instant_time` (BaseHoodieTableServiceClient
/// .rollback) and returns what the rollback did, or nullopt when the instant is neither
/// on the commits timeline nor the target of a pending rollback (nothing to do).
///
/// With a pending rollback of the instant, that rollback instant R and its plan are
/// reused; otherwise R is a new instant time and `R.rollback.requested` gets the plan.
/// Then, in Hudi's order: `R.rollback.inflight`; a completed instant is reverted to
/// inflight (its completed file deleted); the plan's files are deleted; the instant's
/// inflight then requested files are deleted; its marker folder is deleted; and
/// `R.rollback` is written with the HoodieRollbackMetadata. (Hudi deletes the marker
/// folder after `R.rollback`; deleting it first means a crash leaves no marker folder
/// behind a completed rollback.) A crash at any step leaves a pending rollback (or
/// nothing) that the next call completes.
///
/// Plan requests with log blocks (merge-on-read) append a ROLLBACK command block
/// (INSTANT_TIME = the last instant of the timeline, normally R; TARGET_INSTANT_TIME =
/// the instant) to the request's file slice as a new log version with write token 1-0-1,
/// after an APPEND marker under R, as Hudi 0.15 does on file systems without append.
/// The metadata then lists those logs in rollbackLogFiles (path -> size, also logs an
/// interrupted earlier attempt wrote) and the plan's log entries in
/// logFilesFromFailedCommit. A completed commit of a merge-on-read table is a compaction
/// and is reverted to `T.compaction.inflight`.
///
/// Under EAGER, as Hudi checks: Invalid if a completed commit follows the instant, or a
/// pending one (other than clustering) does; Invalid for a savepointed instant. Not
/// thread-safe: one writer per table.
HOODIE_EXPORT ::arrow::Result<std::optional<RollbackMetadata>> RollbackInstant(
    const TableMetaClient& table, const std::string& instant_time,
    const RollbackOptions& options,
    std::optional<PendingRollback> pending = std::nullopt);

/// \brief Rolls back the inflight compaction `compaction_time` so its plan can run again
/// (HoodieTable.rollbackInflightCompaction, what Hudi's compact() does before executing
/// a plan whose instant is inflight). Call it before re-running a compaction plan found
/// inflight.
///
/// A pending rollback of the compaction is finished; otherwise a rollback R is planned
/// (from the compaction's markers when `options.using_markers` and the folder exists,
/// else by listing its base files) and executed: the base files the compaction wrote
/// are deleted, its marker folder goes, `R.rollback` is written, and then
/// `T.compaction.inflight` is deleted so `T.compaction.requested` (the plan) is the
/// instant's state again; it is never deleted. A crash at any step leaves a state the
/// next call completes.
/// \return the rollback metadata; nullopt when the compaction is only requested
///   (nothing to undo). Invalid when `compaction_time` is not a pending compaction (a
///   completed one says so); IOError from storage.
HOODIE_EXPORT ::arrow::Result<std::optional<RollbackMetadata>> RollbackInflightCompaction(
    const TableMetaClient& table, const std::string& compaction_time,
    const RollbackOptions& options);

/// \brief Rolls back every failed write, newest first, and finishes every pending
/// rollback (rollbackFailedWrites): what a writer does before it starts under the EAGER
/// policy. Does nothing under NEVER.
/// \return the metadata of each rollback done, in the order done.
HOODIE_EXPORT ::arrow::Result<std::vector<RollbackMetadata>> RollbackFailedWrites(
    const TableMetaClient& table, const RollbackOptions& options);

/// `options` for a rollback a user asks for: asked for explicitly, so NEVER does not
/// apply; the EAGER checks of Hudi's commit sequence do. Under LAZY (several writers)
/// only writes whose heartbeat expired are failed ones, and the sequence is not checked,
/// as in Hudi.
HOODIE_EXPORT RollbackOptions RequestedRollbackOptions(RollbackOptions options);

/// \brief A rollback a user asks for (`hoodie rollback`, hoodie.Table.rollback): with
/// no instant, every failed write (RollbackFailedWrites, with
/// RequestedRollbackOptions); with one, that instant: an inflight
/// compaction rolled back so its plan can run again, any other write by RollbackInstant.
/// \return the metadata of each rollback done. Invalid naming the instant and the table
///   when it is not a commit, deltacommit, replacecommit or inflight compaction of the
///   active timeline.
HOODIE_EXPORT ::arrow::Result<std::vector<RollbackMetadata>> RollbackOnRequest(
    const TableMetaClient& table, const std::optional<std::string>& instant,
    RollbackOptions options);

}  // namespace hoodie
