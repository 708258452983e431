// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_source_test.cc
/// \brief JsonKafkaSource and AvroKafkaSource in streamer rounds against a real Kafka
/// broker (KRaft, 127.0.0.1): exact rows, exact checkpoints (Hudi's
/// KafkaOffsetGen.CheckpointUtils.offsetsToStr format), malformed messages, offsets Kafka
/// has deleted, and brokers that do not answer.
#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/format/log/data_block.h"
#include "hoodie/kafka/kafka_client_internal.h"
#include "hoodie/kafka/kafka_component.h"
#include "hoodie/kafka/kafka_round_test_util.h"
#include "hoodie/kafka/kafka_test_util.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/kafka_test_server.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/schema_registry_test_server.h"

namespace hoodie {
namespace {

using testing::CreateKafkaTopic;
using testing::ProduceKafka;
using ::testing::HasSubstr;

std::string Trip(const std::string& id, const std::string& city, double fare, int64_t ts) {
  return R"({"id":")" + id + R"(","city":")" + city + R"(","fare":)" + std::to_string(fare) +
         R"(,"ts":)" + std::to_string(ts) + "}";
}

// Two trips (a/x/1.5, b/y/null) as bare Avro binary in the trip schema.
::arrow::Result<std::vector<std::string>> BareAvroTrips() {
  auto batch = ::arrow::RecordBatch::Make(
      ::arrow::schema({::arrow::field("id", ::arrow::utf8(), false),
                       ::arrow::field("city", ::arrow::utf8(), false),
                       ::arrow::field("fare", ::arrow::float64()),
                       ::arrow::field("ts", ::arrow::int64(), false)}),
      2, {*::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["a", "b"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["x", "y"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::float64(), "[1.5, null]"),
          *::arrow::json::ArrayFromJSONString(::arrow::int64(), "[1, 1]")});
  return EncodeAvroRecords(*batch, testing::kTripSchema);
}

// Streamer rounds from a topic of the shared broker into the trips table.
class KafkaRoundTest : public testing::KafkaRoundFixture {};

TEST_F(KafkaRoundTest, JsonRoundsResumeExactlyFromTheCheckpoint) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 2));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("a", "x", 1, 1), Trip("b", "y", 2, 1), ""}));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 1, {Trip("c", "x", 3, 1)}));
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  // The empty message (offset 2) is filtered as Hudi filters empty values.
  EXPECT_EQ(first.records_read, 3);
  EXPECT_EQ(CommittedCheckpoint(first.instant), topic_ + ",0:3,1:1");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1}, {"b", 2}, {"c", 3}}));
  // Nothing new: the checkpoint has not moved, no commit.
  ASSERT_OK_AND_ASSIGN(RoundResult idle, Round());
  EXPECT_EQ(idle.skipped, "no new data, source checkpoint has not changed");
  // An update and an insert read from the checkpoint on, not from earliest again.
  ASSERT_OK(ProduceKafka(brokers_, topic_, 1, {Trip("a", "x", 10, 2), Trip("d", "y", 4, 2)}));
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(second.records_read, 2);
  EXPECT_EQ(CommittedCheckpoint(second.instant), topic_ + ",0:3,1:3");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 10}, {"b", 2}, {"c", 3}, {"d", 4}}));
  EXPECT_EQ(CompletedCommits(), 2u);
}

TEST_F(KafkaRoundTest, SourceLimitSplitsTheEventsAcrossPartitions) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 2));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("a", "x", 1, 1), Trip("b", "x", 1, 1)}));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 1,
                         {Trip("c", "x", 1, 1), Trip("d", "x", 1, 1), Trip("e", "x", 1, 1)}));
  options_.source_limit = 2;
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(CommittedCheckpoint(first.instant), topic_ + ",0:1,1:1");
  EXPECT_EQ(first.records_read, 2);
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(CommittedCheckpoint(second.instant), topic_ + ",0:2,1:2");
  options_.source_limit = kNoSourceLimit;
  ASSERT_OK_AND_ASSIGN(RoundResult rest, Round());
  EXPECT_EQ(CommittedCheckpoint(rest.instant), topic_ + ",0:2,1:3");
  EXPECT_EQ(Rows().size(), 5u);
}

