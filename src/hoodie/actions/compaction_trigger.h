// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_trigger.h
/// \brief When to schedule a compaction: Hudi's compaction trigger strategies
/// (ScheduleCompactionActionExecutor.needCompact, CompactionTriggerStrategy) as a pure
/// function over the timeline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/timeline/instant_time.h"

namespace hoodie {

class HoodieConfig;
class Timeline;

/// Hudi's CompactionTriggerStrategy.
enum class CompactionTriggerStrategy {
  /// At least max_delta_commits deltacommits since the last completed compaction.
  kNumCommits,
  /// At least max_delta_commits deltacommits since the last compaction request (a
  /// pending compaction counts as the last one).
  kNumCommitsAfterLastRequest,
  /// At least max_delta_seconds since the last completed compaction.
  kTimeElapsed,
  /// Both kNumCommits and kTimeElapsed.
  kNumAndTime,
  /// Either kNumCommits or kTimeElapsed.
  kNumOrTime,
};

/// "num_commits", "time_elapsed", ... (the value of compaction.trigger.strategy).
std::string_view CompactionTriggerStrategyName(CompactionTriggerStrategy strategy);

/// Parses a strategy name in any case (Flink's num_commits or Hudi's NUM_COMMITS).
/// \return Invalid naming the value and the accepted ones.
::arrow::Result<CompactionTriggerStrategy> ParseCompactionTriggerStrategy(
    std::string_view name);

/// \brief When a compaction is due. A value; thread-compatible.
///
/// Hudi 0.15 has one trigger for inline and offline scheduling, set by
/// hoodie.compact.inline.trigger.strategy, .max.delta.commits and .max.delta.seconds;
/// Flink sets the same three from compaction.trigger.strategy, compaction.delta_commits
/// and compaction.delta_seconds. The seed documents the Flink keys (and Hudi's
/// max.delta.commits), so those are registered, with Hudi's other two keys as aliases.
struct CompactionTriggerOptions {
  CompactionTriggerStrategy strategy = CompactionTriggerStrategy::kNumCommits;
  /// hoodie.compact.inline.max.delta.commits (alias compaction.delta_commits).
  int32_t max_delta_commits = 10;
  /// compaction.delta_seconds (alias hoodie.compact.inline.max.delta.seconds).
  int32_t max_delta_seconds = 3600;
  /// hoodie.table.timeline.timezone: how instant times are read as points in time.
  TimelineTimeZone time_zone = TimelineTimeZone::kLocal;

  static CompactionTriggerOptions Defaults() { return {}; }

  /// Reads the three keys above (time_zone stays local; callers with a table set it
  /// from hoodie.properties). \return Invalid naming the key for a bad value.
  static ::arrow::Result<CompactionTriggerOptions> FromConfig(const HoodieConfig& config);
};

/// Deltacommits since the last compaction (CompactionUtils
/// .getDeltaCommitsSinceLatestCompaction).
struct DeltaCommitsSinceCompaction {
  /// Deltacommits (in any state) after `since`, or from `since` on when there was no
  /// compaction.
  int32_t delta_commits = 0;
  /// The last completed compaction (a completed `commit`), else the first deltacommit.
  std::string since;
};

/// Counts from the last completed `commit`; std::nullopt when there is neither a
/// completed commit nor any deltacommit.
std::optional<DeltaCommitsSinceCompaction> DeltaCommitsSinceLatestCompaction(
    const Timeline& timeline);

/// As above, but from the last pending compaction when there is one
/// (getDeltaCommitsSinceLatestCompactionRequest).
std::optional<DeltaCommitsSinceCompaction> DeltaCommitsSinceLatestCompactionRequest(
    const Timeline& timeline);

/// What the trigger decided, with the figures it looked at (for logs and tests).
struct CompactionTriggerDecision {
  bool schedule = false;
  int32_t delta_commits = 0;
  /// Seconds from `since` to the compaction instant; 0 when the strategy does not look
  /// at time.
  int64_t elapsed_seconds = 0;
  std::string since;
  /// One line: which condition held or failed, with the thresholds.
  std::string reason;
};

/// Whether a compaction at `compaction_instant_time` (the instant the scheduler is
/// about to create: "now") is due on `timeline` (needCompact). As Hudi, the time
/// elapsed runs from `since` to the compaction instant time, both parsed in
/// options.time_zone, so a test controls the clock through the instant time.
/// \return Invalid if an instant time does not parse.
::arrow::Result<CompactionTriggerDecision> DecideCompaction(
    const CompactionTriggerOptions& options, const Timeline& timeline,
    std::string_view compaction_instant_time);

/// \brief Why no compaction was scheduled, for a decision that does not schedule: "no
/// compaction scheduled: 3 delta commits since T, trigger needs 5
/// (hoodie.compact.inline.max.delta.commits)", with the seconds and
/// compaction.delta_seconds for the time-based strategies.
std::string CompactionNotDueMessage(const CompactionTriggerOptions& options,
                                    const CompactionTriggerDecision& decision);

}  // namespace hoodie
