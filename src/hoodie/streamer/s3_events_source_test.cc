// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/s3_events_source_test.cc
/// \brief S3EventsSource and S3EventsHoodieIncrSource against moto's real S3 and SQS:
/// S3 event notifications from a queue into a meta table, then the objects it records
/// into a data table, with Hudi 0.15's checkpoints, messages deleted only after a commit
/// and the errors that name what is wrong.
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <arrow/api.h>
#include <arrow/filesystem/s3fs.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/client/table.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/net/sqs_client.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/checkpoint.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_fault_proxy.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie {
namespace {

using Json = nlohmann::json;
using testing::S3TestServer;
using testing::TempDir;
using testing::WriteText;

// An S3 event notification record as S3 sends it (event version 2.1).
Json EventRecord(const std::string& name, const std::string& bucket,
                 const std::string& key, int64_t size, const std::string& time) {
  return {{"eventVersion", "2.1"},
          {"eventSource", "aws:s3"},
          {"awsRegion", "us-east-1"},
          {"eventTime", time},
          {"eventName", name},
          {"userIdentity", {{"principalId", "AWS:AIDAEXAMPLE"}}},
          {"requestParameters", {{"sourceIPAddress", "127.0.0.1"}}},
          {"responseElements",
           {{"x-amz-request-id", "C3D13FE58DE4C810"},
            {"x-amz-id-2", "FMyUVURIY8/IgAtTv8xRj"}}},
          {"s3",
           {{"s3SchemaVersion", "1.0"},
            {"configurationId", "hudi"},
            {"bucket",
             {{"name", bucket},
              {"ownerIdentity", {{"principalId", "A3NL1KOZZKExample"}}},
              {"arn", "arn:aws:s3:::" + bucket}}},
            {"object",
             {{"key", key},
              {"size", size},
              {"eTag", "d41d8cd98f00b204e9800998ecf8427e"},
              {"sequencer", "0055AED6DCD90281E5"}}}}}};
}

std::string Notification(const std::vector<Json>& records) {
  return Json{{"Records", records}}.dump();
}

class S3EventsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto started = S3TestServer::Start();
    ASSERT_OK(started.status());
    server_ = started->release();
    server_->ExportEnvironment();
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
    // The AWS SDK behind s3:// is shut down before static destructors run.
    ::arrow::fs::EnsureFinalized();
  }

  void SetUp() override {
    static int counter = 0;
    const std::string name = "events" + std::to_string(++counter);
    bucket_ = "bucket-" + name;
    ASSERT_OK(server_->CreateBucket(bucket_));
    ASSERT_OK_AND_ASSIGN(queue_url_, server_->CreateQueue(name));
    ASSERT_FALSE(queue_url_.empty());
    WriteText(dir_.Join("trip.avsc"), testing::kTripSchema);
  }

  // Uploads `text` as s3://bucket_/key; returns its size.
  int64_t Upload(const std::string& key, const std::string& text) {
    std::string path;
    auto store = Storage::FromUri("s3://" + bucket_ + "/" + key, &path);
    EXPECT_OK(store.status());
    EXPECT_OK((*store)->WriteAll(path, text, true));
    return static_cast<int64_t>(text.size());
  }

  void Send(const std::string& body) {
    ASSERT_OK(server_->SendMessage(queue_url_, body));
  }

  // Visible plus in-flight messages of the queue.
  int64_t MessagesLeft() {
    auto left = server_->MessagesLeft(queue_url_);
    EXPECT_OK(left.status());
    return left.ValueOr(-1);
  }

  // The streamer of the meta table: the queue's events keyed by object key.
  ::arrow::Result<RoundResult> MetaRound(bool commit_on_errors = false,
                                         const std::string& ordering = "eventTime") {
    HoodieConfig props;
    props.Set("hoodie.streamer.s3.source.queue.url", queue_url_);
    props.Set("hoodie.deltastreamer.s3.source.queue.region", "us-east-1");
    props.Set("hoodie.deltastreamer.s3.source.queue.long.poll.wait", "0");
    props.Set("hoodie.deltastreamer.s3.source.queue.visibility.timeout", "1");
    props.Set("hoodie.deltastreamer.s3.source.queue.max.messages.per.batch", "10");
    props.Set("hoodie.deltastreamer.s3.source.queue.max.messages.per.request", "10");
    props.Set("hoodie.datasource.write.recordkey.field", "s3.object.key");
    props.Set("hoodie.datasource.write.partitionpath.field", "");
    props.Set("hoodie.datasource.write.keygenerator.class",
              "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
    StreamerOptions options;
    options.target_base_path = dir_.Join("meta");
    options.target_table = "s3_meta";
    options.table_type = "COPY_ON_WRITE";
    options.source_class = "org.apache.hudi.utilities.sources.S3EventsSource";
    options.source_ordering_field = ordering;
    options.commit_on_errors = commit_on_errors;
    ARROW_ASSIGN_OR_RAISE(auto sync, StreamSync::Make(options, props));
    return sync->SyncOnce();
  }

  // The streamer of the data table: the trips in the JSON objects the meta table records.
  ::arrow::Result<RoundResult> DataRound(int64_t source_limit = kNoSourceLimit,
                                         std::map<std::string, std::string> extra = {}) {
    HoodieConfig props;
    props.Set("hoodie.deltastreamer.source.hoodieincr.path", dir_.Join("meta"));
    props.Set("hoodie.deltastreamer.source.hoodieincr.missing.checkpoint.strategy",
              "READ_UPTO_LATEST_COMMIT");
    props.Set("hoodie.streamer.source.cloud.data.datafile.format", "json");
    props.Set("hoodie.deltastreamer.schemaprovider.source.schema.file",
              dir_.Join("trip.avsc"));
    props.Set("hoodie.datasource.write.recordkey.field", "id");
    props.Set("hoodie.datasource.write.partitionpath.field", "city");
    for (const auto& [key, value] : extra) props.Set(key, value);
    StreamerOptions options;
    options.target_base_path = dir_.Join("data");
    options.target_table = "trips";
    options.table_type = "COPY_ON_WRITE";
    options.source_class = "S3EventsHoodieIncrSource";
    options.schema_provider_class = "FilebasedSchemaProvider";
    options.source_limit = source_limit;
    ARROW_ASSIGN_OR_RAISE(auto sync, StreamSync::Make(options, props));
    return sync->SyncOnce();
  }

  // Sorted "column=value" texts of each row of the table at `base`.
  std::vector<std::string> Rows(const std::string& base,
                                std::vector<std::string> columns) {
    auto table = Table::Open(base);
    EXPECT_OK(table.status());
    auto read = (*table)->ReadTable({.columns = columns});
    EXPECT_OK(read.status());
    std::vector<std::string> rows;
    auto combined = (*read)->CombineChunksToBatch();
    EXPECT_OK(combined.status());
    for (int64_t i = 0; i < (*combined)->num_rows(); ++i) {
      std::string row;
      for (int c = 0; c < (*combined)->num_columns(); ++c) {
        auto scalar = (*combined)->column(c)->GetScalar(i);
        row += (c ? " " : "") + (*scalar)->ToString();
      }
      rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  size_t Commits(const std::string& base) {
    auto timeline = ActiveTimeline::Load(Storage::Local(), base + "/.hoodie");
    if (!timeline.ok()) return 0;
    return timeline->timeline().GetCommitsTimeline().FilterCompleted().Count();
  }

  std::string LastCommit(const std::string& base) {
    auto timeline = ActiveTimeline::Load(Storage::Local(), base + "/.hoodie");
    EXPECT_OK(timeline.status());
    return timeline->timeline()
        .GetCommitsTimeline()
        .FilterCompleted()
        .LastInstant()
        ->timestamp;
  }

  static S3TestServer* server_;
  TempDir dir_;
  std::string bucket_;
  std::string queue_url_;
};

S3TestServer* S3EventsTest::server_ = nullptr;

constexpr char kTripsA[] =
    "{\"id\":\"a1\",\"city\":\"sf\",\"fare\":10.5,\"ts\":1}\n"
    "{\"id\":\"a2\",\"city\":\"la\",\"fare\":7.0,\"ts\":1}\n";
constexpr char kTripsB[] = "{\"id\":\"b1\",\"city\":\"sf\",\"fare\":3.25,\"ts\":2}\n";

TEST_F(S3EventsTest, EventsIntoTheMetaTableThenTheirObjectsIntoTheDataTable) {
  const int64_t size_a = Upload("in/a.json", kTripsA);
  const int64_t size_b = Upload("in/b+c=1.json", kTripsB);
  // S3 sends keys URL-encoded: '=' as %3D, which S3EventsSource undoes.
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/a.json", size_a,
                                 "2026-12-07T10:00:00.000Z"),
                     EventRecord("ObjectCreated:Put", bucket_, "in/b+c%3D1.json", size_b,
                                 "2026-12-07T10:00:01.250Z")}));
  Send(R"({"Service":"Amazon S3","Event":"s3:TestEvent","Bucket":"b"})");
  Send(Notification({EventRecord("ObjectRemoved:Delete", bucket_, "in/old.json", 0,
                                 "2026-12-07T10:00:02.000Z")}));
  ASSERT_OK_AND_ASSIGN(RoundResult meta, MetaRound());
  ASSERT_FALSE(meta.instant.empty()) << meta.skipped;
  // S3EventsMetaSelector's checkpoint: the newest event time in epoch milliseconds.
  EXPECT_EQ(meta.checkpoint, "1796637601250");
  EXPECT_EQ(meta.records_written, 2);
  // Spark's JSON schema of the events: struct fields sorted by name, sizes bigint.
  auto event_row = [this](const std::string& time, const std::string& key, int64_t size) {
    return "ObjectCreated:Put " + time +
           " {bucket:struct<arn: string, name: string, ownerIdentity: "
           "struct<principalId: "
           "string>> = {arn:string = arn:aws:s3:::" +
           bucket_ + ", name:string = " + bucket_ +
           ", ownerIdentity:struct<principalId: string> = {principalId:string = "
           "A3NL1KOZZKExample}}, configurationId:string = hudi, object:struct<eTag: "
           "string, "
           "key: string, sequencer: string, size: int64> = {eTag:string = "
           "d41d8cd98f00b204e9800998ecf8427e, key:string = " +
           key + ", sequencer:string = 0055AED6DCD90281E5, size:int64 = " +
           std::to_string(size) + "}, s3SchemaVersion:string = 1.0}";
  };
  EXPECT_EQ(Rows(dir_.Join("meta"), {"eventName", "eventTime", "s3"}),
            (std::vector<std::string>{
                event_row("2026-12-07T10:00:00.000Z", "in/a.json", size_a),
                event_row("2026-12-07T10:00:01.250Z", "in/b+c=1.json", size_b)}));
  // Every message read (the test event and the deletion included) is gone after the
  // commit; the meta table has Spark's columns for the events, responseElements dropped.
  EXPECT_EQ(MessagesLeft(), 0);
  ASSERT_OK_AND_ASSIGN(auto meta_table, Table::Open(dir_.Join("meta")));
  ASSERT_OK_AND_ASSIGN(auto meta_rows, meta_table->ReadTable({}));
  EXPECT_EQ(meta_rows->schema()->GetFieldIndex("responseElements"), -1);
  EXPECT_EQ(meta_rows->schema()->field(5)->name(),
            "awsRegion");  // after the 5 meta columns
  // Nothing new: no commit.
  ASSERT_OK_AND_ASSIGN(RoundResult again, MetaRound());
  EXPECT_TRUE(again.instant.empty());
  EXPECT_EQ(again.checkpoint, "1796637601250");

  ASSERT_OK_AND_ASSIGN(RoundResult data, DataRound());
  ASSERT_FALSE(data.instant.empty()) << data.skipped;
  const std::string meta_commit = LastCommit(dir_.Join("meta"));
  EXPECT_EQ(data.checkpoint, meta_commit + "#in/b+c=1.json");
  EXPECT_EQ(data.source_size, size_a + size_b);
  EXPECT_EQ(Rows(dir_.Join("data"), {"id", "city", "fare", "ts"}),
            (std::vector<std::string>{"a1 sf 10.5 1", "a2 la 7 1", "b1 sf 3.25 2"}));
  ASSERT_OK_AND_ASSIGN(RoundResult caught_up, DataRound());
  EXPECT_TRUE(caught_up.instant.empty());
  EXPECT_EQ(caught_up.checkpoint, meta_commit + "#in/b+c=1.json");
  EXPECT_EQ(Commits(dir_.Join("data")), 1u);
}

