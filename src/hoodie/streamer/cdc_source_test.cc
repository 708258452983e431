// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/cdc_source_test.cc
/// \brief Debezium and Canal change records from DFS files ingested by the streamer
/// (hoodie.streamer.source.cdc.format): inserts, updates and deletes land as Hudi's
/// upserts and deletes, with the columns of Hudi's Debezium sources.

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::StreamRoundTest;

class CdcSourceTest : public StreamRoundTest {
 protected:
  void SetUp() override {
    StreamRoundTest::SetUp();
    options_.source_class = "JsonDFSSource";
  }

  // id -> _change_operation_type of the snapshot.
  std::map<std::string, std::string> Operations() {
    auto read = ReadColumns({"id", "_change_operation_type"});
    EXPECT_OK(read.status());
    std::map<std::string, std::string> out;
    auto batch = (*read)->CombineChunksToBatch().ValueOrDie();
    auto ids = std::static_pointer_cast<::arrow::StringArray>(batch->column(0));
    auto ops = std::static_pointer_cast<::arrow::StringArray>(batch->column(1));
    for (int64_t i = 0; i < ids->length(); ++i) out[ids->GetString(i)] = ops->GetString(i);
    return out;
  }
};

TEST_F(CdcSourceTest, DebeziumRecordsUpsertAndDeleteOrderedByTheOrderingField) {
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  Input("1.json",
        R"({"before":null,"after":{"id":"a","city":"x","fare":1.0,"ts":1},"op":"c","ts_ms":100})" "\n"
        R"({"before":null,"after":{"id":"b","city":"y","fare":2.0,"ts":1},"op":"r","ts_ms":100})" "\n"
        R"({"before":null,"after":{"id":"c","city":"y","fare":3.0,"ts":1},"op":"c","ts_ms":100})" "\n",
        5000);
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(first.inserted, 3);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}, {"c", 3.0}}));
  // Out of order within the round: the update of a with ts 3 wins over the one with ts
  // 2 that comes after it; b is deleted with its before image; the schema-wrapped form
  // (the JSON converter's schemas.enable) reads the same.
  Input("2.json",
        R"({"before":{"id":"a","city":"x","fare":1.0,"ts":1},"after":{"id":"a","city":"x","fare":30.0,"ts":3},"op":"u","ts_ms":300})" "\n"
        R"({"before":{"id":"a","city":"x","fare":1.0,"ts":1},"after":{"id":"a","city":"x","fare":20.0,"ts":2},"op":"u","ts_ms":200})" "\n"
        R"({"schema":{"type":"struct"},"payload":{"before":{"id":"b","city":"y","fare":2.0,"ts":1},"after":null,"op":"d","ts_ms":400}})" "\n",
        6000);
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(second.deleted, 1);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 30.0}, {"c", 3.0}}));
  EXPECT_EQ(Operations(), (std::map<std::string, std::string>{{"a", "u"}, {"c", "c"}}));
}

TEST_F(CdcSourceTest, CanalRecordsWithTextValuesUpsertAndDelete) {
  props_.Set("hoodie.streamer.source.cdc.format", "canal-json");
  props_.Set("hoodie.datasource.write.precombine.field", "_upstream_event_processed_ts_ms");
  Input("1.json",
        R"({"data":[{"id":"a","city":"x","fare":"1.5","ts":"1"},{"id":"b","city":"x","fare":null,"ts":"1"}],"type":"INSERT","isDdl":false,"es":10,"ts":11})" "\n"
        R"({"data":null,"type":"ALTER","isDdl":true,"sql":"ALTER TABLE trips ADD c INT","es":12,"ts":12})" "\n"
        R"({"data":[{"id":"a","city":"x","fare":"2.5","ts":"2"}],"old":[{"fare":"1.5","ts":"1"}],"type":"UPDATE","isDdl":false,"es":20,"ts":21})" "\n"
        R"({"data":[{"id":"b","city":"x","fare":null,"ts":"1"}],"type":"DELETE","isDdl":false,"es":30,"ts":31})" "\n",
        5000);
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.records_read, 4);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 2.5}}));
  EXPECT_EQ(Operations(), (std::map<std::string, std::string>{{"a", "u"}}));
  ASSERT_OK_AND_ASSIGN(auto processed, ReadColumns({"_upstream_event_processed_ts_ms",
                                                    "_event_origin_ts_ms"}));
  ASSERT_EQ(processed->num_rows(), 1);
  EXPECT_EQ(processed->column(0)->GetScalar(0).ValueOrDie()->ToString(), "21");
  EXPECT_EQ(processed->column(1)->GetScalar(0).ValueOrDie()->ToString(), "20");
}

