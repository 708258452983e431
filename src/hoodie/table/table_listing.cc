// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_listing.cc
/// \brief StorageTableListing: a table's partitions and files as its storage lists them.

#include "hoodie/table/table_listing.h"

#include "hoodie/storage/path.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

std::shared_ptr<TableListing> StorageTableListing::Of(const TableMetaClient& table) {
  return std::make_shared<StorageTableListing>(table.storage(), table.base_path());
}

::arrow::Result<std::vector<std::string>> StorageTableListing::AllPartitionPaths() {
  return ListAllPartitionPaths(storage_.get(), base_path_);
}

::arrow::Result<bool> StorageTableListing::PartitionExists(const std::string& partition) {
  return storage_->Exists(JoinPath(base_path_, partition));
}

::arrow::Result<std::vector<FileStatus>> StorageTableListing::FilesInPartition(
    const std::string& partition) {
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries,
                        storage_->List(JoinPath(base_path_, partition), false));
  std::vector<FileStatus> files;
  files.reserve(entries.size());
  for (FileStatus& entry : entries) {
    if (!entry.is_directory) files.push_back(std::move(entry));
  }
  return files;
}

}  // namespace hoodie
