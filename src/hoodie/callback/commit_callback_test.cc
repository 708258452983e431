// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/commit_callback_test.cc
/// \brief Write commit callbacks end to end: writes through a WriteClient and streamer
/// rounds, against a real HTTP server on 127.0.0.1 that records every request
/// (tests/commit_callback/callback_server.py), and user callbacks registered by name.
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/callback/commit_callback_registry.h"
#include "hoodie/callback/http_commit_callback.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/common/logging.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/server_process.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

using Json = nlohmann::ordered_json;
using ::testing::HasSubstr;
using testing::StatusMessageHas;
using testing::TempDir;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

// tests/commit_callback/callback_server.py on 127.0.0.1: /fail answers 500, /hang never
// answers, any other path 200; every request is recorded first.
class CallbackServer {
 public:
  explicit CallbackServer(const std::string& dir)
      : requests_file_(dir + "/requests.jsonl") {
    // The build's interpreter (scripts/setup.sh's .venv); the server needs only the
    // standard library.
    auto started = testing::ServerProcess::Start(
        {HOODIE_PYTHON,
         std::string(HOODIE_SOURCE_DIR) + "/tests/commit_callback/callback_server.py",
         "--port", "{port}", "--requests", requests_file_},
        "run scripts/setup.sh (the build's Python)");
    EXPECT_OK(started.status());
    if (started.ok()) process_ = *std::move(started);
  }
  std::string Url(const std::string& path, const std::string& user_info = "") const {
    int port = process_ != nullptr ? process_->port() : 1;
    return "http://" + user_info + "127.0.0.1:" + std::to_string(port) + path;
  }
  /// The requests received so far, oldest first.
  std::vector<Json> Requests() const {
    std::vector<Json> out;
    std::ifstream in(requests_file_);
    for (std::string line; std::getline(in, line);) out.push_back(Json::parse(line));
    return out;
  }

 private:
  std::string requests_file_;
  std::unique_ptr<testing::ServerProcess> process_;
};

Json Present() { return Json::parse(R"({"empty":false,"present":true})"); }

// The write stats of a completed instant as its file holds them, turned into what the
// callback's getter-based mapper writes: a delta stat's recordsStats as columnStats.
Json CallbackStatsOf(const std::string& completed_file_text) {
  Json committed = Json::parse(completed_file_text);
  Json stats = Json::array();
  for (auto& [partition, list] : committed["partitionToWriteStats"].items()) {
    for (Json stat : list) {
      if (stat.contains("recordsStats")) {
        EXPECT_TRUE(stat["recordsStats"]["val"].is_null());
        stat.erase("recordsStats");
        stat["columnStats"] = Json::parse(R"({"empty":true,"present":false})");
      }
      stats.push_back(stat);
    }
  }
  return stats;
}

class CommitCallbackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    config_ = TripConfig(true);
    base_ = dir_.Join("trips");
  }
  // One upsert of `rows` through a new client on the table, as a writer process does.
  ::arrow::Result<WriteResult> Upsert(const std::vector<TripRow>& rows) {
    ARROW_ASSIGN_OR_RAISE(table_,
                          WriteClient::OpenOrCreateTable(storage_, base_, config_));
    ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table_, config_));
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    auto reader = TripReader(rows);
    return client->Upsert(instant, reader.get());
  }
  void CallbackTo(const std::string& url) {
    config_.Set("hoodie.write.commit.callback.on", "true");
    config_.Set("hoodie.write.commit.callback.http.url", url);
  }
  // The completed file of `instant` (action `action`), as written.
  std::string CompletedFile(const std::string& instant, Action action) {
    auto timeline = table_->LoadActiveTimeline();
    EXPECT_OK(timeline.status());
    auto text = timeline->ReadDetails(Instant{instant, action, State::kCompleted});
    EXPECT_OK(text.status());
    return text.ValueOr("");
  }
  // The body the callback must have posted for `instant`.
  Json ExpectedBody(const std::string& instant, Action action) {
    Json body = Json::object();
    body["commitTime"] = instant;
    body["tableName"] = "trips";
    body["basePath"] = base_;
    body["hoodieWriteStat"] = CallbackStatsOf(CompletedFile(instant, action));
    body["commitActionType"] = Present();
    body["extraMetadata"] = Present();
    return body;
  }

  TempDir dir_;
  CallbackServer server_{dir_.path()};
  HoodieConfig config_;
  std::string base_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::shared_ptr<TableMetaClient> table_;
};

TEST_F(CommitCallbackTest, OffByDefaultNothingIsSent) {
  config_.Set("hoodie.write.commit.callback.http.url", server_.Url("/ok"));
  ASSERT_OK_AND_ASSIGN(WriteResult result, Upsert({{"1", "a", 1, "sf"}}));
  EXPECT_TRUE(result.committed);
  EXPECT_TRUE(server_.Requests().empty());
}

