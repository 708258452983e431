// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/commit_callback_message_test.cc
/// \brief The callback message's JSON against Hudi 0.15's own, the custom headers'
/// syntax and the registry's answers, without a server.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "hoodie/callback/commit_callback.h"
#include "hoodie/callback/commit_callback_registry.h"
#include "hoodie/callback/http_commit_callback.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;
using testing::StatusMessageHas;

// A base file's stat and a log file's (HoodieDeltaWriteStat), as a test of Hudi 0.15.0
// built them before calling HoodieWriteCommitCallbackUtil.convertToJsonString.
std::vector<WriteStat> BaseAndLogStats() {
  WriteStat base{.file_id = "fid-0", .path = "p1/fid-0_0-0-0_001.parquet"};
  base.num_writes = 3;
  base.num_inserts = 3;
  base.total_write_bytes = 100;
  base.partition_path = "p1";
  base.file_size_in_bytes = 100;
  WriteStat log{.file_id = "fid-1", .path = "p1/.fid-1_001.log.1_0-0-0"};
  log.prev_commit = "001";
  log.num_writes = 2;
  log.partition_path = "p1";
  log.delta = DeltaWriteStat{.log_version = 1,
                             .log_offset = 0,
                             .base_file = "b.parquet",
                             .log_files = {".fid-1_001.log.1_0-0-0"}};
  return {base, log};
}

// The exact output of Hudi 0.15.0's convertToJsonString for the message below (run on
// hudi-spark3.5-bundle_2.12-0.15.0.jar with Spark 3.5.1's Jackson 2.15.2): the Options
// reduced to their presence, a delta stat's recordsStats read as columnStats.
constexpr char kHudiJson[] =
    R"({"commitTime":"20240101000000000","tableName":"tbl","basePath":"/tmp/t",)"
    R"("hoodieWriteStat":[{"fileId":"fid-0","path":"p1/fid-0_0-0-0_001.parquet",)"
    R"("cdcStats":null,"prevCommit":"null","numWrites":3,"numDeletes":0,)"
    R"("numUpdateWrites":0,"numInserts":3,"totalWriteBytes":100,"totalWriteErrors":0,)"
    R"("tempPath":null,"partitionPath":"p1","totalLogRecords":0,)"
    R"("totalLogFilesCompacted":0,"totalLogSizeCompacted":0,)"
    R"("totalUpdatedRecordsCompacted":0,"totalLogBlocks":0,"totalCorruptLogBlock":0,)"
    R"("totalRollbackBlocks":0,"fileSizeInBytes":100,"minEventTime":null,)"
    R"("maxEventTime":null,"runtimeStats":null},{"fileId":"fid-1",)"
    R"("path":"p1/.fid-1_001.log.1_0-0-0","cdcStats":null,"prevCommit":"001",)"
    R"("numWrites":2,"numDeletes":0,"numUpdateWrites":0,"numInserts":0,)"
    R"("totalWriteBytes":0,"totalWriteErrors":0,"tempPath":null,"partitionPath":"p1",)"
    R"("totalLogRecords":0,"totalLogFilesCompacted":0,"totalLogSizeCompacted":0,)"
    R"("totalUpdatedRecordsCompacted":0,"totalLogBlocks":0,"totalCorruptLogBlock":0,)"
    R"("totalRollbackBlocks":0,"fileSizeInBytes":0,"minEventTime":null,)"
    R"("maxEventTime":null,"runtimeStats":null,"logVersion":1,"logOffset":0,)"
    R"("baseFile":"b.parquet","logFiles":[".fid-1_001.log.1_0-0-0"],)"
    R"("columnStats":{"empty":true,"present":false}}],)"
    R"("commitActionType":{"empty":false,"present":true},)"
    R"("extraMetadata":{"empty":false,"present":true}})";

TEST(CommitCallbackMessageTest, JsonIsHudis) {
  CommitCallbackMessage message{
      .commit_time = "20240101000000000",
      .table_name = "tbl",
      .base_path = "/tmp/t",
      .write_stats = BaseAndLogStats(),
      .commit_action_type = "commit",
      .extra_metadata = OrderedMap<std::string>{{"schema", "{}"}}};
  EXPECT_EQ(message.ToJson(), kHudiJson);
}

