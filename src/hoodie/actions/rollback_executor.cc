// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_executor.cc
/// \brief Executing rollback plans and finding what to roll back.

#include "hoodie/actions/rollback_executor.h"

#include <chrono>
#include <optional>
#include <utility>

#include "hoodie/common/clock.h"
#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/concurrency/heartbeat.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/pending_plans.h"

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

// A pending clustering (ClusteringUtils.isClusteringInstant); rollbacks of failed
// writes leave those to the clustering service.
::arrow::Result<bool> IsPendingClustering(const ActiveTimeline& timeline,
                                          const Instant& instant) {
  ARROW_ASSIGN_OR_RAISE(std::optional<ClusteringPlan> plan,
                        PendingClusteringPlan(timeline, instant));
  return plan.has_value();
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
  if (options.failed_writes_policy != FailedWritesPolicy::kEager ||
      !options.check_commit_sequence) {
    return ::arrow::Status::OK();
  }
  // doRollbackAndGetStats: a pending compaction is not checked against the sequence.
  if (target.action == Action::kCompaction && !target.IsCompleted()) {
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(bool clustering, IsPendingClustering(timeline, target));
  if (clustering) return ::arrow::Status::OK();
  Timeline writes = WriteTimeline(table, timeline);
  if (auto later =
          writes.FilterCompleted().FindInstantsAfter(target.timestamp).FirstInstant()) {
    return ::arrow::Status::Invalid(
        "cannot roll back ", target.ToString(), ": commit ", later->timestamp,
        " completed after it (Hudi: found commits after time ", target.timestamp,
        "); roll back the later commits first");
  }
  std::vector<std::string> pending;
  // Named: a range-for over a temporary Timeline's instants() would dangle.
  const Timeline pending_writes = writes.FilterPending();
  for (const Instant& instant : pending_writes.instants()) {
    ARROW_ASSIGN_OR_RAISE(bool is_clustering, IsPendingClustering(timeline, instant));
    if (!is_clustering) pending.push_back(instant.timestamp);
  }
  // Hudi refuses unless T is the newest pending write (inflights.indexOf(T) must be
  // the last index), so a completed T is refused while any write is pending: its
  // files could be what the pending write read or replaced.
  if (target.IsCompleted() && !pending.empty()) {
    return ::arrow::Status::Invalid(
        "cannot roll back ", target.ToString(), ": write ", pending.back(),
        " is pending (Hudi: found in-flight commits after time ", target.timestamp,
        "); roll back the pending writes first (hoodie rollback without --instant)");
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
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(path));
  if (!exists) return ::arrow::Status::OK();
  return storage->DeleteFile(path);
}

// On merge-on-read tables a completed commit is a compaction, whose pending states are
// `T.compaction.*` (HoodieTimeline.getInflightInstant).
::arrow::Result<Instant> RevertToInflight(const TableMetaClient& table,
                                          const ActiveTimeline& timeline,
                                          const Instant& completed) {
  const bool compaction = table.table_type() == TableType::kMergeOnRead &&
                          completed.action == Action::kCommit;
  return timeline.RevertToInflight(completed,
                                   compaction ? Action::kCompaction : completed.action);
}

RollbackPartitionMetadata& PartitionStat(
    std::map<std::string, RollbackPartitionMetadata>* partitions,
    const std::string& partition) {
  RollbackPartitionMetadata& stat = (*partitions)[partition];
  if (!stat.rollback_log_files) {
    // HoodieRollbackStat.Builder defaults both maps to empty maps, never null.
    stat.partition_path = partition;
    stat.rollback_log_files = std::map<std::string, int64_t>{};
    stat.log_files_from_failed_commit = std::map<std::string, int64_t>{};
  }
  return stat;
}

std::string PartitionFolder(const TableMetaClient& table, const std::string& partition) {
  return partition.empty() ? table.base_path() : JoinPath(table.base_path(), partition);
}

// BaseRollbackHelper.deleteFiles: a file that is gone already (a retried rollback) is a
// failed delete, as Hadoop's FileSystem.delete reports it.
::arrow::Status DeleteFiles(Storage* storage, const RollbackRequest& request,
                            RollbackPartitionMetadata* stat) {
  for (const std::string& file : request.files_to_be_deleted) {
    std::string path = StoragePathOf(file);
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(path));
    if (exists) {
      ARROW_RETURN_NOT_OK(storage->DeleteFile(path));
      // Hadoop's local file system (Spark writing file:// tables) keeps a checksum
      // file `.<name>.crc` beside each file and deletes it with the file.
      ARROW_RETURN_NOT_OK(DeleteIfExists(
          storage,
          JoinPath(ParentPath(path), "." + std::string(FileName(path)) + ".crc")));
      stat->success_delete_files.push_back(file);
    } else {
      stat->failed_delete_files.push_back(file);
    }
  }
  return ::arrow::Status::OK();
}

