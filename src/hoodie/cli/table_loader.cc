// SPDX-License-Identifier: Apache-2.0
#include "hoodie/cli/table_loader.h"

#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/storage/storage.h"
#include "hoodie/storage/storage_text.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {

::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(const std::string& path_or_uri,
                                                            const HoodieConfig& config) {
  std::string path;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(path_or_uri, &path, config));
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(std::move(storage), path));
  ARROW_RETURN_NOT_OK(ConfigureCommitHooks(table.get(), config));
  return table;
}

::arrow::Result<HoodieConfig> CommandConfig(const std::string& props,
                                            const std::vector<std::string>& hoodie_conf) {
  HoodieConfig config;
  if (!props.empty()) ARROW_RETURN_NOT_OK(LoadProps(props, hoodie_conf, &config));
  ARROW_RETURN_NOT_OK(config.AddHoodieConfs(hoodie_conf));
  return config;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(
    const std::string& path_or_uri, const std::string& props,
    const std::vector<std::string>& hoodie_conf) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(props, hoodie_conf));
  ARROW_RETURN_NOT_OK(config.Validate());
  return OpenTable(path_or_uri, config);
}

::arrow::Status LoadProps(const std::string& path_or_uri,
                          const std::vector<std::string>& hoodie_conf, HoodieConfig* config) {
  HoodieConfig conf;
  ARROW_RETURN_NOT_OK(conf.AddHoodieConfs(hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(StorageOptions options, StorageOptions::FromConfig(conf));
  return config->LoadPropertiesFile(path_or_uri, PropertiesReader(options));
}

}  // namespace hoodie::cli
