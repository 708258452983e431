// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/type_fwd.h
/// \brief Forward declarations of the Avro timeline module's types.
#pragma once

namespace hoodie {

struct ArchivedMetaEntry;
class ArchivedTimeline;
struct ActionInstant;
struct CleanFileInfo;
struct CleanerPlan;
struct CleanPartitionMetadata;
struct CleanMetadata;
struct CompactionOperation;
struct CompactionPlanStrategy;
struct CompactionPlan;
struct PlannedFileGroup;
struct SliceInfo;
struct ClusteringGroup;
struct ClusteringStrategy;
struct ClusteringPlan;
struct RequestedReplaceMetadata;
struct InstantInfo;
struct RollbackRequest;
struct RollbackPlan;
struct RollbackPartitionMetadata;
struct RollbackMetadata;
struct SavepointPartitionMetadata;
struct SavepointMetadata;
struct RestoreMetadata;
struct RestorePlan;

}  // namespace hoodie