// Java's String.replace(target, ""): every occurrence removed.
std::string RemoveAll(std::string text, const std::string& target) {
  if (target.empty()) return text;
  for (size_t at = text.find(target); at != std::string::npos;
       at = text.find(target, at)) {
    text.erase(at, target.size());
  }
  return text;
}

struct BlockWriter {
  const TableMetaClient* table;
  const WriteMarkers* rollback_markers;
  std::string header_instant;  // INSTANT_TIME of the command block
  std::string target;          // TARGET_INSTANT_TIME
};

// BaseRollbackHelper.maybeDeleteAndCollectStats for a request with log blocks: a
// ROLLBACK command block for the slice (fileId, latestBaseInstant). On a file system
// without append (every one hoodie writes to) Hudi's log writer rolls over to the next
// log version of the slice with write token 1-0-1, after an APPEND marker for it under
// the rollback instant.
::arrow::Status AppendRollbackBlock(const BlockWriter& writer,
                                    const RollbackRequest& request,
                                    RollbackPartitionMetadata* stat) {
  Storage* storage = writer.table->storage().get();
  const std::string folder = PartitionFolder(*writer.table, request.partition_path);
  const std::string file_id = request.file_id.value_or("");
  const std::string base_instant = request.latest_base_instant.value_or("");
  ARROW_ASSIGN_OR_RAISE(auto latest,
                        LatestSliceLogFile(storage, folder, file_id, base_instant));
  const int32_t version = latest ? latest->name.version + 1 : 1;
  const std::string name =
      MakeLogFileName(file_id, base_instant, version, kUnknownWriteToken);
  ::arrow::Status marked = writer.rollback_markers->Create(
      Marker{request.partition_path, name, IoType::kAppend});
  if (!marked.ok() && !marked.IsAlreadyExists()) return marked;  // createIfNotExists
  const std::string path = JoinPath(folder, name);
  ARROW_RETURN_NOT_OK(WriteLogFile(
      storage, path, {MakeRollbackLogBlock(writer.header_instant, writer.target)}));
  ARROW_ASSIGN_OR_RAISE(FileStatus written, storage->GetFileStatus(path));
  (*stat->rollback_log_files)[QualifiedPath(*storage, path)] = written.size;
  for (const auto& [log, size] : *request.log_blocks_to_be_deleted) {
    // Hudi keeps only entries that are more than the partition's full path.
    if (!RemoveAll(log, folder).empty())
      (*stat->log_files_from_failed_commit)[log] = size;
  }
  return ::arrow::Status::OK();
}

// BaseRollbackHelper.performRollback: deletes the planned files, appends the planned
// rollback blocks, and (addLogFilesFromPreviousFailedRollbacksToStat) reports the log
// files an interrupted earlier attempt of this rollback wrote, found from its markers.
::arrow::Result<std::map<std::string, RollbackPartitionMetadata>> PerformRollback(
    const TableMetaClient& table, const BlockWriter& writer, const RollbackPlan& plan) {
  Storage* storage = table.storage().get();
  ARROW_ASSIGN_OR_RAISE(std::vector<Marker> earlier, writer.rollback_markers->List());
  std::map<std::string, RollbackPartitionMetadata> partitions;
  if (!plan.rollback_requests) return partitions;
  for (const RollbackRequest& request : *plan.rollback_requests) {
    RollbackPartitionMetadata& stat = PartitionStat(&partitions, request.partition_path);
    if (!request.files_to_be_deleted.empty()) {
      ARROW_RETURN_NOT_OK(DeleteFiles(storage, request, &stat));
    } else if (request.log_blocks_to_be_deleted &&
               !request.log_blocks_to_be_deleted->empty()) {
      ARROW_RETURN_NOT_OK(AppendRollbackBlock(writer, request, &stat));
    }
  }
  for (const Marker& marker : earlier) {
    if (marker.io_type != IoType::kAppend) continue;
    auto it = partitions.find(marker.partition_path);
    if (it == partitions.end()) continue;
    std::string path = JoinPath(table.base_path(), marker.DataFileRelativePath());
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(path));
    if (!exists) continue;
    ARROW_ASSIGN_OR_RAISE(FileStatus status, storage->GetFileStatus(path));
    (*it->second.rollback_log_files)[QualifiedPath(*storage, path)] = status.size;
  }
  return partitions;
}

