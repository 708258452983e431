// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_credentials.h
/// \brief The AWS credentials hoodie's S3 client signs with, for the other AWS services a
/// table's owner reaches with the same identity (the S3 events source's SQS queue).
#pragma once

#include <arrow/result.h>

#include "hoodie/net/aws_sigv4.h"
#include "hoodie/storage/storage.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The credentials S3 storage made with `options` would sign with: the fs.s3a.* keys,
/// then AWS_* in the environment, then the AWS SDK's chain (profile, instance role), as
/// S3 storage resolves them. Anonymous access (fs.s3a.aws.credentials.provider
/// AnonymousAWSCredentialsProvider) gives empty credentials: requests go unsigned.
/// \return Invalid naming the key of a bad setting, or when no provider finds any.
HOODIE_EXPORT ::arrow::Result<AwsCredentials> ResolveS3Credentials(
    const StorageOptions& options);

}  // namespace hoodie
