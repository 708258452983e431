// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/pending_plans.h
/// \brief The plans of pending table services read off the timeline, and the file
/// groups they hold (CompactionUtils.getAllPendingCompactionPlans,
/// ClusteringUtils.getClusteringPlan / getAllFileGroupsInPendingClusteringPlans).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/timeline/instant.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;

/// One file group a pending plan names, with the plan's instant time.
struct HOODIE_EXPORT PlannedFileGroup {
  std::string partition_path;
  std::string file_id;
  std::string instant;
};

/// Every pending compaction with its plan (read from the requested file, whatever the
/// instant's state), oldest first. \return the decode error naming the plan's file.
HOODIE_EXPORT
::arrow::Result<std::vector<std::pair<Instant, CompactionPlan>>> PendingCompactionPlans(
    const ActiveTimeline& timeline);

/// The file groups of every pending compaction plan (one entry per operation).
HOODIE_EXPORT
::arrow::Result<std::vector<PlannedFileGroup>> FileGroupsInPendingCompaction(
    const ActiveTimeline& timeline);

/// The clustering plan of `instant` when it is a pending replacecommit whose requested
/// file holds a HoodieRequestedReplaceMetadata of operation CLUSTER; nullopt for any
/// other instant, an insert overwrite (an empty or plan-less requested file) or a
/// missing requested file. \return the decode error naming the requested file.
HOODIE_EXPORT ::arrow::Result<std::optional<ClusteringPlan>> PendingClusteringPlan(
    const ActiveTimeline& timeline, const Instant& instant);

/// Every pending clustering with its plan, oldest first.
HOODIE_EXPORT
::arrow::Result<std::vector<std::pair<Instant, ClusteringPlan>>> PendingClusteringPlans(
    const ActiveTimeline& timeline);

/// The file groups of every pending clustering plan's input groups: the groups a writer
/// must not update and a small-file insert must not pick (SparkRejectUpdateStrategy,
/// UpsertPartitioner.filterSmallFilesInClustering).
HOODIE_EXPORT
::arrow::Result<std::vector<PlannedFileGroup>> FileGroupsInPendingClustering(
    const ActiveTimeline& timeline);

}  // namespace hoodie
