// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/timeline_command.cc
/// \brief `hoodie timeline show`.
#include <algorithm>
#include <iostream>

#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/cli/timeline_listing.h"
#include "hoodie/timeline_avro/archived_timeline.h"

namespace hoodie::cli {
namespace {

// One row per archived record: what HoodieArchivedTimeline loads, with the record's
// plan or metadata as Avro JSON.
::arrow::Status ShowArchived(const TableMetaClient& table, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ArchivedTimeline archived,
                        ArchivedTimeline::Load(table.storage(), table.archive_path()));
  Listing listing;
  listing.header = {"instant", "action", "state", "state_transition_time", "metadata_field",
                    "metadata"};
  for (const ArchivedMetaEntry& entry : archived.entries()) {
    listing.rows.push_back({entry.commit_time, entry.action_type, entry.action_state,
                            entry.state_transition_time.value_or(""),
                            entry.metadata ? entry.metadata->first : "",
                            entry.metadata ? entry.metadata->second.ToString() : ""});
  }
  // Newest file first as read; show the records in instant order.
  std::stable_sort(listing.rows.begin(), listing.rows.end(),
                   [](const auto& a, const auto& b) { return a[0] < b[0]; });
  PrintListing(options, listing, std::cout);
  return ::arrow::Status::OK();
}

}  // namespace

void AddTimelineCommands(CLI::App* app, const GlobalOptions* options) {
  auto* timeline = app->add_subcommand("timeline", "Inspect a table's timeline");
  timeline->require_subcommand(1);
  auto* show = timeline->add_subcommand(
      "show", "List the instants of the active timeline; for completed commits, the "
              "partitions and files they wrote");
  auto path = std::make_shared<std::string>();
  auto instants_only = std::make_shared<bool>(false);
  auto archived = std::make_shared<bool>(false);
  auto props = std::make_shared<std::string>();
  auto hoodie_conf = std::make_shared<std::vector<std::string>>();
  show->add_option("path", *path, "Base path or URI of the table")->required();
  show->add_option("--props", *props, kPropsHelp);
  show->add_option("--hoodie-conf", *hoodie_conf,
                   "An option key=value (repeatable), e.g. hoodie.storage.timeout.seconds");
  show->add_flag("--instants-only", *instants_only, "One row per instant, without files");
  show->add_flag("--archived", *archived,
                 "List the archived timeline (.hoodie/archived) instead: one row per "
                 "archived instant state, with its plan or metadata");
  SetAction(show,
            [options, path, instants_only, archived, props, hoodie_conf]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto client, OpenTable(*path, *props, *hoodie_conf));
    if (*archived) return ShowArchived(*client, *options);
    TimelineListingOptions listing_options;
    listing_options.with_files = !*instants_only;
    ARROW_ASSIGN_OR_RAISE(auto listing, BuildTimelineListing(*client, listing_options));
    PrintListing(*options, listing, std::cout);
    return ::arrow::Status::OK();
  });
}

}  // namespace hoodie::cli