TEST_F(CommitCallbackTest, ACopyOnWriteCommitPostsHudisMessage) {
  CallbackTo(server_.Url("/hook"));
  ASSERT_OK_AND_ASSIGN(WriteResult result,
                       Upsert({{"1", "a", 1, "sf"}, {"2", "b", 1, "la"}}));
  EXPECT_EQ(result.failed_commit_callbacks, 0);
  std::vector<Json> requests = server_.Requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0]["method"], "POST");
  EXPECT_EQ(requests[0]["path"], "/hook");
  EXPECT_EQ(requests[0]["headers"]["HUDI-CALLBACK-KEY"],
            "hudi_write_commit_http_callback");
  EXPECT_EQ(requests[0]["headers"]["Content-Type"], "application/json; charset=UTF-8");
  // Parsed in order: the same fields, values and field order as Hudi's message.
  Json body = Json::parse(requests[0]["body"].get<std::string>());
  EXPECT_EQ(body, ExpectedBody(result.instant_time, Action::kCommit)) << body.dump(1);
  EXPECT_EQ(body["hoodieWriteStat"].size(), 2u);  // one base file per partition
}

TEST_F(CommitCallbackTest, AMergeOnReadDeltacommitPostsItsLogFileStats) {
  config_.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  CallbackTo(server_.Url("/hook"));
  ASSERT_OK(Upsert({{"1", "a", 1, "sf"}}).status());
  ASSERT_OK_AND_ASSIGN(WriteResult update, Upsert({{"1", "b", 2, "sf"}}));
  std::vector<Json> requests = server_.Requests();
  ASSERT_EQ(requests.size(), 2u);
  Json body = Json::parse(requests[1]["body"].get<std::string>());
  EXPECT_EQ(body, ExpectedBody(update.instant_time, Action::kDeltaCommit))
      << body.dump(1);
  ASSERT_EQ(body["hoodieWriteStat"].size(), 1u);
  const Json& log_stat = body["hoodieWriteStat"][0];
  EXPECT_EQ(log_stat["logFiles"].size(), 1u);
  EXPECT_FALSE(log_stat.contains("recordsStats"));
  EXPECT_EQ(log_stat["columnStats"], Json::parse(R"({"empty":true,"present":false})"));
  EXPECT_EQ(log_stat["numUpdateWrites"], 1);
}

TEST_F(CommitCallbackTest, TheApiKeyAndCustomHeadersAreSent) {
  CallbackTo(server_.Url("/hook"));
  config_.Set("hoodie.write.commit.callback.http.api.key", "k-123");
  config_.Set("hoodie.write.commit.callback.http.custom.headers",
              "X-Team: lake;X-Env:test");
  ASSERT_OK(Upsert({{"1", "a", 1, "sf"}}).status());
  std::vector<Json> requests = server_.Requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0]["headers"]["HUDI-CALLBACK-KEY"], "k-123");
  EXPECT_EQ(requests[0]["headers"]["X-Team"], "lake");
  EXPECT_EQ(requests[0]["headers"]["X-Env"], "test");
}

// A receiver that never answers: the request ends at the timeout, and the commit is
// complete and reported as such, with the failure counted.
TEST_F(CommitCallbackTest, AReceiverThatNeverAnswersTimesOutAndTheCommitStands) {
  CallbackTo(server_.Url("/hang"));
  config_.Set("hoodie.write.commit.callback.http.timeout.seconds", "1");
  ASSERT_OK_AND_ASSIGN(WriteResult result, Upsert({{"1", "a", 1, "sf"}}));
  EXPECT_TRUE(result.committed);
  EXPECT_EQ(result.failed_commit_callbacks, 1);
  EXPECT_EQ(server_.Requests().size(), 1u);
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().ContainsInstant(
      Instant{result.instant_time, Action::kCommit, State::kCompleted}));
}

TEST_F(CommitCallbackTest, AnErrorAnswerIsLoggedWithTheRedactedUrlAndCounted) {
  CallbackTo(server_.Url("/fail", "user:pa55@"));
  std::vector<std::string> logged;
  LogSink previous =
      SetLogSink([&](LogLevel, std::string_view m) { logged.emplace_back(m); });
  auto written = Upsert({{"1", "a", 1, "sf"}});
  SetLogSink(previous);
  ASSERT_OK_AND_ASSIGN(WriteResult result, std::move(written));
  EXPECT_TRUE(result.committed);
  EXPECT_EQ(result.failed_commit_callbacks, 1);
  ASSERT_EQ(logged.size(), 1u);
  EXPECT_THAT(logged[0],
              HasSubstr("write commit callback of instant " + result.instant_time));
  EXPECT_THAT(logged[0], HasSubstr("the commit stands"));
  EXPECT_THAT(logged[0], HasSubstr(server_.Url("/fail", "***@") +
                                   " was answered HTTP 500: callback receiver is down "
                                   "for maintenance"));
  EXPECT_THAT(logged[0], ::testing::Not(HasSubstr("pa55")));
  // The user info became Basic auth.
  ASSERT_EQ(server_.Requests().size(), 1u);
  EXPECT_EQ(server_.Requests()[0]["headers"]["Authorization"], "Basic dXNlcjpwYTU1");
}

