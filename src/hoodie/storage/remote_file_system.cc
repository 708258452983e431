// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/remote_file_system.cc
/// \brief Remote file systems: S3 (also as s3a/s3n), GCS, Azure and HDFS.

#include "hoodie/storage/remote_file_system_internal.h"

#include <cctype>
#include <cstdlib>

#include <arrow/filesystem/azurefs.h>
#include <arrow/filesystem/gcsfs.h>
#include <arrow/filesystem/s3fs.h>

#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/storage/storage_error_internal.h"

namespace hoodie {

::arrow::Result<StorageOptions> StorageOptions::FromConfig(const HoodieConfig& config) {
  StorageOptions options;
  ARROW_ASSIGN_OR_RAISE(options.timeout_seconds,
                         config.Get(StorageConfig::kStorageTimeoutSeconds));
  return options;
}

namespace internal {
namespace {

// Attempts of one S3 request: the first and two retries, so that a server that does
// not answer costs three connect timeouts, not the SDK's ten.
constexpr int64_t kS3MaxAttempts = 3;

constexpr std::string_view kS3Hint =
    "for S3 set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE), AWS_REGION, "
    "and AWS_ENDPOINT_URL for an S3-compatible server; each request gives up after "
    "hoodie.storage.timeout.seconds";
constexpr std::string_view kGcsHint =
    "for GCS set GOOGLE_APPLICATION_CREDENTIALS to a service account key file; each "
    "request gives up after hoodie.storage.timeout.seconds";
constexpr std::string_view kAzureHint =
    "for Azure name the account in the URI (abfs://container@account.dfs.core.windows.net/"
    "path) and set AZURE_STORAGE_ACCOUNT_KEY, or AZURE_CLIENT_ID, AZURE_TENANT_ID and "
    "AZURE_CLIENT_SECRET, or name another credential in the URI "
    "(?credential_kind=managed_identity, cli or default)";
constexpr std::string_view kHdfsHint =
    "hoodie reaches HDFS through Hadoop's libhdfs, which needs a JVM: set JAVA_HOME, and "
    "HADOOP_HOME or ARROW_LIBHDFS_DIR to the folder holding libhdfs.so";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeS3(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  ARROW_RETURN_NOT_OK(::arrow::fs::EnsureS3Initialized());
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::S3Options s3, ::arrow::fs::S3Options::FromUri(uri, path));
  s3.connect_timeout = options.timeout_seconds;
  s3.request_timeout = options.timeout_seconds;
  s3.retry_strategy = ::arrow::fs::S3RetryStrategy::GetAwsStandardRetryStrategy(kS3MaxAttempts);
  ARROW_ASSIGN_OR_RAISE(auto fs, ::arrow::fs::S3FileSystem::Make(s3));
  return fs;
}

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeGcs(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::GcsOptions gcs,
                         ::arrow::fs::GcsOptions::FromUri(uri, path));
  // The client retries for 15 minutes by default, which is what made a gs:// path
  // without credentials hang.
  gcs.retry_limit_seconds = static_cast<double>(options.timeout_seconds);
  return ::arrow::fs::GcsFileSystem::Make(gcs);
}

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

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeAzure(const std::string& uri,
                                                                    std::string* path) {
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

std::string_view HintOfScheme(std::string_view scheme) {
  if (scheme == "s3") return kS3Hint;
  if (scheme == "gs" || scheme == "gcs") return kGcsHint;
  if (scheme == "abfs" || scheme == "abfss") return kAzureHint;
  if (scheme == "hdfs" || scheme == "viewfs") return kHdfsHint;
  return {};
}

}  // namespace

std::string UriScheme(std::string_view uri) {
  const size_t end = uri.find("://");
  if (end == std::string_view::npos) return "";
  std::string scheme(uri.substr(0, end));
  for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return scheme;
}

std::string CanonicalS3Uri(const std::string& uri) {
  const std::string scheme = UriScheme(uri);
  if (scheme != "s3a" && scheme != "s3n") return uri;
  return "s3" + uri.substr(scheme.size());
}

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  const std::string location = CanonicalS3Uri(uri);
  const std::string scheme = UriScheme(location);
  ::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> fs;
  if (scheme == "s3") {
    fs = MakeS3(location, options, path);
  } else if (scheme == "gs" || scheme == "gcs") {
    fs = MakeGcs(location, options, path);
  } else if (scheme == "abfs" || scheme == "abfss") {
    fs = MakeAzure(location, path);
  } else {
    fs = ::arrow::fs::FileSystemFromUriOrPath(location, path);
  }
  if (fs.ok()) return fs;
  return WithPathContext(fs.status(), "FromUri", uri, HintOfScheme(scheme));
}

std::string_view RemoteAccessHint(std::string_view type_name) {
  if (type_name == "s3") return kS3Hint;
  if (type_name == "gcs") return kGcsHint;
  if (type_name == "abfs") return kAzureHint;
  if (type_name == "hdfs") return kHdfsHint;
  return {};
}

}  // namespace internal
}  // namespace hoodie
