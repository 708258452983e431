// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/archive_command.cc
/// \brief `hoodie archive --table PATH`: Hudi CLI's `archive` (HoodieTimelineArchiver
/// .archiveIfRequired), moving old instants into `.hoodie/archived/`.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hoodie/actions/archiver.h"
#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {
namespace {

struct ArchiveArgs {
  std::string table;
  std::string props;
  std::vector<std::string> hoodie_conf;
};

constexpr char kDescription[] =
    R"(Archives old instants as Hudi 0.15's archiver does after a clean: when the active
timeline holds more than hoodie.keep.max.commits completed commits, the oldest are
moved out down to hoodie.keep.min.commits (both raised when the cleaner's retention
needs more), and completed cleans and rollbacks beyond keep.max per action likewise.
Archival stops at the first savepoint (unless hoodie.archive.proceed.savepoint), at
the oldest pending write, at the deltacommits the next compaction needs and at
replacecommits the cleaner has not passed. Every state file of an archived instant
becomes a HoodieArchivedMetaEntry record, in blocks of hoodie.commits.archival.batch,
in a new .hoodie/archived/.commits_.archive.N_1-0-1 file; the files are then deleted
from .hoodie/ (pending states first, then completed ones oldest first).
)";

::arrow::Status RunArchiveCommand(const ArchiveArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  ARROW_RETURN_NOT_OK(config.CheckSupported());
  ARROW_ASSIGN_OR_RAISE(ArchiveOptions archive, ArchiveOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, config));
  ARROW_ASSIGN_OR_RAISE(ArchiveOutcome outcome, RunArchive(table, archive));
  if (outcome.archived.empty() && options.output != OutputFormat::kJson) {
    std::cout << "no archival: " << outcome.why_not << "\n";
    return ::arrow::Status::OK();
  }
  Listing listing;
  listing.header = {"instant", "action", "state", "archive_file"};
  for (const Instant& state : outcome.archived) {
    listing.rows.push_back({state.timestamp, std::string(ActionName(state.action)),
                            std::string(StateName(state.state)), outcome.archive_file});
  }
  PrintListing(options, listing, std::cout);
  return ::arrow::Status::OK();
}

}  // namespace

void AddArchiveCommand(CLI::App* app, const GlobalOptions* options) {
  auto* cmd = app->add_subcommand("archive", "Move old instants into the archived timeline");
  cmd->footer(kDescription);
  auto args = std::make_shared<ArchiveArgs>();
  cmd->add_option("--table", args->table, "Base path or URI of the table")->required();
  cmd->add_option("--props", args->props, kPropsHelp);
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "An archival or cleaner option key=value (repeatable), e.g. "
                  "hoodie.keep.min.commits=20");
  SetAction(cmd, [args, options]() { return RunArchiveCommand(*args, *options); });
}

}  // namespace hoodie::cli
