// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/metadata_table_listing.h"

#include <algorithm>

#include "hoodie/common/logging.h"
#include "hoodie/metadata/metadata_keys.h"
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
               ", listing storage instead: " + status.message() +
               " (the next write with hoodie.metadata.enable=true, or hoodie metadata "
               "rebuild, builds it again)");
    return storage;
  }
  return std::make_shared<MetadataTableListing>(*metadata, std::move(storage));
}

bool MetadataTableListing::Usable(const ::arrow::Status& status) {
  if (status.ok() || fallback_ == nullptr) return true;  // strict: the error is returned
  LogWarning("the metadata table's file listing failed, listing storage instead: " +
             status.ToString() + " (hoodie metadata rebuild builds it again)");
  failed_ = true;
  return false;
}

::arrow::Status MetadataTableListing::Load() {
  if (records_) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(records_, metadata_->ReadFilesRecords());
  return ::arrow::Status::OK();
}

::arrow::Result<std::vector<std::string>> MetadataTableListing::AllPartitionPaths() {
  if (failed_ || !Usable(Load())) return fallback_->AllPartitionPaths();
  ARROW_RETURN_NOT_OK(Load());  // a strict listing's error
  auto found = records_->find(std::string(kAllPartitionsKey));
  if (found == records_->end()) return std::vector<std::string>();
  return MetadataTable::PartitionPathsOf(found->second);
}

::arrow::Result<bool> MetadataTableListing::PartitionExists(const std::string& partition) {
  if (failed_) return fallback_->PartitionExists(partition);
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions, AllPartitionPaths());
  if (failed_) return fallback_->PartitionExists(partition);
  return std::binary_search(partitions.begin(), partitions.end(), partition);
}

::arrow::Result<std::vector<FileStatus>> MetadataTableListing::FilesInPartition(
    const std::string& partition) {
  if (failed_ || !Usable(Load())) return fallback_->FilesInPartition(partition);
  ARROW_RETURN_NOT_OK(Load());
  auto found = records_->find(MetadataPartitionId(partition));
  if (found == records_->end()) return std::vector<FileStatus>();
  return metadata_->FileStatusesOf(partition, found->second);
}

}  // namespace hoodie
