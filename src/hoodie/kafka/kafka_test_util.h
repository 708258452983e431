// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_test_util.h
/// \brief Test support: topics made, filled and trimmed on a real broker through
/// librdkafka's admin and producer calls, as a user's tools would.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <arrow/status.h>

namespace hoodie::testing {

/// Creates `topic` with `partitions` partitions (retrying while the broker starts).
::arrow::Status CreateKafkaTopic(const std::string& brokers, const std::string& topic,
                                 int partitions);

/// Writes `values` to `partition` of `topic`, in order, and waits for every ack.
::arrow::Status ProduceKafka(const std::string& brokers, const std::string& topic,
                             int32_t partition, const std::vector<std::string>& values);

/// One message to produce: its value, key (None: no key) and create time.
struct KafkaTestMessage {
  std::string value;
  std::optional<std::string> key;
  /// Epoch milliseconds; 0 lets the producer take the current time.
  int64_t timestamp_ms = 0;
};

/// ProduceKafka of messages with keys and timestamps.
::arrow::Status ProduceKafkaMessages(const std::string& brokers, const std::string& topic,
                                     int32_t partition,
                                     const std::vector<KafkaTestMessage>& messages);

/// Deletes the messages of `partition` before `offset` (kafka-delete-records), as
/// retention would.
::arrow::Status DeleteKafkaRecordsBefore(const std::string& brokers, const std::string& topic,
                                         int32_t partition, int64_t offset);

}  // namespace hoodie::testing
