// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_table_listing.h
/// \brief A table's partitions and files as its metadata table's `files` partition lists
/// them (HoodieBackedTableMetadata behind HoodieMetadataFileSystemView): one read of the
/// metadata table where a storage listing makes a LIST request per partition.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hoodie/metadata/metadata_table.h"
#include "hoodie/table/table_listing.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HOODIE_EXPORT MetadataTableListing : public TableListing {
 public:
  explicit MetadataTableListing(std::shared_ptr<const MetadataTable> metadata)
      : metadata_(std::move(metadata)) {}

  ::arrow::Result<std::vector<std::string>> AllPartitionPaths() override;
  ::arrow::Result<bool> PartitionExists(const std::string& partition) override;
  ::arrow::Result<std::vector<FileStatus>> FilesInPartition(
      const std::string& partition) override;

 private:
  std::shared_ptr<const MetadataTable> metadata_;
  std::optional<std::vector<std::string>> partitions_;  // read once
};

}  // namespace hoodie
