// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_options_internal.h
/// \brief Hadoop's S3A keys as Arrow's S3 options: what s3_file_system.cc connects with,
/// exposed for its tests.
#pragma once

#include <string>

#include <arrow/filesystem/s3fs.h>
#include <arrow/result.h>

#include "hoodie/storage/storage.h"

namespace hoodie::internal {

/// The options of the S3 client for `uri` (s3://bucket/key; s3a and s3n already
/// rewritten), `*path` the path inside it ("bucket/key").
///
/// The fs.s3a.* keys of `options.config` (plain or `spark.hadoop.`) override the
/// environment (AWS_*), which overrides the AWS SDK's own chain:
/// - credentials: fs.s3a.aws.credentials.provider's list in order (unset: temporary
///   keys, access keys, the environment, the SDK's default chain), unless the URI
///   names its own (s3://key:secret@bucket);
/// - fs.s3a.endpoint becomes the endpoint override (https unless it names http:// or
///   fs.s3a.connection.ssl.enabled=false) and, without fs.s3a.path.style.access,
///   virtual-host addressing except for an IPv4 endpoint;
/// - the region is fs.s3a.endpoint.region, else the one in an AWS endpoint's name, else
///   AWS_REGION, else us-east-1 with an endpoint: with an endpoint or a region known, no
///   request goes to AWS to find the bucket's region;
/// - connect and request timeouts are fs.s3a.connection.establish.timeout and
///   fs.s3a.connection.timeout, else hoodie.storage.timeout.seconds; retries are
///   fs.s3a.attempts.maximum, with the SDK's standard backoff.
/// \return Invalid naming the key for a bad value, or when the listed providers find no
///   credentials (never showing a secret).
::arrow::Result<::arrow::fs::S3Options> S3OptionsFor(const std::string& uri,
                                                     const StorageOptions& options,
                                                     std::string* path);

}  // namespace hoodie::internal
