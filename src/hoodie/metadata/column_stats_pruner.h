// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/column_stats_pruner.h
/// \brief Data skipping over the metadata table's column_stats partition, as Hudi's
/// HoodieFileIndex does with hoodie.enable.data.skipping.
#pragma once

#include <memory>

#include <arrow/result.h>

#include "hoodie/read/file_pruner.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class MetadataTable;
class TableMetaClient;

/// \brief Rules out file slices by the column statistics the metadata table holds for
/// their files: a file is skipped when some filter cannot hold anywhere in its
/// [min, max] range (or the column is all nulls there); a slice is read when any of its
/// files may match or is not indexed for a filtered column (log files, which hoodie
/// does not index yet, or a literal that does not convert to the column's statistics).
class HOODIE_EXPORT ColumnStatsPruner : public FilePruner {
 public:
  /// The pruner of `table` as of `timeline`; null when its metadata table has no
  /// column_stats partition readers may use (hoodie.table.metadata.partitions).
  static ::arrow::Result<std::shared_ptr<const FilePruner>> Make(
      const TableMetaClient& table, const ActiveTimeline& timeline);

  ::arrow::Result<std::vector<bool>> MayMatch(const std::vector<FileSlice>& slices,
                                              const std::vector<ColumnFilter>& filters,
                                              const ::arrow::Schema& table_schema) const override;

 private:
  explicit ColumnStatsPruner(std::shared_ptr<const MetadataTable> metadata)
      : metadata_(std::move(metadata)) {}
  std::shared_ptr<const MetadataTable> metadata_;
};

}  // namespace hoodie
