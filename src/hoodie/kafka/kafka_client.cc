// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_client.cc
#include "hoodie/kafka/kafka_client_internal.h"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <set>

#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/kafka/jaas_config_internal.h"

namespace hoodie::internal {
namespace {

// Settings of the Java client that are not librdkafka's: the schema registry's, which
// hoodie reads itself (confluent_avro_internal.h), and the deserializers, which Hudi's
// Kafka sources set themselves whatever the user gave.
const std::set<std::string, std::less<>> kNotForLibrdkafka = {
    "key.deserializer",          "value.deserializer",   "schema.registry.url",
    "basic.auth.credentials.source", "basic.auth.user.info",
};

// Frees a librdkafka partition list on scope exit.
struct PartitionList {
  rd_kafka_topic_partition_list_t* list;
  explicit PartitionList(int size) : list(rd_kafka_topic_partition_list_new(size)) {}
  ~PartitionList() { rd_kafka_topic_partition_list_destroy(list); }
  void Add(const std::string& topic, int32_t partition, int64_t offset) {
    rd_kafka_topic_partition_list_add(list, topic.c_str(), partition)->offset = offset;
  }
};

// librdkafka's log lines go to hoodie's log: its broker errors reach the caller as a
// Status naming the brokers, so they are details (debug); only critical lines warn.
void LogLine(const rd_kafka_t*, int level, const char* facility, const char* text) {
  std::string line = std::string("librdkafka ") + facility + ": " + text;
  if (level <= 2) {
    LogWarning(line);
  } else {
    LogDebug(line);
  }
}

// Keeps a consumer's last authentication failure, which librdkafka reports only as an
// event: the call that fails on it says no more than "transport failure". Other error
// events (brokers down, a timeout) repeat what the failing call reports, so they stay
// at debug level.
void KeepAuthenticationError(rd_kafka_t*, int code, const char* reason, void* opaque) {
  const auto error = static_cast<rd_kafka_resp_err_t>(code);
  if (error == RD_KAFKA_RESP_ERR__AUTHENTICATION ||
      error == RD_KAFKA_RESP_ERR_SASL_AUTHENTICATION_FAILED) {
    *static_cast<std::string*>(opaque) = reason;
  } else {
    LogDebug(std::string("librdkafka error: ") + reason);
  }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> KafkaClientProperties(
    const HoodieConfig& config) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : config.entries()) {
    if (key.rfind("hoodie.", 0) == 0 || kNotForLibrdkafka.count(key)) continue;
    // auto.offset.reset=group is Hudi's, not Kafka's; the reader reads given offsets.
    if (key == "auto.offset.reset") continue;
    out.emplace_back(key, value);
  }
  return out;
}

KafkaMessage::~KafkaMessage() {
  if (message_ != nullptr) rd_kafka_message_destroy(message_);
}
int32_t KafkaMessage::partition() const { return message_->partition; }
int64_t KafkaMessage::offset() const { return message_->offset; }
bool KafkaMessage::has_value() const { return message_->payload != nullptr; }
std::string_view KafkaMessage::value() const {
  if (message_->payload == nullptr) return {};
  return {static_cast<const char*>(message_->payload), message_->len};
}
std::optional<std::string_view> KafkaMessage::key() const {
  if (message_->key == nullptr) return std::nullopt;
  return std::string_view(static_cast<const char*>(message_->key), message_->key_len);
}
int64_t KafkaMessage::timestamp() const {
  rd_kafka_timestamp_type_t type;
  return rd_kafka_message_timestamp(message_, &type);
}

namespace {

bool HasKey(const std::vector<std::pair<std::string, std::string>>& properties,
            const std::string& key) {
  for (const auto& entry : properties) {
    if (entry.first == key) return true;
  }
  return false;
}

// A librdkafka configuration from `properties`, then `fixed` (hoodie's own settings),
// logging through hoodie's log; `*brokers` gets bootstrap.servers.
::arrow::Result<rd_kafka_conf_t*> NewConf(
    const std::vector<std::pair<std::string, std::string>>& properties,
    const std::vector<std::pair<std::string, std::string>>& fixed, std::string* brokers) {
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  rd_kafka_conf_set_log_cb(conf, LogLine);
  char error[512];
  auto set = [&](const std::string& key, const std::string& value) -> ::arrow::Status {
    if (rd_kafka_conf_set(conf, key.c_str(), value.c_str(), error, sizeof(error)) !=
        RD_KAFKA_CONF_OK) {
      return ::arrow::Status::Invalid(
          "the Kafka client property ", key, " is not one Kafka's C client (librdkafka) takes: ",
          error, "; hoodie passes every property not starting with 'hoodie.' to it: remove the "
          "property, or give its librdkafka name (see librdkafka's CONFIGURATION.md)");
    }
    return ::arrow::Status::OK();
  };
  ::arrow::Status status;
  for (const auto* list : {&properties, &fixed}) {
    for (const auto& [key, value] : *list) {
      if (key == "bootstrap.servers") *brokers = value;
      if (!status.ok()) continue;
      if (key != "sasl.jaas.config") {
        status = set(key, value);
        continue;
      }
      // Java's login module, as librdkafka's SASL settings.
      auto translated = internal::JaasToLibrdkafka(
          value, HasKey(properties, "sasl.mechanism") || HasKey(properties, "sasl.mechanisms"));
      status = translated.status();
      for (const auto& [name, setting] : translated.ValueOr({})) {
        if (status.ok()) status = set(name, setting);
      }
    }
  }
  if (status.ok() && brokers->empty()) {
    status = ::arrow::Status::Invalid(
        "Kafka needs bootstrap.servers (a Kafka client property, set beside the hoodie keys, "
        "e.g. --hoodie-conf bootstrap.servers=host:9092)");
  }
  if (!status.ok()) {
    rd_kafka_conf_destroy(conf);
    return status;
  }
  return conf;
}

// Stores each message's delivery outcome where its opaque points.
void Delivered(rd_kafka_t*, const rd_kafka_message_t* message, void*) {
  *static_cast<rd_kafka_resp_err_t*>(message->_private) = message->err;
}

}  // namespace

::arrow::Result<std::unique_ptr<KafkaConsumer>> KafkaConsumer::Make(
    const std::vector<std::pair<std::string, std::string>>& properties, int64_t timeout_ms) {
  auto out = std::unique_ptr<KafkaConsumer>(new KafkaConsumer());
  out->timeout_ms_ = timeout_ms;
  // Offsets are read as assigned and committed only after a Hudi commit; the partition
  // end events say when a range that ends at the log's end is done.
  std::vector<std::pair<std::string, std::string>> fixed = {
      {"enable.auto.commit", "false"},
      {"enable.auto.offset.store", "false"},
      {"enable.partition.eof", "true"}};
  // librdkafka assigns only within a group; this one never joins a rebalance.
  if (!HasKey(properties, "group.id")) fixed.emplace_back("group.id", "hoodie-streamer");
  ARROW_ASSIGN_OR_RAISE(rd_kafka_conf_t * conf, NewConf(properties, fixed, &out->brokers_));
  rd_kafka_conf_set_error_cb(conf, KeepAuthenticationError);
  rd_kafka_conf_set_opaque(conf, out->authentication_error_.get());
  char error[512];
  out->kafka_ = rd_kafka_new(RD_KAFKA_CONSUMER, conf, error, sizeof(error));
  if (out->kafka_ == nullptr) {
    rd_kafka_conf_destroy(conf);
    return ::arrow::Status::Invalid("cannot make a Kafka consumer: ", error);
  }
  return out;
}

::arrow::Result<std::unique_ptr<KafkaProducer>> KafkaProducer::Make(
    const std::vector<std::pair<std::string, std::string>>& properties, int64_t timeout_ms) {
  auto out = std::unique_ptr<KafkaProducer>(new KafkaProducer());
  out->timeout_ms_ = timeout_ms;
  ARROW_ASSIGN_OR_RAISE(
      rd_kafka_conf_t * conf,
      NewConf(properties, {{"message.timeout.ms", std::to_string(timeout_ms)}}, &out->brokers_));
  rd_kafka_conf_set_dr_msg_cb(conf, Delivered);
  char error[512];
  out->kafka_ = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof(error));
  if (out->kafka_ == nullptr) {
    rd_kafka_conf_destroy(conf);
    return ::arrow::Status::Invalid("cannot make a Kafka producer: ", error);
  }
  return out;
}

