// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/kafka_source_config.cc
#include "hoodie/config/kafka_source_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {
namespace {

constexpr char kGroup[] = "Kafka Source";

// 0.15's keys are hoodie.streamer.*, the seed's spelling hoodie.deltastreamer.* is their
// alternative; both are read, the streamer one first (ConfigUtils.getStringWithAltKeys).
ConfigAlias Streamer(std::string_view key) { return {.key = key, .preferred = true}; }

}  // namespace

const ConfigProperty<std::string> KafkaSourceConfig::kTopic{
    .key = "hoodie.deltastreamer.source.kafka.topic",
    .doc = "Kafka topic the Kafka sources read.",
    .aliases = {Streamer("hoodie.streamer.source.kafka.topic")},
    .group = kGroup};

const ConfigProperty<int64_t> KafkaSourceConfig::kMaxEvents{
    .key = "hoodie.deltastreamer.kafka.source.maxEvents",
    .default_value = 5000000,
    .doc = "Most events a round reads from Kafka when --source-limit is not given.",
    .aliases = {Streamer("hoodie.streamer.kafka.source.maxEvents")},
    .validate = config_validators::PositiveInt64,
    .group = kGroup};

const ConfigProperty<std::string> KafkaSourceConfig::kCheckpointType{
    .key = "hoodie.deltastreamer.source.kafka.checkpoint.type",
    .default_value = std::string("string"),
    .doc = "How a checkpoint is read: 'string' (topic,partition:offset,...) or 'timestamp' "
           "(a 10- or 13-digit epoch; each partition resumes at its first offset at or "
           "after that time).",
    .aliases = {Streamer("hoodie.streamer.source.kafka.checkpoint.type")},
    .allowed_values = {"string", "timestamp"},
    .group = kGroup};

const ConfigProperty<bool> KafkaSourceConfig::kEnableCommitOffset{
    .key = "hoodie.deltastreamer.source.kafka.enable.commit.offset",
    .default_value = false,
    .doc = "After each Hudi commit, also commit the round's offsets to the consumer group "
           "group.id (for monitoring lag; the checkpoint in the commit stays the truth).",
    .aliases = {Streamer("hoodie.streamer.source.kafka.enable.commit.offset")},
    .group = kGroup};

const ConfigProperty<bool> KafkaSourceConfig::kFailOnDataLoss{
    .key = "hoodie.deltastreamer.source.kafka.enable.failOnDataLoss",
    .default_value = true,
    .doc = "Fail the round when the checkpoint points at offsets Kafka has already deleted, "
           "naming each partition and the offset range lost; false resumes those partitions "
           "at their earliest offset and warns with the count of messages lost.",
    .aliases = {Streamer("hoodie.streamer.source.kafka.enable.failOnDataLoss")},
    .group = kGroup,
    .hudi_0_15_default = "false",
    .override_reason = "Hudi 0.15 skips the lost range with a warning and restarts every "
                       "partition at its earliest offset, re-reading what it had ingested "
                       "(apache/hudi#5823); hoodie fails unless told to skip, and then "
                       "restarts only the partitions that lost data"};

const ConfigProperty<int64_t> KafkaSourceConfig::kMinPartitions{
    .key = "hoodie.deltastreamer.source.kafka.minPartitions",
    .default_value = 0,
    .doc = "Least number of offset ranges a round's events are split into (each partition "
           "at least one); hoodie reads the ranges in one consumer.",
    .aliases = {Streamer("hoodie.streamer.source.kafka.minPartitions")},
    .validate = config_validators::NonNegativeInt64,
    .group = kGroup,
    .support = ConfigSupport::kTuning,
    .support_note = "splits the round's offsets into ranges as Hudi does; the records read "
                    "and the checkpoint are the same whatever its value"};

const ConfigProperty<int64_t> KafkaSourceConfig::kFetchPartitionTimeout{
    .key = "hoodie.deltastreamer.source.kafka.fetch_partition.time.out",
    .default_value = 300000,
    .doc = "Milliseconds to wait for the topic's partitions and offsets from the brokers; an "
           "unreachable broker is reported with its address after this long.",
    .aliases = {Streamer("hoodie.streamer.source.kafka.fetch_partition.time.out")},
    .validate = config_validators::PositiveInt64,
    .group = kGroup};

const ConfigProperty<std::string> KafkaSourceConfig::kValueDeserializerClass{
    .key = "hoodie.deltastreamer.source.kafka.value.deserializer.class",
    .default_value = std::string("io.confluent.kafka.serializers.KafkaAvroDeserializer"),
    .doc = "How AvroKafkaSource decodes values: Confluent's KafkaAvroDeserializer or Hudi's "
           "KafkaAvroSchemaDeserializer (the Confluent wire format: magic byte, schema id "
           "looked up in schema.registry.url, Avro binary), or Kafka's "
           "ByteArrayDeserializer (bare Avro binary in the source schema).",
    .aliases = {Streamer("hoodie.streamer.source.kafka.value.deserializer.class")},
    .allowed_values = {"io.confluent.kafka.serializers.KafkaAvroDeserializer",
                       "org.apache.hudi.utilities.deser.KafkaAvroSchemaDeserializer",
                       "org.apache.kafka.common.serialization.ByteArrayDeserializer"},
    .group = kGroup};

const ConfigProperty<bool> KafkaSourceConfig::kAppendOffsets{
    .key = "hoodie.deltastreamer.source.kafka.append.offsets",
    .default_value = false,
    .doc = "Add each message's offset (long), partition (int), timestamp (long, epoch ms) "
           "and key (nullable string) as columns _hoodie_kafka_source_offset, "
           "_hoodie_kafka_source_partition, _hoodie_kafka_source_timestamp and "
           "_hoodie_kafka_source_key, appended to the schema provider's source and target "
           "schemas where they lack them (KafkaOffsetPostProcessor). Not with a CDC format.",
    .aliases = {Streamer("hoodie.streamer.source.kafka.append.offsets")},
    .group = kGroup};

void KafkaSourceConfig::Register(ConfigRegistry* registry) {
  registry->Add(kTopic);
  registry->Add(kMaxEvents);
  registry->Add(kCheckpointType);
  registry->Add(kEnableCommitOffset);
  registry->Add(kFailOnDataLoss);
  registry->Add(kMinPartitions);
  registry->Add(kFetchPartitionTimeout);
  registry->Add(kValueDeserializerClass);
  registry->Add(kAppendOffsets);
}

}  // namespace hoodie