TEST_F(KafkaRoundTest, LatestStartsAtTheEndAndGroupOffsetsAreCommittedAfterTheHudiCommit) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("old", "x", 1, 1)}));
  props_.Set("auto.offset.reset", "latest");
  props_.Set("group.id", "hoodie-test-" + topic_);
  props_.Set("hoodie.deltastreamer.source.kafka.enable.commit.offset", "true");
  options_.allow_commit_on_no_checkpoint_change = false;
  // The first round starts at the end: nothing to read yet, but the checkpoint moves
  // from none to the end, so Hudi commits the round empty.
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(CommittedCheckpoint(first.instant), topic_ + ",0:1");
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("new", "x", 2, 2)}));
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"new", 2}}));
  ASSERT_OK_AND_ASSIGN(auto consumer, internal::KafkaConsumer::Make(
                                          {{"bootstrap.servers", brokers_},
                                           {"group.id", "hoodie-test-" + topic_}},
                                          30000));
  ASSERT_OK_AND_ASSIGN(PartitionOffsets committed, consumer->Committed(topic_, {0}));
  EXPECT_EQ(committed, (PartitionOffsets{{0, 2}}));
}

TEST_F(KafkaRoundTest, AMalformedMessageFailsTheRoundNamingItsOffsetUnlessCommitOnErrors) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0,
                         {Trip("a", "x", 1, 1), "{not json", Trip("b", "x", 2, 1),
                          R"({"id":"c","city":"x","fare":"dear","ts":1})"}));
  auto failed = Round();
  ASSERT_FALSE(failed.ok());
  EXPECT_THAT(failed.status().message(),
              HasSubstr("topic " + topic_ + ", partition 0, offset 1: not valid JSON"));
  EXPECT_EQ(CompletedCommits(), 0u);
  options_.commit_on_errors = true;
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1}, {"b", 2}}));
  ASSERT_EQ(round.failed.size(), 2u);
  EXPECT_THAT(round.failed[0], HasSubstr("partition 0, offset 1: not valid JSON"));
  EXPECT_THAT(round.failed[1], HasSubstr("partition 0, offset 3: field 'fare'"));
  EXPECT_EQ(CommittedCheckpoint(round.instant), topic_ + ",0:4");
}

TEST_F(KafkaRoundTest, OffsetsKafkaDeletedFailTheRoundOrResumeAtTheEarliestWhenAllowed) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0,
                         {Trip("a", "x", 1, 1), Trip("b", "x", 1, 1), Trip("c", "x", 1, 1),
                          Trip("d", "x", 1, 1), Trip("e", "x", 1, 1)}));
  options_.source_limit = 2;
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(CommittedCheckpoint(first.instant), topic_ + ",0:2");
  // Retention takes offsets 0-3 before the next round.
  ASSERT_OK(testing::DeleteKafkaRecordsBefore(brokers_, topic_, 0, 4));
  options_.source_limit = kNoSourceLimit;
  auto lost = Round();
  ASSERT_FALSE(lost.ok());
  EXPECT_THAT(lost.status().message(),
              HasSubstr("Lost: " + topic_ + "-0: offsets [2, 4) (2 messages)"));
  EXPECT_THAT(lost.status().message(),
              HasSubstr("hoodie.deltastreamer.source.kafka.enable.failOnDataLoss=false"));
  props_.Set("hoodie.streamer.source.kafka.enable.failOnDataLoss", "false");
  ASSERT_OK_AND_ASSIGN(RoundResult resumed, Round());
  EXPECT_EQ(CommittedCheckpoint(resumed.instant), topic_ + ",0:5");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1}, {"b", 1}, {"e", 1}}));
}

