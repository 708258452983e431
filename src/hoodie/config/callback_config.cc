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
    .doc = "Turn the write commit callback on: after each write commit (commit, "
           "deltacommit, replacecommit) is complete, the callback is told of it. A "
           "failed callback is logged and counted, and never fails the write.",
    .since = "0.6.0",
    .group = "Commit Callback"};

const ConfigProperty<std::string> CallbackConfig::kClass{
    .key = "hoodie.write.commit.callback.class",
    .default_value =
        std::string("org.apache.hudi.callback.impl.HoodieWriteCommitHttpCallback"),
    .doc = "Callback implementation (subclass of HoodieWriteCommitCallback): a class "
           "name of the commit callback registry (the HTTP callback; Kafka's with "
           "hoodie's Kafka component; a library user's own).",
    .since = "0.6.0",
    .group = "Commit Callback"};

const ConfigProperty<std::string> CallbackConfig::kHttpUrl{
    .key = "hoodie.write.commit.callback.http.url",
    .doc = "URL callback messages are POSTed to (required by the HTTP callback).",
    .since = "0.6.0",
    .group = "Commit Callback"};

const ConfigProperty<int32_t> CallbackConfig::kHttpTimeoutSeconds{
    .key = "hoodie.write.commit.callback.http.timeout.seconds",
    .default_value = 3,
    .doc = "HTTP callback timeout in seconds, connection included.",
    .since = "0.6.0",
    .validate = v::PositiveInt32,
    .group = "Commit Callback",
    .hudi_0_15_default = "30"};

const ConfigProperty<std::string> CallbackConfig::kHttpApiKey{
    .key = "hoodie.write.commit.callback.http.api.key",
    .default_value = std::string("hudi_write_commit_http_callback"),
    .doc = "HTTP callback API key, sent in the HUDI-CALLBACK-KEY header.",
    .since = "0.6.0",
    .group = "Commit Callback",
    .secret = true};

const ConfigProperty<std::string> CallbackConfig::kHttpCustomHeaders{
    .key = "hoodie.write.commit.callback.http.custom.headers",
    .doc = "HTTP callback custom headers. Format: HeaderName1:HeaderValue1;"
           "HeaderName2:HeaderValue2.",
    .since = "0.15.0",
    .group = "Commit Callback"};

const ConfigProperty<std::string> CallbackConfig::kKafkaBootstrapServers{
    .key = "hoodie.write.commit.callback.kafka.bootstrap.servers",
    .doc = "Bootstrap servers of the Kafka callback cluster (the Kafka callback, "
           "HoodieWriteCommitKafkaCallback, comes with hoodie's Kafka component).",
    .group = "Commit Callback"};

const ConfigProperty<std::string> CallbackConfig::kKafkaTopic{
    .key = "hoodie.write.commit.callback.kafka.topic",
    .doc = "Kafka topic of callback messages.",
    .group = "Commit Callback"};

const ConfigProperty<int32_t> CallbackConfig::kKafkaPartition{
    .key = "hoodie.write.commit.callback.kafka.partition",
    .default_value = 0,
    .doc = "Partition of the callback topic. Every message is keyed by the table name.",
    .validate = v::NonNegativeInt32,
    .group = "Commit Callback",
    .hudi_0_15_default = "(none: the partition the table name's key hashes to)"};

const ConfigProperty<std::string> CallbackConfig::kKafkaAcks{
    .key = "hoodie.write.commit.callback.kafka.acks",
    .default_value = std::string("all"),
    .doc = "Kafka acks level.",
    .group = "Commit Callback"};

const ConfigProperty<int32_t> CallbackConfig::kKafkaRetries{
    .key = "hoodie.write.commit.callback.kafka.retries",
    .default_value = 3,
    .doc = "Retries of sending a callback message.",
    .validate = v::NonNegativeInt32,
    .group = "Commit Callback"};

void CallbackConfig::Register(ConfigRegistry* registry) {
  registry->Add(kOn);
  registry->Add(kClass);
  registry->Add(kHttpUrl);
  registry->Add(kHttpTimeoutSeconds);
  registry->Add(kHttpApiKey);
  registry->Add(kHttpCustomHeaders);
  registry->Add(kKafkaBootstrapServers);
  registry->Add(kKafkaTopic);
  registry->Add(kKafkaPartition);
  registry->Add(kKafkaAcks);
  registry->Add(kKafkaRetries);
}

}  // namespace hoodie
