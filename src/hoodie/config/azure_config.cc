// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/azure_config.cc
/// \brief Declarations of the hadoop-azure keys (fs.azure.*).
#include "hoodie/config/azure_config.h"

#include "hoodie/config/config_registry.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {
namespace {

constexpr std::string_view kGroup = "Hadoop Azure (hadoop-azure)";

}  // namespace

const ConfigProperty<std::string> AzureConfig::kAccountKeyDfs{
    .key = "fs.azure.account.key.<account>.dfs.core.windows.net",
    .doc =
        "Shared key of a storage account, for abfs:// and abfss:// paths "
        "(container@<account>.dfs.core.windows.net) and wasb:// ones. Overrides "
        "AZURE_STORAGE_CONNECTION_STRING's AccountKey and AZURE_STORAGE_ACCOUNT_KEY.",
    .aliases = {{.key =
                     "spark.hadoop.fs.azure.account.key.<account>.dfs.core.windows.net"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> AzureConfig::kAccountKeyBlob{
    .key = "fs.azure.account.key.<account>.blob.core.windows.net",
    .doc =
        "Shared key of a storage account under WASB's name, for wasb:// and wasbs:// "
        "paths (container@<account>.blob.core.windows.net) and abfs:// ones.",
    .aliases =
        {{.key = "spark.hadoop.fs.azure.account.key.<account>.blob.core.windows.net"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> AzureConfig::kSasFixedTokenOfAccount{
    .key = "fs.azure.sas.fixed.token.<account>.dfs.core.windows.net",
    .doc =
        "A SAS token (the query string after '?') for one storage account, used when "
        "no account key is set.",
    .aliases =
        {{.key = "spark.hadoop.fs.azure.sas.fixed.token.<account>.dfs.core.windows.net"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> AzureConfig::kSasFixedToken{
    .key = "fs.azure.sas.fixed.token",
    .doc =
        "A SAS token for every storage account without an account key or a token of "
        "its own.",
    .aliases = {{.key = "spark.hadoop.fs.azure.sas.fixed.token"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> AzureConfig::kWasbSas{
    .key = "fs.azure.sas.<container>.<account>.blob.core.windows.net",
    .doc =
        "WASB's SAS token of one container, used for its paths when no account key "
        "is set.",
    .aliases =
        {{.key =
              "spark.hadoop.fs.azure.sas.<container>.<account>.blob.core.windows.net"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> AzureConfig::kOtherKeys{
    .key = "fs.azure.",
    .doc = "Any other hadoop-azure key.",
    .aliases = {{.key = "spark.hadoop.fs.azure."}},
    .group = kGroup,
    .support = ConfigSupport::kRefused,
    .support_note =
        "hoodie reaches Azure through Arrow's client and honours only the "
        "account keys (fs.azure.account.key.<account>.dfs.core.windows.net or "
        ".blob.core.windows.net) and SAS tokens (fs.azure.sas.fixed.token[."
        "<account>.dfs.core.windows.net], fs.azure.sas.<container>.<account>."
        "blob.core.windows.net), or AZURE_STORAGE_CONNECTION_STRING",
    .accepted_value = kRefusedWhenSet,
    .secret = true};

std::optional<std::string> AzureConfig::GetFor(
    const HoodieConfig& config, const ConfigProperty<std::string>& prop,
    std::initializer_list<std::string_view> names) {
  std::optional<std::string> value = config.GetRaw(FillTemplateKey(prop.key, names));
  for (size_t i = 0; !value && i < prop.aliases.size(); ++i) {
    value = config.GetRaw(FillTemplateKey(prop.aliases[i].key, names));
  }
  if (value && value->empty()) return std::nullopt;
  return value;
}

void AzureConfig::Register(ConfigRegistry* registry) {
  // Templates before the prefix that covers them; Find prefers them anyway.
  registry->Add(kAccountKeyDfs);
  registry->Add(kAccountKeyBlob);
  registry->Add(kSasFixedTokenOfAccount);
  registry->Add(kSasFixedToken);
  registry->Add(kWasbSas);
  registry->Add(kOtherKeys);
}

}  // namespace hoodie
