// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_executor.cc
/// \brief Executing rollback plans and finding what to roll back.

#include "hoodie/write/rollback_executor.h"

#include <chrono>
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/write/markers.h"
#include "hoodie/write/metadata_table_guard_internal.h"

namespace hoodie {
namespace {

// The write instants of the table (HoodieTableMetaClient.getCommitsTimeline): commits
// and replacecommits, plus deltacommits on merge-on-read tables.
Timeline WriteTimeline(const TableMetaClient& table, const ActiveTimeline& timeline) {
  if (table.table_type() == TableType::kMergeOnRead) {
    return timeline.timeline().GetCommitsTimeline();
  }
  return timeline.timeline().FilterByActions({Action::kCommit, Action::kReplaceCommit});
}

// A pending replacecommit whose requested file holds a clustering plan
// (ClusteringUtils.isClusteringInstant); rollbacks of failed writes leave those to the
// clustering service.
::arrow::Result<bool> IsPendingClustering(const ActiveTimeline& timeline,
                                          const Instant& instant) {
  if (instant.action != Action::kReplaceCommit || instant.IsCompleted()) return false;
  Instant requested{instant.timestamp, instant.action, State::kRequested};
  ARROW_ASSIGN_OR_RAISE(std::string path, timeline.InstantPath(requested));
  ARROW_ASSIGN_OR_RAISE(bool exists, timeline.storage()->Exists(path));
  if (!exists) return false;
  ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(requested));
  if (bytes.empty()) return false;
  ARROW_ASSIGN_OR_RAISE(RequestedReplaceMetadata metadata,
                        RequestedReplaceMetadata::FromAvroBytes(bytes));
  return metadata.operation_type.value_or("") == "CLUSTER";
}

// BaseRollbackActionExecutor.validateSavepointRollbacks and
// validateRollbackCommitSequence (EAGER only, not for pending clustering).
::arrow::Status ValidateRollback(const TableMetaClient& table,
                                 const ActiveTimeline& timeline, const Instant& target,
                                 const RollbackOptions& options) {
  if (timeline.timeline().GetSavepointTimeline().FilterCompleted().ContainsTimestamp(
          target.timestamp)) {
    return ::arrow::Status::Invalid("cannot roll back savepointed commit ",
                                    target.timestamp, "; delete the savepoint first");
  }
  if (options.failed_writes_policy != FailedWritesPolicy::kEager) {
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(bool clustering, IsPendingClustering(timeline, target));
  if (clustering) return ::arrow::Status::OK();
  Timeline writes = WriteTimeline(table, timeline);
  if (auto later =
          writes.FilterCompleted().FindInstantsAfter(target.timestamp).FirstInstant()) {
    return ::arrow::Status::Invalid(
        "cannot roll back ", target.ToString(), ": commit ", later->timestamp,
        " completed after it; roll back the later commits first");
  }
  std::vector<std::string> pending;
  // Named: a range-for over a temporary Timeline's instants() would dangle.
  const Timeline pending_writes = writes.FilterPending();
  for (const Instant& instant : pending_writes.instants()) {
    ARROW_ASSIGN_OR_RAISE(bool is_clustering, IsPendingClustering(timeline, instant));
    if (!is_clustering) pending.push_back(instant.timestamp);
  }
  // Only checked while the target is still pending: a retried rollback whose target
  // files are gone must be able to finish.
  bool target_pending =
      !target.IsCompleted() && !pending.empty() &&
      std::find(pending.begin(), pending.end(), target.timestamp) != pending.end();
  if (target_pending && pending.back() != target.timestamp) {
    return ::arrow::Status::Invalid("cannot roll back ", target.ToString(),
                                    ": pending write ", pending.back(),
                                    " is newer; roll back the newer writes first");
  }
  return ::arrow::Status::OK();
}

::arrow::Status DeleteIfExists(Storage* storage, const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(path));
  if (!exists) return ::arrow::Status::OK();
  return storage->DeleteFile(path);
}

// HoodieActiveTimeline.revertToInflight: the completed file goes last, so a crash
// leaves the instant complete or inflight, never without a state.
::arrow::Result<Instant> RevertToInflight(const ActiveTimeline& timeline,
                                          const Instant& completed) {
  Storage* storage = timeline.storage().get();
  Instant inflight{completed.timestamp, completed.action, State::kInflight};
  for (State state : {State::kRequested, State::kInflight}) {
    ARROW_ASSIGN_OR_RAISE(
        std::string path,
        timeline.InstantPath(Instant{completed.timestamp, completed.action, state}));
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(path));
    if (!exists) ARROW_RETURN_NOT_OK(storage->CreateImmutable(path, ""));
  }
  ARROW_ASSIGN_OR_RAISE(std::string path, timeline.InstantPath(completed));
  ARROW_RETURN_NOT_OK(storage->DeleteFile(path));
  return inflight;
}

