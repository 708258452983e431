// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/files_partition_records.h
/// \brief What each data-table action adds to the metadata table's `files` partition
/// (HoodieTableMetadataUtil.convertMetadataToFilesPartitionRecords and its rollback and
/// initialization twins), by metadata record key.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "hoodie/metadata/files_record.h"
#include "hoodie/storage/storage.h"
#include "hoodie/timeline/type_fwd.h"
#include "hoodie/timeline_avro/type_fwd.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Files records by key (`__all_partitions__`, or a partition id).
using FilesRecords = std::map<std::string, FilesRecord>;

/// A commit, deltacommit, replacecommit or compaction: the partitions it wrote to in
/// the partition list, and per partition each file it wrote with the largest size its
/// write stats report (a log file written twice in one instant grew). Files it replaced
/// stay listed until the clean that deletes them.
HOODIE_EXPORT FilesRecords FilesRecordsOfCommit(const CommitMetadata& metadata);

/// A clean: each file it deleted as a tombstone, and the partitions it deleted as
/// tombstones of the partition list.
HOODIE_EXPORT FilesRecords FilesRecordsOfClean(const CleanMetadata& metadata);

/// A rollback: only the log files it appended rollback blocks to, with the failed
/// commit's log files of those partitions (names that are no log file's left out) (the rolled-back instant's own deltacommit is
/// rolled back in the metadata table, which undoes what it listed).
HOODIE_EXPORT FilesRecords FilesRecordsOfRollback(const RollbackMetadata& metadata);

/// The initialization of the partition from a listing: every partition (relative path
/// -> its files) in the partition list, and each partition's files.
HOODIE_EXPORT FilesRecords FilesRecordsOfListing(
    const std::map<std::string, std::vector<FileStatus>>& partitions);

/// What a restore's sync deltacommit adds (convertMissingPartitionRecords over
/// fetchOutofSyncFilesRecordsFromMetadataTable): for each partition the metadata table
/// lists (`listed`, partition -> files), the files on storage it does not list, added
/// with their sizes, and the files it lists that storage no longer holds, deleted; a
/// listed partition gone from storage leaves the partition list with all its files.
/// Partitions only on storage are left alone, as a restore makes none.
HOODIE_EXPORT FilesRecords FilesRecordsOfOutOfSync(
    const std::map<std::string, std::vector<FileStatus>>& listed,
    const std::map<std::string, std::vector<FileStatus>>& on_storage);

}  // namespace hoodie
