// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/index_partitions_internal.h
/// \brief The index partitions a writer keeps beside `files` (bloom_filters,
/// column_stats): their records for each instant
/// (HoodieTableMetadataUtil.convertMetadataToBloomFilterRecords / ...ColumnStatsRecords)
/// and their initialization from the files the `files` partition lists.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/metadata/files_partition_records.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_writer_options.h"
#include "hoodie/timeline/commit_metadata.h"

namespace parquet {
class FileMetaData;
}  // namespace parquet

namespace hoodie {
class TableMetaClient;
}  // namespace hoodie

namespace hoodie::internal {

/// \brief One index partition: the records of a Parquet base file an instant adds or
/// deletes.
class IndexPartition {
 public:
  virtual ~IndexPartition() = default;
  virtual const MetadataPartition& partition() const = 0;
  virtual int file_groups() const = 0;
  /// The cells of the base file `name` of the data-table partition `partition`, added,
  /// whose Parquet footer is `footer` (read once for every index partition).
  virtual ::arrow::Result<std::vector<HFileRecord>> Added(
      const std::string& partition, const std::string& name,
      const parquet::FileMetaData& footer) = 0;
  /// The cells recording that instant `instant` deleted it.
  virtual ::arrow::Result<std::vector<HFileRecord>> Deleted(const std::string& partition,
                                                            const std::string& name,
                                                            const std::string& instant) = 0;
  /// The cells of a log append to the data-table partition `partition`, whose records'
  /// statistics the append collected (DeltaWriteStat::column_stats); none by default,
  /// as a log append changes no base file's bloom filter.
  virtual ::arrow::Result<std::vector<HFileRecord>> Appended(
      const std::string& /*partition*/, const std::vector<ColumnStats>& /*column_stats*/) {
    return std::vector<HFileRecord>();
  }
};

/// The index partitions `options` keeps, in the order Hudi initializes them
/// (bloom_filters, then column_stats).
std::vector<std::unique_ptr<IndexPartition>> KeptIndexPartitions(
    const TableMetaClient& data_table, const MetadataWriterOptions& options);

/// The index partitions' part of instant `instant`'s deltacommit: the records of every
/// Parquet base file `records` (the instant's files-partition records) adds or deletes,
/// and of every log append of `commit` (its write stats; null for an action without),
/// routed to each partition's file groups.
::arrow::Result<std::vector<FileGroupCells>> IndexPartitionWrites(
    const TableMetaClient& data_table, const FilesRecords& records, const CommitMetadata* commit,
    const std::string& instant, const MetadataWriterOptions& options);

/// Builds each kept index partition the data table does not list yet, from every base
/// file the `files` partition lists, as its own deltacommit at the first unused
/// initialization instant of the latest completed data instant (`010`, `011`, ...).
::arrow::Status InitializeIndexPartitions(TableMetaClient* data_table,
                                          const std::shared_ptr<TableMetaClient>& mdt,
                                          const MetadataWriterOptions& options);

}  // namespace hoodie::internal
