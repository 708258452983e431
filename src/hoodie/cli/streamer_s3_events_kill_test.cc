// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_s3_events_kill_test.cc
/// \brief `hoodie streamer --continuous` with S3EventsSource killed with SIGKILL at
/// random points while S3 event notifications keep arriving on moto's SQS queue: after
/// every kill the meta table holds each event it committed once, and once the queue is
/// drained it holds every event sent, none lost.
#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <arrow/api.h>
#include <arrow/filesystem/s3fs.h>
#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/client/table.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

using hoodie::testing::S3TestServer;
using testing::KillAfter;
using testing::QuotedArgs;
using testing::RunCli;
using testing::SpawnQuiet;

// One ObjectCreated notification of object `key` at second `second` of the day.
std::string Notification(const std::string& key, int second) {
  char time[32];
  std::snprintf(time, sizeof(time), "2026-12-07T%02d:%02d:%02d.000Z", second / 3600,
                second / 60 % 60, second % 60);
  return std::string(R"({"Records":[{"eventVersion":"2.1","eventSource":"aws:s3",)") +
         R"("awsRegion":"us-east-1","eventTime":")" + time +
         R"(","eventName":"ObjectCreated:Put","s3":{"s3SchemaVersion":"1.0",)"
         R"("bucket":{"name":"b","arn":"arn:aws:s3:::b"},"object":{"key":")" +
         key + R"(","size":10,"eTag":"e"}}}]})";
}

// The record keys of the meta table and how many rows it has (duplicates included).
std::pair<std::set<std::string>, int64_t> Keys(const std::string& base) {
  std::set<std::string> keys;
  auto table = Table::Open(base);
  if (!table.ok()) return {keys, 0};  // not created yet
  auto read = (*table)->ReadTable({.columns = {"_hoodie_record_key"}});
  EXPECT_OK(read.status());
  if (!read.ok()) return {keys, 0};
  for (const auto& chunk : (*read)->column(0)->chunks()) {
    auto strings = std::static_pointer_cast<::arrow::StringArray>(chunk);
    for (int64_t i = 0; i < strings->length(); ++i) keys.insert(strings->GetString(i));
  }
  return {keys, (*read)->num_rows()};
}

TEST(StreamerS3EventsKillTest, KilledAtRandomLosesNoEventAndDuplicatesNone) {
  ASSERT_OK_AND_ASSIGN(auto server, S3TestServer::Start());
  server->ExportEnvironment();  // the spawned streamers inherit it
  ASSERT_OK_AND_ASSIGN(std::string queue, server->CreateQueue("kill-events"));
  hoodie::testing::TempDir dir;
  const std::string base = dir.Join("meta");
  const std::vector<std::string> args = {
      HOODIE_CLI_PATH,
      "streamer",
      "--continuous",
      "--target-base-path",
      base,
      "--target-table",
      "s3_meta",
      "--table-type",
      "COPY_ON_WRITE",
      "--source-class",
      "S3EventsSource",
      "--source-ordering-field",
      "eventTime",
      "--hoodie-conf",
      "hoodie.streamer.s3.source.queue.url=" + queue,
      "--hoodie-conf",
      "hoodie.streamer.s3.source.queue.region=us-east-1",
      "--hoodie-conf",
      "hoodie.streamer.s3.source.queue.long.poll.wait=0",
      "--hoodie-conf",
      "hoodie.streamer.s3.source.queue.visibility.timeout=1",
      "--hoodie-conf",
      "hoodie.streamer.s3.source.queue.max.messages.per.batch=2",
      "--hoodie-conf",
      "hoodie.streamer.s3.source.queue.max.messages.per.request=2",
      "--hoodie-conf",
      "hoodie.datasource.write.recordkey.field=s3.object.key",
      "--hoodie-conf",
      "hoodie.datasource.write.partitionpath.field=",
      "--hoodie-conf",
      "hoodie.datasource.write.keygenerator.class=org.apache.hudi.keygen."
      "NonpartitionedKeyGenerator"};
  std::set<std::string> sent;
  int second = 0;
  auto send = [&](int count) {
    for (int i = 0; i < count; ++i) {
      const std::string key = "in/" + std::to_string(++second) + ".json";
      ASSERT_OK(server->SendMessage(queue, Notification(key, second)));
      sent.insert(key);
    }
  };
  std::mt19937 random(20261207);
  std::uniform_int_distribution<int> delay_ms(30, 600);
  for (int kill = 0; kill < 25; ++kill) {
    SCOPED_TRACE("kill " + std::to_string(kill));
    send(3);
    ASSERT_NO_FATAL_FAILURE(
        KillAfter(SpawnQuiet(args), std::chrono::milliseconds(delay_ms(random))));
    auto [keys, rows] = Keys(base);
    // Each committed event once, and only events that were sent.
    ASSERT_EQ(rows, static_cast<int64_t>(keys.size())) << "duplicate rows";
    for (const std::string& key : keys) ASSERT_TRUE(sent.count(key)) << key;
  }
  // Events no round has seen yet: whatever the kills' timing (on a quick machine every
  // round may commit before its kill), the drain below has events to take in.
  send(3);
  // Some rounds committed, not all events are in.
  const size_t committed_before_drain = Keys(base).first.size();
  EXPECT_GT(committed_before_drain, 0u);
  EXPECT_LT(committed_before_drain, sent.size());
  // Drain the queue. A round whose messages were all committed before a kill stopped
  // their deletion finds its checkpoint (the newest event time) unchanged and commits
  // nothing, as Hudi's S3EventsSource does, so those messages go only with a newer event:
  // each pass sends one.
  int passes = 0;
  for (; passes < 20; ++passes) {
    send(1);
    auto run = RunCli(QuotedArgs(args) + "--max-rounds 20");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    ASSERT_OK_AND_ASSIGN(int64_t left, server->MessagesLeft(queue));
    if (left == 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // visibility timeout
  }
  ASSERT_OK_AND_ASSIGN(int64_t left, server->MessagesLeft(queue));
  EXPECT_EQ(left, 0);
  std::cout << committed_before_drain << " of " << sent.size() - passes - 1
            << " events committed across the kills; the queue drained in " << passes + 1
            << " passes" << std::endl;
  auto [keys, rows] = Keys(base);
  EXPECT_EQ(keys, sent);
  EXPECT_EQ(rows, static_cast<int64_t>(sent.size()));
  server.reset();
  ::arrow::fs::EnsureFinalized();
}

}  // namespace
}  // namespace hoodie::cli
