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

/// OpenTable with the configuration of a command's `--hoodie-conf key=value` options,
/// for the commands that take no others (hoodie.storage.timeout.seconds).
::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(
    const std::string& path_or_uri, const std::vector<std::string>& hoodie_conf);

/// Loads the properties file `path_or_uri` (`--props`; local or on an object store,
/// read with the StorageOptions of the command's `--hoodie-conf` options) into `config`.
::arrow::Status LoadProps(const std::string& path_or_uri,
                          const std::vector<std::string>& hoodie_conf, HoodieConfig* config);

}  // namespace hoodie::cli
