// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_cdc_test.cc
/// \brief Debezium and Canal change records read by JsonKafkaSource from a real Kafka
/// broker (hoodie.streamer.source.cdc.format): exact rows, deletes, and malformed
/// change records named by topic, partition and offset.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/kafka/kafka_component.h"
#include "hoodie/kafka/message_positions_internal.h"
#include "hoodie/kafka/kafka_round_test_util.h"
#include "hoodie/kafka/kafka_test_util.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/kafka_test_server.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::CreateKafkaTopic;
using testing::ProduceKafka;

std::string Debezium(const std::string& op, const std::string& before,
                     const std::string& after, int64_t ts_ms) {
  return R"({"before":)" + before + R"(,"after":)" + after + R"(,"op":")" + op +
         R"(","ts_ms":)" + std::to_string(ts_ms) + "}";
}

std::string Trip(const std::string& id, double fare, int64_t ts) {
  return R"({"id":")" + id + R"(","city":"x","fare":)" + std::to_string(fare) +
         R"(,"ts":)" + std::to_string(ts) + "}";
}

class KafkaCdcTest : public testing::KafkaRoundFixture {};

TEST_F(KafkaCdcTest, DebeziumMessagesUpsertAndDeleteAndABadOneIsNamedByOffset) {
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(brokers_, topic_, 0,
                         {Debezium("c", "null", Trip("a", 1, 1), 10),
                          Debezium("c", "null", Trip("b", 2, 1), 10),
                          Debezium("u", Trip("a", 1, 1), Trip("a", 5, 2), 20),
                          Debezium("d", Trip("b", 2, 1), "null", 30)}));
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(first.records_read, 4);
  EXPECT_EQ(CommittedCheckpoint(first.instant), topic_ + ",0:4");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 5}}));

  ASSERT_OK(ProduceKafka(brokers_, topic_, 0,
                         {Debezium("c", "null", Trip("c", 3, 1), 40),
                          R"({"before":null,"after":{"id":"d"},"ts_ms":50})",
                          Debezium("d", Trip("a", 5, 2), "null", 60)}));
  auto failed = Round();
  ASSERT_RAISES(Invalid, failed);
  EXPECT_NE(failed.status().message().find(
                "topic " + topic_ + ", partition 0, offset 5: not a debezium-json change record"),
            std::string::npos)
      << failed.status().ToString();
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 5}}));

  options_.commit_on_errors = true;
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  ASSERT_EQ(second.failed.size(), 1u);
  EXPECT_NE(second.failed[0].find("partition 0, offset 5"), std::string::npos)
      << second.failed[0];
  EXPECT_EQ(CommittedCheckpoint(second.instant), topic_ + ",0:7");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"c", 3}}));
}

TEST_F(KafkaCdcTest, CanalMessagesWithSeveralRowsEach) {
  props_.Set("hoodie.streamer.source.cdc.format", "canal-json");
  ASSERT_OK(CreateKafkaTopic(brokers_, topic_, 1));
  ASSERT_OK(ProduceKafka(
      brokers_, topic_, 0,
      {R"({"data":[{"id":"a","city":"x","fare":"1","ts":"1"},{"id":"b","city":"x","fare":"2","ts":"1"}],"type":"INSERT","isDdl":false,"es":1,"ts":2})",
       R"({"data":[{"id":"a","city":"x","fare":"7","ts":"2"}],"old":[{"fare":"1","ts":"1"}],"type":"UPDATE","isDdl":false,"es":3,"ts":4})",
       R"({"data":[{"id":"b","city":"x","fare":"2","ts":"1"}],"type":"DELETE","isDdl":false,"es":5,"ts":6})"}));
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(CommittedCheckpoint(round.instant), topic_ + ",0:3");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 7}}));

  // A row whose key fails is named by its message's offset, past a DDL message (no
  // rows) and a message of three rows.
  ASSERT_OK(ProduceKafka(
      brokers_, topic_, 0,
      {R"({"data":null,"type":"CREATE","isDdl":true,"es":7,"ts":8})",
       R"({"data":[{"id":"c","city":"x","fare":"1","ts":"1"},{"id":"d","city":"x","fare":"1","ts":"1"},{"id":"e","city":"x","fare":"1","ts":"1"}],"type":"INSERT","isDdl":false,"es":9,"ts":10})",
       R"({"data":[{"city":"x","fare":"1","ts":"1"}],"type":"INSERT","isDdl":false,"es":11,"ts":12})"}));
  auto failed = Round();
  ASSERT_RAISES(Invalid, failed);
  EXPECT_NE(failed.status().message().find("partition 0, offset 5"), std::string::npos)
      << failed.status().ToString();
}

TEST(MessagePositionsTest, RowsOfChangeMessagesMapToTheirOffsets) {
  internal::MessagePositions positions("t");
  for (int64_t offset = 10; offset < 15; ++offset) positions.Add(0, offset);
  positions.SetRows(1, 0);  // offset 11: a DDL message
  positions.SetRows(2, 3);  // offset 12: three rows
  positions.Skip(2);        // one of them left out
  positions.Skip(3);        // offset 13 left out
  std::vector<std::string> rows;
  for (int64_t row = 0; row < 4; ++row) rows.push_back(positions.DescribeRow(row));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "topic t, partition 0, offset 10", "topic t, partition 0, offset 12",
                      "topic t, partition 0, offset 12", "topic t, partition 0, offset 14"}));
}

}  // namespace
}  // namespace hoodie