TEST_F(CdcSourceTest, AMalformedChangeRecordFailsNamingFileAndLineOrIsSkippedAndCounted) {
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  Input("1.json",
        R"({"after":{"id":"a","city":"x","fare":1.0,"ts":1},"op":"c","ts_ms":1})" "\n"
        R"({"after":{"id":"b","city":"x","fare":1.0,"ts":1},"operation":"c"})" "\n"
        R"({"after":{"id":"c","city":"x","fare":1.0,"ts":1},"op":"c","ts_ms":1})" "\n",
        5000);
  auto failed = Round();
  ASSERT_RAISES(Invalid, failed);
  EXPECT_NE(failed.status().message().find("1.json:2: not a debezium-json change record"),
            std::string::npos)
      << failed.status().ToString();
  EXPECT_EQ(CompletedCommits(), 0u);

  options_.commit_on_errors = true;
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  ASSERT_EQ(round.failed.size(), 1u);
  EXPECT_NE(round.failed[0].find("1.json:2: not a debezium-json change record"),
            std::string::npos)
      << round.failed[0];
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"c", 1.0}}));
}

// A failure found after decoding (an empty record key) names the line its row came
// from, though a Canal message makes several rows, a DDL message and a blank line none.
TEST_F(CdcSourceTest, ARowsFailureNamesItsLineWhateverRowsTheLinesBefore) {
  props_.Set("hoodie.streamer.source.cdc.format", "canal-json");
  Input("1.json",
        R"({"data":[{"id":"a","city":"x","fare":"1","ts":"1"},{"id":"b","city":"x","fare":"2","ts":"1"}],"type":"INSERT","isDdl":false,"es":10,"ts":11})" "\n"
        R"({"data":null,"type":"ALTER","isDdl":true,"sql":"ALTER TABLE trips ADD c INT","es":12,"ts":12})" "\n"
        "\n"
        R"({"data":[{"id":"","city":"x","fare":"3","ts":"1"}],"type":"INSERT","isDdl":false,"es":13,"ts":14})" "\n",
        5000);
  options_.commit_on_errors = true;
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  ASSERT_EQ(round.failed.size(), 1u);
  EXPECT_NE(round.failed[0].find("1.json:4"), std::string::npos) << round.failed[0];
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}}));
}

TEST_F(CdcSourceTest, UnknownFormatsAndNonJsonSourcesAreRefused) {
  props_.Set("hoodie.streamer.source.cdc.format", "maxwell-json");
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  auto unknown = Round();
  ASSERT_RAISES(Invalid, unknown);
  EXPECT_NE(unknown.status().message().find("hoodie.streamer.source.cdc.format"),
            std::string::npos)
      << unknown.status().ToString();
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  options_.source_class = "CsvDFSSource";
  auto csv = Round();
  ASSERT_RAISES(Invalid, csv);
  EXPECT_NE(csv.status().message().find("CsvDFSSource does not read JSON"), std::string::npos)
      << csv.status().ToString();
}

// Each data record of the log files under `folder`, oldest file first, as
// "_hoodie_operation,id,fare".
std::vector<std::string> LogRecords(const std::string& folder) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().filename().string().find(".log.") != std::string::npos) {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (const std::string& file : files) {
    auto blocks = ReadLogFile(Storage::Local().get(), file);
    EXPECT_OK(blocks.status());
    for (const LogBlock& block : *blocks) {
      if (block.type != LogBlockType::kAvroData) continue;
      auto batch = ReadDataBlock(block).ValueOrDie();
      auto ops = batch->GetColumnByName("_hoodie_operation");
      EXPECT_NE(ops, nullptr);
      if (ops == nullptr) return out;
      for (int64_t i = 0; i < batch->num_rows(); ++i) {
        out.push_back(ops->GetScalar(i).ValueOrDie()->ToString() + "," +
                      batch->GetColumnByName("id")->GetScalar(i).ValueOrDie()->ToString() +
                      "," +
                      batch->GetColumnByName("fare")->GetScalar(i).ValueOrDie()->ToString());
      }
    }
  }
  return out;
}

