// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/gcs_file_system.cc
/// \brief Google Cloud Storage (gs://) through Arrow's GcsFileSystem, configured by the
/// gcs-connector's keys (config/gcs_config.h) over Google's environment variables.

#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include <arrow/filesystem/gcsfs.h>

#include "hoodie/common/ascii.h"
#include "hoodie/config/gcs_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/endpoint_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/remote_file_system_internal.h"

namespace hoodie::internal {
namespace {

// Where requests go and how they authenticate, from the keys and the environment.
struct GcsSettings {
  std::optional<Endpoint> endpoint;  // an emulator or another root URL
  std::string auth_type;             // one of GcsConfig's auth types, resolved
  std::string keyfile;
  std::optional<std::string> project_id;
};

std::optional<std::string> Explicit(const HoodieConfig* config,
                                    const ConfigProperty<std::string>& prop) {
  if (config == nullptr) return std::nullopt;
  std::optional<std::string> value = config->GetExplicit(prop);
  if (value && value->empty()) return std::nullopt;
  return value;
}

// fs.gs.storage.root.url, else STORAGE_EMULATOR_HOST as Google's own clients read it
// (a host:port or a URL); nothing for the default root URL.
::arrow::Result<std::optional<Endpoint>> EndpointOf(const HoodieConfig* config) {
  if (auto url = Explicit(config, GcsConfig::kStorageRootUrl)) {
    ARROW_ASSIGN_OR_RAISE(Endpoint endpoint,
                          ParseEndpoint(*url, "https", GcsConfig::kStorageRootUrl.key));
    if (endpoint.authority == "storage.googleapis.com") return std::nullopt;
    return endpoint;
  }
  const std::optional<std::string> host = NonEmptyEnv("STORAGE_EMULATOR_HOST");
  if (!host) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(Endpoint endpoint,
                        ParseEndpoint(*host, "http", "STORAGE_EMULATOR_HOST"));
  return endpoint;
}

::arrow::Result<GcsSettings> SettingsOf(const HoodieConfig* config) {
  GcsSettings settings;
  ARROW_ASSIGN_OR_RAISE(settings.endpoint, EndpointOf(config));
  settings.keyfile = Explicit(config, GcsConfig::kServiceAccountJsonKeyfile).value_or("");
  settings.project_id = Explicit(config, GcsConfig::kProjectId);
  if (auto type = Explicit(config, GcsConfig::kAuthType)) {
    ARROW_ASSIGN_OR_RAISE(std::string parsed, config->Get(GcsConfig::kAuthType));
    settings.auth_type = ToUpperAscii(parsed);
  } else if (!settings.keyfile.empty()) {
    settings.auth_type = GcsConfig::kServiceAccountJsonKeyfileAuth;
  } else if (settings.endpoint) {
    // An emulator checks no credentials, and asking Google for some would only wait.
    settings.auth_type = GcsConfig::kUnauthenticated;
  } else {
    settings.auth_type = GcsConfig::kApplicationDefault;
  }
  return settings;
}

// The key file's content. Its text never reaches a message: it holds a private key.
::arrow::Result<std::string> ReadKeyfile(const std::string& path) {
  const std::string_view key = GcsConfig::kServiceAccountJsonKeyfile.key;
  if (path.empty()) {
    return ::arrow::Status::Invalid(GcsConfig::kAuthType.key, "=",
                                    GcsConfig::kServiceAccountJsonKeyfileAuth, " needs ",
                                    key, " (the path of a service account key file)");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) {
    return ::arrow::Status::IOError("cannot read the file of ", key, ": ", path);
  }
  const std::string json = text.str();
  if (json.find("\"private_key\"") == std::string::npos ||
      json.find("\"client_email\"") == std::string::npos) {
    return ::arrow::Status::Invalid("the file of ", key,
                                    " is not a service account key file (it needs "
                                    "client_email and private_key): ",
                                    path);
  }
  return json;
}

::arrow::Result<::arrow::fs::GcsOptions> OptionsWithCredentials(
    const GcsSettings& settings) {
  if (settings.auth_type == GcsConfig::kUnauthenticated) {
    return ::arrow::fs::GcsOptions::Anonymous();
  }
  if (settings.auth_type == GcsConfig::kServiceAccountJsonKeyfileAuth) {
    ARROW_ASSIGN_OR_RAISE(std::string json, ReadKeyfile(settings.keyfile));
    return ::arrow::fs::GcsOptions::FromServiceAccountCredentials(json);
  }
  return ::arrow::fs::GcsOptions::Defaults();
}

}  // namespace

const std::string_view kGcsHint =
    "for GCS set fs.gs.auth.service.account.json.keyfile (or "
    "GOOGLE_APPLICATION_CREDENTIALS) to a service account key file, and "
    "fs.gs.storage.root.url (or STORAGE_EMULATOR_HOST) for an emulator; each request "
    "gives up after hoodie.storage.timeout.seconds";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeGcsFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  // FromUri only splits the bucket and the path off here: the URI's own options
  // (?endpoint_override=...) are Arrow's, not Hadoop's, and are refused by it.
  ARROW_RETURN_NOT_OK(::arrow::fs::GcsOptions::FromUri(uri, path));
  ARROW_ASSIGN_OR_RAISE(GcsSettings settings, SettingsOf(options.config.get()));
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::GcsOptions gcs, OptionsWithCredentials(settings));
  if (settings.endpoint) {
    gcs.scheme = settings.endpoint->scheme;
    gcs.endpoint_override = settings.endpoint->authority;
  }
  gcs.project_id = settings.project_id;
  // The client retries for 15 minutes by default, which is what made a gs:// path
  // without credentials hang.
  gcs.retry_limit_seconds = static_cast<double>(options.timeout_seconds);
  return ::arrow::fs::GcsFileSystem::Make(gcs);
}

std::string GcsEndpoint(const ::arrow::fs::FileSystem& fs) {
  const auto& gcs = static_cast<const ::arrow::fs::GcsFileSystem&>(fs).options();
  if (gcs.endpoint_override.empty()) return "https://storage.googleapis.com";
  return (gcs.scheme.empty() ? std::string("https") : gcs.scheme) + "://" +
         gcs.endpoint_override;
}

::arrow::fs::FileInfoVector WithImpliedFolders(::arrow::fs::FileInfoVector infos,
                                               std::string_view dir, bool recursive) {
  std::string_view base = dir;
  while (!base.empty() && base.back() == '/') base.remove_suffix(1);
  std::set<std::string> folders;
  ::arrow::fs::FileInfoVector kept;
  for (auto& info : infos) {
    // Every folder between `dir` and the entry ("dir/a" and "dir/a/b" for
    // "dir/a/b/c.log"), or only the first of them when not recursive.
    for (std::string parent = ParentPath(info.path()); parent.size() > base.size();
         parent = ParentPath(parent)) {
      if (recursive || ParentPath(parent).size() == base.size()) folders.insert(parent);
    }
    if (info.IsDirectory()) {
      folders.insert(info.path());
    } else if (recursive || ParentPath(info.path()).size() == base.size()) {
      kept.push_back(std::move(info));
    }
  }
  for (const std::string& folder : folders) {
    if (recursive || ParentPath(folder).size() == base.size()) {
      kept.emplace_back(folder, ::arrow::fs::FileType::Directory);
    }
  }
  return kept;
}

}  // namespace hoodie::internal
