// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/clean_executor.cc
/// \brief Executes clean plans and records HoodieCleanMetadata.

#include "hoodie/actions/clean_executor.h"

#include "hoodie/actions/rollback_executor.h"

#include <chrono>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

// deleteFileAndGetResult: true when this call deleted the file; false when it was gone.
::arrow::Result<bool> DeleteIfPresent(Storage* storage, const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(path));
  if (!exists) return false;
  ARROW_RETURN_NOT_OK(storage->DeleteFile(path));
  return true;
}

// The partition's entry of HoodieCleanMetadata (CleanerUtils.convertCleanMetadata):
// file names, not paths.
::arrow::Result<CleanPartitionMetadata> CleanPartition(Storage* storage,
                                                       const std::string& partition,
                                                       const std::string& policy,
                                                       const std::vector<CleanFileInfo>& files) {
  CleanPartitionMetadata out;
  out.partition_path = partition;
  out.policy = policy;
  for (const CleanFileInfo& file : files) {
    const std::string path = file.file_path.value_or("");
    const std::string name(FileName(path));
    out.delete_path_patterns.push_back(name);
    ARROW_ASSIGN_OR_RAISE(bool deleted, DeleteIfPresent(storage, StoragePathOf(path)));
    if (deleted) {
      out.success_delete_files.push_back(name);
    } else {
      out.failed_delete_files.push_back(name);
    }
  }
  out.is_partition_deleted = false;
  return out;
}

}  // namespace

::arrow::Result<CleanMetadata> ExecuteClean(const std::shared_ptr<TableMetaClient>& table,
                                            const Instant& pending) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  Instant requested{pending.timestamp, Action::kClean, State::kRequested};
  // The inflight file repeats the plan's bytes, as transitionCleanRequestedToInflight.
  ARROW_ASSIGN_OR_RAISE(std::string plan_bytes, timeline.ReadDetails(requested));
  ARROW_ASSIGN_OR_RAISE(CleanerPlan plan,
                        timeline.InFile(CleanerPlan::FromAvroBytes(plan_bytes), requested));
  Instant inflight{pending.timestamp, Action::kClean, State::kInflight};
  if (pending.IsRequested()) {
    auto moved = timeline.TransitionToInflight(requested, plan_bytes);
    // Another writer took the same pending clean on: it runs it, or ran it.
    if (!moved.ok() && !HasErrorCode(moved.status(), ErrorCode::kInstantStateConflict)) {
      return moved.status();
    }
  }
  ARROW_ASSIGN_OR_RAISE(Transaction txn, Transaction::Begin(table, inflight, StartedOn(timeline)));
  {
    // Under the lock, a clean another writer completed meanwhile is done; its deletes
    // are not repeated.
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline now, TimelineUnderLock(*table));
    const Instant completed{pending.timestamp, Action::kClean, State::kCompleted};
    if (now.timeline().ContainsInstant(completed)) {
      ARROW_ASSIGN_OR_RAISE(std::string done, now.ReadDetails(completed));
      return now.InFile(CleanMetadata::FromAvroBytes(done), completed);
    }
  }
  // The metadata table lists the files about to go: disabled before they do.
  ARROW_RETURN_NOT_OK(txn.PreCommit());
  const auto start = std::chrono::steady_clock::now();
  Storage* storage = table->storage().get();
  CleanMetadata metadata;
  metadata.start_clean_time = pending.timestamp;
  metadata.earliest_commit_to_retain =
      plan.earliest_instant_to_retain ? plan.earliest_instant_to_retain->timestamp : "";
  metadata.last_completed_commit_timestamp = plan.last_completed_commit_timestamp;
  metadata.version = 2;
  metadata.extra_metadata = plan.extra_metadata;
  for (const auto& [partition, files] :
       plan.file_paths_to_be_deleted_per_partition.value_or(
           std::map<std::string, std::vector<CleanFileInfo>>{})) {
    ARROW_ASSIGN_OR_RAISE(CleanPartitionMetadata entry,
                          CleanPartition(storage, partition, plan.policy, files));
    metadata.total_files_deleted += static_cast<int32_t>(entry.success_delete_files.size());
    metadata.partition_metadata[partition] = std::move(entry);
  }
  // Partitions left without file groups go as folders, on partitioned tables only.
  const bool partitioned = !table->table_config()->partition_fields().empty();
  for (const std::string& partition :
       plan.partitions_to_be_deleted.value_or(std::vector<std::string>{})) {
    if (!partitioned || partition.empty()) continue;
    std::string folder = JoinPath(table->base_path(), partition);
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(folder));
    if (exists) ARROW_RETURN_NOT_OK(storage->DeleteDir(folder));
    CleanPartitionMetadata& entry = metadata.partition_metadata[partition];
    entry.partition_path = partition;
    entry.policy = plan.policy;
    entry.is_partition_deleted = true;
  }
  metadata.time_taken_in_millis = std::chrono::duration_cast<std::chrono::milliseconds>(
                                      std::chrono::steady_clock::now() - start)
                                      .count();
  ARROW_ASSIGN_OR_RAISE(std::string bytes, metadata.ToAvroBytes());
  ARROW_RETURN_NOT_OK(txn.Commit(bytes).status());
  LogInfo("clean " + pending.timestamp + " deleted " +
          std::to_string(metadata.total_files_deleted) + " files");
  return metadata;
}

::arrow::Result<CleanOutcome> RunClean(const std::shared_ptr<TableMetaClient>& table,
                                       const CleanOptions& options) {
  CleanOutcome outcome;
  // BaseHoodieTableServiceClient.clean: under LAZY, the failed writes go first.
  if (options.rollback.failed_writes_policy == FailedWritesPolicy::kLazy) {
    ARROW_RETURN_NOT_OK(RollbackFailedWrites(*table, options.rollback).status());
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Timeline pending = timeline.timeline().GetCleanerTimeline().FilterPending();
  for (const Instant& clean : pending.instants()) {
    ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata, ExecuteClean(table, clean));
    outcome.completed.emplace_back(clean.timestamp, std::move(metadata));
  }
  if (!pending.instants().empty()) {
    outcome.why_not = "a pending clean ran instead (hoodie.clean.allow.multiple is false)";
    return outcome;
  }
  Instant requested{options.instant_time, Action::kClean, State::kRequested};
  {
    // BaseHoodieTableServiceClient.scheduleTableService: a clean is planned under the
    // table lock, on the timeline as it is then.
    ARROW_ASSIGN_OR_RAISE(LockedTimeline locked,
                          LockTimeline(*table, "clean-scheduling", Action::kClean));
    const ActiveTimeline& now = locked.timeline;
    ARROW_ASSIGN_OR_RAISE(CleanDecision decision, PlanClean(*table, now, options));
    if (!decision.plan) {
      outcome.why_not = decision.why_not;
      return outcome;
    }
    if (requested.timestamp.empty()) {
      ARROW_ASSIGN_OR_RAISE(requested.timestamp, now.CreateNewInstantTime());
    }
    ARROW_ASSIGN_OR_RAISE(std::string bytes, decision.plan->ToAvroBytes());
    ARROW_RETURN_NOT_OK(now.CreateRequested(requested, bytes));
  }
  const std::string instant_time = requested.timestamp;
  ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata, ExecuteClean(table, requested));
  outcome.completed.emplace_back(instant_time, std::move(metadata));
  return outcome;
}

}  // namespace hoodie