TEST_F(CdcSourceTest, ChangelogModeKeepsEveryChangeInTheLogsAndReadsMerge) {
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  props_.Set("changelog.enabled", "true");
  props_.Set("hoodie.compact.inline.max.delta.commits", "10");
  options_.table_type = "MERGE_ON_READ";
  Input("1.json",
        R"({"before":null,"after":{"id":"a","city":"x","fare":1.0,"ts":1},"op":"c","ts_ms":1})" "\n"
        R"({"before":null,"after":{"id":"b","city":"x","fare":2.0,"ts":1},"op":"c","ts_ms":1})" "\n"
        R"({"before":{"id":"b","city":"x","fare":2.0,"ts":1},"after":{"id":"b","city":"x","fare":3.0,"ts":2},"op":"u","ts_ms":2})" "\n",
        5000);
  ASSERT_OK(Round().status());
  // New keys are combined into the base file: b once, as its update.
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 3.0}}));
  Input("2.json",
        R"({"before":{"id":"a","city":"x","fare":1.0,"ts":1},"after":{"id":"a","city":"x","fare":5.0,"ts":2},"op":"u","ts_ms":3})" "\n"
        R"({"before":{"id":"a","city":"x","fare":5.0,"ts":2},"after":{"id":"a","city":"x","fare":6.0,"ts":3},"op":"u","ts_ms":4})" "\n"
        R"({"before":{"id":"b","city":"x","fare":3.0,"ts":2},"after":null,"op":"d","ts_ms":5})" "\n",
        6000);
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  // Every change of the stored keys, in order, with its operation.
  EXPECT_EQ(LogRecords(dir_.Join("table/x")),
            (std::vector<std::string>{"-U,a,1", "U,a,5", "-U,a,5", "U,a,6", "D,b,3"}));
  // A snapshot merges them.
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 6.0}}));
  ASSERT_OK_AND_ASSIGN(auto operations, ReadColumns({"id", "_hoodie_operation"}));
  ASSERT_EQ(operations->num_rows(), 1);
  EXPECT_EQ(operations->GetColumnByName("_hoodie_operation")->GetScalar(0).ValueOrDie()->ToString(),
            "U");
}

TEST_F(CdcSourceTest, ChangelogModeCompactionMergesAndKeepsTheOperation) {
  props_.Set("hoodie.streamer.source.cdc.format", "debezium-json");
  props_.Set("changelog.enabled", "true");
  props_.Set("hoodie.compact.inline.max.delta.commits", "2");
  options_.table_type = "MERGE_ON_READ";
  Input("1.json",
        R"({"before":null,"after":{"id":"a","city":"x","fare":1.0,"ts":1},"op":"c","ts_ms":1})" "\n"
        R"({"before":null,"after":{"id":"b","city":"x","fare":2.0,"ts":1},"op":"c","ts_ms":1})" "\n",
        5000);
  ASSERT_OK(Round().status());
  Input("2.json",
        R"({"before":{"id":"a","city":"x","fare":1.0,"ts":1},"after":{"id":"a","city":"x","fare":5.0,"ts":2},"op":"u","ts_ms":3})" "\n"
        R"({"before":{"id":"b","city":"x","fare":2.0,"ts":1},"after":null,"op":"d","ts_ms":5})" "\n",
        6000);
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  ASSERT_EQ(second.compactions.size(), 1u);
  ASSERT_OK_AND_ASSIGN(auto rows, ReadColumns({"id", "fare", "_hoodie_operation"}));
  ASSERT_OK_AND_ASSIGN(auto batch, rows->CombineChunksToBatch());
  ASSERT_EQ(batch->num_rows(), 1);
  EXPECT_EQ(batch->GetColumnByName("id")->GetScalar(0).ValueOrDie()->ToString(), "a");
  EXPECT_EQ(batch->GetColumnByName("fare")->GetScalar(0).ValueOrDie()->ToString(), "5");
  EXPECT_EQ(batch->GetColumnByName("_hoodie_operation")->GetScalar(0).ValueOrDie()->ToString(),
            "U");
}

TEST_F(CdcSourceTest, ChangelogModeNeedsMergeOnReadAndRecordChanges) {
  props_.Set("changelog.enabled", "true");
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  auto refused = Round();
  ASSERT_RAISES(Invalid, refused);
  EXPECT_NE(refused.status().message().find("COPY_ON_WRITE table keeps only merged records"),
            std::string::npos)
      << refused.status().ToString();
  // bulk_insert writes no changes to keep.
  options_.table_type = "MERGE_ON_READ";
  options_.operation = WriteOperationType::kBulkInsert;
  auto bulk = Round();
  ASSERT_RAISES(NotImplemented, bulk);
  EXPECT_NE(bulk.status().message().find("BULK_INSERT is not supported with it"),
            std::string::npos)
      << bulk.status().ToString();
}

}  // namespace
}  // namespace hoodie
