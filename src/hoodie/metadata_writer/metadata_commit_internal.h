// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_commit_internal.h
/// \brief One deltacommit of a metadata table, as Hudi's metadata writer makes it
/// (HoodieBackedTableMetadataWriter.commitInternal): its requested and inflight states,
/// its files, and its completion through the metadata table's own Transaction.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <arrow/status.h>

#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata_writer/metadata_writer_options.h"
#include "hoodie/write/rollback_options.h"

namespace hoodie {
class TableMetaClient;
struct CommitMetadata;
struct Instant;
}  // namespace hoodie

namespace hoodie::internal {

/// The first deltacommit of `partition` at `instant_time` (the partition's
/// initialization instant), as a BULK_INSERT: file group i of `groups.size()` gets a
/// base HFile of `groups[i]` when that holds cells, and the empty delete block log every
/// new file group starts with.
::arrow::Status CommitMetadataInitialization(const std::shared_ptr<TableMetaClient>& mdt,
                                             const std::string& instant_time,
                                             const MetadataPartition& partition,
                                             const std::vector<std::vector<HFileRecord>>& groups,
                                             const MetadataWriterOptions& options);

/// The cells of file group `index` of an initialization, in key order and one per key;
/// made as the group is written, so that only the groups being written are in memory.
using InitializationCells = std::function<::arrow::Result<std::vector<HFileRecord>>(size_t index)>;

/// CommitMetadataInitialization of `cells_of` file groups, `counts[i]` cells in group i
/// (none: no base HFile, only the empty log).
::arrow::Status CommitMetadataInitialization(const std::shared_ptr<TableMetaClient>& mdt,
                                             const std::string& instant_time,
                                             const MetadataPartition& partition,
                                             const std::vector<int64_t>& counts,
                                             const InitializationCells& cells_of,
                                             const MetadataWriterOptions& options);

/// Sorts `cells` by key and keeps one cell per key (the smallest, as the metadata
/// writer's pre-combine keeps one record: an HFile holds a key once).
void SortUniqueByKey(std::vector<HFileRecord>* cells);

/// `cells` routed to `count` file groups by key (mapRecordKeyToFileGroupIndex), each
/// group's in key order with one cell per key.
std::vector<std::vector<HFileRecord>> RouteToFileGroups(std::vector<HFileRecord> cells,
                                                        int count);

/// Completes `inflight` of the metadata table with `metadata` (the record schema added
/// to its extra metadata, as Hudi's), through the metadata table's own Transaction.
::arrow::Status CompleteMetadataInstant(const std::shared_ptr<TableMetaClient>& mdt,
                                       const Instant& inflight, CommitMetadata* metadata);

/// The options of rollbacks inside a metadata table: no commit-sequence check, as Hudi
/// rolls back its deltacommits in whatever order their data instants are.
RollbackOptions MetadataRollbackOptions();

/// Rolls back a deltacommit `instant_time` the metadata table has already (a data
/// instant retried after a failure) and every failed deltacommit, as Hudi's metadata
/// writer does before it writes.
::arrow::Status RollBackEarlierAttempts(const TableMetaClient& mdt,
                                        const std::string& instant_time);

/// FileGroupCells::index of cells and deletions CommitMetadataDeltaCommit routes to the
/// file groups of their partition by key (mapRecordKeyToFileGroupIndex), counting them
/// in the view it loads.
inline constexpr int kRouteByKey = -1;

/// What one deltacommit appends to one file group of the metadata table.
struct FileGroupCells {
  const MetadataPartition* partition = nullptr;
  int index = 0;
  std::vector<HFileRecord> cells;
  /// Keys removed (record_index's deleted record keys): a delete block after the data
  /// block, as HoodieAppendHandle writes an empty payload.
  std::vector<std::string> deleted;
};

/// Deltacommit `instant_time` (after RollBackEarlierAttempts), as an UPSERT_PREPPED:
/// each of `writes` with cells or deletions appends them as one HFile data block and one
/// delete block, in a new log file, to the latest slice of its file group. With no cells at all it still completes (Hudi
/// marks every data instant in the metadata table).
::arrow::Status CommitMetadataDeltaCommit(const std::shared_ptr<TableMetaClient>& mdt,
                                          const std::string& instant_time,
                                          std::vector<FileGroupCells> writes,
                                          const MetadataWriterOptions& options);

}  // namespace hoodie::internal
