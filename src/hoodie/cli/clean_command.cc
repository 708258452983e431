// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/clean_command.cc
/// \brief `hoodie clean --table PATH [--dry-run]`: Hudi CLI's `cleans run`, and with
/// --dry-run the files a clean would delete, with their sizes.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/clean_planner.h"
#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::cli {
namespace {

struct CleanArgs {
  std::string table;
  std::string props;
  std::vector<std::string> hoodie_conf;
  bool dry_run = false;
};

constexpr char kDescription[] =
    R"(Finishes every pending clean, then plans a new one at a new instant time and runs
it, as Hudi 0.15's cleaner does after a commit: T.clean.requested (the
HoodieCleanerPlan), T.clean.inflight, the deletes, T.clean (HoodieCleanMetadata).
hoodie.cleaner.policy picks what is kept: KEEP_LATEST_COMMITS (the slices the last
hoodie.cleaner.commits.retained commits may read), KEEP_LATEST_FILE_VERSIONS
(hoodie.cleaner.fileversions.retained slices per file group) or KEEP_LATEST_BY_HOURS
(hoodie.cleaner.hours.retained). Savepointed slices, the latest slice of each file
group and slices a pending compaction reads are never deleted. With --dry-run,
lists what the plan would delete and writes nothing.
)";

::arrow::Status DryRun(const TableMetaClient& table, const CleanOptions& clean,
                       const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(CleanDecision decision, PlanClean(table, timeline, clean));
  if (!decision.plan) {
    if (options.output != OutputFormat::kJson) std::cout << decision.why_not << "\n";
  }
  Listing listing;
  listing.header = {"partition", "file", "bytes"};
  if (decision.plan) {
    for (const auto& [partition, files] :
         decision.plan->file_paths_to_be_deleted_per_partition.value_or(
             std::map<std::string, std::vector<CleanFileInfo>>{})) {
      for (const CleanFileInfo& file : files) {
        std::string path = StoragePathOf(file.file_path.value_or(""));
        ARROW_ASSIGN_OR_RAISE(FileStatus status, table.storage()->GetFileStatus(path));
        listing.rows.push_back(
            {partition, std::string(FileName(path)), std::to_string(status.size)});
      }
    }
  }
  if (decision.plan || options.output == OutputFormat::kJson) {
    PrintListing(options, listing, std::cout);
  }
  return ::arrow::Status::OK();
}

::arrow::Status RunCleanCommand(const CleanArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  ARROW_RETURN_NOT_OK(config.CheckSupported());
  ARROW_ASSIGN_OR_RAISE(CleanOptions clean, CleanOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, config));
  if (args.dry_run) return DryRun(*table, clean, options);
  ARROW_ASSIGN_OR_RAISE(CleanOutcome outcome, RunClean(table, clean));
  Listing listing;
  listing.header = {"clean", "earliest_commit_to_retain", "files_deleted", "failed_deletes"};
  for (const auto& [instant, metadata] : outcome.completed) {
    size_t failed = 0;
    for (const auto& [partition, stat] : metadata.partition_metadata) {
      failed += stat.failed_delete_files.size();
    }
    listing.rows.push_back({instant, metadata.earliest_commit_to_retain,
                            std::to_string(metadata.total_files_deleted),
                            std::to_string(failed)});
  }
  if (outcome.completed.empty() && options.output != OutputFormat::kJson) {
    std::cout << "no clean: " << outcome.why_not << "\n";
    return ::arrow::Status::OK();
  }
  PrintListing(options, listing, std::cout);
  return ::arrow::Status::OK();
}

}  // namespace

void AddCleanCommand(CLI::App* app, const GlobalOptions* options) {
  auto* cmd = app->add_subcommand("clean", "Delete file slices no retained instant needs");
  cmd->footer(kDescription);
  auto args = std::make_shared<CleanArgs>();
  cmd->add_option("--table", args->table, "Base path or URI of the table")->required();
  cmd->add_option("--props", args->props, kPropsHelp);
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "A cleaner option key=value (repeatable), e.g. "
                  "hoodie.cleaner.commits.retained=2");
  cmd->add_flag("--dry-run", args->dry_run,
                "List the files the clean would delete, with their sizes; change nothing");
  SetAction(cmd, [args, options]() { return RunCleanCommand(*args, *options); });
}

}  // namespace hoodie::cli
