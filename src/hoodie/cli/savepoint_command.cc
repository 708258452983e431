// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/savepoint_command.cc
/// \brief `hoodie savepoint create|show|delete` and `hoodie restore`: Hudi CLI's
/// savepoint and restore commands.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hoodie/actions/restore.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {
namespace {

struct SavepointArgs {
  std::string table;
  std::string instant;
  std::string user = "hoodie";
  std::string comment;
  std::string props;
  std::vector<std::string> hoodie_conf;
};

Listing SavepointListing(const std::vector<std::pair<std::string, SavepointMetadata>>& all) {
  Listing listing;
  listing.header = {"savepoint", "savepointed_by", "savepointed_at", "comments", "partitions",
                    "files"};
  for (const auto& [instant, metadata] : all) {
    size_t files = 0;
    for (const auto& [partition, p] : metadata.partition_metadata) files += p.savepoint_data_file.size();
    listing.rows.push_back({instant, metadata.savepointed_by,
                            std::to_string(metadata.savepointed_at), metadata.comments,
                            std::to_string(metadata.partition_metadata.size()),
                            std::to_string(files)});
  }
  return listing;
}

::arrow::Status Create(const SavepointArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, args.props, args.hoodie_conf));
  SavepointRequest request;
  if (!args.instant.empty()) request.instant = args.instant;
  request.user = args.user;
  request.comment = args.comment;
  ARROW_ASSIGN_OR_RAISE(auto created, CreateSavepoint(table, request));
  PrintListing(options, SavepointListing({created}), std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status Restore(const SavepointArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  ARROW_RETURN_NOT_OK(config.CheckSupported());
  ARROW_ASSIGN_OR_RAISE(bool proceed, config.Get(CleanConfig::kArchiveProceedSavepoint));
  ARROW_ASSIGN_OR_RAISE(RollbackOptions rollback, RollbackOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, config));
  ARROW_ASSIGN_OR_RAISE(RestoreOutcome outcome,
                        RestoreToInstant(table, args.instant, proceed, rollback));
  PrintKeyValues(options,
                 {{"restore", outcome.restore_instant},
                  {"restored_to", args.instant},
                  {"resumed", outcome.resumed ? "true" : "false"},
                  {"rolled_back", Join(outcome.metadata.instants_to_rollback, ",")}},
                 std::cout);
  return ::arrow::Status::OK();
}

constexpr char kRestoreDescription[] =
    R"(Restores the table to a savepoint or to a completed commit the last clean still
retains, as Hudi 0.15's restore does: R.restore.requested (the HoodieRestorePlan:
every write instant after the target, pending clusterings first, newest first),
R.restore.inflight, one rollback per instant (by listing; the instant's files go),
R.restore (HoodieRestoreMetadata); then the rollback instants after the target are
deleted. A restore that was interrupted is resumed by running it again with the same
--instant.
)";

}  // namespace

void AddSavepointCommands(CLI::App* app, const GlobalOptions* options) {
  auto* group = app->add_subcommand("savepoint", "Create, list and delete savepoints");
  group->require_subcommand(1);
  auto args = std::make_shared<SavepointArgs>();
  auto* create = group->add_subcommand(
      "create", "Savepoint a completed commit (the latest without --instant): its files are "
                "kept from the cleaner and from archival, for a later restore");
  create->add_option("--table", args->table, "Base path or URI of the table")->required();
  create->add_option("--instant", args->instant, "The completed commit to savepoint");
  create->add_option("--user", args->user, "Recorded as savepointedBy");
  create->add_option("--comment", args->comment, "Recorded as comments");
  create->add_option("--props", args->props, kPropsHelp);
  create->add_option("--hoodie-conf", args->hoodie_conf, kStorageConfHelp);
  SetAction(create, [args, options]() { return Create(*args, *options); });
  auto* show = group->add_subcommand("show", "List the savepoints");
  show->add_option("--table", args->table, "Base path or URI of the table")->required();
  show->add_option("--props", args->props, kPropsHelp);
  show->add_option("--hoodie-conf", args->hoodie_conf, kStorageConfHelp);
  SetAction(show, [args, options]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args->table, args->props, args->hoodie_conf));
    ARROW_ASSIGN_OR_RAISE(auto all, ListSavepoints(*table));
    PrintListing(*options, SavepointListing(all), std::cout);
    return ::arrow::Status::OK();
  });
  auto* remove = group->add_subcommand("delete", "Delete a savepoint");
  remove->add_option("--table", args->table, "Base path or URI of the table")->required();
  remove->add_option("--instant", args->instant, "The savepointed commit")->required();
  remove->add_option("--props", args->props, kPropsHelp);
  remove->add_option("--hoodie-conf", args->hoodie_conf, kStorageConfHelp);
  SetAction(remove, [args, options]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args->table, args->props, args->hoodie_conf));
    ARROW_ASSIGN_OR_RAISE(bool deleted, DeleteSavepoint(*table, args->instant));
    PrintKeyValues(*options, {{"savepoint", args->instant}, {"deleted", deleted ? "true" : "false"}},
                   std::cout);
    return ::arrow::Status::OK();
  });

  auto* restore = app->add_subcommand("restore", "Roll the table back to a savepoint or commit");
  restore->footer(kRestoreDescription);
  restore->add_option("--table", args->table, "Base path or URI of the table")->required();
  restore->add_option("--instant", args->instant, "The savepoint or commit to restore to")
      ->required();
  restore->add_option("--props", args->props, kPropsHelp);
  restore->add_option("--hoodie-conf", args->hoodie_conf, "An option key=value (repeatable)");
  SetAction(restore, [args, options]() { return Restore(*args, *options); });
}

}  // namespace hoodie::cli