TEST_F(S3EventsTest, TheSourceLimitCutsBetweenObjectsAndResumesAfterTheKey) {
  const int64_t size_a = Upload("in/a.json", kTripsA);
  const int64_t size_b = Upload("in/b.json", kTripsB);
  Upload("skip/c.json", kTripsB);
  Upload("in/d.csv", "x\n");
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/a.json", size_a,
                                 "2026-12-07T10:00:00Z"),
                     EventRecord("ObjectCreated:Copy", bucket_, "in/b.json", size_b,
                                 "2026-12-07T10:00:01Z"),
                     EventRecord("ObjectCreated:Put", bucket_, "skip/c.json", size_b,
                                 "2026-12-07T10:00:01Z"),
                     EventRecord("ObjectCreated:Put", bucket_, "in/d.csv", 2,
                                 "2026-12-07T10:00:01Z")}));
  ASSERT_OK_AND_ASSIGN(RoundResult meta, MetaRound());
  ASSERT_FALSE(meta.instant.empty());
  const std::string commit = LastCommit(dir_.Join("meta"));
  // Objects read as s3a:// as well (the same store).
  const std::map<std::string, std::string> filters = {
      {"hoodie.deltastreamer.source.s3incr.ignore.key.prefix", "skip/"},
      {"hoodie.streamer.source.s3incr.fs.prefix", "s3a"}};
  // a.json alone fits in its size; b.json waits for the next round.
  ASSERT_OK_AND_ASSIGN(RoundResult first, DataRound(size_a, filters));
  EXPECT_EQ(first.checkpoint, commit + "#in/a.json");
  EXPECT_EQ(first.source_size, size_a);
  EXPECT_EQ(first.backlog, size_b);
  // A limit below the first object still reads that one object.
  ASSERT_OK_AND_ASSIGN(RoundResult second, DataRound(1, filters));
  EXPECT_EQ(second.checkpoint, commit + "#in/b.json");
  EXPECT_EQ(second.source_size, size_b);
  ASSERT_OK_AND_ASSIGN(RoundResult third, DataRound(1, filters));
  EXPECT_TRUE(third.instant.empty());
  EXPECT_EQ(third.checkpoint, commit + "#in/b.json");
  EXPECT_EQ(Rows(dir_.Join("data"), {"id"}),
            (std::vector<std::string>{"a1", "a2", "b1"}));
}

