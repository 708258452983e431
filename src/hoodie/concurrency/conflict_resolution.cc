// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/conflict_resolution.cc
/// \brief ConcurrentOperation, the simple file-writes strategy and the conflict check.
#include "hoodie/concurrency/conflict_resolution.h"

#include <algorithm>
#include <map>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/pending_plans.h"

namespace hoodie {

namespace {

void AddWriteStats(const CommitMetadata& metadata, std::set<FileGroupKey>* out) {
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    for (const WriteStat& stat : stats) {
      if (stat.file_id) out->emplace(partition, *stat.file_id);
    }
  }
}

// Hudi counts replaced file groups for clustering and the overwrites; hoodie counts
// delete_partition's too, so that an update racing it is not lost in a file group that
// is replaced as it commits.
bool Replaces(WriteOperationType operation) {
  return operation == WriteOperationType::kCluster ||
         operation == WriteOperationType::kInsertOverwrite ||
         operation == WriteOperationType::kInsertOverwriteTable ||
         operation == WriteOperationType::kDeletePartition;
}

void AddReplaced(const ReplaceCommitMetadata& metadata, std::set<FileGroupKey>* out) {
  for (const auto& [partition, ids] : metadata.partition_to_replace_file_ids) {
    for (const std::string& id : ids) out->emplace(partition, id);
  }
}

std::string Describe(const ConcurrentOperation& operation) {
  return operation.instant.timestamp + " (" +
         std::string(ActionName(operation.instant.action)) +
         (operation.instant.IsCompleted() ? "" : ", pending") + ", " +
         std::string(WriteOperationTypeName(operation.operation)) + ")";
}

std::string Groups(const std::set<FileGroupKey>& groups) {
  std::string out;
  size_t shown = 0;
  for (const auto& [partition, id] : groups) {
    if (shown == 3) {
      out += " and " + std::to_string(groups.size() - shown) + " more";
      break;
    }
    out += (shown++ == 0 ? "" : ", ") + id + " in partition '" + partition + "'";
  }
  return out;
}

}  // namespace

ConcurrentOperation ConcurrentOperation::OfCommit(const Instant& instant,
                                                  const CommitMetadata& metadata,
                                                  const ReplaceCommitMetadata* replace) {
  ConcurrentOperation out{instant, metadata.operation_type, {}};
  AddWriteStats(metadata, &out.file_groups);
  if (replace != nullptr && Replaces(metadata.operation_type)) {
    AddReplaced(*replace, &out.file_groups);
  }
  return out;
}

::arrow::Result<ConcurrentOperation> ConcurrentOperation::Of(const ActiveTimeline& timeline,
                                                             const Instant& instant) {
  if (instant.action == Action::kCompaction) {
    // The plan is in the requested file, whatever the state.
    ConcurrentOperation out{instant, WriteOperationType::kCompact, {}};
    ARROW_ASSIGN_OR_RAISE(CompactionPlan plan,
                          timeline.ReadAvro<CompactionPlan>(Instant{
                              instant.timestamp, Action::kCompaction, State::kRequested}));
    for (const CompactionOperation& op : plan.operations.value_or(
             std::vector<CompactionOperation>{})) {
      if (op.file_id) out.file_groups.emplace(op.partition_path.value_or(""), *op.file_id);
    }
    return out;
  }
  if (!instant.IsCompleted()) {
    // A pending replacecommit: a clustering plan's input groups (an overwrite's
    // requested file plans nothing).
    ConcurrentOperation out{instant, WriteOperationType::kCluster, {}};
    ARROW_ASSIGN_OR_RAISE(std::optional<ClusteringPlan> plan,
                          PendingClusteringPlan(timeline, instant));
    if (plan && plan->input_groups) {
      for (const ClusteringGroup& group : *plan->input_groups) {
        for (const SliceInfo& slice : group.slices.value_or(std::vector<SliceInfo>{})) {
          if (slice.file_id) {
            out.file_groups.emplace(slice.partition_path.value_or(""), *slice.file_id);
          }
        }
      }
    }
    return out;
  }
  if (instant.action == Action::kReplaceCommit) {
    ARROW_ASSIGN_OR_RAISE(ReplaceCommitMetadata metadata,
                          timeline.ReadReplaceCommitMetadata(instant));
    return OfCommit(instant, metadata, &metadata);
  }
  ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline.ReadCommitMetadata(instant));
  return OfCommit(instant, metadata, nullptr);
}

std::optional<Instant> LastCompletedCommit(const ActiveTimeline& started_on) {
  return started_on.timeline().GetCommitsTimeline().FilterCompleted().LastInstant();
}

std::vector<Instant> CommitsCompletedAfter(const ActiveTimeline& now,
                                           const std::optional<Instant>& last_completed) {
  const std::string after = last_completed ? last_completed->timestamp : "00000000000000";
  return now.timeline().GetCommitsTimeline().FilterCompleted().FindInstantsAfter(after)
      .instants();
}

std::vector<Instant> SimpleFileWritesConflictStrategy::CandidateInstants(
    const ActiveTimeline& now, const Instant& current,
    const std::optional<Instant>& last_completed) const {
  // getCandidateInstants: the commits completed after the last one the write saw,
  // then the compactions and clusterings planned after the write began.
  std::vector<Instant> out;
  for (const Instant& instant : CommitsCompletedAfter(now, last_completed)) {
    if (instant.timestamp != current.timestamp) out.push_back(instant);
  }
  const Timeline planned = now.timeline()
                               .FilterByActions({Action::kCompaction, Action::kReplaceCommit})
                               .FilterPending()
                               .FindInstantsAfter(current.timestamp);
  for (const Instant& instant : planned.instants()) out.push_back(instant);
  return out;
}

