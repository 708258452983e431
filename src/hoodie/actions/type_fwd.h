// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/type_fwd.h
/// \brief Forward declarations of the actions module's types.
#pragma once

namespace hoodie {

enum class CleanerPolicy;
struct ArchiveOptions;
struct ArchiveOutcome;
struct CleanOutcome;
struct CleanOptions;
struct CleanDecision;
struct CompactionResult;
struct ScheduledCompaction;
struct CompactionScheduleDecision;
struct CompactionStrategyOptions;
class CompactionStrategy;
class CompactionStrategyRegistry;
class CompactionTrigger;
class CompactionTriggerRegistry;
struct CompactionTriggerOptions;
struct DeltaCommitsSinceCompaction;
struct CompactionTriggerDecision;
struct RestoreOutcome;
struct PendingRollback;
struct SliceLogFile;
struct SavepointRequest;

}  // namespace hoodie