TEST_F(KafkaRoundTest, AvroValuesInConfluentsWireFormatAreReadWithTheirWriterSchemas) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  // Schema 1: the trips without a fare; schema 2: the trips (the source schema).
  testing::WriteText(dir_.Join("v1.avsc"), R"({"type":"record","name":"trip","fields":[
    {"name":"id","type":"string"},{"name":"city","type":"string"},{"name":"ts","type":"long"}]})");
  testing::SchemaRegistryTestServer registry(
      dir_.path(), {"--preload", "trips-value=" + dir_.Join("v1.avsc"), "--preload",
                    "trips-value=" + dir_.Join("trip.avsc")});
  props_.Set("schema.registry.url", registry.Url("", ""));
  options_.source_class = "AvroKafkaSource";
  auto encode = [](int32_t id, const std::string& schema,
                   const std::shared_ptr<::arrow::RecordBatch>& batch) {
    auto bodies = EncodeAvroRecords(*batch, schema);
    EXPECT_OK(bodies.status());
    std::vector<std::string> out;
    for (const std::string& body : *bodies) {
      std::string value(5, '\0');
      value[4] = static_cast<char>(id);
      out.push_back(value + body);
    }
    return out;
  };
  auto v1 = ::arrow::RecordBatch::Make(
      ::arrow::schema({::arrow::field("id", ::arrow::utf8(), false),
                       ::arrow::field("city", ::arrow::utf8(), false),
                       ::arrow::field("ts", ::arrow::int64(), false)}),
      1, {*::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["old"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["x"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::int64(), "[1]")});
  auto v2 = ::arrow::RecordBatch::Make(
      ::arrow::schema({::arrow::field("id", ::arrow::utf8(), false),
                       ::arrow::field("city", ::arrow::utf8(), false),
                       ::arrow::field("fare", ::arrow::float64()),
                       ::arrow::field("ts", ::arrow::int64(), false)}),
      2, {*::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["a", "b"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["x", "y"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::float64(), "[5.5, null]"),
          *::arrow::json::ArrayFromJSONString(::arrow::int64(), "[2, 2]")});
  std::vector<std::string> values = encode(1, R"({"type":"record","name":"trip","fields":[
    {"name":"id","type":"string"},{"name":"city","type":"string"},{"name":"ts","type":"long"}]})",
                                           v1);
  for (const std::string& value : encode(2, testing::kTripSchema, v2)) values.push_back(value);
  // A value no registry id names, then one without the magic byte.
  values.push_back(std::string("\0\0\0\0\x63", 5) + "xx");
  values.push_back("plain text");
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, values));
  auto failed = Round();
  ASSERT_FALSE(failed.ok());
  EXPECT_THAT(failed.status().message(),
              HasSubstr("partition 0, offset 3: the schema registry"));
  EXPECT_THAT(failed.status().message(), HasSubstr("has no schema with id 99"));
  options_.commit_on_errors = true;
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"old", -1}, {"a", 5.5}, {"b", -1}}));
  ASSERT_EQ(round.failed.size(), 2u);
  EXPECT_THAT(round.failed[1], HasSubstr("offset 4: the value is not in Confluent's Avro wire format"));
}

TEST_F(KafkaRoundTest, TheRegistrysCredentialsComeFromUserInfoAsConfluentsClientTakesThem) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  testing::SchemaRegistryTestServer registry(
      dir_.path(), {"--user", "fred:pw", "--preload", "trips-value=" + dir_.Join("trip.avsc")});
  auto batch = ::arrow::RecordBatch::Make(
      ::arrow::schema({::arrow::field("id", ::arrow::utf8(), false),
                       ::arrow::field("city", ::arrow::utf8(), false),
                       ::arrow::field("fare", ::arrow::float64()),
                       ::arrow::field("ts", ::arrow::int64(), false)}),
      1, {*::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["a"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["x"])"),
          *::arrow::json::ArrayFromJSONString(::arrow::float64(), "[2.5]"),
          *::arrow::json::ArrayFromJSONString(::arrow::int64(), "[1]")});
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> bodies,
                       EncodeAvroRecords(*batch, testing::kTripSchema));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {std::string("\0\0\0\0\1", 5) + bodies[0]}));
  options_.source_class = "AvroKafkaSource";
  props_.Set("schema.registry.url", registry.Url("", ""));
  // Without credentials the registry answers 401, and the round says so.
  auto refused = Round();
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(), HasSubstr("401"));
  props_.Set("basic.auth.credentials.source", "SASL_INHERIT");
  auto unknown = Round();
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(unknown.status().message(),
              HasSubstr("basic.auth.credentials.source=SASL_INHERIT is not one"));
  props_.Set("basic.auth.credentials.source", "USER_INFO");
  props_.Set("basic.auth.user.info", "fred:pw");
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 2.5}}));
}

