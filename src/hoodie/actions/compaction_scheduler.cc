// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_scheduler.cc
/// \brief ScheduleCompaction: the plan generator and the checks Hudi makes before it
/// saves `T.compaction.requested`.
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/write/rollback_options.h"
#include "hoodie/table/commit_hooks.h"

#include <algorithm>

#include "hoodie/actions/compaction_strategy.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/read_options.h"
#include "hoodie/table/bootstrap_guard.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"

namespace hoodie {
namespace {

constexpr int32_t kLatestCompactionPlanVersion = 2;  // CompactionUtils

// The earliest pending write, when it is not later than the compaction: Hudi 0.15
// (ScheduleCompactionActionExecutor.execute, Spark engine, single writer) then warns
// and schedules nothing.
std::optional<Instant> BlockingWrite(const ActiveTimeline& timeline,
                                     const std::string& instant_time) {
  std::optional<Instant> pending = timeline.timeline()
                                       .GetCommitsTimeline()
                                       .FilterPendingExcludingCompaction()
                                       .FirstInstant();
  if (pending && pending->timestamp <= instant_time) return pending;
  return std::nullopt;
}

// Committed and pending compaction instants must be earlier than the new one (Hudi
// checks this and throws).
::arrow::Status CheckInstantTime(const ActiveTimeline& timeline,
                                 const std::string& instant_time) {
  const Timeline writes = timeline.timeline()
                              .GetCommitsAndCompactionTimeline()
                              .FilterCompletedAndCompaction();
  for (const Instant& instant : writes.instants()) {
    if (instant.timestamp >= instant_time) {
      return ::arrow::Status::Invalid(
          "cannot schedule a compaction at ", instant_time, ": ", instant.ToString(),
          " is at or after it; a compaction must be later than every completed write "
          "and pending compaction");
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace

CompactionOperation BuildCompactionOperation(const FileSlice& slice,
                                             std::map<std::string, double> metrics) {
  CompactionOperation op;
  op.base_instant_time = slice.base_instant;
  std::vector<LogFile> logs = slice.log_files;
  std::sort(logs.begin(), logs.end(), LogFileLess);
  std::vector<std::string> names;
  for (const LogFile& file : logs) names.push_back(file.file_name);
  op.delta_file_paths = std::move(names);
  if (slice.base_file) op.data_file_path = slice.base_file->file_name;
  op.file_id = slice.group.file_id;
  op.partition_path = slice.group.partition_path;
  op.metrics = std::move(metrics);
  return op;
}

::arrow::Result<std::set<FileGroupId>> FileGroupsInPendingServices(
    const ActiveTimeline& timeline) {
  std::set<FileGroupId> out;
  ARROW_ASSIGN_OR_RAISE(auto compacting, FileGroupsInPendingCompaction(timeline));
  ARROW_ASSIGN_OR_RAISE(auto clustering, FileGroupsInPendingClustering(timeline));
  for (const auto* groups : {&compacting, &clustering}) {
    for (const PlannedFileGroup& group : *groups) {
      out.insert({group.partition_path, group.file_id});
    }
  }
  return out;
}

::arrow::Result<std::optional<ScheduledCompaction>> ScheduleCompaction(
    const TableMetaClient& table, const HoodieConfig& config,
    std::optional<std::string> instant_time, CompactionScheduleDecision* decision) {
  CompactionScheduleDecision local;
  CompactionScheduleDecision& note = decision != nullptr ? *decision : local;
  note = CompactionScheduleDecision();
  if (table.table_type() != TableType::kMergeOnRead) {
    return ::arrow::Status::Invalid("compaction applies to MERGE_ON_READ tables only; ",
                                    table.base_path(), " is COPY_ON_WRITE");
  }
  ARROW_RETURN_NOT_OK(RefuseMetadataBootstrap(table, "compact"));
  ARROW_ASSIGN_OR_RAISE(CompactionStrategyOptions strategy_options,
                         CompactionStrategyOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<CompactionStrategy> strategy,
                         MakeCompactionStrategy(strategy_options));
  // scheduleTableService: planned under the table lock, on the timeline as it is then.
  ARROW_ASSIGN_OR_RAISE(LockedTimeline locked,
                        LockTimeline(table, "compaction-scheduling", Action::kCompaction));
  const ActiveTimeline& timeline = locked.timeline;
  if (instant_time) {
    ARROW_ASSIGN_OR_RAISE(*instant_time, NormalizeInstantTime(*instant_time));
  } else {
    ARROW_ASSIGN_OR_RAISE(instant_time, timeline.CreateNewInstantTime());
  }
  // Hudi's single-writer rule only: with several writers (failed writes LAZY) a
  // pending write that overlaps the plan loses its conflict check instead.
  ARROW_ASSIGN_OR_RAISE(RollbackOptions rollback, RollbackOptions::FromConfig(config));
  if (rollback.failed_writes_policy != FailedWritesPolicy::kLazy) {
    note.blocking_write = BlockingWrite(timeline, *instant_time);
  }
  if (note.blocking_write) {
    note.why_not =
        "no compaction scheduled: the write " + note.blocking_write->ToString() +
        " is pending and every pending write must be later than the "
        "compaction " +
        *instant_time + "; let it finish or roll it back (hoodie rollback --table ...)";
    return std::nullopt;
  }
  ARROW_RETURN_NOT_OK(CheckInstantTime(timeline, *instant_time));
  // ScheduleCompactionActionExecutor.scheduleCompaction: needCompact first.
  ARROW_ASSIGN_OR_RAISE(CompactionTriggerOptions trigger_options,
                         CompactionTriggerOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(trigger_options.time_zone,
                         table.table_config()->timeline_timezone());
  ARROW_ASSIGN_OR_RAISE(
      note.trigger,
      DecideCompaction(trigger_options, timeline.timeline(), *instant_time));
  if (!note.trigger.schedule) {
    note.why_not = CompactionNotDueMessage(trigger_options, note.trigger);
    return std::nullopt;
  }
  ARROW_ASSIGN_OR_RAISE(std::set<FileGroupId> busy,
                         FileGroupsInPendingServices(timeline));
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline));
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions,
                         strategy->FilterPartitionPaths(view->partitions()));
  std::vector<CompactionOperation> candidates;
  for (const std::string& partition : partitions) {
    for (const FileSlice& slice : view->LatestFileSlicesInPartition(partition)) {
      if (!slice.HasLogFiles() || busy.count(slice.group) != 0) continue;
      candidates.push_back(
          BuildCompactionOperation(slice, strategy->CaptureMetrics(slice)));
    }
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<CompactionOperation> selected,
                         strategy->OrderAndFilter(std::move(candidates)));
  if (selected.empty()) {
    note.why_not = "nothing to compact: no file slice has log files";
    return std::nullopt;
  }
  ScheduledCompaction out;
  out.instant_time = *instant_time;
  out.plan.operations = std::move(selected);
  out.plan.version = kLatestCompactionPlanVersion;
  out.plan.strategy = std::nullopt;
  out.plan.extra_metadata = std::nullopt;
  ARROW_ASSIGN_OR_RAISE(std::string bytes, out.plan.ToAvroBytes());
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(
      Instant{out.instant_time, Action::kCompaction, State::kRequested}, bytes));
  return out;
}

}  // namespace hoodie
