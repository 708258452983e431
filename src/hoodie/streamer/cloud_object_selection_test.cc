// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/cloud_object_selection_test.cc
/// \brief The parts of the S3 event sources that need no server: Hudi 0.15's checkpoint
/// "commit#key", the cut at the source limit, the key filters, and the event messages.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/net/sqs_client.h"
#include "hoodie/streamer/cloud_object_selection_internal.h"
#include "hoodie/streamer/s3_event_messages_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

std::vector<std::string> Keys(const CloudSelection& selection) {
  std::vector<std::string> keys;
  for (const CloudObject& object : selection.objects)
    keys.push_back(object.commit + "/" + object.key);
  return keys;
}

TEST(CloudCheckpointTest, SplitsAtTheFirstHashAndPrintsAsHudi) {
  CloudCheckpoint both = CloudCheckpoint::Parse("20260101000000000#dir/a#b.json");
  EXPECT_EQ(both.commit, "20260101000000000");
  EXPECT_EQ(both.key, "dir/a#b.json");
  EXPECT_EQ(both.ToString(), "20260101000000000#dir/a#b.json");
  CloudCheckpoint commit = CloudCheckpoint::Parse("20260101000000000");
  EXPECT_FALSE(commit.key.has_value());
  EXPECT_EQ(commit.ToString(), "20260101000000000");
  EXPECT_FALSE(CloudCheckpoint::Parse(std::nullopt).commit.has_value());
  EXPECT_EQ(CloudCheckpoint{}.ToString(), "000");
}

TEST(SelectWithinSourceLimitTest, OrdersByCommitAndKeyAndCutsAtTheRunningSize) {
  std::vector<CloudObject> rows = {{"002", "b", "x", 5},
                                   {"001", "b", "z", 10},
                                   {"001", "b", "y", 20},
                                   {"003", "b", "w", 1}};
  CloudSelection all = SelectWithinSourceLimit(rows, 1000, "003", {});
  EXPECT_EQ(Keys(all), (std::vector<std::string>{"001/y", "001/z", "002/x", "003/w"}));
  EXPECT_EQ(all.checkpoint.ToString(), "003#w");
  EXPECT_EQ(all.bytes, 36);
  CloudSelection cut = SelectWithinSourceLimit(rows, 34, "003", {});
  EXPECT_EQ(Keys(cut), (std::vector<std::string>{"001/y", "001/z"}));
  EXPECT_EQ(cut.checkpoint.ToString(), "001#z");
  EXPECT_EQ(cut.objects_left, 2);
  EXPECT_EQ(cut.bytes_left, 6);
  // The first object alone over the limit is still read.
  CloudSelection first = SelectWithinSourceLimit(rows, 1, "003", {});
  EXPECT_EQ(Keys(first), (std::vector<std::string>{"001/y"}));
  // After a checkpoint: concat(commit, key) greater than the checkpoint's.
  CloudSelection after =
      SelectWithinSourceLimit(rows, 1000, "003", CloudCheckpoint::Parse("001#y"));
  EXPECT_EQ(Keys(after), (std::vector<std::string>{"001/z", "002/x", "003/w"}));
}

TEST(SelectWithinSourceLimitTest,
     NothingLeftKeepsTheKeyOnlyWhileTheRangeEndsAtItsCommit) {
  std::vector<CloudObject> rows = {{"001", "b", "y", 20}};
  CloudCheckpoint last = CloudCheckpoint::Parse("001#y");
  EXPECT_EQ(SelectWithinSourceLimit(rows, 1000, "001", last).checkpoint.ToString(),
            "001#y");
  EXPECT_EQ(SelectWithinSourceLimit(rows, 1000, "002", last).checkpoint.ToString(),
            "002");
  EXPECT_EQ(SelectWithinSourceLimit({}, 1000, "002", {}).checkpoint.ToString(), "002");
}

TEST(CloudObjectFilterTest, FollowsGenerateFilter) {
  HoodieConfig config;
  config.Set("hoodie.streamer.source.cloud.data.datafile.format", "json");
  config.Set("hoodie.deltastreamer.source.s3incr.key.prefix", "in/");
  config.Set("hoodie.streamer.source.cloud.data.ignore.relpath.prefix", "in/tmp");
  config.Set("hoodie.deltastreamer.source.s3incr.ignore.key.substring", "_SUCCESS");
  ASSERT_OK_AND_ASSIGN(CloudObjectFilter filter, CloudObjectFilter::FromConfig(config));
  EXPECT_TRUE(filter.Matches("in/a.json", 1));
  EXPECT_TRUE(filter.Matches("in/a.jsonl.gz", 1));  // contains the format's name
  EXPECT_FALSE(filter.Matches("in/a.json", 0));     // size > 0
  EXPECT_FALSE(filter.Matches("out/a.json", 1));
  EXPECT_FALSE(filter.Matches("in/tmp1/a.json", 1));
  EXPECT_FALSE(filter.Matches("in/x_SUCCESS.json", 1));
  EXPECT_FALSE(filter.Matches("in/a.parquet", 1));
  config.Set("hoodie.deltastreamer.source.cloud.data.select.file.extension", ".json");
  config.Set("hoodie.streamer.source.cloud.data.ignore.relpath.substring", "skip");
  config.Set("hoodie.streamer.source.cloud.data.select.relpath.prefix", "i_/");
  ASSERT_OK_AND_ASSIGN(filter, CloudObjectFilter::FromConfig(config));
  EXPECT_FALSE(filter.Matches("in/a.jsonl.gz", 1));
  EXPECT_TRUE(filter.Matches("ix/a.json", 1));  // LIKE: '_' is any one character
  EXPECT_FALSE(filter.Matches("ix/skip.json", 1));
  EXPECT_TRUE(filter.Matches("ix/x_SUCCESS.json", 1));  // the cloud.data key wins
}

