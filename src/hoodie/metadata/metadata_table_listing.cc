// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/metadata_table_listing.h"

#include <algorithm>

#include "hoodie/common/logging.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

::arrow::Result<std::shared_ptr<TableListing>> MetadataTableListing::Make(
    const TableMetaClient& table, const ActiveTimeline& timeline) {
  std::shared_ptr<TableListing> storage = StorageTableListing::Of(table);
  ::arrow::Result<std::shared_ptr<const MetadataTable>> metadata =
      MetadataTable::Open(table, timeline);
  ::arrow::Status status = metadata.status();
  if (status.ok() && *metadata == nullptr) return storage;
  if (status.ok()) status = (*metadata)->CheckInSync(timeline);
  if (!status.ok()) {
    LogWarning("not listing files through the metadata table of " + table.base_path() +
               ", listing storage instead: " + status.message());
    return storage;
  }
  return std::make_shared<MetadataTableListing>(*metadata, std::move(storage));
}

bool MetadataTableListing::Usable(const ::arrow::Status& status) {
  if (status.ok() || fallback_ == nullptr) return true;  // strict: the error is returned
  LogWarning("the metadata table's file listing failed, listing storage instead: " +
             status.ToString());
  failed_ = true;
  return false;
}

::arrow::Result<std::vector<std::string>> MetadataTableListing::AllPartitionPaths() {
  if (failed_) return fallback_->AllPartitionPaths();
  if (!partitions_) {
    auto read = metadata_->AllPartitionPaths();
    if (!Usable(read.status())) return fallback_->AllPartitionPaths();
    ARROW_ASSIGN_OR_RAISE(partitions_, std::move(read));
  }
  return *partitions_;
}

::arrow::Result<bool> MetadataTableListing::PartitionExists(const std::string& partition) {
  if (failed_) return fallback_->PartitionExists(partition);
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions, AllPartitionPaths());
  if (failed_) return fallback_->PartitionExists(partition);
  return std::binary_search(partitions.begin(), partitions.end(), partition);
}

::arrow::Result<std::vector<FileStatus>> MetadataTableListing::FilesInPartition(
    const std::string& partition) {
  if (failed_) return fallback_->FilesInPartition(partition);
  auto files = metadata_->FilesInPartition(partition);
  if (!Usable(files.status())) return fallback_->FilesInPartition(partition);
  return files;
}

}  // namespace hoodie
