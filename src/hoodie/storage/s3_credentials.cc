// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_credentials.cc
#include "hoodie/storage/s3_credentials.h"

#include <arrow/filesystem/s3fs.h>

#include "hoodie/storage/s3_options_internal.h"

namespace hoodie {

::arrow::Result<AwsCredentials> ResolveS3Credentials(const StorageOptions& options) {
  ARROW_RETURN_NOT_OK(::arrow::fs::EnsureS3Initialized());
  std::string path;
  // The bucket only places the client; the credentials do not depend on it.
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::S3Options s3,
                        internal::S3OptionsFor("s3://credentials", options, &path));
  if (s3.credentials_kind == ::arrow::fs::S3CredentialsKind::Anonymous ||
      s3.credentials_provider == nullptr) {
    return AwsCredentials{};
  }
  return AwsCredentials{s3.GetAccessKey(), s3.GetSecretKey(), s3.GetSessionToken()};
}

}  // namespace hoodie
