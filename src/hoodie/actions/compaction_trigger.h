// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_trigger.h
/// \brief When to schedule a compaction: Hudi's compaction trigger strategies
/// (ScheduleCompactionActionExecutor.needCompact, CompactionTriggerStrategy) as a pure
/// function over the timeline.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/config_default.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class Timeline;

/// \brief One compaction trigger (Hudi's CompactionTriggerStrategy), a plug-in of
/// CompactionTriggerRegistry named by its compaction.trigger.strategy value.
class HOODIE_EXPORT CompactionTrigger {
 public:
  virtual ~CompactionTrigger() = default;
  /// The compaction.trigger.strategy value naming it, e.g. "num_commits".
  virtual std::string_view name() const = 0;
  /// Whether deltacommits count from the last compaction request (a pending compaction
  /// counts as the last one) rather than from the last completed compaction.
  virtual bool CountsFromLastRequest() const { return false; }
  /// Which thresholds it reads: max_delta_commits, max_delta_seconds.
  virtual bool UsesCommits() const { return true; }
  virtual bool UsesTime() const { return false; }
  /// Whether a compaction is due, given whether each threshold is met.
  virtual bool Due(bool enough_commits, bool enough_time) const = 0;
  /// How the needs of a trigger using both thresholds join in messages: "and", "or".
  virtual std::string_view Joiner() const { return "and"; }
};

/// \brief The compaction triggers by name (common/plugin_registry.h), matched ignoring
/// case: num_commits, num_commits_after_last_request, time_elapsed, num_and_time,
/// num_or_time (Hudi's five, registered first).
class HOODIE_EXPORT CompactionTriggerRegistry : public PluginRegistry<CompactionTrigger> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  CompactionTriggerRegistry() : PluginRegistry("compaction trigger strategy") {}

  /// The process-wide registry, with Hudi's five triggers.
  static CompactionTriggerRegistry* Global();
};

/// The trigger `name` names (Global(), builtins registered first).
/// \return Invalid naming compaction.trigger.strategy for an unknown name.
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<const CompactionTrigger>> MakeCompactionTrigger(
    std::string_view name);

/// \brief When a compaction is due. A value; thread-compatible.
///
/// Hudi 0.15 has one trigger for inline and offline scheduling, set by
/// hoodie.compact.inline.trigger.strategy, .max.delta.commits and .max.delta.seconds;
/// Flink sets the same three from compaction.trigger.strategy, compaction.delta_commits
/// and compaction.delta_seconds. The seed documents the Flink keys (and Hudi's
/// max.delta.commits), so those are registered, with Hudi's other two keys as aliases.
struct HOODIE_EXPORT CompactionTriggerOptions {
  /// compaction.trigger.strategy (alias hoodie.compact.inline.trigger.strategy); null
  /// means num_commits, the default.
  std::shared_ptr<const CompactionTrigger> trigger;
  /// hoodie.compact.inline.max.delta.commits (alias compaction.delta_commits).
  int32_t max_delta_commits = DefaultOf(CompactionConfig::kInlineCompactMaxDeltaCommits);
  /// compaction.delta_seconds (alias hoodie.compact.inline.max.delta.seconds).
  int32_t max_delta_seconds = DefaultOf(FlinkConfig::kCompactionDeltaSeconds);
  /// hoodie.table.timeline.timezone: how instant times are read as points in time.
  TimelineTimeZone time_zone = TimelineTimeZone::kLocal;

  static CompactionTriggerOptions Defaults() { return {}; }

  /// Reads the three keys above (time_zone stays local; callers with a table set it
  /// from hoodie.properties). \return Invalid naming the key for a bad value.
  static ::arrow::Result<CompactionTriggerOptions> FromConfig(const HoodieConfig& config);
};

/// Deltacommits since the last compaction (CompactionUtils
/// .getDeltaCommitsSinceLatestCompaction).
struct HOODIE_EXPORT DeltaCommitsSinceCompaction {
  /// Deltacommits (in any state) after `since`, or from `since` on when there was no
  /// compaction.
  int32_t delta_commits = 0;
  /// The last completed compaction (a completed `commit`), else the first deltacommit.
  std::string since;
};

/// Counts from the last completed `commit`; std::nullopt when there is neither a
/// completed commit nor any deltacommit.
HOODIE_EXPORT
std::optional<DeltaCommitsSinceCompaction> DeltaCommitsSinceLatestCompaction(
    const Timeline& timeline);

/// As above, but from the last pending compaction when there is one
/// (getDeltaCommitsSinceLatestCompactionRequest).
HOODIE_EXPORT
std::optional<DeltaCommitsSinceCompaction> DeltaCommitsSinceLatestCompactionRequest(
    const Timeline& timeline);

/// What the trigger decided, with the figures it looked at (for logs and tests).
struct HOODIE_EXPORT CompactionTriggerDecision {
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
HOODIE_EXPORT ::arrow::Result<CompactionTriggerDecision> DecideCompaction(
    const CompactionTriggerOptions& options, const Timeline& timeline,
    std::string_view compaction_instant_time);

/// \brief Why no compaction was scheduled, for a decision that does not schedule: "no
/// compaction scheduled: 3 delta commits since T, trigger needs 5
/// (hoodie.compact.inline.max.delta.commits)", with the seconds and
/// compaction.delta_seconds for the time-based strategies.
HOODIE_EXPORT
std::string CompactionNotDueMessage(const CompactionTriggerOptions& options,
                                    const CompactionTriggerDecision& decision);

}  // namespace hoodie
