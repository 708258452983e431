// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/table_loader.h
/// \brief Opens the table a command names by path or URI.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {

/// The help of `--hoodie-conf` on a command that reads no option of its own: it carries
/// the storage keys of a table on an object store.
inline constexpr char kStorageConfHelp[] =
    "A storage option key=value (repeatable), e.g. hoodie.storage.timeout.seconds=30";

/// Resolves `path_or_uri` to a storage (remote ones with the StorageOptions of
/// `config`) and opens the table there (errors as TableMetaClient::Load, prefixed with
/// nothing: they already name the path).
::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(
    const std::string& path_or_uri, const HoodieConfig& config = HoodieConfig());

/// The help of `--props`, which every command that takes a table has.
inline constexpr char kPropsHelp[] =
    "A .properties file of options (local or on an object store; --hoodie-conf wins)";

/// A command's configuration: its `--props` file (empty: none; read with the storage
/// keys of its `--hoodie-conf` options), then its `--hoodie-conf key=value` options over
/// it, as `hoodie write` and the streamer take them.
::arrow::Result<HoodieConfig> CommandConfig(const std::string& props,
                                            const std::vector<std::string>& hoodie_conf);

/// OpenTable with CommandConfig, for the commands that read no option of their own (the
/// storage keys, hoodie.storage.timeout.seconds), checked as every configuration is.
::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(
    const std::string& path_or_uri, const std::string& props,
    const std::vector<std::string>& hoodie_conf);

/// Loads the properties file `path_or_uri` (`--props`; local or on an object store,
/// read with the StorageOptions of the command's `--hoodie-conf` options) into `config`.
::arrow::Status LoadProps(const std::string& path_or_uri,
                          const std::vector<std::string>& hoodie_conf, HoodieConfig* config);

}  // namespace hoodie::cli
