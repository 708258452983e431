// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/remote_file_system.cc
/// \brief Remote file systems: which store serves a URI, and what to configure for it.

#include "hoodie/storage/remote_file_system_internal.h"

#include <cctype>
#include <optional>

#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/storage/storage_error_internal.h"

namespace hoodie {

::arrow::Result<StorageOptions> StorageOptions::FromConfig(const HoodieConfig& config) {
  StorageOptions options;
  ARROW_ASSIGN_OR_RAISE(options.timeout_seconds,
                         config.Get(StorageConfig::kStorageTimeoutSeconds));
  options.config = std::make_shared<const HoodieConfig>(config);
  return options;
}

namespace internal {
namespace {

constexpr std::string_view kHdfsHint =
    "hoodie reaches HDFS through Hadoop's libhdfs, which needs a JVM: set JAVA_HOME, and "
    "HADOOP_HOME or ARROW_LIBHDFS_DIR to the folder holding libhdfs.so";

// Hadoop's ABFS and WASB schemes: one Azure store, served by Arrow's AzureFileSystem.
bool IsAzureScheme(std::string_view scheme) {
  return scheme == "abfs" || scheme == "abfss" || scheme == "wasb" || scheme == "wasbs";
}

std::string_view HintOfScheme(std::string_view scheme) {
  if (scheme == "s3") return kS3Hint;
  if (scheme == "gs" || scheme == "gcs") return kGcsHint;
  if (IsAzureScheme(scheme)) return kAzureHint;
  if (scheme == "hdfs" || scheme == "viewfs") return kHdfsHint;
  return {};
}

// The other stores Hudi's users name, and how hoodie reaches them: the S3-compatible
// ones through the S3 client and its keys, the others not at all.
struct OtherStore {
  std::string_view scheme;
  std::string_view name;
  std::string_view s3_endpoint;  // empty: no S3-compatible API to point hoodie at
};

constexpr OtherStore kOtherStores[] = {
    {"oss", "Alibaba Cloud OSS", "oss-<region>.aliyuncs.com"},
    {"cosn", "Tencent Cloud COS", "cos.<region>.myqcloud.com"},
    {"obs", "Huawei Cloud OBS", "obs.<region>.myhuaweicloud.com"},
    {"bos", "Baidu Cloud BOS", "s3.<region>.bcebos.com"},
    {"cos", "IBM Cloud Object Storage", "s3.<region>.cloud-object-storage.appdomain.cloud"},
    {"alluxio", "Alluxio", ""},
    {"jfs", "JuiceFS", ""},
};

std::optional<::arrow::Status> RefuseOtherStore(std::string_view scheme,
                                                const std::string& uri) {
  for (const OtherStore& store : kOtherStores) {
    if (store.scheme != scheme) continue;
    if (store.s3_endpoint.empty()) {
      return ::arrow::Status::NotImplemented(
          uri, ": hoodie has no ", store.name, " client; read and write the store beneath "
          "it, or its S3 gateway as s3a://bucket/path with fs.s3a.endpoint set to the "
          "gateway");
    }
    return ::arrow::Status::NotImplemented(
        uri, ": hoodie reaches ", store.name, " through its S3-compatible API: write the "
        "path as s3a://bucket/path and set fs.s3a.endpoint=", store.s3_endpoint,
        ", with the store's keys as fs.s3a.access.key and fs.s3a.secret.key");
  }
  return std::nullopt;
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
  if (auto refused = RefuseOtherStore(scheme, uri)) return *refused;
  ::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> fs;
  if (scheme == "s3") {
    fs = MakeS3FileSystem(location, options, path);
  } else if (scheme == "gs" || scheme == "gcs") {
    fs = MakeGcsFileSystem(location, options, path);
  } else if (IsAzureScheme(scheme)) {
    fs = MakeAzureFileSystem(location, options, path);
  } else {
    fs = ::arrow::fs::FileSystemFromUriOrPath(location, path);
  }
  if (fs.ok()) return fs;
  return WithPathContext(fs.status(), "FromUri", uri, HintOfScheme(scheme));
}

std::string RemoteEndpoint(const ::arrow::fs::FileSystem& fs) {
  const std::string type_name = fs.type_name();
  if (type_name == "gcs") return GcsEndpoint(fs);
  if (type_name == "abfs") return AzureEndpoint(fs);
  return "";
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