KafkaProducer::~KafkaProducer() {
  if (kafka_ != nullptr) rd_kafka_destroy(kafka_);
}

::arrow::Status KafkaProducer::Send(const std::string& topic, int32_t partition,
                                    const std::string& key, const std::string& value) {
  rd_kafka_resp_err_t delivered = RD_KAFKA_RESP_ERR__IN_PROGRESS;
  rd_kafka_resp_err_t error = rd_kafka_producev(
      kafka_, RD_KAFKA_V_TOPIC(topic.c_str()),
      RD_KAFKA_V_PARTITION(partition < 0 ? RD_KAFKA_PARTITION_UA : partition),
      RD_KAFKA_V_KEY(const_cast<char*>(key.data()), key.size()),
      RD_KAFKA_V_VALUE(const_cast<char*>(value.data()), value.size()),
      RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_OPAQUE(&delivered), RD_KAFKA_V_END);
  if (error == RD_KAFKA_RESP_ERR_NO_ERROR) {
    // message.timeout.ms bounds the delivery; the flush waits a little past it so that
    // the delivery report, good or bad, always arrives.
    rd_kafka_flush(kafka_, static_cast<int>(timeout_ms_ + 5000));
    error = delivered;
  }
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return ::arrow::Status::IOError("cannot send to Kafka topic ", topic, " (Kafka brokers ",
                                    brokers_, "): ", rd_kafka_err2str(error));
  }
  return ::arrow::Status::OK();
}

