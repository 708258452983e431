// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/callback_config.h
/// \brief Write commit callbacks over HTTP or Kafka.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Commit Callback" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT CallbackConfig {
  /// hoodie.write.commit.callback.on
  static const ConfigProperty<bool> kOn;
  /// hoodie.write.commit.callback.class
  static const ConfigProperty<std::string> kClass;
  /// hoodie.write.commit.callback.http.url
  static const ConfigProperty<std::string> kHttpUrl;
  /// hoodie.write.commit.callback.http.timeout.seconds
  static const ConfigProperty<int32_t> kHttpTimeoutSeconds;
  /// hoodie.write.commit.callback.http.api.key
  static const ConfigProperty<std::string> kHttpApiKey;
  /// hoodie.write.commit.callback.http.custom.headers (Hudi 0.15; not in the seed)
  static const ConfigProperty<std::string> kHttpCustomHeaders;
  /// hoodie.write.commit.callback.kafka.bootstrap.servers
  static const ConfigProperty<std::string> kKafkaBootstrapServers;
  /// hoodie.write.commit.callback.kafka.topic
  static const ConfigProperty<std::string> kKafkaTopic;
  /// hoodie.write.commit.callback.kafka.partition
  static const ConfigProperty<int32_t> kKafkaPartition;
  /// hoodie.write.commit.callback.kafka.acks
  static const ConfigProperty<std::string> kKafkaAcks;
  /// hoodie.write.commit.callback.kafka.retries
  static const ConfigProperty<int32_t> kKafkaRetries;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