struct Execution {
  const TableMetaClient* table;
  RollbackOptions options;
  Instant rollback;   // requested or inflight
  Instant target;     // the instant rolled back, as found (or rebuilt)
  bool target_found;  // false when the target's instant files are gone already
  RollbackPlan plan;
  // Whether the target's instant files go (not for an inflight compaction, which
  // returns to requested instead).
  bool delete_instants = true;
};

// BaseRollbackActionExecutor.runRollback + finishRollback.
::arrow::Result<RollbackMetadata> Execute(const Execution& run) {
  const TableMetaClient& table = *run.table;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  const Instant inflight{run.rollback.timestamp, Action::kRollback, State::kInflight};
  if (run.rollback.IsRequested()) {
    auto moved = timeline.TransitionToInflight(run.rollback);
    // Another writer took the same rollback on: it runs it, or ran it.
    if (!moved.ok() && !HasErrorCode(moved.status(), ErrorCode::kInstantStateConflict)) {
      return moved.status();
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto fresh,
                        TableMetaClient::Load(table.storage(), table.base_path()));
  // The same hooks as every other instant of the table (a lock set once covers it).
  std::shared_ptr<const CommitHooks> hooks = table.commit_hooks();
  if (!run.options.update_metadata_table && hooks->metadata_table != nullptr) {
    auto without = std::make_shared<CommitHooks>(*hooks);
    without->metadata_table = nullptr;
    hooks = std::move(without);
  }
  fresh->SetCommitHooks(std::move(hooks));
  fresh->SetListingFactory(table.listing_factory());
  ARROW_ASSIGN_OR_RAISE(Transaction txn,
                        Transaction::Begin(fresh, inflight, StartedOn(timeline)));
  {
    // Under the lock, a rollback another writer completed meanwhile is done.
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline now, TimelineUnderLock(*fresh));
    const Instant completed{inflight.timestamp, Action::kRollback, State::kCompleted};
    if (now.timeline().ContainsInstant(completed)) {
      ARROW_ASSIGN_OR_RAISE(std::string done, now.ReadDetails(completed));
      return now.InFile(RollbackMetadata::FromAvroBytes(done), completed);
    }
  }
  // The lock and the conflict check before the work; the metadata table gets the
  // rollback's metadata at Commit, before the rollback completes.
  ARROW_RETURN_NOT_OK(txn.PreCommit());
  auto start = std::chrono::steady_clock::now();
  if (run.target_found) {
    ARROW_RETURN_NOT_OK(ValidateRollback(table, timeline, run.target, run.options));
  }
  Instant resolved = run.target;
  if (resolved.IsCompleted()) {
    LogInfo("Unpublishing instant " + resolved.ToString());
    ARROW_ASSIGN_OR_RAISE(resolved, RevertToInflight(table, timeline, resolved));
  }
  RollbackMetadata metadata;
  WriteMarkers rollback_markers(table.storage(), table.base_path(),
                                run.rollback.timestamp);
  // Copy-on-write and MergeOnReadRollbackActionExecutor: a requested-only instant
  // wrote nothing.
  if (!resolved.IsRequested()) {
    // generateHeader: INSTANT_TIME is the last instant of the active timeline, which is
    // this rollback unless a later instant was scheduled before it ran.
    BlockWriter writer{&table, &rollback_markers,
                       timeline.timeline().LastInstant().value_or(run.rollback).timestamp,
                       run.target.timestamp};
    ARROW_ASSIGN_OR_RAISE(metadata.partition_metadata,
                          PerformRollback(table, writer, run.plan));
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
  if (run.target_found && run.delete_instants) {
    ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(resolved));
    if (resolved.IsInflight()) {
      ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(
          Instant{resolved.timestamp, resolved.action, State::kRequested}));
    }
  }
  ARROW_RETURN_NOT_OK(
      WriteMarkers(table.storage(), table.base_path(), run.target.timestamp)
          .DeleteFolder());
  ARROW_ASSIGN_OR_RAISE(std::string bytes, metadata.ToAvroBytes());
  // The transaction deletes the rollback's own marker folder once it is complete.
  ARROW_RETURN_NOT_OK(txn.Commit(bytes).status());
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
                 (plan.ok() ? "no instant to roll back"
                            : timeline.InFile(plan.status(), requested).ToString()));
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
  std::string rollback_time = options.rollback_instant_time;
  if (rollback_time.empty()) {
    ARROW_ASSIGN_OR_RAISE(rollback_time, timeline.CreateNewInstantTime());
  }
  PendingRollback out;
  ARROW_ASSIGN_OR_RAISE(out.plan, PlanRollback(table, target, options.using_markers));
  ARROW_RETURN_NOT_OK(RequestRollback(timeline, rollback_time, out.plan));
  out.rollback = Instant{rollback_time, Action::kRollback, State::kRequested};
  return out;
}

