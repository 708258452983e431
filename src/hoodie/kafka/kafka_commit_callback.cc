// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_commit_callback.cc
/// \brief HoodieWriteCommitKafkaCallback: each completed write commit's callback message
/// (HoodieWriteCommitCallbackMessage as JSON) sent to a Kafka topic, keyed by the table
/// name, with the acks and retries of hoodie.write.commit.callback.kafka.*.
#include <utility>

#include "hoodie/callback/commit_callback.h"
#include "hoodie/callback/commit_callback_registry.h"
#include "hoodie/config/callback_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/kafka/kafka_client_internal.h"
#include "hoodie/kafka/kafka_plugins_internal.h"

namespace hoodie::internal {
namespace {

// How long a message may take to be acknowledged: the write is complete and waits for it.
constexpr int64_t kDeliveryTimeoutMs = 30000;

class KafkaCommitCallback : public CommitCallback {
 public:
  static ::arrow::Result<std::unique_ptr<CommitCallback>> Make(const HoodieConfig& config) {
    auto out = std::unique_ptr<KafkaCommitCallback>(new KafkaCommitCallback());
    const std::string servers =
        config.GetExplicit(CallbackConfig::kKafkaBootstrapServers).value_or("");
    out->topic_ = config.GetExplicit(CallbackConfig::kKafkaTopic).value_or("");
    // HoodieWriteCommitKafkaCallback.validateKafkaConfig.
    for (const auto& [value, key] : {std::pair{servers, CallbackConfig::kKafkaBootstrapServers.key},
                                     std::pair{out->topic_, CallbackConfig::kKafkaTopic.key}}) {
      if (value.empty()) {
        return ::arrow::Status::Invalid("Config ", key, " can not be null or empty (the Kafka "
                                        "commit callback needs it)");
      }
    }
    ARROW_ASSIGN_OR_RAISE(out->partition_, config.Get(CallbackConfig::kKafkaPartition));
    ARROW_ASSIGN_OR_RAISE(std::string acks, config.Get(CallbackConfig::kKafkaAcks));
    ARROW_ASSIGN_OR_RAISE(int32_t retries, config.Get(CallbackConfig::kKafkaRetries));
    ARROW_ASSIGN_OR_RAISE(out->producer_,
                          KafkaProducer::Make({{"bootstrap.servers", servers},
                                               {"acks", acks},
                                               {"retries", std::to_string(retries)}},
                                              kDeliveryTimeoutMs));
    return out;
  }

  ::arrow::Status Call(const CommitCallbackMessage& message) override {
    return producer_->Send(topic_, partition_, message.table_name, message.ToJson());
  }

 private:
  KafkaCommitCallback() = default;

  std::string topic_;
  int32_t partition_ = 0;
  std::unique_ptr<KafkaProducer> producer_;
};

}  // namespace

::arrow::Status RegisterKafkaCommitCallback(CommitCallbackRegistry* registry) {
  return registry->Register(kKafkaCommitCallbackClass, {"kafka"}, KafkaCommitCallback::Make);
}

}  // namespace hoodie::internal
