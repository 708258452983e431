// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/bootstrap_guard.cc
/// \brief RefuseMetadataBootstrap.

#include "hoodie/table/bootstrap_guard.h"

#include <algorithm>
#include <optional>
#include <string>

#include "hoodie/common/macros.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

::arrow::Result<bool> HasBootstrapIndex(const TableMetaClient& table) {
  const std::string folder =
      JoinPath(table.meta_path(), TableMetaClient::kBootstrapIndexByPartitionFolder);
  ARROW_ASSIGN_OR_RAISE(bool exists, table.storage()->Exists(folder));
  if (!exists) return false;
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries,
                         table.storage()->List(folder, /*recursive=*/false));
  return std::any_of(entries.begin(), entries.end(),
                     [](const FileStatus& entry) { return !entry.is_directory; });
}

}  // namespace

::arrow::Status RefuseMetadataBootstrap(const TableMetaClient& table,
                                        std::string_view action) {
  const std::optional<std::string> source = table.table_config()->bootstrap_base_path();
  if (!source || source->empty()) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  bool skeletons = timeline.timeline().ContainsTimestamp(kMetadataBootstrapInstant);
  if (!skeletons) {
    ARROW_ASSIGN_OR_RAISE(skeletons, HasBootstrapIndex(table));
  }
  if (!skeletons) return ::arrow::Status::OK();
  return ::arrow::Status::NotImplemented(
      table.base_path(), " is a bootstrapped table (METADATA_ONLY bootstrap, instant ",
      kMetadataBootstrapInstant, ": its base files are skeletons whose data columns live "
      "in the source files under ", *source, "); hoodie cannot ", action,
      " it yet, because it does not join skeleton and source files. Use Apache Hudi for "
      "this table, or bootstrap it with hoodie.bootstrap.mode.selector="
      "org.apache.hudi.client.bootstrap.selector.FullRecordBootstrapModeSelector");
}

}  // namespace hoodie