::arrow::Result<std::optional<RollbackMetadata>> RollbackInstant(
    const TableMetaClient& table, const std::string& instant_time,
    const RollbackOptions& options, std::optional<PendingRollback> pending) {
  // scheduleRollback runs under the table lock on the timeline as it is then, so that
  // of two writers rolling back one failed write, the second finds the first's plan
  // (or the write gone) instead of planning it again.
  std::optional<LockedTimeline> locked;
  if (!pending) {
    ARROW_ASSIGN_OR_RAISE(LockedTimeline taken,
                          LockTimeline(table, "rollback-scheduling", Action::kRollback));
    locked.emplace(std::move(taken));
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline,
                        locked ? ::arrow::Result<ActiveTimeline>(locked->timeline)
                               : TimelineUnderLock(table));
  if (!pending) {
    ARROW_ASSIGN_OR_RAISE(auto pending_rollbacks, FindPendingRollbacks(timeline));
    if (auto it = pending_rollbacks.find(instant_time); it != pending_rollbacks.end()) {
      pending = std::move(it->second);
    }
  }
  std::optional<Instant> target =
      FindByTimestamp(timeline.timeline().GetCommitsTimeline(), instant_time);
  Execution run{&table,
                options,
                Instant{},
                Instant{},
                target.has_value(),
                RollbackPlan{},
                /*delete_instants=*/true};
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
  locked.reset();  // Execute takes the lock again, through the rollback's Transaction
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

namespace {

// Whether the pending write `instant` belongs to a writer still alive by its heartbeat.
// LAZY rolls back only writes whose heartbeat expired
// (getInstantsToRollbackForLazyCleanPolicy). EAGER, Hudi's single-writer policy, rolls
// back every pending write; hoodie spares one whose heartbeat is fresh, as that is a
// live LAZY writer's beside a misconfigured single writer, and says so.
::arrow::Result<bool> HasLiveHeartbeat(const TableMetaClient& table, const Instant& instant,
                                       const RollbackOptions& options) {
  const int64_t now = EpochMillisNow(options.clock);
  ARROW_ASSIGN_OR_RAISE(bool expired, IsHeartbeatExpired(*table.storage(), table.base_path(),
                                                         instant.timestamp,
                                                         options.heartbeat, now));
  if (expired) return false;
  if (options.failed_writes_policy == FailedWritesPolicy::kEager) {
    LogWarning("not rolling back pending instant " + instant.ToString() +
               ": its writer's heartbeat is fresh (" +
               HeartbeatPath(table.base_path(), instant.timestamp) +
               "), so another writer is running; tables with several writers need "
               "hoodie.write.concurrency.mode=OPTIMISTIC_CONCURRENCY_CONTROL");
  }
  return true;
}

// Deletes the expired heartbeats that no pending instant of `timeline` owns: those of a
// writer killed after its heartbeat began and before its instant was requested, or
// after its commit completed and before its heartbeat went. Hudi leaves them behind;
// they mean nothing, and a LAZY rollback, which already decides that their writers
// are dead, sweeps them so that a killed writer leaves no file. A fresh one may be a
// writer about to request its instant, so it stays.
::arrow::Status DeleteOrphanHeartbeats(const TableMetaClient& table,
                                       const ActiveTimeline& timeline,
                                       const RollbackOptions& options) {
  Storage& storage = *table.storage();
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> beating,
                        ListHeartbeats(storage, table.base_path()));
  const Timeline pending = timeline.timeline().FilterPending();
  const int64_t now = EpochMillisNow(options.clock);
  for (const std::string& instant : beating) {
    if (pending.ContainsTimestamp(instant)) continue;
    ARROW_ASSIGN_OR_RAISE(bool expired, IsHeartbeatExpired(storage, table.base_path(),
                                                           instant, options.heartbeat, now));
    if (expired) ARROW_RETURN_NOT_OK(DeleteHeartbeat(storage, table.base_path(), instant));
  }
  return ::arrow::Status::OK();
}

}  // namespace

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
  for (const Instant& instant : failed) {
    ARROW_ASSIGN_OR_RAISE(bool live, HasLiveHeartbeat(table, instant, options));
    if (!live) to_roll_back.emplace(instant.timestamp, std::nullopt);
  }
  for (auto it = to_roll_back.rbegin(); it != to_roll_back.rend(); ++it) {
    ARROW_ASSIGN_OR_RAISE(auto metadata,
                          RollbackInstant(table, it->first, options, it->second));
    if (metadata) done.push_back(std::move(*metadata));
    // HeartbeatUtils.deleteHeartbeatFile: the failed write's heartbeat goes with it.
    ARROW_RETURN_NOT_OK(DeleteHeartbeat(*table.storage(), table.base_path(), it->first));
  }
  if (options.failed_writes_policy == FailedWritesPolicy::kLazy) {
    ARROW_RETURN_NOT_OK(DeleteOrphanHeartbeats(table, timeline, options));
  }
  return done;
}

