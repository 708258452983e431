// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_file_system.cc
/// \brief S3 (also as s3a:// and s3n://) through Arrow's S3FileSystem.

#include <arrow/filesystem/s3fs.h>

#include "hoodie/storage/remote_file_system_internal.h"
#include "hoodie/storage/s3_options_internal.h"

namespace hoodie::internal {

const std::string_view kS3Hint =
    "for S3 set fs.s3a.access.key and fs.s3a.secret.key (or AWS_ACCESS_KEY_ID and "
    "AWS_SECRET_ACCESS_KEY, or AWS_PROFILE), fs.s3a.endpoint.region (or AWS_REGION), and "
    "fs.s3a.endpoint (or AWS_ENDPOINT_URL) for an S3-compatible server; each request "
    "gives up after hoodie.storage.timeout.seconds";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeS3FileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  ARROW_RETURN_NOT_OK(::arrow::fs::EnsureS3Initialized());
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::S3Options s3, S3OptionsFor(uri, options, path));
  ARROW_ASSIGN_OR_RAISE(auto fs, ::arrow::fs::S3FileSystem::Make(s3));
  return fs;
}

}  // namespace hoodie::internal
