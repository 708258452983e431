// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_table.h
/// \brief A data table's metadata table read as Hudi 0.15 reads it
/// (HoodieBackedTableMetadata): the latest file slice of each file group of a metadata
/// partition, its base HFile and HFile log blocks merged key by key, taking only what
/// the data table made valid.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/metadata/files_record.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class FileSystemView;
class TableMetaClient;
namespace internal {
struct LogScanTimeline;
}  // namespace internal

/// The check of MetadataTable::CheckInSync over the two timelines alone (`data`, the
/// data table's; `metadata`, its metadata table's), for a writer that has not read the
/// metadata table's files: Invalid naming the first completed data instant (savepoints
/// aside) after the metadata table's first instant that has no completed instant there,
/// or when the metadata table has none at all.
HOODIE_EXPORT ::arrow::Status CheckMetadataInSync(const std::string& base_path,
                                                  const Timeline& data,
                                                  const Timeline& metadata);

/// \brief Which record keys a metadata read visits.
struct HOODIE_EXPORT MetadataKeys {
  /// Every key.
  static MetadataKeys All() { return MetadataKeys(); }
  /// The keys equal to one of `keys`.
  static MetadataKeys Exactly(std::vector<std::string> keys);
  /// The keys starting with one of `prefixes` (column_stats by column).
  static MetadataKeys WithPrefixes(std::vector<std::string> prefixes);

  bool Matches(std::string_view key) const;

  bool all = true;
  bool prefix = false;
  std::vector<std::string> keys;  ///< sorted
};

/// Called with each version of each selected key in merge order (the base file's, then
/// each log block's, oldest first): `record` is the decoded HoodieMetadataRecord, or
/// null when a delete block removed the key. A non-OK status stops the read.
using MetadataRecordVisitor =
    std::function<::arrow::Status(std::string_view key, const AvroValue* record)>;

/// The newest version of each key a read visits, decoded by `decode` (AvroValue ->
/// Result<T>): a later version replaces an earlier one and a delete removes the key
/// (HoodieMetadataPayload.preCombine for the partitions whose newer record wins:
/// bloom_filters, record_index). `read` runs the read with the visitor it is given
/// (MetadataTable::Read or ReadSlice).
template <typename T, typename Decode>
::arrow::Result<std::map<std::string, T, std::less<>>> NewestByKey(
    const std::function<::arrow::Status(const MetadataRecordVisitor&)>& read, Decode decode) {
  std::map<std::string, T, std::less<>> newest;
  ARROW_RETURN_NOT_OK(read([&](std::string_view key, const AvroValue* record) -> ::arrow::Status {
    if (record == nullptr) {
      if (auto found = newest.find(key); found != newest.end()) newest.erase(found);
      return ::arrow::Status::OK();
    }
    ARROW_ASSIGN_OR_RAISE(T value, decode(*record));
    newest.insert_or_assign(std::string(key), std::move(value));
    return ::arrow::Status::OK();
  }));
  return newest;
}

/// \brief The metadata table of one data table, as of the data timeline it was opened
/// with. Thread-compatible: const methods may run concurrently.
class HOODIE_EXPORT MetadataTable {
 public:
  /// The folder of the metadata table of the table at `base_path`.
  static std::string PathOf(std::string_view base_path);

  /// Opens the metadata table of `data_table`, whose timeline is `data_timeline`.
  /// \return null when there is none a reader may use: no `files` in the data table's
  ///   hoodie.table.metadata.partitions (Hudi's isFilesPartitionAvailable), or no
  ///   metadata table folder. IOError / Invalid when its timeline or properties cannot
  ///   be read.
  static ::arrow::Result<std::shared_ptr<const MetadataTable>> Open(
      const TableMetaClient& data_table, const ActiveTimeline& data_timeline);

  ~MetadataTable();

  /// The metadata table's own meta client (`<base>/.hoodie/metadata`).
  const TableMetaClient& meta_client() const { return *meta_client_; }
  /// The completed partitions (hoodie.table.metadata.partitions of the data table).
  const std::set<std::string, std::less<>>& partitions() const { return partitions_; }
  /// The instants whose log blocks a read merges (getValidInstantTimestamps).
  const std::set<std::string, std::less<>>& valid_instants() const {
    return valid_instants_;
  }
  /// The last completed instant of the metadata table; "" when none.
  const std::string& latest_instant() const { return latest_instant_; }

  /// OK when every completed data-table instant after the metadata table's first one
  /// (savepoints aside, which have none) has its completed deltacommit there; otherwise
  /// Invalid naming the first instant it lacks (a writer without the metadata table
  /// committed, or its deltacommit was lost): such a metadata table lists too little.
  ::arrow::Status CheckInSync(const ActiveTimeline& data_timeline) const;

  /// The latest committed slice of each file group of `partition`, as Read reads them.
  std::vector<FileSlice> LatestFileSlices(const MetadataPartition& partition) const;

  /// Visits the selected keys of one file slice of the metadata table, its base file
  /// then its log blocks.
  ::arrow::Status ReadSlice(const FileSlice& slice, const MetadataKeys& keys,
                            const MetadataRecordVisitor& visit) const;

  /// Visits the selected keys of `partition` (each file group's latest slice).
  /// Invalid naming the file for an HFile or log block that does not decode.
  ::arrow::Status Read(const MetadataPartition& partition, const MetadataKeys& keys,
                       const MetadataRecordVisitor& visit) const;

  /// Every record of the `files` partition, merged (base file, then log blocks in order,
  /// CombineFilesRecords; a deleted key dropped): one read of its files.
  ::arrow::Result<std::map<std::string, FilesRecord>> ReadFilesRecords() const;

  /// The partition paths a partition-list record names, sorted ("." read as "").
  static std::vector<std::string> PartitionPathsOf(const FilesRecord& record);
  /// The live files a file-list record of `partition` names, with full paths and sizes.
  std::vector<FileStatus> FileStatusesOf(const std::string& partition,
                                         const FilesRecord& record) const;

  /// The data table's partition paths, sorted, from the `files` partition
  /// (fetchAllPartitionPaths): a point lookup.
  ::arrow::Result<std::vector<std::string>> AllPartitionPaths() const;
  /// The files the `files` partition lists in `partition` (relative), with their full
  /// paths and sizes, in name order (fetchAllFilesInPartition): a point lookup.
  ::arrow::Result<std::vector<FileStatus>> FilesInPartition(
      const std::string& partition) const;

 private:
  MetadataTable() = default;
  ::arrow::Status LoadValidInstants(const ActiveTimeline& data_timeline,
                                    const ActiveTimeline& timeline);
  ::arrow::Status ReadBaseFile(const BaseFile& base, const MetadataKeys& keys,
                               const MetadataRecordVisitor& visit) const;
  ::arrow::Status ReadLogBlocks(const std::vector<LogFile>& logs,
                                const MetadataKeys& keys,
                                const MetadataRecordVisitor& visit) const;

  std::string data_base_path_;
  std::shared_ptr<TableMetaClient> meta_client_;
  std::shared_ptr<const FileSystemView> view_;
  std::set<std::string, std::less<>> partitions_;
  std::set<std::string, std::less<>> valid_instants_;
  std::string latest_instant_;
  Timeline completed_;  // the metadata table's completed instants
  // The metadata table's own timeline, with valid_instants_, as its log scans see it.
  std::unique_ptr<internal::LogScanTimeline> scan_timeline_;
};

}  // namespace hoodie
