// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_options_internal.h
/// \brief Hadoop's S3A keys as Arrow's S3 options: what s3_file_system.cc connects with,
/// exposed for its tests.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <arrow/filesystem/s3fs.h>
#include <arrow/result.h>

#include "hoodie/config/hoodie_config.h"
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
///   fs.s3a.connection.timeout, else hoodie.storage.timeout.seconds; retries follow
///   S3aRetryPolicy.
/// \return Invalid naming the key for a bad value, or when the listed providers find no
///   credentials (never showing a secret).
/// \brief How a failed S3 request is retried, from the S3A keys.
struct S3aRetryPolicy {
  /// Retries of a transient failure (5xx, timeout, dropped connection): hadoop-aws
  /// tries such a request (fs.s3a.retry.limit + 1) x (fs.s3a.attempts.maximum + 1)
  /// times across its two layers.
  int64_t transient_retries = 2;
  /// fs.s3a.retry.interval: the wait before a retry is this times the retry's number.
  int64_t transient_interval_ms = 500;
  /// fs.s3a.retry.throttle.limit and .interval: retries of a throttled request, the
  /// first after the interval, each next after twice the last, all +/-50%.
  int64_t throttle_retries = 20;
  int64_t throttle_interval_ms = 100;

  /// The policy the S3A keys of `config` set.
  static ::arrow::Result<S3aRetryPolicy> FromConfig(const HoodieConfig& config);
  /// Whether `error` is the store throttling requests (SlowDown, Throttling, ...).
  static bool IsThrottling(const ::arrow::fs::S3RetryStrategy::AWSErrorDetail& error);
  /// The wait before retry number `retry` (0 for the first) of `error`, in
  /// milliseconds; `random` in [0, 1) spreads throttled waits.
  int64_t DelayMs(const ::arrow::fs::S3RetryStrategy::AWSErrorDetail& error,
                  int64_t retry, double random) const;
  /// Arrow's retry strategy for the policy.
  std::shared_ptr<::arrow::fs::S3RetryStrategy> MakeStrategy() const;
};

::arrow::Result<::arrow::fs::S3Options> S3OptionsFor(const std::string& uri,
                                                     const StorageOptions& options,
                                                     std::string* path);

}  // namespace hoodie::internal
