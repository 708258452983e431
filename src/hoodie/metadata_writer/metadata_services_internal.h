// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_services_internal.h
/// \brief The steps of MetadataTableWriter beside a deltacommit: initialization from a
/// listing, compaction and restore of the metadata table.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/metadata/files_partition_records.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_writer_options.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {
class TableMetaClient;
class Timeline;
}  // namespace hoodie

namespace hoodie::internal {

/// The metadata table of `data_table`, initialized first when the data table lists no
/// `files` partition for readers or its metadata table is out of step
/// (HoodieBackedTableMetadataWriter.initializeIfNeeded): a folder left by an earlier
/// attempt is deleted, hoodie.table.metadata.partitions.inflight names `files` while
/// the partition is built from a listing of the data table's files of completed
/// instants (none of `current`, the instant committing, nor those in `excluded`,
/// relative paths it wrote), then hoodie.table.metadata.partitions lists it. Index
/// partitions hoodie does not keep are then dropped from the properties and deleted
/// (deleteMetadataIndexIfNecessary); partitions of other names are kept and reported.
/// \return null, with a warning, when it must be built while data-table instants
/// other than `current` are pending, which Hudi does not do either: the metadata table
/// stays unavailable (one out of step is disabled) until a later write.
/// `initialized`, when given, tells whether it was built now.
::arrow::Result<std::shared_ptr<TableMetaClient>> OpenOrInitializeMetadataTable(
    TableMetaClient* data_table, const std::string& current,
    const std::set<std::string>& excluded, const MetadataWriterOptions& options,
    bool* initialized = nullptr);

/// The data table's partitions (relative paths) and the files of each that a reader of
/// the instants up to `max_instant` sees on storage, but those in `excluded` (relative
/// paths) (the DirectoryInfo listing of initializeFromFilesystem).
::arrow::Result<std::map<std::string, std::vector<FileStatus>>> ListCommittedFiles(
    const TableMetaClient& data_table, const std::string& max_instant,
    const std::set<std::string>& excluded);

/// Brings the metadata table along with the data table's restore `restore` (completing,
/// its files already rolled back) as HoodieBackedTableMetadataWriter.update of a
/// HoodieRestoreMetadata does: the metadata table is restored to the same instant (its
/// own restore, at a new instant), then one deltacommit at a new instant puts its `files`
/// partition in step with storage again (the cleans after that instant are not undone).
/// When the metadata table cannot go back that far (no deltacommit at the instant, a
/// partition initialized after it, or a file group with no slice from before it, where
/// Hudi fails and asks for the metadata table to be deleted), it is disabled instead, with a warning saying why, and the next
/// write builds it again. \return whether it was restored (false: disabled).
::arrow::Result<bool> RestoreMetadataTable(TableMetaClient* data_table, const Instant& restore,
                                           const MetadataWriterOptions& options);

/// The data-table instants pending beside `current` (the one committing), which keep the
/// metadata table from being built (initializeFromFilesystem; indexing instants never
/// block), named and comma-joined; empty when there is none.
std::string PendingBeside(const Timeline& timeline, const std::string& current);

/// Adds `partition` to the data table's hoodie.table.metadata.partitions.inflight
/// (`completed` false: being built, readers must not use it), or moves it from there
/// to hoodie.table.metadata.partitions (setMetadataPartitionState).
::arrow::Status SetMetadataPartitionState(TableMetaClient* data_table,
                                         const MetadataPartition& partition, bool completed);

/// Compacts the metadata table when options.compact_max_delta_commits deltacommits
/// followed its last compaction and no data-table instant up to its latest deltacommit
/// is pending but `current` (the instant being committed)
/// (HoodieBackedTableMetadataWriter.compactIfNecessary): a compaction plan and instant
/// at the latest deltacommit plus `001`, a new base HFile of each file group's merged
/// records, completed as a commit. \return whether it compacted.
::arrow::Result<bool> CompactMetadataTableIfDue(TableMetaClient* data_table,
                                                const std::shared_ptr<TableMetaClient>& mdt,
                                                const std::string& current,
                                                const MetadataWriterOptions& options);

/// Cleans the metadata table (cleanIfNecessary) unless fewer than three instants
/// followed its last compaction (readers may still be opening the slices it replaced):
/// KEEP_LATEST_COMMITS with options.cleaner_commits_retained, at its latest deltacommit
/// plus `002`. \return whether a clean ran.
::arrow::Result<bool> CleanMetadataTableIfDue(const std::shared_ptr<TableMetaClient>& mdt,
                                              const MetadataWriterOptions& options);

/// Archives the metadata table's timeline (keep.min/max.commits), never past its last
/// compaction and never at or after the data table's earliest active or pending
/// instant. \return the instants archived.
::arrow::Result<size_t> ArchiveMetadataTable(TableMetaClient* data_table,
                                            const std::shared_ptr<TableMetaClient>& mdt,
                                            const MetadataWriterOptions& options);

}  // namespace hoodie::internal
