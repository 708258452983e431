// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/pending_plans.cc
/// \brief Reading the plans of pending compactions and clusterings.

#include "hoodie/timeline_avro/pending_plans.h"

#include "hoodie/common/macros.h"
#include "hoodie/storage/storage.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

::arrow::Result<std::vector<std::pair<Instant, CompactionPlan>>> PendingCompactionPlans(
    const ActiveTimeline& timeline) {
  std::vector<std::pair<Instant, CompactionPlan>> out;
  const Timeline pending = timeline.timeline().FilterPendingCompaction();
  for (const Instant& instant : pending.instants()) {
    // The plan lives in the requested file whatever the state.
    const Instant requested{instant.timestamp, Action::kCompaction, State::kRequested};
    ARROW_ASSIGN_OR_RAISE(CompactionPlan plan, timeline.ReadAvro<CompactionPlan>(requested));
    out.emplace_back(instant, std::move(plan));
  }
  return out;
}

::arrow::Result<std::vector<PlannedFileGroup>> FileGroupsInPendingCompaction(
    const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(auto plans, PendingCompactionPlans(timeline));
  std::vector<PlannedFileGroup> out;
  for (const auto& [instant, plan] : plans) {
    for (const CompactionOperation& op :
         plan.operations.value_or(std::vector<CompactionOperation>{})) {
      out.push_back(PlannedFileGroup{op.partition_path.value_or(""), op.file_id.value_or(""),
                                     instant.timestamp});
    }
  }
  return out;
}

::arrow::Result<std::optional<ClusteringPlan>> PendingClusteringPlan(
    const ActiveTimeline& timeline, const Instant& instant) {
  if (instant.action != Action::kReplaceCommit || instant.IsCompleted()) return std::nullopt;
  // An inflight replacecommit holds a workload profile; the plan is in the requested file.
  const Instant requested{instant.timestamp, Action::kReplaceCommit, State::kRequested};
  ARROW_ASSIGN_OR_RAISE(std::string path, timeline.InstantPath(requested));
  ARROW_ASSIGN_OR_RAISE(bool exists, timeline.storage()->Exists(path));
  if (!exists) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(requested));
  // insert_overwrite and delete_partition may leave the requested file empty.
  if (bytes.empty()) return std::nullopt;
  auto metadata = RequestedReplaceMetadata::FromAvroBytes(bytes);
  if (!metadata.ok()) return timeline.InFile(metadata.status(), requested);
  if (metadata->operation_type.value_or("") != "CLUSTER" || !metadata->clustering_plan) {
    return std::nullopt;
  }
  return std::move(metadata->clustering_plan);
}

::arrow::Result<std::vector<std::pair<Instant, ClusteringPlan>>> PendingClusteringPlans(
    const ActiveTimeline& timeline) {
  std::vector<std::pair<Instant, ClusteringPlan>> out;
  const Timeline pending = timeline.timeline().FilterPendingReplace();
  for (const Instant& instant : pending.instants()) {
    ARROW_ASSIGN_OR_RAISE(std::optional<ClusteringPlan> plan,
                           PendingClusteringPlan(timeline, instant));
    if (plan) out.emplace_back(instant, *std::move(plan));
  }
  return out;
}

::arrow::Result<std::vector<PlannedFileGroup>> FileGroupsInPendingClustering(
    const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(auto plans, PendingClusteringPlans(timeline));
  std::vector<PlannedFileGroup> out;
  for (const auto& [instant, plan] : plans) {
    for (const ClusteringGroup& group :
         plan.input_groups.value_or(std::vector<ClusteringGroup>{})) {
      for (const SliceInfo& slice : group.slices.value_or(std::vector<SliceInfo>{})) {
        out.push_back(PlannedFileGroup{slice.partition_path.value_or(""),
                                       slice.file_id.value_or(""), instant.timestamp});
      }
    }
  }
  return out;
}

}  // namespace hoodie
