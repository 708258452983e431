// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_commit_internal.h
/// \brief One deltacommit of a metadata table, as Hudi's metadata writer makes it
/// (HoodieBackedTableMetadataWriter.commitInternal): its requested and inflight states,
/// its files, and its completion through the metadata table's own Transaction.
#pragma once

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

/// The first deltacommit of `partition` (single file group `index` 0): a base HFile of
/// `cells` and the empty delete block log every new file group starts with, at
/// `instant_time` (the partition's initialization instant), as a BULK_INSERT.
::arrow::Status CommitMetadataInitialization(const std::shared_ptr<TableMetaClient>& mdt,
                                             const std::string& instant_time,
                                             const MetadataPartition& partition,
                                             const std::vector<HFileRecord>& cells,
                                             const MetadataWriterOptions& options);

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

/// Deltacommit `instant_time` appending `cells` as one HFile data block, in a new log
/// file, to the latest slice of the file group `index` of `partition`, as an
/// UPSERT_PREPPED (after RollBackEarlierAttempts). An empty `cells` still makes the deltacommit (Hudi marks every data
/// instant in the metadata table).
::arrow::Status CommitMetadataLogBlock(const std::shared_ptr<TableMetaClient>& mdt, const std::string& instant_time,
                                       const MetadataPartition& partition, int index,
                                       std::vector<HFileRecord> cells,
                                       const MetadataWriterOptions& options);

}  // namespace hoodie::internal