::arrow::Result<std::optional<RollbackMetadata>> RollbackInflightCompaction(
    const TableMetaClient& table, const std::string& compaction_time,
    const RollbackOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  std::optional<Instant> compaction = FindByTimestamp(
      timeline.timeline().FilterByActions({Action::kCompaction}), compaction_time);
  if (!compaction) {
    return ::arrow::Status::Invalid(
        "no pending compaction ", compaction_time, " on the timeline of ",
        table.base_path(),
        timeline.timeline().GetCommitTimeline().ContainsTimestamp(compaction_time)
            ? ": it completed already (roll back the commit instead)"
            : "");
  }
  if (compaction->IsRequested()) return std::nullopt;  // nothing was written
  ARROW_ASSIGN_OR_RAISE(auto pending_rollbacks, FindPendingRollbacks(timeline));
  Execution run{&table,
                options,
                Instant{},
                *compaction,
                /*target_found=*/true,
                RollbackPlan{},
                /*delete_instants=*/false};
  if (auto it = pending_rollbacks.find(compaction_time); it != pending_rollbacks.end()) {
    run.rollback = it->second.rollback;
    run.plan = std::move(it->second.plan);
  } else {
    ARROW_ASSIGN_OR_RAISE(PendingRollback scheduled,
                          ScheduleRollback(table, timeline, *compaction, options));
    run.rollback = scheduled.rollback;
    run.plan = std::move(scheduled.plan);
  }
  ARROW_ASSIGN_OR_RAISE(RollbackMetadata metadata, Execute(run));
  // revertInstantFromInflightToRequested: the plan in `T.compaction.requested` stays.
  ARROW_RETURN_NOT_OK(timeline.DeletePending(*compaction));
  LogInfo("Reverted compaction " + compaction_time + " to requested");
  return metadata;
}

RollbackOptions RequestedRollbackOptions(RollbackOptions options) {
  if (options.failed_writes_policy != FailedWritesPolicy::kLazy) {
    options.failed_writes_policy = FailedWritesPolicy::kEager;
  }
  return options;
}

::arrow::Result<std::vector<RollbackMetadata>> RollbackOnRequest(
    const TableMetaClient& table, const std::optional<std::string>& instant,
    RollbackOptions options) {
  options = RequestedRollbackOptions(std::move(options));
  if (!instant) return RollbackFailedWrites(table, options);
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  const Timeline compactions =
      timeline.timeline().FilterByActions({Action::kCompaction}).FilterInflight();
  std::optional<RollbackMetadata> metadata;
  if (compactions.ContainsTimestamp(*instant)) {
    ARROW_ASSIGN_OR_RAISE(metadata, RollbackInflightCompaction(table, *instant, options));
  } else {
    ARROW_ASSIGN_OR_RAISE(metadata, RollbackInstant(table, *instant, options));
  }
  if (!metadata) {
    return ::arrow::Status::Invalid("instant ", *instant,
                                    " is not a commit, deltacommit, replacecommit or "
                                    "inflight compaction of the active timeline of ",
                                    table.base_path());
  }
  return std::vector<RollbackMetadata>{std::move(*metadata)};
}

}  // namespace hoodie
