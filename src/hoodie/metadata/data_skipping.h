// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/data_skipping.h
/// \brief hoodie.enable.data.skipping: the file pruner a read uses, as HoodieFileIndex
/// chooses it: the record index for a record-key lookup of the latest snapshot, else the
/// column statistics of the metadata table.
#pragma once

#include <memory>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class FilePruner;
class HoodieConfig;
class TableMetaClient;
struct ReadOptions;

/// The pruner for `options` on `table` as of `timeline`: null when `config` turns data
/// skipping off, or (with a warning naming the table) when its metadata table keeps
/// neither column_stats nor record_index. The record index holds where keys are now, so
/// time travel and incremental reads use the statistics only.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<const FilePruner>> MakeDataSkippingPruner(
    const TableMetaClient& table, const ActiveTimeline& timeline, const HoodieConfig& config,
    const ReadOptions& options);

/// The rows `options` select from `table` as of its timeline now, with the data-skipping
/// pruner of `config` (MakeDataSkippingPruner) for `options`' filters: the read of the
/// Python package and of SQL's hudi_scan.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>>
ReadWithDataSkipping(const std::shared_ptr<TableMetaClient>& table,
                     const HoodieConfig& config, ReadOptions options);

}  // namespace hoodie