// A plan path as a storage path: Hadoop paths of local files may carry "file:".
std::string StoragePathOf(const std::string& path) {
  constexpr std::string_view kFileScheme = "file:";
  if (path.rfind(kFileScheme, 0) == 0) return path.substr(kFileScheme.size());
  return path;
}

// BaseRollbackHelper.performRollback for base-file deletes: a file that is gone already
// (a retried rollback) is a failed delete, as Hadoop's FileSystem.delete reports it.
::arrow::Result<std::map<std::string, RollbackPartitionMetadata>> DeletePlannedFiles(
    Storage* storage, const Instant& target, const RollbackPlan& plan) {
  std::map<std::string, RollbackPartitionMetadata> partitions;
  if (!plan.rollback_requests) return partitions;
  for (const RollbackRequest& request : *plan.rollback_requests) {
    if (request.log_blocks_to_be_deleted && !request.log_blocks_to_be_deleted->empty()) {
      return ::arrow::Status::NotImplemented(
          "the rollback plan of ", target.timestamp,
          " appends rollback blocks to log files, which hoodie does not write yet; "
          "finish the rollback with Hudi");
    }
    if (request.files_to_be_deleted.empty()) continue;
    RollbackPartitionMetadata& partition = partitions[request.partition_path];
    partition.partition_path = request.partition_path;
    partition.rollback_log_files = std::map<std::string, int64_t>{};
    partition.log_files_from_failed_commit = std::map<std::string, int64_t>{};
    for (const std::string& file : request.files_to_be_deleted) {
      std::string path = StoragePathOf(file);
      ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(path));
      if (exists) {
        ARROW_RETURN_NOT_OK(storage->DeleteFile(path));
        // Hadoop's local file system (Spark writing file:// tables) keeps a checksum
        // file `.<name>.crc` beside each file and deletes it with the file.
        ARROW_RETURN_NOT_OK(DeleteIfExists(
            storage,
            JoinPath(ParentPath(path), "." + std::string(FileName(path)) + ".crc")));
        partition.success_delete_files.push_back(file);
      } else {
        partition.failed_delete_files.push_back(file);
      }
    }
  }
  return partitions;
}

struct Execution {
  const TableMetaClient* table;
  RollbackOptions options;
  Instant rollback;      // requested or inflight
  Instant target;        // the instant rolled back, as found (or rebuilt)
  bool delete_instants;  // false when the target's files are gone already
  RollbackPlan plan;
};

