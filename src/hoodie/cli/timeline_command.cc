// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/timeline_command.cc
/// \brief `hoodie timeline show`.
#include <iostream>

#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/cli/timeline_listing.h"

namespace hoodie::cli {

void AddTimelineCommands(CLI::App* app, const GlobalOptions* options) {
  auto* timeline = app->add_subcommand("timeline", "Inspect a table's timeline");
  timeline->require_subcommand(1);
  auto* show = timeline->add_subcommand(
      "show", "List the instants of the active timeline; for completed commits, the "
              "partitions and files they wrote");
  auto path = std::make_shared<std::string>();
  auto instants_only = std::make_shared<bool>(false);
  show->add_option("path", *path, "Base path or URI of the table")->required();
  show->add_flag("--instants-only", *instants_only, "One row per instant, without files");
  SetAction(show, [options, path, instants_only]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto client, OpenTable(*path));
    TimelineListingOptions listing_options;
    listing_options.with_files = !*instants_only;
    ARROW_ASSIGN_OR_RAISE(auto listing, BuildTimelineListing(*client, listing_options));
    PrintListing(*options, listing, std::cout);
    return ::arrow::Status::OK();
  });
}

}  // namespace hoodie::cli
