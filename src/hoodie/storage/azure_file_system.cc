// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/azure_file_system.cc
/// \brief Azure Blob Storage and ADLS Gen2 (abfs://, abfss://, wasb://, wasbs://) through
/// Arrow's AzureFileSystem, with options hoodie builds itself from hadoop-azure's keys
/// (config/azure_config.h) over AZURE_STORAGE_CONNECTION_STRING.

#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>

#include <arrow/filesystem/azurefs.h>

#include "hoodie/common/ascii.h"
#include "hoodie/config/azure_config.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/endpoint_internal.h"
#include "hoodie/storage/remote_file_system_internal.h"

namespace hoodie::internal {
namespace {

// A path as Hadoop writes it: <scheme>://<container>@<account>.<service>.<suffix>/<path>.
struct AzureLocation {
  std::string scheme;  // abfs, abfss, wasb or wasbs
  std::string container;
  std::string account;
  std::string service;  // "dfs" or "blob"
  std::string suffix;   // "core.windows.net"
  std::string path;     // inside the container, without leading '/'
};

std::optional<AzureLocation> ParseHadoopLocation(const std::string& uri) {
  AzureLocation location;
  location.scheme = UriScheme(uri);
  std::string_view rest = std::string_view(uri).substr(location.scheme.size() + 3);
  const size_t slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  if (authority.find('?') != std::string_view::npos) return std::nullopt;
  const size_t at = authority.find('@');
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  location.container = std::string(authority.substr(0, at));
  const std::string_view host = authority.substr(at + 1);
  const size_t first_dot = host.find('.');
  if (first_dot == std::string_view::npos || first_dot == 0) return std::nullopt;
  const size_t second_dot = host.find('.', first_dot + 1);
  if (second_dot == std::string_view::npos) return std::nullopt;
  location.account = std::string(host.substr(0, first_dot));
  location.service = ToLowerAscii(host.substr(first_dot + 1, second_dot - first_dot - 1));
  location.suffix = std::string(host.substr(second_dot + 1));
  if (location.service != "dfs" && location.service != "blob") return std::nullopt;
  std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  location.path = std::string(path);
  return location;
}

// AZURE_STORAGE_CONNECTION_STRING's fields ("BlobEndpoint=...;AccountKey=...").
std::map<std::string, std::string> ConnectionStringFields() {
  std::map<std::string, std::string> fields;
  const std::string text = NonEmptyEnv("AZURE_STORAGE_CONNECTION_STRING").value_or("");
  std::string_view rest = text;
  while (!rest.empty()) {
    const size_t end = rest.find(';');
    const std::string_view field = rest.substr(0, end);
    const size_t eq = field.find('=');
    if (eq != std::string_view::npos) {
      fields[Trim(field.substr(0, eq))] = std::string(field.substr(eq + 1));
    }
    rest = end == std::string_view::npos ? "" : rest.substr(end + 1);
  }
  return fields;
}

std::string FieldOr(const std::map<std::string, std::string>& fields, const char* name) {
  auto it = fields.find(name);
  return it == fields.end() ? "" : it->second;
}

// Points `azure` at the endpoints of the connection string: an emulator's BlobEndpoint
// (http://127.0.0.1:10000/devstoreaccount1, the account in the path, as Arrow builds
// URLs for a host that does not start with '.'), or another cloud's EndpointSuffix.
::arrow::Status ApplyEndpoints(const std::map<std::string, std::string>& fields,
                               const AzureLocation& location,
                               ::arrow::fs::AzureOptions* azure) {
  const std::string blob_endpoint = FieldOr(fields, "BlobEndpoint");
  if (!blob_endpoint.empty()) {
    ARROW_ASSIGN_OR_RAISE(
        Endpoint endpoint,
        ParseEndpoint(blob_endpoint, "https",
                      "AZURE_STORAGE_CONNECTION_STRING's BlobEndpoint"));
    const std::string account_prefix = location.account + ".";
    std::string authority = endpoint.authority;
    if (endpoint.path.empty() && authority.rfind(account_prefix, 0) == 0) {
      authority = authority.substr(location.account.size());  // ".blob.<suffix>"
    }
    azure->blob_storage_authority = authority;
    azure->dfs_storage_authority = authority;
    if (authority.rfind(".blob.", 0) == 0) {
      azure->dfs_storage_authority = ".dfs." + authority.substr(6);
    }
    azure->blob_storage_scheme = endpoint.scheme;
    azure->dfs_storage_scheme = endpoint.scheme;
    return ::arrow::Status::OK();
  }
  const std::string suffix = FieldOr(fields, "EndpointSuffix");
  if (!suffix.empty()) {
    azure->blob_storage_authority = ".blob." + suffix;
    azure->dfs_storage_authority = ".dfs." + suffix;
  }
  const std::string protocol = ToLowerAscii(FieldOr(fields, "DefaultEndpointsProtocol"));
  if (protocol == "http" || protocol == "https") {
    azure->blob_storage_scheme = protocol;
    azure->dfs_storage_scheme = protocol;
  }
  return ::arrow::Status::OK();
}

// An account key is base64; the Azure SDK would fail deep inside a request on
// anything else. The message names the key, never the value.
::arrow::Status CheckAccountKey(const std::string& key, std::string_view setting) {
  bool base64 = !key.empty() && key.size() % 4 == 0;
  for (char c : key) {
    base64 = base64 && (std::isalnum(static_cast<unsigned char>(c)) || c == '+' ||
                        c == '/' || c == '=');
  }
  if (base64) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid(setting, " is not a storage account key (base64)");
}

::arrow::Status ConfigureAccountKey(const std::string& key, std::string_view setting,
                                    ::arrow::fs::AzureOptions* azure) {
  ARROW_RETURN_NOT_OK(CheckAccountKey(key, setting));
  return azure->ConfigureAccountKeyCredential(key);
}

// Arrow appends the token to the account's URL as it is, so it must start with '?';
// hadoop-azure takes it with or without.
::arrow::Status ConfigureSas(std::string token, ::arrow::fs::AzureOptions* azure) {
  if (token.empty() || token.front() != '?') token.insert(0, "?");
  return azure->ConfigureSASCredential(token);
}

// The first credential set, keys before the environment: an account key, a SAS token,
// then the connection string's, then AZURE_STORAGE_ACCOUNT_KEY, then a service
// principal of the environment (never Arrow's default chain, which runs the `az` tool
// and asks an instance metadata service that never answers off Azure).
::arrow::Status ConfigureCredential(const HoodieConfig* config,
                                    const std::map<std::string, std::string>& fields,
                                    const AzureLocation& location,
                                    ::arrow::fs::AzureOptions* azure) {
  const std::string_view account = location.account;
  if (config != nullptr) {
    const bool blob = location.service == "blob";
    for (const auto* prop :
         {blob ? &AzureConfig::kAccountKeyBlob : &AzureConfig::kAccountKeyDfs,
          blob ? &AzureConfig::kAccountKeyDfs : &AzureConfig::kAccountKeyBlob}) {
      if (auto key = AzureConfig::GetFor(*config, *prop, {account})) {
        return ConfigureAccountKey(*key, FillTemplateKey(prop->key, {account}), azure);
      }
    }
    std::optional<std::string> sas = AzureConfig::GetFor(*config, AzureConfig::kWasbSas,
                                                         {location.container, account});
    if (!sas)
      sas = AzureConfig::GetFor(*config, AzureConfig::kSasFixedTokenOfAccount, {account});
    if (!sas) sas = AzureConfig::GetFor(*config, AzureConfig::kSasFixedToken, {});
    if (sas) return ConfigureSas(*sas, azure);
  }
  const std::string named = FieldOr(fields, "AccountName");
  if (named.empty() || named == account) {
    const std::string key = FieldOr(fields, "AccountKey");
    if (!key.empty()) {
      return ConfigureAccountKey(key, "AZURE_STORAGE_CONNECTION_STRING's AccountKey",
                                 azure);
    }
    const std::string sas = FieldOr(fields, "SharedAccessSignature");
    if (!sas.empty()) return ConfigureSas(sas, azure);
  }
  if (auto key = NonEmptyEnv("AZURE_STORAGE_ACCOUNT_KEY")) {
    return ConfigureAccountKey(*key, "AZURE_STORAGE_ACCOUNT_KEY", azure);
  }
  return azure->ConfigureEnvironmentCredential();
}

::arrow::Result<::arrow::fs::AzureOptions> OptionsOf(const AzureLocation& location,
                                                     const StorageOptions& options,
                                                     std::string* path) {
  ::arrow::fs::AzureOptions azure;
  azure.account_name = location.account;
  azure.blob_storage_authority = ".blob." + location.suffix;
  azure.dfs_storage_authority = ".dfs." + location.suffix;
  const auto fields = ConnectionStringFields();
  const std::string named = FieldOr(fields, "AccountName");
  if (named.empty() || named == location.account) {
    ARROW_RETURN_NOT_OK(ApplyEndpoints(fields, location, &azure));
  }
  ARROW_RETURN_NOT_OK(
      ConfigureCredential(options.config.get(), fields, location, &azure));
  *path = location.path.empty() ? location.container
                                : location.container + "/" + location.path;
  return azure;
}

// Arrow's own URI forms (abfs://account.blob.core.windows.net/container/path, or
// ?credential_kind=...): what it names it configures; otherwise the environment's.
::arrow::Result<::arrow::fs::AzureOptions> OptionsOfArrowUri(const std::string& uri,
                                                             std::string* path) {
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::AzureOptions azure,
                        ::arrow::fs::AzureOptions::FromUri(uri, path));
  if (uri.find('?') == std::string::npos) {
    if (auto key = NonEmptyEnv("AZURE_STORAGE_ACCOUNT_KEY")) {
      ARROW_RETURN_NOT_OK(ConfigureAccountKey(*key, "AZURE_STORAGE_ACCOUNT_KEY", &azure));
    } else {
      ARROW_RETURN_NOT_OK(azure.ConfigureEnvironmentCredential());
    }
  }
  return azure;
}

}  // namespace