// BaseRollbackActionExecutor.runRollback + finishRollback.
::arrow::Result<RollbackMetadata> Execute(const Execution& run) {
  const TableMetaClient& table = *run.table;
  Storage* storage = table.storage().get();
  {
    // hoodie does not add the rollback to a metadata table, whose file listing would
    // then still name the files about to be deleted: disable it first, as for commits.
    ARROW_ASSIGN_OR_RAISE(auto fresh,
                          TableMetaClient::Load(table.storage(), table.base_path()));
    ARROW_RETURN_NOT_OK(internal::DisableMetadataTable(fresh.get()).status());
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  Instant inflight = run.rollback;
  if (inflight.IsRequested()) {
    ARROW_ASSIGN_OR_RAISE(inflight, timeline.TransitionToInflight(run.rollback));
  }
  auto start = std::chrono::steady_clock::now();
  if (run.delete_instants) {
    ARROW_RETURN_NOT_OK(ValidateRollback(table, timeline, run.target, run.options));
  }
  Instant resolved = run.target;
  if (resolved.IsCompleted()) {
    LogInfo("Unpublishing instant " + resolved.ToString());
    ARROW_ASSIGN_OR_RAISE(resolved, RevertToInflight(timeline, resolved));
  }
  RollbackMetadata metadata;
  // CopyOnWriteRollbackActionExecutor: a requested-only instant wrote nothing.
  if (!resolved.IsRequested()) {
    ARROW_ASSIGN_OR_RAISE(metadata.partition_metadata,
                          DeletePlannedFiles(storage, run.target, run.plan));
  }
  metadata.start_rollback_time = run.rollback.timestamp;
  metadata.time_taken_in_millis = std::chrono::duration_cast<std::chrono::milliseconds>(
                                      std::chrono::steady_clock::now() - start)
                                      .count();
  for (const auto& [partition, stat] : metadata.partition_metadata) {
    metadata.total_files_deleted +=
        static_cast<int32_t>(stat.success_delete_files.size());
  }
  metadata.commits_rollback = {run.target.timestamp};
  metadata.instants_rollback = {
      InstantInfo{run.target.timestamp, std::string(ActionName(run.target.action))}};
  if (run.delete_instants) {
    ARROW_ASSIGN_OR_RAISE(std::string path, timeline.InstantPath(resolved));
    ARROW_RETURN_NOT_OK(DeleteIfExists(storage, path));
    if (resolved.IsInflight()) {
      ARROW_ASSIGN_OR_RAISE(
          path, timeline.InstantPath(
                    Instant{resolved.timestamp, resolved.action, State::kRequested}));
      ARROW_RETURN_NOT_OK(DeleteIfExists(storage, path));
    }
  }
  ARROW_RETURN_NOT_OK(
      WriteMarkers(table.storage(), table.base_path(), run.target.timestamp)
          .DeleteFolder());
  ARROW_ASSIGN_OR_RAISE(std::string bytes, metadata.ToAvroBytes());
  ARROW_RETURN_NOT_OK(timeline.TransitionToComplete(inflight, bytes).status());
  LogInfo("Rolled back " + run.target.ToString() + " at " + run.rollback.timestamp);
  return metadata;
}

std::optional<Instant> FindByTimestamp(const Timeline& timeline, const std::string& ts) {
  for (const Instant& instant : timeline.instants()) {
    if (instant.timestamp == ts) return instant;
  }
  return std::nullopt;
}

}  // namespace

::arrow::Result<std::map<std::string, PendingRollback>> FindPendingRollbacks(
    const ActiveTimeline& timeline) {
  std::map<std::string, PendingRollback> out;
  const Timeline rollbacks = timeline.timeline().GetRollbackTimeline().FilterPending();
  for (const Instant& rollback : rollbacks.instants()) {
    // The plan lives in the requested file, also once the rollback is inflight
    // (RollbackUtils.getRollbackPlan).
    Instant requested{rollback.timestamp, Action::kRollback, State::kRequested};
    auto bytes = timeline.ReadDetails(requested);
    auto plan = bytes.ok() ? RollbackPlan::FromAvroBytes(*bytes)
                           : ::arrow::Result<RollbackPlan>(bytes.status());
    if (!plan.ok() || !plan->instant_to_rollback) {
      LogWarning("Skipping pending rollback " + rollback.ToString() +
                 " whose plan cannot be read: " +
                 (plan.ok() ? "no instant to roll back" : plan.status().ToString()));
      continue;
    }
    std::string target = plan->instant_to_rollback->commit_time;
    out.emplace(std::move(target), PendingRollback{rollback, std::move(*plan)});
  }
  return out;
}

::arrow::Result<std::vector<Instant>> FindFailedWrites(const TableMetaClient& table,
                                                       const ActiveTimeline& timeline) {
  std::vector<Instant> out;
  const Timeline pending = WriteTimeline(table, timeline).FilterPending();
  for (const Instant& instant : pending.instants()) {
    ARROW_ASSIGN_OR_RAISE(bool clustering, IsPendingClustering(timeline, instant));
    if (!clustering) out.push_back(instant);
  }
  return out;
}

