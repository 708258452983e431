// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/compaction_command.cc
/// \brief `hoodie compaction schedule|run|show`: offline compaction of merge-on-read
/// tables (Hudi CLI's `compaction schedule`, `compaction run`,
/// `compaction scheduleAndExecute`, `compactions show all`, `compaction show`).
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::cli {
namespace {

struct CompactionArgs {
  std::string table;
  std::string instant;
  std::string props;
  std::vector<std::string> hoodie_conf;
  bool schedule = false;
};

std::string Number(double value) { return std::to_string(static_cast<int64_t>(value)); }

double Metric(const CompactionOperation& op, const char* name) {
  if (!op.metrics) return 0;
  auto it = op.metrics->find(name);
  return it == op.metrics->end() ? 0 : it->second;
}

// One row per operation of `plan`.
Listing PlanListing(const std::string& instant, const CompactionPlan& plan) {
  Listing listing;
  listing.header = {"instant",   "partition", "file_id",  "base_instant",
                    "base_file", "log_files", "log_bytes"};
  for (const CompactionOperation& op :
       plan.operations.value_or(std::vector<CompactionOperation>{})) {
    std::string logs;
    for (const std::string& name :
         op.delta_file_paths.value_or(std::vector<std::string>{})) {
      logs += (logs.empty() ? "" : ",") + name;
    }
    listing.rows.push_back({instant, op.partition_path.value_or(""),
                            op.file_id.value_or(""), op.base_instant_time.value_or(""),
                            op.data_file_path.value_or(""), logs,
                            Number(Metric(op, "TOTAL_LOG_FILES_SIZE"))});
  }
  return listing;
}

::arrow::Result<HoodieConfig> ConfigOf(const CompactionArgs& args) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  return config;
}

// A new plan, or nullopt with the line that says why there is none: a pending write,
// the trigger not due (as Hudi's scheduler, the CLI's compaction schedule and
// HoodieCompactor all consult it), or no slice with log files.
::arrow::Result<std::optional<ScheduledCompaction>> Schedule(const CompactionArgs& args,
                                                             const TableMetaClient& table,
                                                             const HoodieConfig& config,
                                                             std::string* why_none) {
  std::optional<std::string> instant;
  if (!args.instant.empty()) instant = args.instant;
  CompactionScheduleDecision decision;
  ARROW_ASSIGN_OR_RAISE(auto scheduled,
                        ScheduleCompaction(table, config, instant, &decision));
  *why_none = decision.why_not;
  return scheduled;
}

::arrow::Status RunSchedule(const CompactionArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, ConfigOf(args));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, config));
  std::string why_none;
  ARROW_ASSIGN_OR_RAISE(auto scheduled, Schedule(args, *table, config, &why_none));
  if (!scheduled) {
    if (options.output == OutputFormat::kJson) {
      PrintListing(options, PlanListing("", CompactionPlan()), std::cout);
    } else {
      std::cout << why_none << "\n";
    }
    return ::arrow::Status::OK();
  }
  PrintListing(options, PlanListing(scheduled->instant_time, scheduled->plan), std::cout);
  return ::arrow::Status::OK();
}

void PrintResult(const GlobalOptions& options, const CompactionResult& result) {
  Listing listing;
  listing.header = {"instant",   "partition",  "file_id",    "file",
                    "records",   "updated",    "deleted",    "inserted",
                    "log_files", "log_blocks", "log_records"};
  for (const auto& [partition, stats] : result.metadata.partition_to_write_stats) {
    for (const WriteStat& stat : stats) {
      listing.rows.push_back({result.instant_time, partition, stat.file_id.value_or(""),
                              stat.path.value_or(""), std::to_string(stat.num_writes),
                              std::to_string(stat.num_update_writes),
                              std::to_string(stat.num_deletes),
                              std::to_string(stat.num_inserts),
                              std::to_string(stat.total_log_files_compacted),
                              std::to_string(stat.total_log_blocks),
                              std::to_string(stat.total_log_records)});
    }
  }
  PrintListing(options, listing, std::cout);
}

::arrow::Status RunRun(const CompactionArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, ConfigOf(args));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, config));
  std::string instant = args.instant;
  if (args.schedule) {
    std::string why_none;
    ARROW_ASSIGN_OR_RAISE(auto scheduled, Schedule(args, *table, config, &why_none));
    if (!scheduled) {
      if (options.output == OutputFormat::kJson) {
        PrintResult(options, CompactionResult());
      } else {
        std::cout << why_none << "\n";
      }
      return ::arrow::Status::OK();
    }
    instant = scheduled->instant_time;
  } else if (instant.empty()) {
    ARROW_ASSIGN_OR_RAISE(std::optional<std::string> earliest,
                          EarliestPendingCompaction(*table));
    if (!earliest) {
      // As HoodieCompactor's execute mode ("There is no scheduled compaction in the
      // table", exit 0) and hudi-cli's "NO PENDING COMPACTION TO RUN": not an error.
      if (options.output == OutputFormat::kJson) {
        PrintResult(options, CompactionResult());
      } else {
        std::cout
            << "no pending compaction to run in " << table->base_path()
            << "; schedule one with hoodie compaction schedule, or run --schedule\n";
      }
      return ::arrow::Status::OK();
    }
    instant = *earliest;
  }
  ARROW_ASSIGN_OR_RAISE(CompactionResult result, RunCompaction(table, config, instant));
  PrintResult(options, result);
  return ::arrow::Status::OK();
}

