// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/data_skipping.cc
/// \brief MakeDataSkippingPruner.
#include "hoodie/metadata/data_skipping.h"

#include <string>

#include "hoodie/common/logging.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/metadata/column_stats_pruner.h"
#include "hoodie/metadata/record_index_pruner.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

::arrow::Result<std::shared_ptr<const FilePruner>> MakeDataSkippingPruner(
    const TableMetaClient& table, const ActiveTimeline& timeline, const HoodieConfig& config,
    const ReadOptions& options) {
  ARROW_ASSIGN_OR_RAISE(bool skipping, config.Get(DataSourceConfig::kEnableDataSkipping));
  if (!skipping) return nullptr;
  ARROW_ASSIGN_OR_RAISE(auto column_stats, ColumnStatsPruner::Make(table, timeline));
  std::shared_ptr<const RecordIndexPruner> record_index;
  if (!options.as_of && options.query_type != QueryType::kIncremental) {
    ARROW_ASSIGN_OR_RAISE(record_index, RecordIndexPruner::Make(table, timeline));
  }
  if (column_stats == nullptr && record_index == nullptr) {
    LogWarning(std::string(DataSourceConfig::kEnableDataSkipping.key) +
               " is on but the metadata table of " + table.base_path() +
               " has no column_stats or record_index partition: every file is read");
    return nullptr;
  }
  return std::make_shared<FirstApplicablePruner>(std::move(record_index),
                                                 std::move(column_stats));
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> ReadWithDataSkipping(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config,
    ReadOptions options) {
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  ARROW_ASSIGN_OR_RAISE(options.file_pruner,
                        MakeDataSkippingPruner(*table, reader->timeline(), config, options));
  return reader->Read(options);
}

}  // namespace hoodie