::arrow::Result<PendingRollback> ScheduleRollback(const TableMetaClient& table,
                                                  const ActiveTimeline& timeline,
                                                  const Instant& target,
                                                  const RollbackOptions& options) {
  // Checked before the plan is saved, so a refused rollback leaves no instant.
  ARROW_RETURN_NOT_OK(ValidateRollback(table, timeline, target, options));
  ARROW_ASSIGN_OR_RAISE(std::string rollback_time, timeline.CreateNewInstantTime());
  PendingRollback out;
  ARROW_ASSIGN_OR_RAISE(out.plan, PlanRollback(table, target, options.using_markers));
  ARROW_RETURN_NOT_OK(RequestRollback(timeline, rollback_time, out.plan));
  out.rollback = Instant{rollback_time, Action::kRollback, State::kRequested};
  return out;
}

::arrow::Result<std::optional<RollbackMetadata>> RollbackInstant(
    const TableMetaClient& table, const std::string& instant_time,
    const RollbackOptions& options, std::optional<PendingRollback> pending) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  if (!pending) {
    ARROW_ASSIGN_OR_RAISE(auto pending_rollbacks, FindPendingRollbacks(timeline));
    if (auto it = pending_rollbacks.find(instant_time); it != pending_rollbacks.end()) {
      pending = std::move(it->second);
    }
  }
  std::optional<Instant> target =
      FindByTimestamp(timeline.timeline().GetCommitsTimeline(), instant_time);
  Execution run{&table,        options, Instant{}, Instant{}, target.has_value(),
                RollbackPlan{}};
  if (pending) {
    run.rollback = pending->rollback;
    run.plan = std::move(pending->plan);
  } else if (!target) {
    LogWarning("Cannot find instant " + instant_time + " in the timeline, for rollback");
    return std::nullopt;
  } else {
    ARROW_ASSIGN_OR_RAISE(PendingRollback scheduled,
                          ScheduleRollback(table, timeline, *target, options));
    run.rollback = scheduled.rollback;
    run.plan = std::move(scheduled.plan);
  }
  if (target) {
    run.target = *target;
  } else {
    // The target's instant files went before the rollback finished: rebuild it as
    // inflight from the plan, so its planned files are deleted again.
    ARROW_ASSIGN_OR_RAISE(Action action,
                          ParseAction(run.plan.instant_to_rollback->action));
    run.target = Instant{instant_time, action, State::kInflight};
  }
  ARROW_ASSIGN_OR_RAISE(RollbackMetadata metadata, Execute(run));
  return metadata;
}

::arrow::Result<std::vector<RollbackMetadata>> RollbackFailedWrites(
    const TableMetaClient& table, const RollbackOptions& options) {
  std::vector<RollbackMetadata> done;
  if (options.failed_writes_policy == FailedWritesPolicy::kNever) return done;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  std::map<std::string, std::optional<PendingRollback>> to_roll_back;
  ARROW_ASSIGN_OR_RAISE(auto pending_rollbacks, FindPendingRollbacks(timeline));
  for (auto& [time, rollback] : pending_rollbacks) {
    // getPendingRollbackInfos(ignoreCompactionAndClusteringInstants=true).
    const std::string& action = rollback.plan.instant_to_rollback->action;
    if (action == ActionName(Action::kCompaction) ||
        action == ActionName(Action::kLogCompaction)) {
      continue;
    }
    to_roll_back.emplace(time, std::move(rollback));
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<Instant> failed, FindFailedWrites(table, timeline));
  for (const Instant& instant : failed)
    to_roll_back.emplace(instant.timestamp, std::nullopt);
  for (auto it = to_roll_back.rbegin(); it != to_roll_back.rend(); ++it) {
    ARROW_ASSIGN_OR_RAISE(auto metadata,
                          RollbackInstant(table, it->first, options, it->second));
    if (metadata) done.push_back(std::move(*metadata));
  }
  return done;
}

}  // namespace hoodie
