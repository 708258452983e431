// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/services/table_services.cc
/// \brief Inline compaction after a commit, installed as the write client's inline
/// table services.

#include "hoodie/services/table_services.h"

#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/services/compaction_executor.h"
#include "hoodie/services/compaction_scheduler.h"
#include "hoodie/services/compaction_strategy.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/write_client.h"

namespace hoodie {
namespace {

// The compaction instant must be later than every pending write (Hudi's single-writer
// rule in ScheduleCompactionActionExecutor.execute, which then logs and schedules
// nothing). Returns the pending write that blocks, if any.
std::optional<Instant> BlockingWrite(const Timeline& timeline,
                                     const std::string& instant_time) {
  std::optional<Instant> pending =
      timeline.GetCommitsTimeline().FilterPendingExcludingCompaction().FirstInstant();
  if (pending && pending->timestamp <= instant_time) return pending;
  return std::nullopt;
}

::arrow::Status RunPendingCompactions(const std::shared_ptr<TableMetaClient>& table,
                                      const HoodieConfig& config,
                                      InlineCompactionOutcome* outcome) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Timeline pending_compactions = timeline.timeline().FilterPendingCompaction();
  for (const Instant& pending : pending_compactions.instants()) {
    ARROW_RETURN_NOT_OK(RunCompaction(table, config, pending.timestamp).status());
    outcome->pending_completed.push_back(pending.timestamp);
  }
  return ::arrow::Status::OK();
}

class InlineCompaction : public InlineTableServices {
 public:
  InlineCompaction(HoodieConfig config, CompactionTriggerOptions trigger)
      : config_(std::move(config)), trigger_(trigger) {}

  ::arrow::Status RunAfterCommit(WriteClient& client, WriteResult* committed) override {
    ARROW_ASSIGN_OR_RAISE(InlineCompactionOutcome outcome,
                          RunInlineCompaction(client.table(), config_, trigger_));
    committed->compactions = outcome.pending_completed;
    if (outcome.compacted) {
      committed->compactions.push_back(*outcome.compacted);
      LogInfo("inline compaction " + *outcome.compacted + " after " +
              committed->instant_time + ": " + outcome.decision.reason);
    } else if (!outcome.skipped.empty()) {
      LogWarning("inline compaction after " + committed->instant_time +
                 " skipped: " + outcome.skipped);
    }
    return ::arrow::Status::OK();
  }

 private:
  HoodieConfig config_;
  CompactionTriggerOptions trigger_;
};

}  // namespace

::arrow::Result<InlineCompactionOutcome> RunInlineCompaction(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config,
    const CompactionTriggerOptions& trigger) {
  InlineCompactionOutcome outcome;
  ARROW_RETURN_NOT_OK(RunPendingCompactions(table, config, &outcome));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::string instant_time, timeline.CreateNewInstantTime());
  ARROW_ASSIGN_OR_RAISE(outcome.decision,
                        DecideCompaction(trigger, timeline.timeline(), instant_time));
  if (!outcome.decision.schedule) return outcome;
  if (std::optional<Instant> blocking =
          BlockingWrite(timeline.timeline(), instant_time)) {
    outcome.skipped = "the write " + blocking->ToString() +
                      " is pending and must be later than the compaction " +
                      instant_time + "; roll it back (hoodie rollback)";
    return outcome;
  }
  ARROW_ASSIGN_OR_RAISE(std::optional<ScheduledCompaction> scheduled,
                        ScheduleCompaction(*table, config, instant_time));
  // Nothing to compact (no slice with log files) is not worth a warning.
  if (!scheduled) return outcome;
  ARROW_RETURN_NOT_OK(RunCompaction(table, config, scheduled->instant_time).status());
  outcome.compacted = scheduled->instant_time;
  return outcome;
}

::arrow::Result<std::unique_ptr<InlineTableServices>> MakeInlineTableServices(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config,
    const WriteOptions& options) {
  if (!options.inline_compaction) return nullptr;
  // Settings that cannot work fail now, before the first deltacommit is written.
  ARROW_RETURN_NOT_OK(CompactionStrategyOptions::FromConfig(config).status());
  ARROW_ASSIGN_OR_RAISE(CompactionTriggerOptions trigger,
                        CompactionTriggerOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(trigger.time_zone, table->table_config()->timeline_timezone());
  return std::make_unique<InlineCompaction>(config, trigger);
}

void RegisterTableServices() { SetInlineTableServicesFactory(MakeInlineTableServices); }

}  // namespace hoodie