const std::string_view kAzureHint =
    "for Azure name the account in the path "
    "(abfs://container@account.dfs.core.windows.net"
    "/path) and set fs.azure.account.key.<account>.dfs.core.windows.net or a SAS token "
    "(fs.azure.sas.fixed.token.<account>.dfs.core.windows.net), or "
    "AZURE_STORAGE_CONNECTION_STRING or AZURE_STORAGE_ACCOUNT_KEY";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeAzureFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  const std::string scheme = UriScheme(uri);
  std::optional<AzureLocation> location = ParseHadoopLocation(uri);
  ::arrow::fs::AzureOptions azure;
  if (location) {
    ARROW_ASSIGN_OR_RAISE(azure, OptionsOf(*location, options, path));
  } else if (scheme == "wasb" || scheme == "wasbs") {
    return ::arrow::Status::Invalid(
        "a ", scheme,
        ":// path must name its container and account as "
        "container@account.blob.core.windows.net (other WASB forms are not served)");
  } else {
    ARROW_ASSIGN_OR_RAISE(azure, OptionsOfArrowUri(uri, path));
  }
  ARROW_ASSIGN_OR_RAISE(auto fs, ::arrow::fs::AzureFileSystem::Make(azure));
  return fs;
}

std::string AzureEndpoint(const ::arrow::fs::FileSystem& fs) {
  const auto& azure = static_cast<const ::arrow::fs::AzureFileSystem&>(fs).options();
  return azure.AccountBlobUrl(azure.account_name);
}

}  // namespace hoodie::internal
