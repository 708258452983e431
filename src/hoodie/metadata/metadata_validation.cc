// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/metadata_validation.h"

#include <map>
#include <set>

#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/metadata_table_listing.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

namespace {

// The files of the latest slices of a view built from `listing`, by partition.
::arrow::Result<std::map<std::string, std::set<std::string>>> LatestFiles(
    const TableMetaClient& table, const ActiveTimeline& timeline,
    std::shared_ptr<TableListing> listing) {
  FileSystemViewOptions options;
  options.listing = std::move(listing);
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline, options));
  std::map<std::string, std::set<std::string>> out;
  for (const FileSlice& slice : view->LatestFileSlices()) {
    std::set<std::string>& files = out[slice.group.partition_path];
    if (slice.base_file) files.insert(slice.base_file->file_name);
    for (const LogFile& log : slice.log_files) files.insert(log.file_name);
  }
  return out;
}

}  // namespace

::arrow::Result<std::vector<std::string>> ValidateMetadataTable(const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.ReloadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(auto metadata, MetadataTable::Open(table, timeline));
  if (metadata == nullptr) {
    return ::arrow::Status::Invalid("the table at ", table.base_path(),
                                    " has no metadata table readers may use (",
                                    "hoodie.table.metadata.partitions lists no files)");
  }
  std::vector<std::string> mismatches;
  if (::arrow::Status in_sync = metadata->CheckInSync(timeline); !in_sync.ok()) {
    mismatches.push_back(in_sync.message());
  }
  // Both views over the metadata table's listing, read strictly (no fallback).
  ARROW_ASSIGN_OR_RAISE(
      auto listed, LatestFiles(table, timeline,
                               std::make_shared<MetadataTableListing>(metadata, nullptr)));
  ARROW_ASSIGN_OR_RAISE(auto stored, LatestFiles(table, timeline, StorageTableListing::Of(table)));
  std::set<std::string> partitions;
  for (const auto& [partition, files] : listed) partitions.insert(partition);
  for (const auto& [partition, files] : stored) partitions.insert(partition);
  for (const std::string& partition : partitions) {
    const std::set<std::string>& a = listed[partition];
    const std::set<std::string>& b = stored[partition];
    for (const std::string& file : a) {
      if (!b.contains(file)) {
        mismatches.push_back("partition '" + partition + "': " + file +
                             " is listed by the metadata table but not on storage");
      }
    }
    for (const std::string& file : b) {
      if (!a.contains(file)) {
        mismatches.push_back("partition '" + partition + "': " + file +
                             " is on storage but not in the metadata table");
      }
    }
  }
  return mismatches;
}

}  // namespace hoodie
