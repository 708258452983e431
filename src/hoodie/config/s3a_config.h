// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/s3a_config.h
/// \brief Hadoop's S3A keys (hadoop-aws 3.3), as Hudi users give them to Spark: plain
/// (`fs.s3a.endpoint`) or with Spark's prefix (`spark.hadoop.fs.s3a.endpoint`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Hadoop S3A" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT S3aConfig {
  static const ConfigProperty<std::string> kAccessKey;      ///< fs.s3a.access.key
  static const ConfigProperty<std::string> kSecretKey;      ///< fs.s3a.secret.key
  static const ConfigProperty<std::string> kSessionToken;   ///< fs.s3a.session.token
  /// fs.s3a.aws.credentials.provider: a comma-separated list, tried in order.
  static const ConfigProperty<std::string> kCredentialsProvider;
  static const ConfigProperty<std::string> kEndpoint;        ///< fs.s3a.endpoint
  static const ConfigProperty<std::string> kEndpointRegion;  ///< fs.s3a.endpoint.region
  static const ConfigProperty<bool> kPathStyleAccess;        ///< fs.s3a.path.style.access
  static const ConfigProperty<bool> kSslEnabled;  ///< fs.s3a.connection.ssl.enabled
  /// fs.s3a.create.conditional.enabled: exclusive creates by a conditional PUT.
  static const ConfigProperty<bool> kCreateConditional;
  static const ConfigProperty<int32_t> kAttemptsMaximum;  ///< fs.s3a.attempts.maximum
  /// fs.s3a.connection.establish.timeout (milliseconds)
  static const ConfigProperty<int32_t> kEstablishTimeout;
  static const ConfigProperty<int32_t> kConnectionTimeout;  ///< fs.s3a.connection.timeout
  /// fs.s3a.retry.limit: S3A's retries of a failed request, over the client's.
  static const ConfigProperty<int32_t> kRetryLimit;
  static const ConfigProperty<std::string> kRetryInterval;  ///< fs.s3a.retry.interval
  /// fs.s3a.retry.throttle.limit: retries of a throttled request (503 SlowDown).
  static const ConfigProperty<int32_t> kRetryThrottleLimit;
  /// fs.s3a.retry.throttle.interval: the first wait before retrying a throttled request.
  static const ConfigProperty<std::string> kRetryThrottleInterval;

  /// The S3A keys that only tune Hadoop's client in the JVM (thread pools, upload
  /// buffers, block sizes for Spark's splits): accepted with the no-effect warning.
  static const ConfigProperty<std::string> kJvmTuning[];
  /// Every other `fs.s3a.` key: refused, since an S3 setting silently ignored (an
  /// encryption key, a per-bucket endpoint) would change where or how bytes land.
  static const ConfigProperty<std::string> kOtherKeys;

  /// Milliseconds of a Hadoop time duration ("500ms", "2s", "1m"; a bare number is
  /// milliseconds), as Configuration.getTimeDuration reads it. Invalid for anything
  /// else.
  static ::arrow::Result<int64_t> DurationMillis(std::string_view value);

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
