// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/azure_config.h
/// \brief The hadoop-azure keys (fs.azure.*) hoodie honours for abfs:// and wasb://
/// paths: account keys and SAS tokens, per account.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;
class HoodieConfig;

/// Keys of the "Hadoop Azure (hadoop-azure)" group, each also accepted with Spark's
/// `spark.hadoop.` prefix; every value is a secret. Every other `fs.azure.*` key is
/// refused. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT AzureConfig {
  /// fs.azure.account.key.<account>.dfs.core.windows.net (ABFS's name)
  static const ConfigProperty<std::string> kAccountKeyDfs;
  /// fs.azure.account.key.<account>.blob.core.windows.net (WASB's name)
  static const ConfigProperty<std::string> kAccountKeyBlob;
  /// fs.azure.sas.fixed.token.<account>.dfs.core.windows.net
  static const ConfigProperty<std::string> kSasFixedTokenOfAccount;
  /// fs.azure.sas.fixed.token: every account's.
  static const ConfigProperty<std::string> kSasFixedToken;
  /// fs.azure.sas.<container>.<account>.blob.core.windows.net (WASB's SAS key)
  static const ConfigProperty<std::string> kWasbSas;
  /// fs.azure. (prefix): every other key, refused.
  static const ConfigProperty<std::string> kOtherKeys;

  /// The value `config` sets for the template key `prop` with its `<...>` segments
  /// filled by `names` in order (the account; for kWasbSas the container, then the
  /// account), under the key or its `spark.hadoop.` alias; nullopt when unset.
  static std::optional<std::string> GetFor(const HoodieConfig& config,
                                           const ConfigProperty<std::string>& prop,
                                           std::initializer_list<std::string_view> names);

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
