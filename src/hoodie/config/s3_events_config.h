// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/s3_events_config.h
/// \brief Keys of the S3 event sources: the SQS queue S3EventsSource reads (Hudi 0.15's
/// S3SourceConfig) and the object selection of S3EventsHoodieIncrSource
/// (S3EventsHoodieIncrSourceConfig and the S3 side of CloudSourceConfig).
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "S3 Events Source" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT S3EventsConfig {
  /// hoodie.deltastreamer.s3.source.queue.url, .queue.region
  static const ConfigProperty<std::string> kQueueUrl;
  static const ConfigProperty<std::string> kQueueRegion;
  /// hoodie.deltastreamer.s3.source.queue.long.poll.wait (seconds)
  static const ConfigProperty<int32_t> kLongPollWait;
  /// hoodie.deltastreamer.s3.source.queue.max.messages.per.batch, .per.request
  static const ConfigProperty<int32_t> kMaxMessagesPerBatch;
  static const ConfigProperty<int32_t> kMaxMessagesPerRequest;
  /// hoodie.deltastreamer.s3.source.queue.visibility.timeout (seconds)
  static const ConfigProperty<int32_t> kVisibilityTimeout;

  /// hoodie.deltastreamer.source.s3incr.* (S3EventsHoodieIncrSource)
  static const ConfigProperty<bool> kCheckFileExists;
  static const ConfigProperty<std::string> kKeyPrefix;
  static const ConfigProperty<std::string> kFsPrefix;
  static const ConfigProperty<std::string> kIgnoreKeyPrefix;
  static const ConfigProperty<std::string> kIgnoreKeySubstring;
  static const ConfigProperty<std::string> kSparkDatasourceOptions;

  /// hoodie.streamer.source.cloud.data.* (CloudSourceConfig, the S3 side)
  static const ConfigProperty<std::string> kSelectRelativePathPrefix;
  static const ConfigProperty<std::string> kIgnoreRelativePathPrefix;
  static const ConfigProperty<std::string> kIgnoreRelativePathSubstring;
  static const ConfigProperty<std::string> kDatafileFormat;
  static const ConfigProperty<std::string> kSelectFileExtension;
  static const ConfigProperty<bool> kCloudCheckFileExists;
  static const ConfigProperty<std::string> kPartitionFieldsFromPath;
  static const ConfigProperty<std::string> kCloudDatasourceOptions;
  static const ConfigProperty<bool> kCommaSeparatedPathFormat;
  static const ConfigProperty<int64_t> kPartitionMaxSize;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
