// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_table_listing.h
/// \brief A table's partitions and files as its metadata table's `files` partition lists
/// them (HoodieBackedTableMetadata behind HoodieMetadataFileSystemView): one read of the
/// metadata table where a storage listing makes a LIST request per partition. Never
/// trusted blindly: a metadata table out of step with the data timeline, or one whose
/// files do not read, gives way to the storage listing with one warning.
#pragma once

#include <map>
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
  /// The listing of `table` as of `timeline` (a TableListingFactory): the metadata
  /// table's when the table has one readers may use (MetadataTable::Open) and it is in
  /// step with `timeline` (CheckInSync); otherwise its storage's, after a warning naming
  /// why when a metadata table was there but unusable.
  static ::arrow::Result<std::shared_ptr<TableListing>> Make(const TableMetaClient& table,
                                                             const ActiveTimeline& timeline);

  /// Lists through `metadata`; on its first failed read, through `fallback` from then
  /// on, or, when `fallback` is null, the read's error is returned (a strict listing).
  MetadataTableListing(std::shared_ptr<const MetadataTable> metadata,
                       std::shared_ptr<TableListing> fallback)
      : metadata_(std::move(metadata)), fallback_(std::move(fallback)) {}

  ::arrow::Result<std::vector<std::string>> AllPartitionPaths() override;
  ::arrow::Result<bool> PartitionExists(const std::string& partition) override;
  ::arrow::Result<std::vector<FileStatus>> FilesInPartition(
      const std::string& partition) override;

 private:
  // Whether to go on with the metadata table after `status` of one of its reads: on an
  // error it warns once and switches to the fallback for good.
  bool Usable(const ::arrow::Status& status);
  // Reads the whole `files` partition once: a view asks for every partition it
  // selects, and each lookup of its own would read the same files again.
  ::arrow::Status Load();

  std::shared_ptr<const MetadataTable> metadata_;
  std::shared_ptr<TableListing> fallback_;
  bool failed_ = false;
  std::optional<std::map<std::string, FilesRecord>> records_;  // read once
};

}  // namespace hoodie