TEST_F(S3EventsTest, AFailedRoundLeavesItsMessagesToBeReadAgain) {
  const int64_t size_a = Upload("in/a.json", kTripsA);
  const int64_t size_b = Upload("in/b.json", kTripsB);
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/a.json", size_a,
                                 "2026-12-07T10:00:00Z")}));
  ASSERT_OK_AND_ASSIGN(RoundResult first, MetaRound());
  ASSERT_FALSE(first.instant.empty());
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/b.json", size_b,
                                 "2026-12-07T10:00:01Z")}));
  // The round reads the message, then its write fails (an ordering field the table
  // does not have): nothing committed, the message not deleted.
  auto failed = MetaRound(false, "no_such_field");
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().message().find("no_such_field"), std::string::npos);
  EXPECT_EQ(Commits(dir_.Join("meta")), 1u);
  EXPECT_EQ(MessagesLeft(), 1);
  // After the visibility timeout (1 s) the message is read again, once.
  RoundResult meta;
  for (int attempt = 0; attempt < 100 && meta.instant.empty(); ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ASSERT_OK_AND_ASSIGN(meta, MetaRound());
  }
  ASSERT_FALSE(meta.instant.empty());
  EXPECT_EQ(meta.records_written, 1);
  EXPECT_EQ(meta.checkpoint, "1796637601000");
  EXPECT_EQ(MessagesLeft(), 0);
  EXPECT_EQ(Commits(dir_.Join("meta")), 2u);
  EXPECT_EQ(Rows(dir_.Join("meta"), {"eventTime"}),
            (std::vector<std::string>{"2026-12-07T10:00:00Z", "2026-12-07T10:00:01Z"}));
}

