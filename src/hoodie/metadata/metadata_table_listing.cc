// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/metadata_table_listing.h"

#include <algorithm>

namespace hoodie {

::arrow::Result<std::vector<std::string>> MetadataTableListing::AllPartitionPaths() {
  if (!partitions_) {
    ARROW_ASSIGN_OR_RAISE(partitions_, metadata_->AllPartitionPaths());
  }
  return *partitions_;
}

::arrow::Result<bool> MetadataTableListing::PartitionExists(const std::string& partition) {
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions, AllPartitionPaths());
  return std::binary_search(partitions.begin(), partitions.end(), partition);
}

::arrow::Result<std::vector<FileStatus>> MetadataTableListing::FilesInPartition(
    const std::string& partition) {
  return metadata_->FilesInPartition(partition);
}

}  // namespace hoodie