TEST(SqlLikeTest, MatchesAsSparkLike) {
  EXPECT_TRUE(SqlLike("abc", "a%"));
  EXPECT_TRUE(SqlLike("abc", "%c"));
  EXPECT_TRUE(SqlLike("abc", "%b%"));
  EXPECT_TRUE(SqlLike("abc", "a_c"));
  EXPECT_FALSE(SqlLike("abc", "a\\_c"));
  EXPECT_TRUE(SqlLike("a_c", "a\\_c"));
  EXPECT_FALSE(SqlLike("abc", "%d%"));
  EXPECT_TRUE(SqlLike("aXbXc", "%b%c"));
}

TEST(S3EventMessagesTest, KeepsObjectCreatedRecordsWithTheirTimes) {
  SqsMessage message{"m-1", "r", R"({"Records":[
    {"eventName":"ObjectCreated:Put","eventTime":"2026-12-07T10:00:01.2509Z",
     "responseElements":{"x":"y"},
     "s3":{"bucket":{"name":"b"},"object":{"key":"k%3D1%2525","size":3}}},
    {"eventName":"ObjectRemoved:Delete","eventTime":"x"}]})"};
  ASSERT_OK_AND_ASSIGN(std::vector<S3Event> events, ParseS3EventMessage(message));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].event_time_ms, 1796637601250);
  EXPECT_EQ(events[0].json,
            R"({"eventName":"ObjectCreated:Put","eventTime":"2026-12-07T10:00:01.2509Z",)"
            R"("s3":{"bucket":{"name":"b"},"object":{"key":"k=1%25","size":3}}})");
  // Through SNS: the notification is the envelope's Message text.
  SqsMessage sns{"m-2", "r", R"({"Type":"Notification","Message":"{\"Records\":[]}"})"};
  ASSERT_OK_AND_ASSIGN(events, ParseS3EventMessage(sns));
  EXPECT_TRUE(events.empty());
  SqsMessage test_event{"m-3", "r", R"({"Event":"s3:TestEvent"})"};
  ASSERT_OK_AND_ASSIGN(events, ParseS3EventMessage(test_event));
  EXPECT_TRUE(events.empty());
}

TEST(S3EventMessagesTest, NamesTheMessageAndWhatIsWrong) {
  auto message = [](std::string body) { return SqsMessage{"m-9", "r", std::move(body)}; };
  EXPECT_EQ(ParseS3EventMessage(message("{")).status().message(),
            "SQS message m-9 is not an S3 event notification: its body is not JSON");
  EXPECT_EQ(ParseS3EventMessage(message(R"({"Records":{}})")).status().message(),
            "SQS message m-9 is not an S3 event notification: Records is not a list");
  EXPECT_EQ(ParseS3EventMessage(message(R"({"Records":[{"eventName":"ObjectCreated:Put",
        "eventTime":"2026-12-07T10:00:00Z","s3":{"bucket":{"name":"b"},"object":{"key":"k"}}}]})"))
                .status()
                .message(),
            "SQS message m-9 is not an S3 event notification: record 0 has no integer "
            "s3.object.size");
  EXPECT_EQ(
      ParseS3EventMessage(message(R"({"Records":[{"eventName":"ObjectCreated:Put",
        "eventTime":"yesterday"}]})"))
          .status()
          .message(),
      "SQS message m-9 is not an S3 event notification: record 0 eventTime 'yesterday' "
      "is not an ISO-8601 instant (2026-01-31T10:00:00.000Z)");
}

TEST(S3EventMessagesTest, ParsesIsoInstantsAsJava) {
  EXPECT_EQ(*ParseIsoInstantMillis("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(*ParseIsoInstantMillis("1970-01-01T00:00:01.5Z"), 1500);
  EXPECT_EQ(*ParseIsoInstantMillis("2024-02-29T23:59:59.999999999Z"), 1709251199999);
  EXPECT_FALSE(ParseIsoInstantMillis("2023-02-29T00:00:00Z").ok());
  EXPECT_FALSE(ParseIsoInstantMillis("2023-01-01T00:00:00").ok());
  EXPECT_FALSE(ParseIsoInstantMillis("2023-01-01T00:00:00.Z").ok());
}

}  // namespace
}  // namespace hoodie::internal