TEST_F(S3EventsTest, AMalformedMessageIsNamedAndWithCommitOnErrorsLeftOnTheQueue) {
  const int64_t size_a = Upload("in/a.json", kTripsA);
  Send("this is not JSON");
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/a.json", size_a,
                                 "2026-12-07T10:00:00Z")}));
  auto failed = MetaRound();
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().message().find("is not an S3 event notification: its body is "
                                           "not JSON"),
            std::string::npos)
      << failed.status().ToString();
  EXPECT_NE(failed.status().message().find("SQS message "), std::string::npos);
  EXPECT_EQ(Commits(dir_.Join("meta")), 0u);
  RoundResult meta;
  for (int attempt = 0; attempt < 100 && meta.instant.empty(); ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ASSERT_OK_AND_ASSIGN(meta, MetaRound(/*commit_on_errors=*/true));
  }
  ASSERT_FALSE(meta.instant.empty());
  EXPECT_EQ(meta.records_written, 1);
  ASSERT_EQ(meta.failed.size(), 1u);
  EXPECT_NE(meta.failed[0].find("its body is not JSON (left on the queue)"),
            std::string::npos);
  EXPECT_EQ(MessagesLeft(), 1);  // the malformed one
}

TEST_F(S3EventsTest, AnUnreachableQueueIsNamed) {
  queue_url_ = "http://127.0.0.1:1/123456789012/nowhere";
  auto failed = MetaRound();
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().message().find("cannot reach the SQS queue "
                                           "http://127.0.0.1:1/123456789012/nowhere"),
            std::string::npos)
      << failed.status().ToString();
}

