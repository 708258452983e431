// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/callback_config.cc
/// \brief Declarations of the "Commit Callback" configuration keys.
#include "hoodie/config/callback_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<bool> CallbackConfig::kOn{
    .key = "hoodie.write.commit.callback.on",
    .default_value = false,
    .doc = "Turn the write commit callback on.",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<std::string> CallbackConfig::kClass{
    .key = "hoodie.write.commit.callback.class",
    .default_value =
        std::string("org.apache.hudi.callback.impl.HoodieWriteCommitHttpCallback"),
    .doc = "Callback implementation (subclass of HoodieWriteCommitCallback).",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<std::string> CallbackConfig::kHttpUrl{
    .key = "hoodie.write.commit.callback.http.url",
    .doc = "URL callback messages are sent to.",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<int32_t> CallbackConfig::kHttpTimeoutSeconds{
    .key = "hoodie.write.commit.callback.http.timeout.seconds",
    .default_value = 3,
    .doc = "HTTP callback timeout in seconds.",
    .validate = v::PositiveInt32,
    .group = "Commit Callback",
    .hudi_0_15_default = "30",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<std::string> CallbackConfig::kHttpApiKey{
    .key = "hoodie.write.commit.callback.http.api.key",
    .default_value = std::string("hudi_write_commit_http_callback"),
    .doc = "HTTP callback API key.",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<std::string> CallbackConfig::kKafkaBootstrapServers{
    .key = "hoodie.write.commit.callback.kafka.bootstrap.servers",
    .doc = "Bootstrap servers of the Kafka callback cluster.",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<std::string> CallbackConfig::kKafkaTopic{
    .key = "hoodie.write.commit.callback.kafka.topic",
    .doc = "Kafka topic of callback messages.",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<int32_t> CallbackConfig::kKafkaPartition{
    .key = "hoodie.write.commit.callback.kafka.partition",
    .default_value = 0,
    .doc = "Partition of the callback topic.",
    .validate = v::NonNegativeInt32,
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<std::string> CallbackConfig::kKafkaAcks{
    .key = "hoodie.write.commit.callback.kafka.acks",
    .default_value = std::string("all"),
    .doc = "Kafka acks level.",
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

const ConfigProperty<int32_t> CallbackConfig::kKafkaRetries{
    .key = "hoodie.write.commit.callback.kafka.retries",
    .default_value = 3,
    .doc = "Retries of sending a callback message.",
    .validate = v::NonNegativeInt32,
    .group = "Commit Callback",
    .support = ConfigSupport::kRefused,
    .support_note = "commit callbacks are not implemented yet"};

void CallbackConfig::Register(ConfigRegistry* registry) {
  registry->Add(kOn);
  registry->Add(kClass);
  registry->Add(kHttpUrl);
  registry->Add(kHttpTimeoutSeconds);
  registry->Add(kHttpApiKey);
  registry->Add(kKafkaBootstrapServers);
  registry->Add(kKafkaTopic);
  registry->Add(kKafkaPartition);
  registry->Add(kKafkaAcks);
  registry->Add(kKafkaRetries);
}

}  // namespace hoodie
