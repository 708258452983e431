// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_listing.cc
/// \brief StorageTableListing: a table's partitions and files as its storage lists them.

#include "hoodie/table/table_listing.h"

#include "hoodie/common/parallel_for_each.h"
#include "hoodie/storage/path.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

std::shared_ptr<TableListing> StorageTableListing::Of(const TableMetaClient& table) {
  return std::make_shared<StorageTableListing>(table.storage(), table.base_path());
}

namespace {

std::vector<FileStatus> FilesOnly(std::vector<FileStatus> entries) {
  std::vector<FileStatus> files;
  files.reserve(entries.size());
  for (FileStatus& entry : entries) {
    if (!entry.is_directory) files.push_back(std::move(entry));
  }
  return files;
}

}  // namespace

::arrow::Result<std::vector<std::vector<FileStatus>>> TableListing::FilesInPartitions(
    const std::vector<std::string>& partitions) {
  std::vector<std::vector<FileStatus>> out;
  out.reserve(partitions.size());
  for (const std::string& partition : partitions) {
    ARROW_ASSIGN_OR_RAISE(out.emplace_back(), FilesInPartition(partition));
  }
  return out;
}

::arrow::Result<std::vector<std::string>> StorageTableListing::AllPartitionPaths() {
  ARROW_ASSIGN_OR_RAISE(auto folders,
                        ListPartitionFolders(storage_.get(), base_path_));
  std::vector<std::string> partitions;
  partitions.reserve(folders.size());
  walked_.clear();
  for (auto& [partition, entries] : folders) {
    partitions.push_back(partition);
    walked_.emplace(partition, FilesOnly(std::move(entries)));
  }
  return partitions;
}

::arrow::Result<bool> StorageTableListing::PartitionExists(const std::string& partition) {
  return storage_->Exists(JoinPath(base_path_, partition));
}

::arrow::Result<std::vector<FileStatus>> StorageTableListing::FilesInPartition(
    const std::string& partition) {
  ARROW_ASSIGN_OR_RAISE(auto files, FilesInPartitions({partition}));
  return std::move(files.front());
}

::arrow::Result<std::vector<std::vector<FileStatus>>> StorageTableListing::FilesInPartitions(
    const std::vector<std::string>& partitions) {
  std::vector<std::vector<FileStatus>> out(partitions.size());
  std::vector<size_t> to_list;
  for (size_t i = 0; i < partitions.size(); ++i) {
    if (auto walked = walked_.find(partitions[i]); walked != walked_.end()) {
      out[i] = std::move(walked->second);
      walked_.erase(walked);
    } else {
      to_list.push_back(i);
    }
  }
  ARROW_RETURN_NOT_OK(internal::ParallelForEachOnThreads(
      to_list.size(), kPartitionListingThreads, [&](size_t k) -> ::arrow::Status {
        const size_t i = to_list[k];
        ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries,
                              storage_->List(JoinPath(base_path_, partitions[i]), false));
        out[i] = FilesOnly(std::move(entries));
        return ::arrow::Status::OK();
      }));
  return out;
}

}  // namespace hoodie