// Hudi 0.15.0's output for a stat with runtime and CDC statistics, no extraMetadata.
TEST(CommitCallbackMessageTest, NestedStatsAndAnAbsentOptionAreHudis) {
  WriteStat stat{.file_id = "fid-0", .cdc_stats = OrderedMap<int64_t>{{"a.cdc", 4}}};
  stat.prev_commit.reset();
  stat.runtime_stats = RuntimeStats{.total_scan_time = 1,
                                    .total_upsert_time = 2,
                                    .total_create_time = 5};
  CommitCallbackMessage message{.commit_time = "2",
                                .table_name = "tbl",
                                .base_path = "/tmp/t",
                                .write_stats = {stat},
                                .commit_action_type = "deltacommit"};
  EXPECT_EQ(
      message.ToJson(),
      R"({"commitTime":"2","tableName":"tbl","basePath":"/tmp/t","hoodieWriteStat":[)"
      R"({"fileId":"fid-0","path":null,"cdcStats":{"a.cdc":4},"prevCommit":null,)"
      R"("numWrites":0,"numDeletes":0,"numUpdateWrites":0,"numInserts":0,)"
      R"("totalWriteBytes":0,"totalWriteErrors":0,"tempPath":null,"partitionPath":null,)"
      R"("totalLogRecords":0,"totalLogFilesCompacted":0,"totalLogSizeCompacted":0,)"
      R"("totalUpdatedRecordsCompacted":0,"totalLogBlocks":0,"totalCorruptLogBlock":0,)"
      R"("totalRollbackBlocks":0,"fileSizeInBytes":0,"minEventTime":null,)"
      R"("maxEventTime":null,"runtimeStats":{"totalScanTime":1,"totalUpsertTime":2,)"
      R"("totalCreateTime":5}}],"commitActionType":{"empty":false,"present":true},)"
      R"("extraMetadata":{"empty":true,"present":false}})");
}

TEST(CommitCallbackMessageTest, ComesFromTheCompletedInstantAndItsMetadata) {
  CommitMetadata metadata;
  for (WriteStat& stat : BaseAndLogStats()) metadata.AddWriteStat("p1", stat);
  metadata.AddMetadata("schema", "{}");
  CommitCallbackMessage message = CommitCallbackMessage::Of(
      Instant{"20240101000000000", Action::kDeltaCommit, State::kCompleted}, "tbl",
      "/tmp/t", metadata);
  EXPECT_EQ(message.commit_time, "20240101000000000");
  EXPECT_EQ(message.commit_action_type, "deltacommit");
  EXPECT_EQ(message.write_stats, BaseAndLogStats());
  EXPECT_EQ(message.extra_metadata, (OrderedMap<std::string>{{"schema", "{}"}}));
}

// HoodieWriteCommitHttpCallbackClient.parseCustomHeaders: ';' between headers, ':'
// between name and value, both trimmed; a part without exactly one ':' is skipped.
TEST(HttpCommitCallbackTest, CustomHeadersParseAsHudiParsesThem) {
  EXPECT_THAT(ParseCallbackHeaders(" X-Team : lake ;;X-Env:test;broken;:novalue;a:b:c"),
              ElementsAre(Pair("X-Team", "lake"), Pair("X-Env", "test")));
  EXPECT_THAT(ParseCallbackHeaders("X-Env:a;x-env:b"), ElementsAre(Pair("X-Env", "b")));
  EXPECT_TRUE(ParseCallbackHeaders("").empty());
}

TEST(CommitCallbackRegistryTest, OffByDefaultMakesNone) {
  HoodieConfig config;
  config.Set("hoodie.write.commit.callback.http.url", "http://127.0.0.1:1/");
  ASSERT_OK_AND_ASSIGN(auto callback, MakeCommitCallback(config));
  EXPECT_EQ(callback, nullptr);
}

TEST(CommitCallbackRegistryTest, TheHttpCallbackNeedsAUrl) {
  HoodieConfig config;
  config.Set("hoodie.write.commit.callback.on", "true");
  EXPECT_THAT(MakeCommitCallback(config),
              StatusMessageHas("needs hoodie.write.commit.callback.http.url"));
  config.Set("hoodie.write.commit.callback.http.url", "http://127.0.0.1:1/");
  ASSERT_OK_AND_ASSIGN(auto callback, MakeCommitCallback(config));
  EXPECT_NE(dynamic_cast<HttpCommitCallback*>(callback.get()), nullptr);
}

TEST(CommitCallbackRegistryTest, UnknownAndKafkaClassesAreRefusedClearly) {
  HoodieConfig config;
  config.Set("hoodie.write.commit.callback.on", "true");
  config.Set("hoodie.write.commit.callback.class", "com.example.NoSuchCallback");
  auto unknown = MakeCommitCallback(config);
  ASSERT_RAISES(Invalid, unknown.status());
  EXPECT_THAT(unknown.status().message(),
              HasSubstr("unknown commit callback 'com.example.NoSuchCallback'"));
  EXPECT_THAT(unknown.status().message(), HasSubstr(kHttpCommitCallbackClass));

  config.Set("hoodie.write.commit.callback.class", kKafkaCommitCallbackClass);
  auto kafka = MakeCommitCallback(config);
  ASSERT_RAISES(NotImplemented, kafka.status());
  EXPECT_THAT(kafka.status().message(),
              HasSubstr("needs hoodie's Kafka component (hoodie::kafka): link it and "
                        "call hoodie::RegisterKafkaComponent()"));
}

}  // namespace
}  // namespace hoodie
