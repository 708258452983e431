// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_table_writer.h
/// \brief Keeps a table's metadata table in step with every instant, as Hudi 0.15's
/// HoodieBackedTableMetadataWriter does: the metadata-table step of the table's commit
/// hooks when hoodie.metadata.enable is true.
#pragma once

#include <arrow/status.h>

#include "hoodie/metadata_writer/metadata_writer_options.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Before each instant of the table completes (under its lock):
///  - initializes the metadata table from a listing when the table has none a reader may
///    use (no `files` in hoodie.table.metadata.partitions), at the latest completed
///    instant plus `010`, unless another data instant is pending (then, as in Hudi, the
///    instant completes without one and a later write builds it), and deletes the
///    index partitions hoodie does not keep (column_stats, bloom_filters,
///    record_index), as Hudi does for disabled indexes;
///  - runs the metadata table's services: its clean (latest deltacommit plus `002`,
///    three instants after a compaction at the earliest), its compaction (latest
///    deltacommit plus `001`) when compact_max_delta_commits deltacommits followed the
///    last one and no data instant they cover is pending, and its archival;
///  - writes the instant's deltacommit into the `files` partition: the files a write or
///    compaction wrote, a clean's deletions, a rollback's rollback logs; and into the
///    index partitions kept (column statistics of log files from their write stats);
///  - for a rollback, rolls back the rolled-back instant's own deltacommit in the
///    metadata table (instant plus `006`);
///  - for a restore, restores the metadata table to the same instant and syncs its
///    `files` partition with storage (RestoreMetadataTable), or disables it when it
///    cannot go back that far (the next write rebuilds it).
/// Savepoints leave it alone. Thread-compatible: one writer per table.
class HOODIE_EXPORT MetadataTableWriter : public MetadataTableStep {
 public:
  explicit MetadataTableWriter(MetadataWriterOptions options) : options_(options) {}
  ::arrow::Status Apply(const PreCommitContext& context) override;

 private:
  MetadataWriterOptions options_;
};

class HoodieConfig;
class TableMetaClient;

/// Sets every commit hook `config` asks for on `table`: the lock and conflict check of
/// its concurrency mode (ConfigureConcurrency, concurrency/concurrency_control.h), then
/// its metadata table (ConfigureMetadataTable). What every command that writes a table
/// calls before its first instant.
HOODIE_EXPORT ::arrow::Status ConfigureCommitHooks(TableMetaClient* table,
                                                   const HoodieConfig& config);

/// Sets how `table` uses its metadata table from `config`. With hoodie.metadata.enable
/// true: a MetadataTableWriter as the metadata-table step of its commit hooks (the rest
/// kept; an InProcessLockProvider when they hold no lock), and file system views list
/// through the metadata table (MetadataTableListing::Make). Otherwise
/// DisableMetadataTableStep (Hudi's writers with false delete the metadata table) and
/// storage listings. Every entry point that opens a table calls this, through
/// ConfigureCommitHooks.
/// Invalid for a bad hoodie.metadata.* value.
HOODIE_EXPORT ::arrow::Status ConfigureMetadataTable(TableMetaClient* table,
                                                    const HoodieConfig& config);

/// Builds `table`'s metadata table from a listing when it has none readers may use
/// (`hoodie metadata init`), as the first write with it on would, and drops the index
/// partitions hoodie does not keep. \return whether it built one.
HOODIE_EXPORT ::arrow::Result<bool> InitializeMetadataTable(TableMetaClient* table,
                                                            const MetadataWriterOptions& options);

/// Deletes `table`'s metadata table as Hudi does with hoodie.metadata.enable=false
/// (`hoodie metadata delete`): the properties forget it, then its folder goes.
/// \return whether there was anything to delete.
HOODIE_EXPORT ::arrow::Result<bool> DeleteMetadataTable(TableMetaClient* table);

}  // namespace hoodie
