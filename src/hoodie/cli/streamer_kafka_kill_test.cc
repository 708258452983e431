// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_kafka_kill_test.cc
/// \brief `hoodie streamer --continuous` reading a Kafka topic of a real broker, killed
/// with SIGKILL at random points: after every kill the table holds exactly the messages
/// below its committed checkpoint, each once (the rounds insert, so a message read
/// twice would be two rows), and a last run ends with every message. Offsets live only
/// in the Hudi commit: a killed round is rolled back and its range read again.
#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/kafka/kafka_offsets.h"
#include "hoodie/kafka/kafka_test_util.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/kafka_test_server.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

constexpr int kPartitions = 3;
constexpr int kPerPartition = 120;
constexpr char kTopic[] = "kill_trips";

// Message `offset` of `partition`: a unique id, so that a duplicate is a second row.
int64_t ValueOf(int partition, int offset) { return partition * 100000 + offset; }
std::string IdOf(int partition, int offset) {
  return "m" + std::to_string(ValueOf(partition, offset));
}

// id -> value of the messages below `checkpoint` ("topic,0:5,1:7").
std::map<std::string, int64_t> Model(const std::string& checkpoint) {
  std::map<std::string, int64_t> out;
  if (checkpoint.empty()) return out;
  auto parsed = ParseKafkaCheckpoint(checkpoint);
  EXPECT_OK(parsed.status());
  if (!parsed.ok()) return out;
  for (const auto& [partition, until] : parsed->offsets) {
    for (int64_t offset = 0; offset < until; ++offset) {
      out[IdOf(partition, static_cast<int>(offset))] = ValueOf(partition, static_cast<int>(offset));
    }
  }
  return out;
}

TEST(StreamerKafkaKillTest, KilledAtRandomLosesAndDuplicatesNoMessage) {
  ASSERT_OK_AND_ASSIGN(auto* server, hoodie::testing::SharedServer<hoodie::testing::KafkaTestServer>());
  const std::string brokers = server->bootstrap_servers();
  ASSERT_OK(hoodie::testing::CreateKafkaTopic(brokers, kTopic, kPartitions));
  for (int p = 0; p < kPartitions; ++p) {
    std::vector<std::string> values;
    for (int o = 0; o < kPerPartition; ++o) {
      values.push_back(R"({"id":")" + IdOf(p, o) + R"(","part":"p)" + std::to_string(o % 3) +
                       R"(","ts":1,"value":)" + std::to_string(ValueOf(p, o)) + "}");
    }
    ASSERT_OK(hoodie::testing::ProduceKafka(brokers, kTopic, p, values));
  }
  hoodie::testing::TempDir dir;
  {
    std::ofstream schema(dir.Join("s.avsc"));
    schema << R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
              R"({"name":"part","type":"string"},{"name":"ts","type":"long"},)"
              R"({"name":"value","type":"long"}]})";
  }
  const std::string base = dir.Join("t");
  std::vector<std::string> args = {
      HOODIE_CLI_PATH, "streamer", "--continuous", "--target-base-path", base,
      "--target-table", "t", "--table-type", "MERGE_ON_READ", "--op", "INSERT",
      "--schemaprovider-class", "FilebasedSchemaProvider",
      "--source-class", "JsonKafkaSource", "--source-limit", "25",
      "--hoodie-conf", "bootstrap.servers=" + brokers,
      "--hoodie-conf", std::string("hoodie.deltastreamer.source.kafka.topic=") + kTopic,
      "--hoodie-conf", "auto.offset.reset=earliest",
      "--hoodie-conf", "hoodie.deltastreamer.schemaprovider.source.schema.file=" + dir.Join("s.avsc"),
      "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
      "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=part",
      "--hoodie-conf", "hoodie.compact.inline.max.delta.commits=3"};
  const std::string all = std::string(kTopic) + ",0:" + std::to_string(kPerPartition) + ",1:" +
                          std::to_string(kPerPartition) + ",2:" + std::to_string(kPerPartition);
  std::mt19937 random(20261207);
  std::uniform_int_distribution<int> delay_ms(50, 700);
  for (int kill = 0; kill < 30; ++kill) {
    SCOPED_TRACE("kill " + std::to_string(kill));
    ASSERT_NO_FATAL_FAILURE(testing::KillAfter(
        testing::SpawnQuiet(args), std::chrono::milliseconds(delay_ms(random))));
    testing::StreamedTable state = testing::ReadStreamedTable(base);
    const std::map<std::string, int64_t> expected = Model(state.checkpoint_text);
    ASSERT_EQ(state.rows, expected);
    ASSERT_EQ(state.row_count, static_cast<int64_t>(expected.size())) << "a message read twice";
    if (state.checkpoint_text == all) {
      // Every message is in: start over on a new table, so that kills land mid-stream.
      ASSERT_OK(Storage::Local()->DeleteDir(base));
    }
  }
  auto done = testing::RunCli(testing::QuotedArgs(args) + "--max-rounds 40");
  ASSERT_EQ(done.exit_code, 0) << done.err;
  testing::StreamedTable final_state = testing::ReadStreamedTable(base);
  EXPECT_EQ(final_state.checkpoint_text, all);
  EXPECT_EQ(final_state.rows, Model(all));
  EXPECT_EQ(final_state.row_count, kPartitions * kPerPartition);
}

}  // namespace
}  // namespace hoodie::cli