// Compactions on the active timeline: pending ones and completed commits that have a
// compaction plan.
::arrow::Status ShowAll(const TableMetaClient& table, const ActiveTimeline& timeline,
                        const GlobalOptions& options) {
  Listing listing;
  listing.header = {"instant", "state", "operations", "log_files"};
  for (const Instant& instant : timeline.timeline().instants()) {
    bool pending = instant.action == Action::kCompaction && !instant.IsCompleted();
    bool completed = instant.action == Action::kCommit && instant.IsCompleted() &&
                     table.table_type() == TableType::kMergeOnRead;
    if (!pending && !completed) continue;
    Instant requested{instant.timestamp, Action::kCompaction, State::kRequested};
    auto bytes = timeline.ReadDetails(requested);
    if (!bytes.ok()) {
      if (pending) return bytes.status();
      continue;  // a commit that is no compaction
    }
    ARROW_ASSIGN_OR_RAISE(CompactionPlan plan,
                          timeline.InFile(CompactionPlan::FromAvroBytes(*bytes), requested));
    size_t operations = plan.operations ? plan.operations->size() : 0;
    size_t logs = 0;
    for (const CompactionOperation& op :
         plan.operations.value_or(std::vector<CompactionOperation>{})) {
      logs += op.delta_file_paths ? op.delta_file_paths->size() : 0;
    }
    const char* state = instant.IsCompleted()  ? "COMPLETED"
                        : instant.IsInflight() ? "INFLIGHT"
                                               : "REQUESTED";
    listing.rows.push_back(
        {instant.timestamp, state, std::to_string(operations), std::to_string(logs)});
  }
  PrintListing(options, listing, std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status RunShow(const CompactionArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, args.props, args.hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  if (args.instant.empty()) return ShowAll(*table, timeline, options);
  Instant requested{args.instant, Action::kCompaction, State::kRequested};
  auto bytes = timeline.ReadDetails(requested);
  if (!bytes.ok()) {
    return ::arrow::Status::Invalid("no compaction plan ", args.instant, " in ",
                                    table->base_path());
  }
  ARROW_ASSIGN_OR_RAISE(CompactionPlan plan,
                        timeline.InFile(CompactionPlan::FromAvroBytes(*bytes), requested));
  PrintListing(options, PlanListing(args.instant, plan), std::cout);
  return ::arrow::Status::OK();
}

constexpr char kDescription[] =
    R"(Offline compaction of a MERGE_ON_READ table, as Hudi 0.15 does it.
  schedule  plans a compaction T (T.compaction.requested) when the trigger is due, as
            Hudi's scheduler does for its CLI and HoodieCompactor too:
            compaction.trigger.strategy (default num_commits) with
            hoodie.compact.inline.max.delta.commits deltacommits since the last
            compaction and/or compaction.delta_seconds. The plan: one operation per
            latest file slice with log files that no pending compaction or clustering
            holds, chosen and ordered by hoodie.compaction.strategy (--hoodie-conf).
            Prints the plan, or why none ("no compaction scheduled: 3 delta commits
            since T, ..."); nothing either, as in Hudi, while a write earlier than
            the new instant is pending.
  run       executes the compaction --instant T, else the earliest pending one (none:
            says so and succeeds, as Hudi's HoodieCompactor does); with
            --schedule, schedules a new one (same trigger) and runs it (Hudi CLI's
            scheduleAndExecute). Writes one new base file per operation and T.commit;
            an inflight T (a run that died) is first rolled back with a rollback
            instant R, as Hudi does, then run again from its requested plan.
  show      lists pending and completed compactions; with --instant T, T's plan.
)";

CLI::App* AddSub(CLI::App* parent, const char* name, const char* help,
                 const std::shared_ptr<CompactionArgs>& args) {
  auto* cmd = parent->add_subcommand(name, help);
  cmd->add_option("--table", args->table, "Base path or URI of the table")->required();
  return cmd;
}

}  // namespace

void AddCompactionCommands(CLI::App* app, const GlobalOptions* options) {
  auto* group = app->add_subcommand("compaction", "Schedule, run and show compactions");
  group->footer(kDescription);
  group->require_subcommand(1);

  auto schedule_args = std::make_shared<CompactionArgs>();
  auto* schedule = AddSub(group, "schedule", "Plan a compaction", schedule_args);
  schedule->add_option("--instant", schedule_args->instant,
                       "Instant time of the plan (default: a new instant time)");
  schedule->add_option("--props", schedule_args->props, kPropsHelp);
  schedule->add_option("--hoodie-conf", schedule_args->hoodie_conf,
                       "A configuration key=value (repeatable)");
  SetAction(schedule,
            [schedule_args, options]() { return RunSchedule(*schedule_args, *options); });

  auto run_args = std::make_shared<CompactionArgs>();
  auto* run = AddSub(group, "run", "Execute a pending compaction", run_args);
  run->add_option("--instant", run_args->instant,
                  "The compaction to run (default: the earliest pending one)");
  run->add_flag("--schedule", run_args->schedule,
                "Schedule a new compaction first and run it");
  run->add_option("--props", run_args->props, kPropsHelp);
  run->add_option("--hoodie-conf", run_args->hoodie_conf,
                  "A configuration key=value (repeatable)");
  SetAction(run, [run_args, options]() { return RunRun(*run_args, *options); });

  auto show_args = std::make_shared<CompactionArgs>();
  auto* show = AddSub(group, "show", "List compactions, or one plan", show_args);
  show->add_option("--instant", show_args->instant, "Show this compaction's plan");
  show->add_option("--props", show_args->props, kPropsHelp);
  show->add_option("--hoodie-conf", show_args->hoodie_conf, kStorageConfHelp);
  SetAction(show, [show_args, options]() { return RunShow(*show_args, *options); });
}

}  // namespace hoodie::cli
