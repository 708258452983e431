// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/table_reader.h
/// \brief Snapshot, time-travel, read-optimized and incremental reads of a table as a
/// stream of Arrow record batches.
///
/// Matches what Spark's DefaultSource builds for a v6 table: BaseFileOnlyRelation
/// (COW snapshot and MOR read-optimized), IncrementalRelation /
/// MergeOnReadIncrementalRelation (incremental), MergeOnReadSnapshotRelation (MOR
/// snapshot: base files merged with log blocks) and HoodieFileIndex (pruning).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/table.h>

#include "hoodie/read/read_options.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/visibility.h"

namespace hoodie::internal {
struct ScanSpec;
}

namespace hoodie {

class FileSystemView;
class TableMetaClient;

/// \brief The file slices a read will open, in read order, and the commit-time range
/// rows must fall in (incremental reads only).
struct HOODIE_EXPORT ReadPlan {
  std::vector<FileSlice> slices;
  /// Incremental reads: the filters on `_hoodie_commit_time`, (begin, end] (copy-on-write:
  /// from the range's first to its last active commit, as IncrementalRelation filters).
  std::vector<ColumnFilter> commit_time_filters;
  /// The instant the file slices were chosen as of (time travel or incremental end).
  std::optional<std::string> as_of;
  /// An incremental read that fell back to a full table scan: the latest snapshot's
  /// slices, read as a snapshot (Hudi loads the table path) and filtered on
  /// (begin, end].
  bool full_table_scan = false;
  /// The base file whose schema is the output schema: the newest file of the plan, or,
  /// when the plan is empty, the newest base file of the table; empty for a table
  /// without data files.
  std::string schema_file;
};

/// \brief Reads one table. Thread-compatible: the reader holds the timeline loaded by
/// Open; each Read lists the table again, so concurrent reads need no locking.
class HOODIE_EXPORT TableReader {
 public:
  /// Loads the active timeline of `table`. IOError from storage.
  static ::arrow::Result<std::unique_ptr<TableReader>> Open(
      std::shared_ptr<TableMetaClient> table);

  const TableMetaClient& table() const { return *table_; }
  const ActiveTimeline& timeline() const { return timeline_; }

  /// Chooses the file slices (partition pruning, visibility, time travel, incremental
  /// file pruning by the commit metadata of the instants in range). Invalid for bad
  /// options (an option that does not apply to the query type, a malformed instant, an
  /// incremental read of a table without meta fields).
  ::arrow::Result<ReadPlan> Plan(const ReadOptions& options) const;

  /// Streams the rows of Plan(options), file by file and row group by row group, with
  /// projection, filters and limit applied. Invalid naming the column when a projected
  /// or filtered column is not in the table schema, or a filter literal does not parse.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Read(
      const ReadOptions& options) const;

  /// Read() collected into one table.
  ::arrow::Result<std::shared_ptr<::arrow::Table>> ReadTable(
      const ReadOptions& options) const;

 private:
  TableReader(std::shared_ptr<TableMetaClient> table, ActiveTimeline timeline)
      : table_(std::move(table)), timeline_(std::move(timeline)) {}

  // `schema` (of the plan's schema file, written at `schema_commit_time`) with the
  // columns a later commit's schema adds after its own.
  ::arrow::Result<std::shared_ptr<::arrow::Schema>> WithLatestCommitColumns(
      std::shared_ptr<::arrow::Schema> schema, const std::string& schema_commit_time) const;

  // Not exported: its signature names an internal type.
  HOODIE_NO_EXPORT
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> ReadMerged(
      ReadPlan plan, const ReadOptions& options,
      std::shared_ptr<::arrow::Schema> table_schema, internal::ScanSpec spec) const;
  // Partition values parsed from the path of each slice of `plan`, in slice order, for
  // the partition columns of the table (retyped in `*table_schema` as Spark types
  // them); empty for a non-partitioned table. Invalid when a path does not parse.
  ::arrow::Result<
      std::vector<std::vector<std::pair<std::string, std::shared_ptr<::arrow::Scalar>>>>>
  PathPartitionValues(const ReadPlan& plan,
                      std::shared_ptr<::arrow::Schema>* table_schema) const;
  // Invalid when `as_of` precedes the earliest commit the last clean retained.
  ::arrow::Status ValidateAsOfAgainstCleaning(const std::string& as_of) const;
  // Drops the slices of partitions whose path values fail a filter on a partition
  // column (merge-on-read snapshot and time travel).
  ::arrow::Status PrunePartitionsByFilters(const ReadOptions& options,
                                           const ::arrow::Schema& table_schema,
                                           ReadPlan* plan) const;
  // Drops the slices options.file_pruner rules out for options.filters (data skipping).
  ::arrow::Status SkipSlices(const ReadOptions& options, const ::arrow::Schema& table_schema,
                             ReadPlan* plan) const;
  // What the write stats of the commits of an incremental range name.
  struct WrittenInRange {
    std::vector<FileGroupId> groups;  // sorted
    // Names of the files written (Spark's affectedFilesInCommits).
    std::set<std::string> files;
    // Groups with a stat that names no file: all their files count as written.
    std::set<FileGroupId> groups_without_paths;
    // Each group's written paths, relative to the base path, in commit order.
    std::map<FileGroupId, std::vector<std::string>> paths;
  };
  ::arrow::Result<WrittenInRange> GroupsWrittenInRange(const Timeline& commits) const;
  ::arrow::Status PlanIncremental(const ReadOptions& options, ReadPlan* plan) const;
  ::arrow::Status PlanFullTableScan(const ReadOptions& options, ReadPlan* plan) const;
  ::arrow::Result<std::optional<std::string>> FirstMissingFile(
      const std::vector<std::string>& paths, const FileSystemView& view) const;
  ::arrow::Result<std::vector<FileSlice>> LatestSlices(
      const FileSystemView& view, QueryType type, std::optional<std::string> as_of) const;

  std::shared_ptr<TableMetaClient> table_;
  ActiveTimeline timeline_;
};

}  // namespace hoodie
