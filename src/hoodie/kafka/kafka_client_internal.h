// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_client_internal.h
/// \brief The few Kafka calls hoodie makes, over librdkafka: a consumer that asks for a
/// topic's partitions and offsets, reads given offset ranges and commits offsets to a
/// consumer group, and a producer for the commit callback. Each waits at most its
/// timeout and names the brokers when they do not answer.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/kafka/kafka_offsets.h"

struct rd_kafka_s;
struct rd_kafka_message_s;

namespace hoodie {

class HoodieConfig;

namespace internal {

/// The Kafka client properties of `config`: every key not starting with "hoodie." (Hudi's
/// KafkaOffsetGen.excludeHoodieConfigs), without the deserializers (Hudi's sources set
/// their own) and the schema registry's settings (hoodie reads those itself).
std::vector<std::pair<std::string, std::string>> KafkaClientProperties(const HoodieConfig& config);

/// \brief Where a topic's partitions begin and end.
struct KafkaWatermarks {
  /// The earliest offset Kafka still holds.
  PartitionOffsets earliest;
  /// The offset the next message will get.
  PartitionOffsets latest;
};

/// One message, owned; `value` is null for a tombstone.
class KafkaMessage {
 public:
  explicit KafkaMessage(rd_kafka_message_s* message) : message_(message) {}
  ~KafkaMessage();
  KafkaMessage(KafkaMessage&& other) noexcept : message_(std::exchange(other.message_, nullptr)) {}
  KafkaMessage& operator=(KafkaMessage&&) = delete;

  int32_t partition() const;
  int64_t offset() const;
  /// The value's bytes; empty for a tombstone or an empty value.
  std::string_view value() const;
  bool has_value() const;
  /// The key's bytes; None when the message has no key (an empty key is "").
  std::optional<std::string_view> key() const;
  /// The message's timestamp in epoch milliseconds (create or log-append time, as the
  /// topic keeps it); -1 when it has none, as ConsumerRecord.timestamp().
  int64_t timestamp() const;

 private:
  rd_kafka_message_s* message_;
};

/// \brief A consumer of one topic that never joins a group's rebalance: it assigns itself
/// the partitions and offsets to read, as Spark's KafkaRDD does. Not thread-safe.
class KafkaConsumer {
 public:
  /// A consumer made from `properties`; `timeout_ms` bounds each call to the brokers.
  /// Invalid naming a property librdkafka does not take (a Java-only setting).
  static ::arrow::Result<std::unique_ptr<KafkaConsumer>> Make(
      const std::vector<std::pair<std::string, std::string>>& properties, int64_t timeout_ms);
  ~KafkaConsumer();

  /// The partitions of `topic`, sorted. IOError naming bootstrap.servers when no broker
  /// answers within the timeout; NotFound when the topic does not exist.
  ::arrow::Result<std::vector<int32_t>> Partitions(const std::string& topic);
  /// Each partition's earliest offset and next-to-write offset, in one request per
  /// partition.
  ::arrow::Result<KafkaWatermarks> Watermarks(const std::string& topic,
                                              const std::vector<int32_t>& partitions);
  /// Each partition's first offset whose timestamp is at or after `timestamp_ms`, or
  /// none when no message is that late.
  ::arrow::Result<std::map<int32_t, std::optional<int64_t>>> OffsetsForTime(
      const std::string& topic, const std::vector<int32_t>& partitions, int64_t timestamp_ms);
  /// The offsets group.id committed; a partition without one is absent.
  ::arrow::Result<PartitionOffsets> Committed(const std::string& topic,
                                              const std::vector<int32_t>& partitions);
  /// Commits `offsets` to group.id, synchronously.
  ::arrow::Status Commit(const std::string& topic, const PartitionOffsets& offsets);

  /// Starts reading `ranges` (at most one per partition, non-empty).
  ::arrow::Status Assign(const std::string& topic, const std::vector<KafkaOffsetRange>& ranges);
  /// The next message of the assigned partitions, in offset order within each; null when
  /// every range has been read to its end. Messages past a range's end are dropped.
  ::arrow::Result<std::unique_ptr<KafkaMessage>> Next();

  /// bootstrap.servers, for messages.
  const std::string& brokers() const { return brokers_; }

 private:
  KafkaConsumer() = default;
  ::arrow::Status Error(const std::string& what, int code) const;
  // Marks a partition's range read and stops fetching it.
  void Finish(std::map<int32_t, int64_t>::iterator range);

  rd_kafka_s* kafka_ = nullptr;
  std::string brokers_;
  int64_t timeout_ms_ = 0;
  // The brokers' last refusal of the credentials (librdkafka's error callback writes it:
  // its address must not move).
  std::unique_ptr<std::string> authentication_error_ = std::make_unique<std::string>();
  std::string topic_;
  // Per assigned partition: the end of its range, and whether it has been reached.
  std::map<int32_t, int64_t> until_;
  size_t finished_ = 0;
};

/// \brief A producer that sends one message at a time and waits for its delivery (the
/// commit callback: a message per commit, where latency does not matter and a lost
/// message must be reported). Not thread-safe.
class KafkaProducer {
 public:
  /// A producer made from `properties` (bootstrap.servers, acks, retries, ...).
  static ::arrow::Result<std::unique_ptr<KafkaProducer>> Make(
      const std::vector<std::pair<std::string, std::string>>& properties, int64_t timeout_ms);
  ~KafkaProducer();

  /// Sends `value` with `key` to `partition` of `topic` (-1: the partition Kafka's
  /// partitioner picks for the key) and waits for its acknowledgement. IOError naming
  /// the brokers and the topic when it is not delivered within the timeout.
  ::arrow::Status Send(const std::string& topic, int32_t partition, const std::string& key,
                       const std::string& value);

 private:
  KafkaProducer() = default;

  rd_kafka_s* kafka_ = nullptr;
  std::string brokers_;
  int64_t timeout_ms_ = 0;
};

}  // namespace internal
}  // namespace hoodie
