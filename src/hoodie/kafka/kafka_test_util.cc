// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_test_util.cc
#include "hoodie/kafka/kafka_test_util.h"

#include <librdkafka/rdkafka.h>

#include <chrono>
#include <memory>
#include <thread>

namespace hoodie::testing {
namespace {

struct Handle {
  rd_kafka_t* kafka = nullptr;
  ~Handle() {
    if (kafka != nullptr) rd_kafka_destroy(kafka);
  }
};

::arrow::Status MakeProducer(const std::string& brokers, Handle* out) {
  char error[512];
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "bootstrap.servers", brokers.c_str(), error, sizeof(error));
  rd_kafka_conf_set(conf, "linger.ms", "0", error, sizeof(error));
  // A retried first request to a new topic must not land after the ones behind it: the
  // tests name messages by the offset they expect them at.
  rd_kafka_conf_set(conf, "enable.idempotence", "true", error, sizeof(error));
  out->kafka = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof(error));
  if (out->kafka == nullptr) return ::arrow::Status::IOError(error);
  return ::arrow::Status::OK();
}

// Runs one admin request and waits for its result event.
::arrow::Status AdminResult(rd_kafka_t* kafka, rd_kafka_queue_t* queue, rd_kafka_event_type_t type,
                            const char* what) {
  rd_kafka_event_t* event = rd_kafka_queue_poll(queue, 30000);
  if (event == nullptr) return ::arrow::Status::IOError(what, ": no answer");
  ::arrow::Status status;
  if (rd_kafka_event_error(event) != RD_KAFKA_RESP_ERR_NO_ERROR) {
    status = ::arrow::Status::IOError(what, ": ", rd_kafka_event_error_string(event));
  } else if (type == RD_KAFKA_EVENT_CREATETOPICS_RESULT) {
    size_t count = 0;
    const rd_kafka_topic_result_t** results =
        rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result(event), &count);
    for (size_t i = 0; i < count; ++i) {
      if (rd_kafka_topic_result_error(results[i]) != RD_KAFKA_RESP_ERR_NO_ERROR) {
        status = ::arrow::Status::IOError(what, ": ", rd_kafka_topic_result_error_string(results[i]));
      }
    }
  } else if (type == RD_KAFKA_EVENT_DELETERECORDS_RESULT) {
    const rd_kafka_topic_partition_list_t* offsets =
        rd_kafka_DeleteRecords_result_offsets(rd_kafka_event_DeleteRecords_result(event));
    for (int i = 0; i < offsets->cnt; ++i) {
      if (offsets->elems[i].err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        status = ::arrow::Status::IOError(what, ": ", rd_kafka_err2str(offsets->elems[i].err));
      }
    }
  }
  rd_kafka_event_destroy(event);
  return status;
}

}  // namespace

::arrow::Status CreateKafkaTopic(const std::string& brokers, const std::string& topic,
                                 int partitions) {
  Handle handle;
  ARROW_RETURN_NOT_OK(MakeProducer(brokers, &handle));
  ::arrow::Status status;
  for (int attempt = 0; attempt < 60; ++attempt) {
    char error[512];
    rd_kafka_NewTopic_t* made = rd_kafka_NewTopic_new(topic.c_str(), partitions, 1, error, sizeof(error));
    rd_kafka_queue_t* queue = rd_kafka_queue_new(handle.kafka);
    rd_kafka_CreateTopics(handle.kafka, &made, 1, nullptr, queue);
    status = AdminResult(handle.kafka, queue, RD_KAFKA_EVENT_CREATETOPICS_RESULT, "creating the topic");
    rd_kafka_queue_destroy(queue);
    rd_kafka_NewTopic_destroy(made);
    if (status.ok()) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return status;
}

::arrow::Status ProduceKafka(const std::string& brokers, const std::string& topic,
                             int32_t partition, const std::vector<std::string>& values) {
  std::vector<KafkaTestMessage> messages;
  for (const std::string& value : values) {
    messages.emplace_back();
    messages.back().value = value;
  }
  return ProduceKafkaMessages(brokers, topic, partition, messages);
}

::arrow::Status ProduceKafkaMessages(const std::string& brokers, const std::string& topic,
                                     int32_t partition,
                                     const std::vector<KafkaTestMessage>& messages) {
  Handle handle;
  ARROW_RETURN_NOT_OK(MakeProducer(brokers, &handle));
  for (const KafkaTestMessage& message : messages) {
    const std::string& value = message.value;
    const char* key = message.key ? message.key->data() : nullptr;  // null: no key
    const size_t key_size = message.key ? message.key->size() : 0;
    rd_kafka_resp_err_t error = rd_kafka_producev(
        handle.kafka, RD_KAFKA_V_TOPIC(topic.c_str()), RD_KAFKA_V_PARTITION(partition),
        RD_KAFKA_V_VALUE(const_cast<char*>(value.data()), value.size()),
        RD_KAFKA_V_KEY(key, key_size),
        RD_KAFKA_V_TIMESTAMP(message.timestamp_ms),
        RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
    if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
      return ::arrow::Status::IOError("producing: ", rd_kafka_err2str(error));
    }
  }
  rd_kafka_resp_err_t error = rd_kafka_flush(handle.kafka, 30000);
  if (error != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return ::arrow::Status::IOError("flushing: ", rd_kafka_err2str(error));
  }
  return ::arrow::Status::OK();
}

::arrow::Status DeleteKafkaRecordsBefore(const std::string& brokers, const std::string& topic,
                                         int32_t partition, int64_t offset) {
  Handle handle;
  ARROW_RETURN_NOT_OK(MakeProducer(brokers, &handle));
  rd_kafka_topic_partition_list_t* list = rd_kafka_topic_partition_list_new(1);
  rd_kafka_topic_partition_list_add(list, topic.c_str(), partition)->offset = offset;
  rd_kafka_DeleteRecords_t* request = rd_kafka_DeleteRecords_new(list);
  rd_kafka_queue_t* queue = rd_kafka_queue_new(handle.kafka);
  rd_kafka_DeleteRecords(handle.kafka, &request, 1, nullptr, queue);
  ::arrow::Status status =
      AdminResult(handle.kafka, queue, RD_KAFKA_EVENT_DELETERECORDS_RESULT, "deleting records");
  rd_kafka_queue_destroy(queue);
  rd_kafka_DeleteRecords_destroy(request);
  rd_kafka_topic_partition_list_destroy(list);
  return status;
}

}  // namespace hoodie::testing
