// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_scheduler.h
/// \brief Scheduling a compaction: the plan `T.compaction.requested` of a merge-on-read
/// table (Hudi 0.15 ScheduleCompactionActionExecutor with
/// BaseHoodieCompactionPlanGenerator).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/actions/compaction_trigger.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/timeline_avro/pending_plans.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class FileSystemView;
class HoodieConfig;
class TableMetaClient;

/// \brief A scheduled (requested) compaction.
struct HOODIE_EXPORT ScheduledCompaction {
  std::string instant_time;
  CompactionPlan plan;
};

/// The operation CompactionUtils.buildFromFileSlice makes: file names only (plan
/// version 2), the base file if any, `metrics`.
HOODIE_EXPORT
CompactionOperation BuildCompactionOperation(const FileSlice& slice,
                                             std::map<std::string, double> metrics);

/// File groups a new plan must leave out: those of pending compactions and of pending
/// clustering (timeline_avro/pending_plans.h).
HOODIE_EXPORT ::arrow::Result<std::set<FileGroupId>> FileGroupsInPendingServices(
    const ActiveTimeline& timeline);

/// \brief What ScheduleCompaction decided, for messages and tests. A value.
struct HOODIE_EXPORT CompactionScheduleDecision {
  /// The earliest pending write, when it is not later than the compaction instant: Hudi
  /// 0.15 then logs a warning and schedules nothing (every pending write must be later
  /// than a compaction).
  std::optional<Instant> blocking_write;
  /// The trigger's decision (not asked when a write blocks).
  CompactionTriggerDecision trigger;
  /// When nothing was scheduled, one line saying why: "no compaction scheduled: ..." or
  /// "nothing to compact: no file slice has log files". Empty when a plan was saved.
  std::string why_not;
};

/// \brief Plans and saves a compaction at `instant_time` (a new instant time when not
/// given).
///
/// The strategy of `config` (hoodie.compaction.strategy, compaction_strategy.h) picks
/// the partitions, then each latest file slice of them (file id order) that has log
/// files and whose file group is neither replaced, nor in a pending compaction or
/// clustering becomes a candidate operation with the strategy's metrics, and the
/// strategy orders and filters the candidates into the plan. The plan is version 2
/// with no strategy record, as Hudi 0.15 writes it.
///
/// As Hudi's ScheduleCompactionActionExecutor (which its CLI, HoodieCompactor and the
/// run_compaction procedure all go through): nothing is scheduled while a commit,
/// deltacommit or replacecommit is pending at or before `instant_time` (Hudi's
/// single-writer rule; it logs a warning), and a plan is only generated when the
/// compaction trigger of `config` (compaction_trigger.h: compaction.trigger.strategy,
/// hoodie.compact.inline.max.delta.commits, compaction.delta_seconds; instant times read
/// in the table's timeline time zone) holds at `instant_time`. `decision`, when given,
/// says which of these held and why nothing was scheduled.
/// \return nullopt, writing nothing, when a write blocks, the trigger does not hold or
///   no operation is left. Invalid, as Hudi refuses it, when the table is not
///   merge-on-read, when a completed instant or a pending compaction is at or after
///   `instant_time`, or for a bad strategy or trigger setting; IOError from storage.
///   Creates `T.compaction.requested` only. Not thread-safe.
HOODIE_EXPORT ::arrow::Result<std::optional<ScheduledCompaction>> ScheduleCompaction(
    const TableMetaClient& table, const HoodieConfig& config,
    std::optional<std::string> instant_time = std::nullopt,
    CompactionScheduleDecision* decision = nullptr);

}  // namespace hoodie
