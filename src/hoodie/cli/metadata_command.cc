// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/metadata_command.cc
/// \brief `hoodie metadata init|delete|rebuild|list-partitions|list-files|stats|validate`:
/// Hudi CLI's metadata commands.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/metadata_validation.h"
#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::cli {
namespace {

struct MetadataArgs {
  std::string table;
  std::string partition;
  std::string props;
  std::vector<std::string> hoodie_conf;
};

// The table's metadata table as readers see it; Invalid when it has none.
::arrow::Result<std::shared_ptr<const MetadataTable>> OpenMetadata(const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(auto metadata, MetadataTable::Open(table, timeline));
  if (metadata == nullptr) {
    return ::arrow::Status::Invalid("the table at ", table.base_path(),
                                    " has no metadata table (hoodie metadata init builds one)");
  }
  ARROW_RETURN_NOT_OK(metadata->CheckInSync(timeline));
  return metadata;
}

::arrow::Status Init(const MetadataArgs& args, const GlobalOptions& options, bool rebuild) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(MetadataWriterOptions writer, MetadataWriterOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, config));
  bool deleted = false;
  if (rebuild) {
    ARROW_ASSIGN_OR_RAISE(deleted, DeleteMetadataTable(table.get()));
  }
  ARROW_ASSIGN_OR_RAISE(bool built, InitializeMetadataTable(table.get(), writer));
  PrintKeyValues(options,
                 {{"metadata_table", MetadataTable::PathOf(table->base_path())},
                  {"deleted", deleted ? "true" : "false"},
                  {"built", built ? "true" : "false"}},
                 std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status ListFiles(const MetadataArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, args.props, args.hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(auto metadata, OpenMetadata(*table));
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> files, metadata->FilesInPartition(args.partition));
  Listing listing;
  listing.header = {"file", "size"};
  for (const FileStatus& file : files) {
    listing.rows.push_back({std::string(file.name()), std::to_string(file.size)});
  }
  PrintListing(options, listing, std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status Stats(const MetadataArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, args.props, args.hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(auto metadata, OpenMetadata(*table));
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions, metadata->AllPartitionPaths());
  int64_t files = 0;
  int64_t bytes = 0;
  for (const std::string& partition : partitions) {
    ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> listed, metadata->FilesInPartition(partition));
    files += static_cast<int64_t>(listed.size());
    for (const FileStatus& file : listed) bytes += file.size;
  }
  const TableMetaClient& mdt = metadata->meta_client();
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.LoadActiveTimeline());
  const Timeline completed = timeline.timeline().FilterCompleted();
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Load(mdt));
  int64_t base_files = 0;
  int64_t log_files = 0;
  for (const FileSlice& slice : view->LatestFileSlices()) {
    base_files += slice.base_file.has_value();
    log_files += static_cast<int64_t>(slice.log_files.size());
  }
  std::string listed;
  for (const std::string& name : metadata->partitions()) listed += (listed.empty() ? "" : ",") + name;
  PrintKeyValues(options,
                 {{"metadata_partitions", listed},
                  {"partitions", std::to_string(partitions.size())},
                  {"files", std::to_string(files)},
                  {"file_bytes", std::to_string(bytes)},
                  {"latest_instant", metadata->latest_instant()},
                  {"deltacommits", std::to_string(completed.GetDeltaCommitTimeline().Count())},
                  {"compactions", std::to_string(completed.GetCommitTimeline().Count())},
                  {"latest_base_files", std::to_string(base_files)},
                  {"latest_log_files", std::to_string(log_files)}},
                 std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status Validate(const MetadataArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args.table, args.props, args.hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
  Listing listing;
  listing.header = {"mismatch"};
  for (const std::string& mismatch : mismatches) listing.rows.push_back({mismatch});
  PrintListing(options, listing, std::cout);
  if (mismatches.empty()) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid("the metadata table of ", table->base_path(), " has ",
                                  mismatches.size(),
                                  " mismatches with storage; hoodie metadata rebuild "
                                  "recreates it");
}

void AddTableOptions(CLI::App* command, MetadataArgs* args) {
  command->add_option("--table", args->table, "Base path or URI of the table")->required();
  command->add_option("--props", args->props, kPropsHelp);
  command->add_option("--hoodie-conf", args->hoodie_conf, kStorageConfHelp);
}

}  // namespace

void AddMetadataCommands(CLI::App* app, const GlobalOptions* options) {
  auto* group = app->add_subcommand(
      "metadata", "Build, delete, inspect and validate a table's metadata table");
  group->require_subcommand(1);
  auto args = std::make_shared<MetadataArgs>();
  auto* init = group->add_subcommand(
      "init", "Build the metadata table's files partition from a listing, if the table has "
              "none readers may use");
  AddTableOptions(init, args.get());
  SetAction(init, [args, options]() { return Init(*args, *options, /*rebuild=*/false); });
  auto* rebuild = group->add_subcommand(
      "rebuild", "Delete the metadata table, then build it again from a listing");
  AddTableOptions(rebuild, args.get());
  SetAction(rebuild, [args, options]() { return Init(*args, *options, /*rebuild=*/true); });
  auto* remove = group->add_subcommand(
      "delete", "Delete the metadata table as Hudi does with hoodie.metadata.enable=false");
  AddTableOptions(remove, args.get());
  SetAction(remove, [args, options]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args->table, args->props, args->hoodie_conf));
    ARROW_ASSIGN_OR_RAISE(bool deleted, DeleteMetadataTable(table.get()));
    PrintKeyValues(*options, {{"deleted", deleted ? "true" : "false"}}, std::cout);
    return ::arrow::Status::OK();
  });
  auto* partitions = group->add_subcommand(
      "list-partitions", "The partitions the metadata table lists");
  AddTableOptions(partitions, args.get());
  SetAction(partitions, [args, options]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args->table, args->props, args->hoodie_conf));
    ARROW_ASSIGN_OR_RAISE(auto metadata, OpenMetadata(*table));
    ARROW_ASSIGN_OR_RAISE(std::vector<std::string> all, metadata->AllPartitionPaths());
    Listing listing;
    listing.header = {"partition"};
    for (const std::string& partition : all) listing.rows.push_back({partition});
    PrintListing(*options, listing, std::cout);
    return ::arrow::Status::OK();
  });
  auto* files = group->add_subcommand(
      "list-files", "The files the metadata table lists in one partition, with their sizes");
  AddTableOptions(files, args.get());
  files->add_option("--partition", args->partition,
                    "Partition path relative to the base path (omit for a non-partitioned table)");
  SetAction(files, [args, options]() { return ListFiles(*args, *options); });
  auto* stats = group->add_subcommand(
      "stats", "What the metadata table lists and what it is made of");
  AddTableOptions(stats, args.get());
  SetAction(stats, [args, options]() { return Stats(*args, *options); });
  auto* validate = group->add_subcommand(
      "validate", "Compare the metadata table's listing with storage, naming each mismatch "
                  "(exit 1 when there is one)");
  AddTableOptions(validate, args.get());
  SetAction(validate, [args, options]() { return Validate(*args, *options); });
}

}  // namespace hoodie::cli
