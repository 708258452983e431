// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/record_index_partition_internal.h
/// \brief The record_index partition: each record key's location, built from the
/// latest base files (initializeRecordIndexPartition) and kept by every write from
/// where its records went (getRecordIndexUpdates, getRecordIndexAdditionalUpdates).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_writer_options.h"

namespace hoodie {
class TableMetaClient;
struct PreCommitContext;
}  // namespace hoodie

namespace hoodie::internal {

/// HoodieTableMetadataUtil.estimateFileGroupCount for record_index: `records` keys
/// grown by the growth factor, at 48 bytes each, in file groups of at most the maximum
/// size, clamped to [min, max] (exactly min when the two are equal).
int RecordIndexFileGroupCount(int64_t records, const MetadataWriterOptions& options);

/// Builds the record_index partition as deltacommit `init_time` from the keys of every
/// latest base file of `data_table` (each at its file group and base instant), in as
/// many file groups as RecordIndexFileGroupCount gives.
::arrow::Status InitializeRecordIndex(TableMetaClient* data_table,
                                      const std::shared_ptr<TableMetaClient>& mdt,
                                      const std::string& init_time,
                                      const MetadataWriterOptions& options);

/// record_index's part of the deltacommit of the instant `context` completes: the keys
/// the write inserted, at their file group and this instant; tombstones for the keys it
/// deleted and for those of the latest base files of the partitions it replaces that
/// it did not insert again, for the deltacommit to route by key (kRouteByKey). None when
/// the data table does not list record_index or the instant wrote no keys.
::arrow::Result<std::vector<FileGroupCells>> RecordIndexWrites(const PreCommitContext& context);

}  // namespace hoodie::internal