TEST_F(KafkaRoundTest, MaxEventsBoundsARoundWithoutASourceLimit) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0,
                         {Trip("a", "x", 1, 1), Trip("b", "x", 1, 1), Trip("c", "x", 1, 1)}));
  props_.Set("hoodie.streamer.kafka.source.maxEvents", "2");
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(CommittedCheckpoint(first.instant), topic_ + ",0:2");
  // --source-limit, when given, wins over maxEvents (KafkaOffsetGen.getNextOffsetRanges).
  options_.source_limit = 5;
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(CommittedCheckpoint(second.instant), topic_ + ",0:3");
}

TEST_F(KafkaRoundTest, ATimestampCheckpointStartsEachPartitionAtItsFirstMessageOfThatTime) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 2));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("old0", "x", 1, 1)}));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 1, {Trip("old1", "x", 1, 1)}));
  // Messages carry their producer's time; the ones after `since` are newer.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const int64_t since = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("new0", "x", 2, 2)}));
  props_.Set("hoodie.deltastreamer.source.kafka.checkpoint.type", "timestamp");
  options_.checkpoint.checkpoint = std::to_string(since);
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  // Partition 0 resumes at offset 1; partition 1 has nothing that late and starts at
  // its earliest offset (getOffsetsByTimestamp).
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"new0", 2}, {"old1", 1}}));
  EXPECT_EQ(CommittedCheckpoint(round.instant), topic_ + ",0:2,1:1");
}

TEST_F(KafkaRoundTest, ByteArrayDeserializerReadsBareAvroInTheSourceSchema) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> values, BareAvroTrips());
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, values));
  options_.source_class = "AvroKafkaSource";
  props_.Set("hoodie.deltastreamer.source.kafka.value.deserializer.class",
             "org.apache.kafka.common.serialization.ByteArrayDeserializer");
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.5}, {"b", -1}}));
}

TEST_F(KafkaRoundTest, TheKafkaCommitCallbackSendsHudisMessageKeyedByTheTable) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 2));
  options_.source_class = "JsonDFSSource";
  Input("1.json", Trip("a", "x", 1, 1) + "\n", 5000);
  props_.Set("hoodie.write.commit.callback.on", "true");
  props_.Set("hoodie.write.commit.callback.class", "kafka");
  props_.Set("hoodie.write.commit.callback.kafka.bootstrap.servers", brokers_);
  props_.Set("hoodie.write.commit.callback.kafka.topic", topic_);
  props_.Set("hoodie.write.commit.callback.kafka.partition", "1");
  // acks and retries go to the producer as Kafka's own settings: a value Kafka does not
  // take refuses the write before anything is written.
  props_.Set("hoodie.write.commit.callback.kafka.acks", "some");
  auto refused = Round();
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(), HasSubstr("the Kafka client property acks"));
  EXPECT_EQ(CompletedCommits(), 0u);
  props_.Set("hoodie.write.commit.callback.kafka.acks", "1");
  props_.Set("hoodie.write.commit.callback.kafka.retries", "-1");
  auto bad_retries = Round();
  ASSERT_FALSE(bad_retries.ok());
  EXPECT_THAT(bad_retries.status().message(), HasSubstr("hoodie.write.commit.callback.kafka.retries"));
  props_.Set("hoodie.write.commit.callback.kafka.retries", "5");
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.failed_commit_callbacks, 0);
  ASSERT_OK_AND_ASSIGN(auto consumer, internal::KafkaConsumer::Make(
                                          {{"bootstrap.servers", brokers_}}, 30000));
  ASSERT_OK(consumer->Assign(topic_, {{1, 0, 1}}));
  ASSERT_OK_AND_ASSIGN(auto message, consumer->Next());
  ASSERT_NE(message, nullptr);
  EXPECT_EQ(message->partition(), 1);
  auto json = nlohmann::json::parse(message->value());
  EXPECT_EQ(json["commitTime"], round.instant);
  EXPECT_EQ(json["tableName"], "trips");
  EXPECT_EQ(json["basePath"], dir_.Join("table"));
  ASSERT_EQ(json["hoodieWriteStat"].size(), 1u);
  EXPECT_EQ(json["hoodieWriteStat"][0]["numInserts"], 1);
  // Hudi's plain ObjectMapper writes the two Option fields as their presence.
  EXPECT_EQ(json["commitActionType"], nlohmann::json::parse(R"({"empty":false,"present":true})"));
}

