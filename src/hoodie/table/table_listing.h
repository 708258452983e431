// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_listing.h
/// \brief Where a file system view learns a table's partitions and files: a listing of
/// its storage today (Hudi's FileSystemBackedTableMetadata), the metadata table's
/// `files` partition once hoodie keeps one (HoodieBackedTableMetadata).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/storage/storage.h"
#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// \brief The partitions and files of one table. Each call may cost a LIST request on
/// an object store; a FileSystemView makes one per partition it selects.
class HOODIE_EXPORT TableListing {
 public:
  virtual ~TableListing() = default;
  /// Every partition path of the table, relative to its base path, sorted ("" for a
  /// non-partitioned table).
  virtual ::arrow::Result<std::vector<std::string>> AllPartitionPaths() = 0;
  /// Whether `partition` (relative) exists.
  virtual ::arrow::Result<bool> PartitionExists(const std::string& partition) = 0;
  /// The files directly in `partition` (relative), folders left out; names are not
  /// filtered (the view keeps base and log files).
  virtual ::arrow::Result<std::vector<FileStatus>> FilesInPartition(
      const std::string& partition) = 0;
  /// FilesInPartition of each of `partitions`, in their order; a listing may fetch them
  /// side by side.
  virtual ::arrow::Result<std::vector<std::vector<FileStatus>>> FilesInPartitions(
      const std::vector<std::string>& partitions);
};

class ActiveTimeline;

/// Makes the listing a FileSystemView of `table` as of `timeline` uses: set on a table
/// (TableMetaClient::SetListingFactory) when its metadata table lists its files.
using TableListingFactory = std::function<::arrow::Result<std::shared_ptr<TableListing>>(
    const TableMetaClient& table, const ActiveTimeline& timeline)>;

/// \brief The listing of a table's storage: partitions are the folders holding a
/// `.hoodie_partition_metadata` file, files what their folder lists. Folders are listed
/// kPartitionListingThreads at a time, and what AllPartitionPaths listed of a partition
/// answers the first FilesInPartition of it, so a view costs one LIST per partition.
class HOODIE_EXPORT StorageTableListing : public TableListing {
 public:
  StorageTableListing(std::shared_ptr<Storage> storage, std::string base_path)
      : storage_(std::move(storage)), base_path_(std::move(base_path)) {}
  /// The listing of `table`'s storage.
  static std::shared_ptr<TableListing> Of(const TableMetaClient& table);

  ::arrow::Result<std::vector<std::string>> AllPartitionPaths() override;
  ::arrow::Result<bool> PartitionExists(const std::string& partition) override;
  ::arrow::Result<std::vector<FileStatus>> FilesInPartition(
      const std::string& partition) override;
  ::arrow::Result<std::vector<std::vector<FileStatus>>> FilesInPartitions(
      const std::vector<std::string>& partitions) override;

 private:
  std::shared_ptr<Storage> storage_;
  std::string base_path_;
  // The files AllPartitionPaths saw in each partition, until FilesInPartition takes them.
  std::map<std::string, std::vector<FileStatus>> walked_;
};

}  // namespace hoodie