// A library user's callback, registered by class name.
class RecordingCallback : public CommitCallback {
 public:
  static std::vector<CommitCallbackMessage>& Seen() {
    static std::vector<CommitCallbackMessage> seen;
    return seen;
  }
  ::arrow::Status Call(const CommitCallbackMessage& message) override {
    Seen().push_back(message);
    if (message.table_name == "trips" && fail_) return ::arrow::Status::IOError("down");
    return ::arrow::Status::OK();
  }
  bool fail_ = false;
};

TEST_F(CommitCallbackTest, AUserCallbackRegisteredByNameIsCalled) {
  ASSERT_OK(CommitCallbackRegistry::Global()->Register(
      "com.example.RecordingCallback", {"recording"},
      [](const HoodieConfig& config) -> ::arrow::Result<std::unique_ptr<CommitCallback>> {
        auto made = std::make_unique<RecordingCallback>();
        made->fail_ = config.GetRaw("example.fail").has_value();
        return made;
      }));
  config_.Set("hoodie.write.commit.callback.on", "true");
  config_.Set("hoodie.write.commit.callback.class", "com.example.RecordingCallback");
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert({{"1", "a", 1, "sf"}}));
  ASSERT_EQ(RecordingCallback::Seen().size(), 1u);
  const CommitCallbackMessage& seen = RecordingCallback::Seen()[0];
  EXPECT_EQ(seen.commit_time, first.instant_time);
  EXPECT_EQ(seen.table_name, "trips");
  EXPECT_EQ(seen.base_path, base_);
  EXPECT_EQ(seen.commit_action_type, "commit");
  EXPECT_EQ(seen.write_stats.size(), first.stats.size());
  EXPECT_EQ(first.failed_commit_callbacks, 0);

  // Its failure is counted, not returned; the short alias names it too.
  config_.Set("hoodie.write.commit.callback.class", "recording");
  config_.Set("example.fail", "yes");
  ASSERT_OK_AND_ASSIGN(WriteResult second, Upsert({{"1", "b", 2, "sf"}}));
  EXPECT_TRUE(second.committed);
  EXPECT_EQ(second.failed_commit_callbacks, 1);
  EXPECT_EQ(RecordingCallback::Seen().size(), 2u);
  EXPECT_TRUE(server_.Requests().empty());
}

// A class nobody registered fails the write before anything is written.
TEST_F(CommitCallbackTest, AnUnknownClassIsRefusedBeforeTheWrite) {
  config_.Set("hoodie.write.commit.callback.on", "true");
  config_.Set("hoodie.write.commit.callback.class", "com.example.Missing");
  auto written = Upsert({{"1", "a", 1, "sf"}});
  ASSERT_RAISES(Invalid, written.status());
  EXPECT_THAT(written.status().message(), HasSubstr("unknown commit callback "
                                                    "'com.example.Missing'"));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().Empty());
}

// Streamer rounds with the callback on: the round's report counts a failed callback.
class CallbackRoundTest : public testing::StreamRoundTest {
 protected:
  CallbackServer server_{dir_.path()};
};

TEST_F(CallbackRoundTest, TheRoundReportCountsFailedCallbacks) {
  props_.Set("hoodie.write.commit.callback.on", "true");
  props_.Set("hoodie.write.commit.callback.http.url", server_.Url("/fail"));
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK_AND_ASSIGN(RoundResult failed, Round());
  EXPECT_FALSE(failed.instant.empty());
  EXPECT_EQ(failed.failed_commit_callbacks, 1);
  EXPECT_EQ(CompletedCommits(), 1u);

  props_.Set("hoodie.write.commit.callback.http.url", server_.Url("/ok"));
  Input("2.json", R"({"id":"b","city":"x","fare":2.0,"ts":1})" "\n", 6000);
  ASSERT_OK_AND_ASSIGN(RoundResult sent, Round());
  EXPECT_EQ(sent.failed_commit_callbacks, 0);
  std::vector<Json> requests = server_.Requests();
  ASSERT_EQ(requests.size(), 2u);
  Json body = Json::parse(requests[1]["body"].get<std::string>());
  EXPECT_EQ(body["commitTime"], sent.instant);
  EXPECT_EQ(body["tableName"], "trips");
  EXPECT_EQ(body["extraMetadata"], Present());
}

}  // namespace
}  // namespace hoodie