// SQS answering 500s (through a fault proxy in front of moto): a call is retried as the
// AWS SDK retries it (3 times), so two failures cost nothing and a lasting one fails
// after the fourth attempt, saying so.
TEST_F(S3EventsTest, TransientQueueFailuresAreRetriedAsTheAwsSdkRetriesThem) {
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/a.json", 10,
                                 "2026-12-01T10:00:00.000Z")}));
  const std::string path =
      queue_url_.substr(queue_url_.find('/', queue_url_.find("://") + 3));
  auto proxy_queue = [](const testing::S3FaultProxy& proxy, const std::string& path) {
    return proxy.endpoint() + path;
  };
  auto client_through = [&](const testing::S3FaultProxy& proxy) {
    return SqsClient::Make({.queue_url = proxy_queue(proxy, path),
                            .region = "us-east-1",
                            .credentials = {"testing", "testing", ""}});
  };
  ASSERT_OK_AND_ASSIGN(auto twice, testing::S3FaultProxy::Start(server_->endpoint(),
                                                                {"POST:.*:error500:2"}));
  ASSERT_OK_AND_ASSIGN(auto client, client_through(*twice));
  ASSERT_OK_AND_ASSIGN(auto received, client->Receive(10, 1, 30));
  ASSERT_EQ(received.size(), 1u);
  EXPECT_NE(received[0].body.find("in/a.json"), std::string::npos);
  EXPECT_EQ(twice->FaultsInjected().ValueOr(-1), 2);

  ASSERT_OK_AND_ASSIGN(auto always, testing::S3FaultProxy::Start(server_->endpoint(),
                                                                 {"POST:.*:error500:-1"}));
  ASSERT_OK_AND_ASSIGN(client, client_through(*always));
  auto failed = client->ApproximateNumberOfMessages();
  ASSERT_TRUE(failed.status().IsIOError()) << failed.status().ToString();
  EXPECT_THAT(failed.status().message(),
              ::testing::AllOf(::testing::HasSubstr("SQS refused GetQueueAttributes of " +
                                                    proxy_queue(*always, path) + " (HTTP 500)"),
                               ::testing::EndsWith("(after 3 retries)")));
  EXPECT_EQ(always->FaultsInjected().ValueOr(-1), 4);
}

TEST_F(S3EventsTest, AMissingObjectIsNamedOrSkippedWhenChecked) {
  const int64_t size_a = Upload("in/a.json", kTripsA);
  Send(Notification({EventRecord("ObjectCreated:Put", bucket_, "in/a.json", size_a,
                                 "2026-12-07T10:00:00Z"),
                     EventRecord("ObjectCreated:Put", bucket_, "in/gone.json", 10,
                                 "2026-12-07T10:00:01Z")}));
  ASSERT_OK_AND_ASSIGN(RoundResult meta, MetaRound());
  ASSERT_FALSE(meta.instant.empty());
  auto failed = DataRound();
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().ToString().find(bucket_ + "/in/gone.json"), std::string::npos)
      << failed.status().ToString();
  EXPECT_EQ(Commits(dir_.Join("data")), 0u);
  // Either spelling of the check leaves the missing object out.
  for (const char* check : {"hoodie.streamer.source.s3incr.check.file.exists",
                            "hoodie.streamer.source.cloud.data.check.file.exists"}) {
    SCOPED_TRACE(check);
    ASSERT_OK_AND_ASSIGN(RoundResult data, DataRound(kNoSourceLimit, {{check, "true"}}));
    EXPECT_EQ(data.checkpoint, LastCommit(dir_.Join("meta")) + "#in/gone.json");
    EXPECT_EQ(Rows(dir_.Join("data"), {"id"}), (std::vector<std::string>{"a1", "a2"}));
    ASSERT_OK(Storage::Local()->DeleteDir(dir_.Join("data")));
  }
}

}  // namespace
}  // namespace hoodie
