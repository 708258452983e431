// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/restore.cc
/// \brief Planning, running and resuming a restore.

#include "hoodie/actions/restore.h"

#include <optional>
#include <utility>
#include <vector>

#include "hoodie/common/clock.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/pending_plans.h"

namespace hoodie {
namespace {

::arrow::Status CheckRestorable(const ActiveTimeline& timeline, const std::string& instant) {
  const Timeline& all = timeline.timeline();
  if (all.GetSavepointTimeline().FilterCompleted().ContainsTimestamp(instant)) {
    return ::arrow::Status::OK();
  }
  if (!all.GetCommitsTimeline().FilterCompleted().ContainsTimestamp(instant)) {
    return ::arrow::Status::Invalid(
        "No savepoint for instantTime ", instant,
        ", and it is no completed commit of the active timeline (archived or never "
        "written): a restore goes back to a savepoint or a completed commit still in "
        "the active timeline");
  }
  ARROW_ASSIGN_OR_RAISE(std::string retained, EarliestCommitRetainedByLastClean(timeline));
  if (instant < retained) {
    return ::arrow::Status::Invalid(
        "Could not restore to ", instant, ": the last clean retains commits from ", retained,
        " on and may have deleted files it needs; savepoint an instant before cleaning "
        "to keep it restorable");
  }
  return ::arrow::Status::OK();
}

// RestorePlanActionExecutor: pending clusterings after `instant`, then the other write
// instants after it, newest first.
::arrow::Result<RestorePlan> PlanRestore(const ActiveTimeline& timeline,
                                         const std::string& instant) {
  RestorePlan plan;
  plan.savepoint_to_restore_timestamp = instant;
  const Timeline later =
      timeline.timeline().GetCommitsAndCompactionTimeline().FindInstantsAfter(instant);
  std::vector<Instant> clustering, others;
  for (const Instant& i : later.instants()) {
    ARROW_ASSIGN_OR_RAISE(std::optional<ClusteringPlan> pending_clustering,
                          PendingClusteringPlan(timeline, i));
    (pending_clustering ? clustering : others).push_back(i);
  }
  for (auto* group : {&clustering, &others}) {
    for (auto it = group->rbegin(); it != group->rend(); ++it) {
      plan.instants_to_rollback.push_back(
          InstantInfo{it->timestamp, std::string(ActionName(it->action))});
    }
  }
  return plan;
}

// The last pending restore, if it restores to `instant` (scheduleAndGetRestorePlan).
::arrow::Result<std::optional<std::pair<Instant, RestorePlan>>> PendingRestoreTo(
    const ActiveTimeline& timeline, const std::string& instant) {
  std::optional<Instant> last = timeline.timeline().GetRestoreTimeline().FilterPending().LastInstant();
  if (!last) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(RestorePlan plan,
                        timeline.ReadAvro<RestorePlan>(
                            Instant{last->timestamp, Action::kRestore, State::kRequested}));
  if (plan.savepoint_to_restore_timestamp != instant) return std::nullopt;
  return std::make_pair(*last, std::move(plan));
}

// Rolls back one planned instant if it is still there, deleting all its instant files
// (deleteInstants=true). \return its rollback metadata, nullopt when already gone.
::arrow::Result<std::optional<RollbackMetadata>> RollBackPlanned(
    const std::shared_ptr<TableMetaClient>& table, const InstantInfo& info,
    const RollbackOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(Action action, ParseAction(info.action));
  std::vector<Instant> states = timeline.StateFilesOf(Instant{info.commit_time, action});
  if (states.empty()) {
    LogWarning("Ignoring already rolledback instant " + info.commit_time + " (" + info.action + ")");
    return std::nullopt;
  }
  ARROW_ASSIGN_OR_RAISE(std::optional<RollbackMetadata> metadata,
                        RollbackInstant(*table, info.commit_time, options));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline after, table->LoadActiveTimeline());
  for (const Instant& state : after.StateFilesOf(Instant{info.commit_time, action})) {
    ARROW_RETURN_NOT_OK(after.DeleteStateFileIfExists(state));
  }
  return metadata;
}

}  // namespace

::arrow::Result<RestoreOutcome> RestoreToInstant(const std::shared_ptr<TableMetaClient>& table,
                                                 const std::string& instant,
                                                 bool proceed_savepoint,
                                                 const RollbackOptions& rollback) {
  if (proceed_savepoint) {
    return ::arrow::Status::Invalid(
        "Restore is not supported when hoodie.archive.proceed.savepoint is enabled");
  }
  const int64_t started = EpochMillisNow();
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  RestoreOutcome outcome;
  ARROW_ASSIGN_OR_RAISE(auto pending, PendingRestoreTo(timeline, instant));
  Instant inflight;
  RestorePlan plan;
  if (pending) {
    outcome.resumed = true;
    inflight = Instant{pending->first.timestamp, Action::kRestore, State::kInflight};
    plan = std::move(pending->second);
    if (pending->first.IsRequested()) {
      ARROW_RETURN_NOT_OK(timeline.TransitionToInflight(pending->first).status());
    }
  } else {
    ARROW_RETURN_NOT_OK(CheckRestorable(timeline, instant));
    ARROW_ASSIGN_OR_RAISE(plan, PlanRestore(timeline, instant));
    ARROW_ASSIGN_OR_RAISE(std::string time, timeline.CreateNewInstantTime());
    Instant requested{time, Action::kRestore, State::kRequested};
    ARROW_ASSIGN_OR_RAISE(std::string bytes, plan.ToAvroBytes());
    ARROW_RETURN_NOT_OK(timeline.CreateRequested(requested, bytes));
    ARROW_ASSIGN_OR_RAISE(inflight, timeline.TransitionToInflight(requested));
  }
  outcome.restore_instant = inflight.timestamp;
  RestoreMetadata& metadata = outcome.metadata;
  metadata.start_restore_time = inflight.timestamp;
  // The metadata table is restored with the restore's commit, not rollback by rollback.
  RollbackOptions each = rollback;
  each.update_metadata_table = false;
  for (const InstantInfo& info : plan.instants_to_rollback) {
    ARROW_ASSIGN_OR_RAISE(std::optional<RollbackMetadata> done,
                          RollBackPlanned(table, info, each));
    metadata.instants_to_rollback.push_back(info.commit_time);
    metadata.restore_instant_info.push_back(info);
    metadata.hoodie_restore_metadata[info.commit_time] = {std::move(done)};
  }
  metadata.time_taken_in_millis = EpochMillisNow() - started;
  ARROW_ASSIGN_OR_RAISE(std::string bytes, metadata.ToAvroBytes());
  ARROW_ASSIGN_OR_RAISE(Transaction txn, Transaction::Begin(table, inflight, StartedOn(timeline)));
  ARROW_RETURN_NOT_OK(txn.Commit(bytes).status());
  // Rollback instants after the restored instant go, so nothing points past it.
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline after, table->LoadActiveTimeline());
  for (const Instant& state : after.state_files()) {
    if (state.action == Action::kRollback && state.timestamp > instant) {
      ARROW_RETURN_NOT_OK(after.DeleteStateFileIfExists(state));
    }
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline restored, table->LoadActiveTimeline());
  std::optional<Instant> last =
      restored.timeline().GetCommitsAndCompactionTimeline().FilterCompleted().LastInstant();
  if (!last || last->timestamp != instant) {
    return ::arrow::Status::Invalid(instant, " is not the last commit after restoring to savepoint, last commit was ",
                                    last ? last->timestamp : "none");
  }
  return outcome;
}

}  // namespace hoodie
