// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/azure_file_system.cc
/// \brief Azure Blob Storage and ADLS Gen2 (abfs://, abfss://) through Arrow's
/// AzureFileSystem.

#include <cstdlib>

#include <arrow/filesystem/azurefs.h>

#include "hoodie/storage/remote_file_system_internal.h"

namespace hoodie::internal {
namespace {

// Whether the URI names its own credential: a query (credential_kind=..., a SAS token) or
// an account key as the password of its user info.
bool NamesCredential(std::string_view uri) {
  if (uri.find('?') != std::string_view::npos) return true;
  const size_t start = uri.find("://") + 3;
  const std::string_view authority = uri.substr(start, uri.find('/', start) - start);
  const size_t at = authority.find('@');
  return at != std::string_view::npos &&
         authority.substr(0, at).find(':') != std::string_view::npos;
}

}  // namespace

const std::string_view kAzureHint =
    "for Azure name the account in the URI (abfs://container@account.dfs.core.windows.net/"
    "path) and set AZURE_STORAGE_ACCOUNT_KEY, or AZURE_CLIENT_ID, AZURE_TENANT_ID and "
    "AZURE_CLIENT_SECRET, or name another credential in the URI "
    "(?credential_kind=managed_identity, cli or default)";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeAzureFileSystem(
    const std::string& uri, const StorageOptions& /*options*/, std::string* path) {
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::AzureOptions azure,
                         ::arrow::fs::AzureOptions::FromUri(uri, path));
  if (!NamesCredential(uri)) {
    // Arrow's default, DefaultAzureCredential, runs the `az` CLI (whose "az: not found"
    // lands on hoodie's stderr) and asks the instance metadata service, which never
    // answers off Azure. The account key or the service principal of the environment
    // answer at once, with or without credentials.
    const char* key = std::getenv("AZURE_STORAGE_ACCOUNT_KEY");
    if (key != nullptr && *key != '\0') {
      ARROW_RETURN_NOT_OK(azure.ConfigureAccountKeyCredential(key));
    } else {
      ARROW_RETURN_NOT_OK(azure.ConfigureEnvironmentCredential());
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto fs, ::arrow::fs::AzureFileSystem::Make(azure));
  return fs;
}

}  // namespace hoodie::internal