// "id offset partition timestamp key" of every row of the table, by id; a null key is
// "-".
std::vector<std::string> OffsetRows(const std::shared_ptr<::arrow::Table>& table) {
  std::vector<std::string> out;
  auto batch = table->CombineChunksToBatch();
  EXPECT_OK(batch.status());
  if (!batch.ok()) return out;
  for (int64_t row = 0; row < (*batch)->num_rows(); ++row) {
    std::string line;
    for (const auto& column : (*batch)->columns()) {
      auto value = column->GetScalar(row);
      EXPECT_OK(value.status());
      line += (line.empty() ? "" : " ") +
              (value.ok() && (*value)->is_valid ? (*value)->ToString() : std::string("-"));
    }
    out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  return out;
}

const std::vector<std::string> kOffsetColumns = {
    "id", "_hoodie_kafka_source_offset", "_hoodie_kafka_source_partition",
    "_hoodie_kafka_source_timestamp", "_hoodie_kafka_source_key"};

TEST_F(KafkaRoundTest, AppendOffsetsAddsEachMessagesOffsetPartitionTimestampAndKey) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 2));
  ASSERT_OK(testing::ProduceKafkaMessages(
      brokers_, topic_, 0,
      {{.value = Trip("a", "x", 1, 1), .key = "key-a", .timestamp_ms = 1767225600001},
       {.value = Trip("b", "y", 2, 1), .key = std::nullopt, .timestamp_ms = 1767225600002}}));
  // A member of a column's name is replaced, as Jackson's put replaces it; an empty key
  // is a key.
  ASSERT_OK(testing::ProduceKafkaMessages(
      brokers_, topic_, 1,
      {{.value = R"({"_hoodie_kafka_source_offset":99,"id":"c","city":"x","ts":1})",
        .key = "",
        .timestamp_ms = 1767225600003}}));
  props_.Set("hoodie.streamer.source.kafka.append.offsets", "true");
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(CommittedCheckpoint(round.instant), topic_ + ",0:2,1:1");
  ASSERT_OK_AND_ASSIGN(auto table, ReadColumns(kOffsetColumns));
  EXPECT_EQ(OffsetRows(table),
            (std::vector<std::string>{"a 0 0 1767225600001 key-a", "b 1 0 1767225600002 -",
                                      "c 0 1 1767225600003 "}));
  // The provider's schema with the four columns after its own, typed as Hudi's
  // KafkaOffsetPostProcessor types them.
  ASSERT_OK_AND_ASSIGN(auto all, ReadColumns({}));
  const auto& fields = all->schema()->fields();
  ASSERT_GE(fields.size(), 4u);
  std::vector<std::string> last;
  for (size_t i = fields.size() - 4; i < fields.size(); ++i) {
    last.push_back(fields[i]->name() + ":" + fields[i]->type()->ToString());
  }
  EXPECT_EQ(last, (std::vector<std::string>{"_hoodie_kafka_source_offset:int64",
                                            "_hoodie_kafka_source_partition:int32",
                                            "_hoodie_kafka_source_timestamp:int64",
                                            "_hoodie_kafka_source_key:string"}));
  EXPECT_EQ(all->schema()->GetFieldIndex("ts") + 1,
            all->schema()->GetFieldIndex("_hoodie_kafka_source_offset"));
}

