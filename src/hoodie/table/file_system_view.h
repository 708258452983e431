// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_system_view.h
/// \brief File groups and file slices of a table, built from a storage listing and the
/// timeline (Java AbstractTableFileSystemView / HoodieTableFileSystemView).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/table/file_slice.h"
#include "hoodie/table/table_listing.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class TableMetaClient;

/// True when `partition` is selected by `filters`: empty filters select everything; a
/// filter selects the partition equal to it and every partition below it at a `/`
/// boundary (`byteField=10` selects `byteField=10/shortField=300`).
HOODIE_EXPORT
bool PartitionMatches(std::string_view partition, const std::vector<std::string>& filters);

struct HOODIE_EXPORT FileSystemViewOptions {
  /// Partition paths to list (see PartitionMatches); partitions not selected are never
  /// listed, which is the partition pruning of HoodieFileIndex.
  std::vector<std::string> partition_filters;
  /// Exactly these partitions (those that exist), without listing the table to find
  /// them: what the cleaner's incremental mode knows from commit metadata.
  std::optional<std::vector<std::string>> partitions;
  /// Where partitions and files come from; null: the table's listing factory
  /// (the metadata table's `files` partition when it is on), else its storage
  /// (StorageTableListing).
  std::shared_ptr<TableListing> listing;

  static FileSystemViewOptions Defaults() { return FileSystemViewOptions(); }
};

/// \brief An immutable view of the file groups of (a filtered part of) a table.
///
/// Visibility follows Hudi 0.14/0.15 (HoodieFileGroup.isFileSliceCommitted): a slice is
/// committed when its base instant is at most the last instant of the visible timeline
/// (completed write instants plus pending compactions) and is contained in it or lies
/// before its start. Files of requested/inflight instants are therefore ignored, base
/// files written by a pending compaction are ignored, and file groups named in
/// `partitionToReplaceFileIds` of a completed replacecommit are hidden. Time travel
/// ("as of T") restricts the timeline and the replacements to instants <= T.
///
/// Thread-safe: const after Make.
/// \brief One file group with every committed slice, as the cleaner sees it (Java
/// HoodieFileGroup.getAllFileSlices).
struct HOODIE_EXPORT FileGroupSlices {
  FileGroupId id;
  /// Committed slices, newest base instant first (a slice on a pending compaction
  /// instant counts: its logs are committed).
  std::vector<FileSlice> slices;
  /// The earliest completed replacecommit that replaced the group, if any.
  std::optional<std::string> replaced_by;
};

class HOODIE_EXPORT FileSystemView {
 public:
  /// Lists the selected partitions (found via `.hoodie_partition_metadata`) and their
  /// files, and reads the metadata of every completed replacecommit of `timeline`.
  /// IOError from storage; Invalid for corrupt replacecommit metadata.
  static ::arrow::Result<std::shared_ptr<const FileSystemView>> Make(
      const TableMetaClient& table, const ActiveTimeline& timeline,
      const FileSystemViewOptions& options = FileSystemViewOptions::Defaults());

  /// Loads the active timeline of `table`, then as Make.
  static ::arrow::Result<std::shared_ptr<const FileSystemView>> Load(
      const TableMetaClient& table,
      const FileSystemViewOptions& options = FileSystemViewOptions::Defaults());

  /// Selected partition paths, sorted ("" for a non-partitioned table).
  const std::vector<std::string>& partitions() const { return partitions_; }

  /// Completed write instants plus pending compactions (filterCompletedAndCompaction of
  /// the commits-and-compaction timeline).
  const Timeline& visible_timeline() const { return visible_timeline_; }

  /// Latest committed file slice of every file group not replaced (as of `as_of` when
  /// given), sorted by (partition, file id). A slice whose base instant is a pending
  /// compaction is merged with the slice before it, as getLatestMergedFileSlicesBeforeOrOn
  /// does: the previous base file plus the log files of both.
  std::vector<FileSlice> LatestFileSlices(
      std::optional<std::string_view> as_of = std::nullopt) const;

  /// The same restricted to one partition.
  std::vector<FileSlice> LatestFileSlicesInPartition(
      std::string_view partition, std::optional<std::string_view> as_of = std::nullopt) const;

  /// Latest committed base file of every file group not replaced, skipping base files
  /// of pending compactions (getLatestBaseFiles / getLatestBaseFilesBeforeOrOn).
  std::vector<BaseFile> LatestBaseFiles(
      std::optional<std::string_view> as_of = std::nullopt) const;

  /// LatestBaseFiles as slices without log files (what a read-optimized query reads).
  std::vector<FileSlice> LatestBaseFileSlices(
      std::optional<std::string_view> as_of = std::nullopt) const;

  /// True when a completed replacecommit (at or before `as_of` when given) replaced `id`.
  bool IsReplaced(const FileGroupId& id,
                  std::optional<std::string_view> as_of = std::nullopt) const;

  /// Number of file groups found in storage (committed or not, replaced or not).
  size_t NumFileGroups() const { return groups_.size(); }

  /// Every file group of `partition` (replaced ones included, with their replacing
  /// instant), in file id order.
  std::vector<FileGroupSlices> FileGroupsInPartition(std::string_view partition) const;

 private:
  using SliceMap = std::map<std::string, FileSlice, std::greater<>>;  // newest first

  struct Visibility;  // the timeline as of an instant

  FileSystemView() = default;
  void AddPartition(const std::string& partition, const std::vector<FileStatus>& entries);
  ::arrow::Status LoadReplacements(const ActiveTimeline& timeline);
  Visibility MakeVisibility(std::optional<std::string_view> as_of) const;
  std::optional<FileSlice> LatestMergedSlice(const SliceMap& slices,
                                             const Visibility& visibility) const;

  std::vector<std::string> partitions_;
  Timeline visible_timeline_;
  std::set<std::string> pending_compactions_;
  std::map<FileGroupId, SliceMap> groups_;
  std::map<FileGroupId, std::string> replaced_by_;  // group -> earliest replacing instant
};

}  // namespace hoodie
