// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/metadata_table_guard.cc
/// \brief DisableMetadataTable: clear the MDT keys of hoodie.properties, then delete
/// `.hoodie/metadata`.
#include <string>

#include "hoodie/common/logging.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/metadata_table_guard_internal.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::internal {
namespace {

// HoodieTableMetaClient.METADATA_TABLE_FOLDER_PATH: <base>/.hoodie/metadata.
constexpr char kMetadataFolder[] = "metadata";

}  // namespace

::arrow::Result<bool> DisableMetadataTable(TableMetaClient* table) {
  ARROW_RETURN_NOT_OK(table->ReloadTableConfig());
  const TableConfig& config = *table->table_config();
  const std::string listed = config.GetOr(TableConfig::kMetadataPartitions, "");
  const std::string inflight = config.GetOr(TableConfig::kMetadataPartitionsInflight, "");
  const std::string folder = JoinPath(table->meta_path(), kMetadataFolder);
  ARROW_ASSIGN_OR_RAISE(bool folder_exists, table->storage()->Exists(folder));
  if (listed.empty() && inflight.empty() && !folder_exists) return false;
  // Properties first: once they list no partition, no reader or writer opens the MDT,
  // so deleting its folder afterwards cannot send anyone to a half-deleted table.
  if (!listed.empty() || !inflight.empty()) {
    LogInfo("disabling the metadata table, which hoodie does not maintain: clearing " +
            std::string(TableConfig::kMetadataPartitions) + "=" + listed + " and " +
            std::string(TableConfig::kMetadataPartitionsInflight) + "=" + inflight +
            " in " + table->properties_path());
    ARROW_RETURN_NOT_OK(table->UpdateTableConfig(
        {{std::string(TableConfig::kMetadataPartitions), ""},
         {std::string(TableConfig::kMetadataPartitionsInflight), ""}},
        {}));
  }
  if (folder_exists) {
    LogInfo("deleting the metadata table, which hoodie does not maintain: " + folder);
    ARROW_RETURN_NOT_OK(table->storage()->DeleteDir(folder));
  }
  return true;
}

}  // namespace hoodie::internal