KafkaConsumer::~KafkaConsumer() {
  if (kafka_ == nullptr) return;
  rd_kafka_consumer_close(kafka_);
  rd_kafka_destroy(kafka_);
}

::arrow::Status KafkaConsumer::Error(const std::string& what, int code) const {
  const auto error = static_cast<rd_kafka_resp_err_t>(code);
  std::string message = what + " (Kafka brokers " + brokers_ + "): " + rd_kafka_err2str(error);
  rd_kafka_poll(kafka_, 0);  // serves the error events that came before
  if (!authentication_error_->empty()) {
    return ::arrow::Status::IOError(
        message, "; the brokers refused the client's credentials: ", *authentication_error_,
        " (check security.protocol, sasl.mechanism and sasl.jaas.config, or librdkafka's "
        "sasl.username and sasl.password)");
  }
  if (error == RD_KAFKA_RESP_ERR__TIMED_OUT || error == RD_KAFKA_RESP_ERR__TRANSPORT ||
      error == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN) {
    return ::arrow::Status::IOError(message, "; no broker answered within ", timeout_ms_,
                                    " ms (", "hoodie.deltastreamer.source.kafka.fetch_partition.time.out)");
  }
  return ::arrow::Status::IOError(message);
}

::arrow::Result<std::vector<int32_t>> KafkaConsumer::Partitions(const std::string& topic) {
  rd_kafka_topic_t* handle = rd_kafka_topic_new(kafka_, topic.c_str(), nullptr);
  const rd_kafka_metadata_t* metadata = nullptr;
  rd_kafka_resp_err_t error =
      rd_kafka_metadata(kafka_, 0, handle, &metadata, static_cast<int>(timeout_ms_));
  rd_kafka_topic_destroy(handle);
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return Error("cannot read the metadata of Kafka topic " + topic, error);
  }
  std::vector<int32_t> out;
  error = metadata->topic_cnt == 1 ? metadata->topics[0].err : RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART;
  if (error == RD_KAFKA_RESP_ERR_NO_ERROR) {
    for (int i = 0; i < metadata->topics[0].partition_cnt; ++i) {
      out.push_back(metadata->topics[0].partitions[i].id);
    }
  }
  rd_kafka_metadata_destroy(metadata);
  if (error == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART) {
    return ::arrow::Status::KeyError("Kafka topic:", topic, " does not exist (brokers ",
                                     brokers_, ")");
  }
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return Error("cannot read the metadata of Kafka topic " + topic, error);
  }
  std::sort(out.begin(), out.end());
  return out;
}

::arrow::Result<KafkaWatermarks> KafkaConsumer::Watermarks(
    const std::string& topic, const std::vector<int32_t>& partitions) {
  KafkaWatermarks out;
  for (int32_t partition : partitions) {
    int64_t low = 0, high = 0;
    rd_kafka_resp_err_t error = rd_kafka_query_watermark_offsets(
        kafka_, topic.c_str(), partition, &low, &high, static_cast<int>(timeout_ms_));
    if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
      return Error("cannot read the offsets of " + topic + "-" + std::to_string(partition),
                   error);
    }
    out.earliest[partition] = low;
    out.latest[partition] = high;
  }
  return out;
}

