// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_file_system.cc
/// \brief S3 (also as s3a:// and s3n://) through Arrow's S3FileSystem.

#include <arrow/filesystem/s3fs.h>

#include "hoodie/storage/remote_file_system_internal.h"

namespace hoodie::internal {
namespace {

// Attempts of one S3 request: the first and two retries, so that a server that does
// not answer costs three connect timeouts, not the SDK's ten.
constexpr int64_t kS3MaxAttempts = 3;

}  // namespace

const std::string_view kS3Hint =
    "for S3 set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE), AWS_REGION, "
    "and AWS_ENDPOINT_URL for an S3-compatible server; each request gives up after "
    "hoodie.storage.timeout.seconds";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeS3FileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  ARROW_RETURN_NOT_OK(::arrow::fs::EnsureS3Initialized());
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::S3Options s3, ::arrow::fs::S3Options::FromUri(uri, path));
  s3.connect_timeout = options.timeout_seconds;
  s3.request_timeout = options.timeout_seconds;
  s3.retry_strategy = ::arrow::fs::S3RetryStrategy::GetAwsStandardRetryStrategy(kS3MaxAttempts);
  ARROW_ASSIGN_OR_RAISE(auto fs, ::arrow::fs::S3FileSystem::Make(s3));
  return fs;
}

}  // namespace hoodie::internal
