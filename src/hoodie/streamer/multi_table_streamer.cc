// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/multi_table_streamer.cc
#include "hoodie/streamer/multi_table_streamer.h"

#include <utility>

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/storage/storage_text.h"

namespace hoodie {
namespace {

std::string TrimSlash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

// hoodie.deltastreamer.ingestion.<db>.<table>.configFile, or 0.15's hoodie.streamer.
// spelling.
std::optional<std::string> TableConfigFileKey(const HoodieConfig& common, const std::string& db,
                                              const std::string& table) {
  for (const char* prefix : {"hoodie.deltastreamer.ingestion.", "hoodie.streamer.ingestion."}) {
    if (auto value = common.GetRaw(std::string(prefix) + db + "." + table + ".configFile")) {
      return value;
    }
  }
  return std::nullopt;
}

}  // namespace

::arrow::Result<std::vector<IngestedTable>> TablesToIngest(const MultiTableOptions& options,
                                                          const HoodieConfig& common) {
  std::optional<std::string> list = common.GetExplicit(StreamerConfig::kTablesToBeIngested);
  if (!list || Trim(*list).empty()) {
    return ::arrow::Status::Invalid("the multi-table streamer needs ",
                                    StreamerConfig::kTablesToBeIngested.key,
                                    " (comma-separated <database>.<table> names)");
  }
  std::vector<IngestedTable> out;
  for (const std::string& entry : SplitAtCommas(*list)) {
    std::string name = Trim(entry);
    if (name.empty()) continue;
    IngestedTable table;
    size_t dot = name.find('.');
    table.database = dot == std::string::npos ? "default" : name.substr(0, dot);
    table.table = dot == std::string::npos ? name : name.substr(dot + 1);
    table.config_file = TableConfigFileKey(common, table.database, table.table)
                            .value_or(TrimSlash(options.config_folder) + "/" + table.database +
                                      "_" + table.table + "_config.properties");
    table.props = common;
    // The config folder may be on an object store, like the tables.
    ARROW_ASSIGN_OR_RAISE(StorageOptions storage_options, StorageOptions::FromConfig(common));
    std::string inside;
    ARROW_ASSIGN_OR_RAISE(auto storage,
                          Storage::FromUri(table.config_file, &inside, storage_options));
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(inside));
    if (!exists) {
      return ::arrow::Status::Invalid("the config file of ", table.database, ".", table.table,
                                      " is missing: ", table.config_file);
    }
    ARROW_RETURN_NOT_OK(
        table.props.LoadPropertiesFile(table.config_file, PropertiesReader(storage_options)));
    std::optional<std::string> path = table.props.GetExplicit(StreamerConfig::kTargetBasePath);
    if (path && !path->empty()) {
      table.target_base_path = *path;
    } else if (!options.base_path_prefix.empty()) {
      table.target_base_path =
          TrimSlash(options.base_path_prefix) + "/" + table.database + "/" + table.table;
    } else {
      return ::arrow::Status::Invalid("no base path for ", table.database, ".", table.table,
                                      ": give --base-path-prefix or set ",
                                      StreamerConfig::kTargetBasePath.key, " in ",
                                      table.config_file);
    }
    out.push_back(std::move(table));
  }
  return out;
}

::arrow::Result<std::vector<TableRound>> RunMultiTable(const MultiTableOptions& multi,
                                                        const StreamerOptions& options,
                                                        const HoodieConfig& common) {
  if (options.table_type != "COPY_ON_WRITE") {
    return ::arrow::Status::NotImplemented(
        "the multi-table streamer ingests COPY_ON_WRITE tables only, as Hudi's does");
  }
  if (options.continuous) {
    return ::arrow::Status::Invalid("the multi-table streamer runs one round per table; "
                                    "--continuous is for a single table");
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<IngestedTable> tables, TablesToIngest(multi, common));
  std::vector<TableRound> out;
  for (IngestedTable& table : tables) {
    StreamerOptions each = options;
    each.target_base_path = table.target_base_path;
    each.target_table = table.database + "." + table.table;
    ARROW_ASSIGN_OR_RAISE(auto sync, StreamSync::Make(std::move(each), table.props));
    auto round = sync->SyncOnce();
    if (!round.ok()) {
      return round.status().WithMessage(table.database, ".", table.table, ": ",
                                        round.status().message());
    }
    out.push_back({std::move(table), *std::move(round)});
  }
  return out;
}

}  // namespace hoodie
