// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/kafka_source_config.h
/// \brief The Kafka sources' keys (Hudi 0.15's KafkaSourceConfig). Every property that
/// does not start with `hoodie.` goes to the Kafka client as it is (bootstrap.servers,
/// group.id, security settings), as Hudi's KafkaOffsetGen.excludeHoodieConfigs passes it.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the Kafka sources (JsonKafkaSource, AvroKafkaSource). Immutable statics.
struct HOODIE_EXPORT KafkaSourceConfig {
  /// hoodie.deltastreamer.source.kafka.topic (0.15: hoodie.streamer.source.kafka.topic)
  static const ConfigProperty<std::string> kTopic;
  /// hoodie.deltastreamer.kafka.source.maxEvents
  static const ConfigProperty<int64_t> kMaxEvents;
  /// hoodie.deltastreamer.source.kafka.checkpoint.type: string or timestamp
  static const ConfigProperty<std::string> kCheckpointType;
  /// hoodie.deltastreamer.source.kafka.enable.commit.offset
  static const ConfigProperty<bool> kEnableCommitOffset;
  /// hoodie.deltastreamer.source.kafka.enable.failOnDataLoss
  static const ConfigProperty<bool> kFailOnDataLoss;
  /// hoodie.deltastreamer.source.kafka.minPartitions
  static const ConfigProperty<int64_t> kMinPartitions;
  /// hoodie.deltastreamer.source.kafka.fetch_partition.time.out
  static const ConfigProperty<int64_t> kFetchPartitionTimeout;
  /// hoodie.deltastreamer.source.kafka.value.deserializer.class
  static const ConfigProperty<std::string> kValueDeserializerClass;
  /// hoodie.deltastreamer.source.kafka.append.offsets
  static const ConfigProperty<bool> kAppendOffsets;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