std::set<FileGroupKey> SimpleFileWritesConflictStrategy::Overlap(
    const ConcurrentOperation& mine, const ConcurrentOperation& other) const {
  std::set<FileGroupKey> out;
  std::set_intersection(mine.file_groups.begin(), mine.file_groups.end(),
                        other.file_groups.begin(), other.file_groups.end(),
                        std::inserter(out, out.begin()));
  return out;
}

::arrow::Status SimpleFileWritesConflictStrategy::Resolve(
    const ConcurrentOperation& mine, const ConcurrentOperation& other,
    const std::set<FileGroupKey>& overlap) const {
  // A compaction planned before this write compacted the slices the write did not
  // touch: the write's new slice or log files stay valid on top of it.
  if (other.operation == WriteOperationType::kCompact &&
      other.instant.timestamp < mine.instant.timestamp) {
    return ::arrow::Status::OK();
  }
  if (mine.instant.action == Action::kLogCompaction) return ::arrow::Status::OK();
  return WithErrorCode(
      ::arrow::Status::Invalid(
          "write conflict: instant ", Describe(mine), " and instant ", Describe(other),
          " both change file group ", Groups(overlap), "; ", mine.instant.timestamp,
          " is not committed and its files are rolled back. It can be run again from the "
          "table as it is now (hoodie write --retry-on-conflict N, or "
          "hoodie.write.num.retries.on.conflict.failures)"),
      ErrorCode::kWriteConflict);
}

ConflictStrategyRegistry* ConflictStrategyRegistry::Global() {
  static ConflictStrategyRegistry* registry = [] {
    auto* made = new ConflictStrategyRegistry();
    (void)made->Register(
        SimpleFileWritesConflictStrategy::kClassName,
        {"SimpleConcurrentFileWritesConflictResolutionStrategy"},
        []() -> ::arrow::Result<std::unique_ptr<ConflictResolutionStrategy>> {
          return std::make_unique<SimpleFileWritesConflictStrategy>();
        });
    return made;
  }();
  return registry;
}

namespace {

// The instants a write is compared with: the strategy's candidates, then those that
// were pending as it began and have completed since
// (getCompletedInstantsDuringCurrentWriteOperation), each once.
std::vector<Instant> InstantsToCheck(const ConflictResolutionStrategy& strategy,
                                     const ActiveTimeline& started_on,
                                     const ActiveTimeline& now, const Instant& current) {
  const Timeline& then = started_on.timeline();
  std::vector<Instant> out =
      strategy.CandidateInstants(now, current, LastCompletedCommit(started_on));
  std::set<std::string> seen;
  for (const Instant& instant : out) seen.insert(instant.timestamp);
  const Timeline pending_then =
      then.FilterByActions({Action::kCommit, Action::kDeltaCommit, Action::kReplaceCommit,
                            Action::kCompaction})
          .FilterPending();
  const Timeline completed_now = now.timeline().GetCommitsTimeline().FilterCompleted();
  for (const Instant& pending : pending_then.instants()) {
    if (pending.timestamp == current.timestamp || seen.count(pending.timestamp) > 0) {
      continue;
    }
    for (const Instant& done : completed_now.instants()) {
      if (done.timestamp == pending.timestamp) {
        out.push_back(done);
        seen.insert(done.timestamp);
      }
    }
  }
  return out;
}

}  // namespace

ConflictCheck MakeConflictCheck(std::shared_ptr<const ConflictResolutionStrategy> strategy) {
  return [strategy](const PreCommitContext& context) -> ::arrow::Status {
    const Instant& current = context.inflight;
    const bool write = current.action == Action::kCommit ||
                       current.action == Action::kDeltaCommit ||
                       current.action == Action::kReplaceCommit;
    // Compactions, cleans, rollbacks, savepoints and restores are not checked, as in
    // Hudi; a write without the timeline it began on has nothing to compare.
    if (!write || context.commit_metadata == nullptr || context.started_on == nullptr) {
      return ::arrow::Status::OK();
    }
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline now, context.table.ReloadActiveTimeline());
    ConcurrentOperation mine = ConcurrentOperation::OfCommit(
        current, *context.commit_metadata, context.replace_metadata);
    for (const Instant& instant :
         InstantsToCheck(*strategy, *context.started_on, now, current)) {
      auto other = ConcurrentOperation::Of(now, instant);
      if (!other.ok()) {
        return WithErrorCode(other.status().WithMessage(
                                 "write conflict: cannot tell whether instant ",
                                 current.timestamp, " conflicts with ", instant.timestamp,
                                 ": ", other.status().message()),
                             ErrorCode::kWriteConflict);
      }
      std::set<FileGroupKey> overlap = strategy->Overlap(mine, *other);
      if (overlap.empty()) continue;
      LogInfo("instant " + current.timestamp + " overlaps instant " + instant.timestamp +
              " in " + std::to_string(overlap.size()) + " file groups; resolving");
      ARROW_RETURN_NOT_OK(strategy->Resolve(mine, *other, overlap));
    }
    return ::arrow::Status::OK();
  };
}

}  // namespace hoodie