TEST_F(KafkaRoundTest, AppendOffsetsAddsTheColumnsToAvroValuesAndIsRefusedForChangeRecords) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> values, BareAvroTrips());
  ASSERT_OK(testing::ProduceKafkaMessages(
      brokers_, topic_, 0,
      {{.value = values[0], .key = std::nullopt, .timestamp_ms = 1767225600005},
       {.value = values[1], .key = "b", .timestamp_ms = 1767225600006}}));
  props_.Set("hoodie.deltastreamer.source.kafka.append.offsets", "true");
  options_.source_class = "AvroKafkaSource";
  props_.Set("hoodie.deltastreamer.source.kafka.value.deserializer.class",
             "org.apache.kafka.common.serialization.ByteArrayDeserializer");
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.5}, {"b", -1}}));
  ASSERT_OK_AND_ASSIGN(auto table, ReadColumns(kOffsetColumns));
  EXPECT_EQ(OffsetRows(table), (std::vector<std::string>{"a 0 0 1767225600005 -",
                                                         "b 1 0 1767225600006 b"}));
  options_.source_class = "JsonKafkaSource";
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  auto refused = Round();
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(),
              HasSubstr("hoodie.deltastreamer.source.kafka.append.offsets does not apply to "
                        "change records"));
}

TEST_F(KafkaRoundTest, BrokersThatDoNotAnswerAndMissingTopicsAreNamed) {
  props_.Set("hoodie.deltastreamer.source.kafka.topic", "no_such_topic");
  auto missing = Round();
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.status().message(), HasSubstr("Kafka topic:no_such_topic does not exist"));
  props_.Set("bootstrap.servers", "127.0.0.1:1");
  props_.Set("hoodie.deltastreamer.source.kafka.fetch_partition.time.out", "1500");
  auto down = Round();
  ASSERT_FALSE(down.ok());
  EXPECT_THAT(down.status().message(), HasSubstr("Kafka brokers 127.0.0.1:1"));
  // A Java-only client setting librdkafka does not know is refused by name.
  props_.Set("ssl.truststore.location", "/etc/truststore.jks");
  auto java = Round();
  ASSERT_FALSE(java.ok());
  EXPECT_THAT(java.status().message(),
              HasSubstr("the Kafka client property ssl.truststore.location"));
}

// Java's SASL settings reach a SASL_PLAINTEXT listener (PLAIN) through librdkafka's: the
// right password reads the topic, a wrong one fails the round.
TEST_F(KafkaRoundTest, JavasSaslJaasConfigAuthenticatesWithThePlainMechanism) {
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("a", "x", 1, 1), Trip("b", "y", 2, 1)}));
  ASSERT_OK_AND_ASSIGN(auto* server, testing::SharedServer<testing::KafkaTestServer>());
  ASSERT_OK_AND_ASSIGN(std::string sasl, server->sasl_bootstrap_servers());
  props_.Set("bootstrap.servers", sasl);
  props_.Set("security.protocol", "SASL_PLAINTEXT");
  props_.Set("sasl.mechanism", "PLAIN");
  const std::string jaas =
      "org.apache.kafka.common.security.plain.PlainLoginModule required "
      "username=\"hoodie\" password=\"";
  props_.Set("sasl.jaas.config", jaas + "hoodie-secret\";");
  ASSERT_OK_AND_ASSIGN(auto round, Round());
  EXPECT_EQ(round.records_written, 2);
  EXPECT_EQ(CommittedCheckpoint(round.instant), topic_ + ",0:2");

  ASSERT_OK(ProduceKafka(brokers_, topic_, 0, {Trip("c", "z", 3, 1)}));
  props_.Set("sasl.jaas.config", jaas + "wrong\";");
  props_.Set("hoodie.deltastreamer.source.kafka.fetch_partition.time.out", "1500");
  auto refused = Round();
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(),
              HasSubstr("(Kafka brokers " + sasl + "): "));
  EXPECT_THAT(refused.status().message(),
              HasSubstr("the brokers refused the client's credentials: "));
}

}  // namespace
}  // namespace hoodie
