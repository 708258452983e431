// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/flink_write_options_test.cc
/// \brief Flink's write keys in streamer rounds: write.insert.cluster (append mode) on
/// copy-on-write inserts, false writing a new file group a round and true packing rounds
/// into small files; write.ignore.failed as --commit-on-errors; index bootstrap's
/// purpose holding without it.

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

class AppendModeTest : public testing::StreamRoundTest {
 protected:
  void SetUp() override {
    StreamRoundTest::SetUp();
    options_.operation = WriteOperationType::kInsert;
  }

  // The file ids of partition x's base files.
  std::set<std::string> FileGroups() {
    std::set<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(dir_.Join("table/x"))) {
      std::string name = entry.path().filename().string();
      if (entry.path().extension() == ".parquet") out.insert(name.substr(0, name.find('_')));
    }
    return out;
  }

  void TwoInsertRounds() {
    Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
    ASSERT_OK(Round().status());
    Input("2.json", R"({"id":"b","city":"x","fare":2.0,"ts":1})" "\n", 6000);
    ASSERT_OK(Round().status());
    EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}}));
  }
};

TEST_F(AppendModeTest, FalseWritesANewFileGroupEachRound) {
  props_.Set("write.insert.cluster", "false");
  TwoInsertRounds();
  EXPECT_EQ(FileGroups().size(), 2u);
}

TEST_F(AppendModeTest, TrueMergesInsertsIntoTheSmallFile) {
  props_.Set("write.insert.cluster", "true");
  TwoInsertRounds();
  EXPECT_EQ(FileGroups().size(), 1u);
}

TEST_F(AppendModeTest, TrueWithNoSmallFilesIsRefused) {
  props_.Set("write.insert.cluster", "true");
  props_.Set("hoodie.parquet.small.file.limit", "0");
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  auto refused = Round();
  ASSERT_RAISES(Invalid, refused);
  EXPECT_NE(refused.status().message().find("hoodie.parquet.small.file.limit=0"),
            std::string::npos)
      << refused.status().ToString();
}

class IgnoreFailedTest : public testing::StreamRoundTest {};

TEST_F(IgnoreFailedTest, TrueCommitsTheRecordsThatDidNotFailAndFalseContradictsTheFlag) {
  props_.Set("hoodie.datasource.write.recordkey.field", "fare");  // null for one record
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"x","ts":1})" "\n", 5000);
  props_.Set("write.ignore.failed", "false");
  ASSERT_RAISES(Invalid, Round());
  options_.commit_on_errors = true;
  auto contradicted = Round();
  ASSERT_RAISES(Invalid, contradicted);
  EXPECT_NE(contradicted.status().message().find("contradict"), std::string::npos);
  options_.commit_on_errors = false;
  props_.Set("write.ignore.failed", "true");
  ASSERT_OK_AND_ASSIGN(RoundResult committed, Round());
  ASSERT_EQ(committed.failed.size(), 1u);
  EXPECT_NE(committed.failed[0].find("1.json:2"), std::string::npos) << committed.failed[0];
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}}));
}

// Index bootstrap's purpose (seed "Index Bootstrap": a snapshot bulk-inserted, then
// incremental data without repeats) holds with the keys accepted, because hoodie's index
// looks every key up in the stored files: the upserts after a bulk insert update its
// rows, in a partition the regex names and in one it does not.
class IndexBootstrapTest : public testing::StreamRoundTest {};

TEST_F(IndexBootstrapTest, UpsertsAfterABulkInsertUpdateItsRowsWithoutRepeats) {
  options_.operation = WriteOperationType::kBulkInsert;
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"y","fare":2.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  options_.operation = WriteOperationType::kUpsert;
  props_.Set("index.bootstrap.enabled", "true");
  props_.Set("index.partition.regex", "x");
  Input("2.json", R"({"id":"a","city":"x","fare":10.0,"ts":2})" "\n"
                  R"({"id":"b","city":"y","fare":20.0,"ts":2})" "\n"
                  R"({"id":"c","city":"y","fare":3.0,"ts":2})" "\n", 6000);
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.inserted, 1);
  EXPECT_EQ(round.updated, 2);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 10.0}, {"b", 20.0}, {"c", 3.0}}));
  ASSERT_OK_AND_ASSIGN(auto ids, ReadColumns({"id"}));
  EXPECT_EQ(ids->num_rows(), 3);  // each key once
}

}  // namespace
}  // namespace hoodie