::arrow::Result<std::map<int32_t, std::optional<int64_t>>> KafkaConsumer::OffsetsForTime(
    const std::string& topic, const std::vector<int32_t>& partitions, int64_t timestamp_ms) {
  PartitionList list(static_cast<int>(partitions.size()));
  for (int32_t partition : partitions) list.Add(topic, partition, timestamp_ms);
  rd_kafka_resp_err_t error =
      rd_kafka_offsets_for_times(kafka_, list.list, static_cast<int>(timeout_ms_));
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return Error("cannot find the offsets of " + topic + " at time " +
                     std::to_string(timestamp_ms),
                 error);
  }
  std::map<int32_t, std::optional<int64_t>> out;
  for (int i = 0; i < list.list->cnt; ++i) {
    const auto& element = list.list->elems[i];
    if (element.err != RD_KAFKA_RESP_ERR_NO_ERROR) {
      return Error("cannot find the offset of " + topic + "-" +
                       std::to_string(element.partition) + " at time " +
                       std::to_string(timestamp_ms),
                   element.err);
    }
    out[element.partition] =
        element.offset >= 0 ? std::optional<int64_t>(element.offset) : std::nullopt;
  }
  return out;
}

::arrow::Result<PartitionOffsets> KafkaConsumer::Committed(
    const std::string& topic, const std::vector<int32_t>& partitions) {
  PartitionList list(static_cast<int>(partitions.size()));
  for (int32_t partition : partitions) list.Add(topic, partition, RD_KAFKA_OFFSET_INVALID);
  rd_kafka_resp_err_t error =
      rd_kafka_committed(kafka_, list.list, static_cast<int>(timeout_ms_));
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return Error("cannot read the committed offsets of " + topic, error);
  }
  PartitionOffsets out;
  for (int i = 0; i < list.list->cnt; ++i) {
    const auto& element = list.list->elems[i];
    if (element.offset >= 0) out[element.partition] = element.offset;
  }
  return out;
}

::arrow::Status KafkaConsumer::Commit(const std::string& topic, const PartitionOffsets& offsets) {
  PartitionList list(static_cast<int>(offsets.size()));
  for (const auto& [partition, offset] : offsets) list.Add(topic, partition, offset);
  rd_kafka_resp_err_t error = rd_kafka_commit(kafka_, list.list, 0);
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return Error("cannot commit the offsets of " + topic, error);
  }
  return ::arrow::Status::OK();
}

::arrow::Status KafkaConsumer::Assign(const std::string& topic,
                                      const std::vector<KafkaOffsetRange>& ranges) {
  topic_ = topic;
  until_.clear();
  finished_ = 0;
  PartitionList list(static_cast<int>(ranges.size()));
  for (const KafkaOffsetRange& range : ranges) {
    list.Add(topic, range.partition, range.from);
    until_[range.partition] = range.until;
  }
  rd_kafka_resp_err_t error = rd_kafka_assign(kafka_, list.list);
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) return Error("cannot read " + topic, error);
  return ::arrow::Status::OK();
}

::arrow::Result<std::unique_ptr<KafkaMessage>> KafkaConsumer::Next() {
  using Clock = std::chrono::steady_clock;
  auto last_progress = Clock::now();
  while (finished_ < until_.size()) {
    rd_kafka_message_t* raw = rd_kafka_consumer_poll(kafka_, 100);
    if (raw == nullptr) {
      if (Clock::now() - last_progress > std::chrono::milliseconds(timeout_ms_)) {
        return Error("reading " + topic_ + " made no progress for " +
                         std::to_string(timeout_ms_) + " ms",
                     RD_KAFKA_RESP_ERR__TIMED_OUT);
      }
      continue;
    }
    last_progress = Clock::now();
    auto message = std::make_unique<KafkaMessage>(raw);
    auto range = until_.find(raw->partition);
    if (raw->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
      // The log's end: a range that ends there (after a gap of transaction markers or
      // compacted messages) is done.
      if (range != until_.end() && range->second >= 0 && raw->offset >= range->second) {
        Finish(range);
      }
      continue;
    }
    if (raw->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
      return Error("reading " + topic_ + "-" + std::to_string(raw->partition) + " at offset " +
                       std::to_string(raw->offset) + " failed",
                   raw->err);
    }
    if (range == until_.end() || range->second < 0) continue;
    if (raw->offset >= range->second) {
      Finish(range);
      continue;
    }
    if (raw->offset + 1 == range->second) Finish(range);
    return message;
  }
  return nullptr;
}

void KafkaConsumer::Finish(std::map<int32_t, int64_t>::iterator range) {
  range->second = -1;
  ++finished_;
  // Stop fetching past the range: what the prefetch queue would hold is never read.
  PartitionList list(1);
  list.Add(topic_, range->first, 0);
  rd_kafka_pause_partitions(kafka_, list.list);
}

}  // namespace hoodie::internal
