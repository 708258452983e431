// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/mor_merge_test.cc
/// \brief Merge-on-read merging on hand-built tables whose log files hoodie's writer
/// made: updates and inserts in logs, delete blocks, blocks of failed instants, rollback
/// blocks, a trailing partial block, log-only file groups, time travel, incremental
/// ranges and skip_merge (AbstractHoodieLogRecordReader / HoodieMergedLogRecordScanner
/// semantics).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/read/hand_built_table_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::HandBuiltTable;
using testing::ReadKeyRows;
using Rows = std::vector<std::vector<std::string>>;

constexpr char kC1[] = "20240101000000000";
constexpr char kC2[] = "20240102000000000";
constexpr char kC3[] = "20240103000000000";
constexpr char kC4[] = "20240104000000000";
constexpr char kC5[] = "20240105000000000";
constexpr char kC6[] = "20240106000000000";

DeleteRecord Delete(const std::string& key) {
  return {key, "p1", WrapOrderingValue(kIntWrapper, AvroValue::Int(0))};
}

class MorMergeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK(table_.Init());
    // c1: base file of fgA.
    ASSERT_OK(table_.WriteBase("p1", "fgA", kC1,
                               {{"k1", "a", kC1}, {"k2", "b", kC1}, {"k3", "c", kC1}}));
    ASSERT_OK(
        table_.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    // c2: k1 updated and k4 inserted into fgA's log; fgB is a log-only group.
    ASSERT_OK_AND_ASSIGN(
        LogBlock c2, HandBuiltTable::DataBlock(kC2, "p1", "fgA",
                                               {{"k1", "a2", kC2}, {"k4", "d", kC2}}));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 1, {c2}));
    ASSERT_OK_AND_ASSIGN(LogBlock only,
                         HandBuiltTable::DataBlock(kC2, "p1", "fgB", {{"k9", "z", kC2}}));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgB", kC2, 1, {only}));
    ASSERT_OK(table_.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted,
                                {{"p1", "fgA"}, {"p1", "fgB"}}));
    // c3: k2 deleted.
    ASSERT_OK_AND_ASSIGN(LogBlock c3, MakeDeleteLogBlock(kC3, "{}", {Delete("k2")}));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 2, {c3}));
    ASSERT_OK(
        table_.AddInstant(kC3, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    // c4 failed after writing k3; c5 rolls it back with a command block.
    ASSERT_OK_AND_ASSIGN(
        LogBlock c4, HandBuiltTable::DataBlock(kC4, "p1", "fgA", {{"k3", "c4", kC4}}));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 3, {c4}));
    ASSERT_OK(table_.AddInstant(kC4, Action::kDeltaCommit, State::kInflight, {}));
    ASSERT_OK(
        table_.WriteLogBlocks("p1", "fgA", kC1, 4, {MakeRollbackLogBlock(kC5, kC4)}));
    // c6: k1 updated again; the writer then died inside its next block.
    ASSERT_OK_AND_ASSIGN(
        LogBlock c6, HandBuiltTable::DataBlock(kC6, "p1", "fgA", {{"k1", "a6", kC6}}));
    ASSERT_OK_AND_ASSIGN(std::string partial, EncodeLogBlock(c6));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 5, {c6}, partial.substr(0, 40)));
    ASSERT_OK(
        table_.AddInstant(kC6, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    ASSERT_OK_AND_ASSIGN(reader_, table_.Reader());
  }

  ::arrow::Result<Rows> Read(ReadOptions options) {
    return ReadKeyRows(*reader_, options);
  }

  HandBuiltTable table_{TableType::kMergeOnRead};
  std::unique_ptr<TableReader> reader_;
};

TEST_F(MorMergeTest, SnapshotAppliesUpdatesDeletesAndRollbacks) {
  // k3's update belongs to the failed c4 (and is rolled back); the partial block is
  // skipped.
  ASSERT_OK_AND_ASSIGN(Rows rows, Read(ReadOptions()));
  EXPECT_EQ(
      rows,
      (Rows{{"k1", "a6", kC6}, {"k3", "c", kC1}, {"k4", "d", kC2}, {"k9", "z", kC2}}));
}

TEST_F(MorMergeTest, TimeTravelStopsAtTheAsOfInstant) {
  ReadOptions options;
  options.as_of = kC2;
  ASSERT_OK_AND_ASSIGN(Rows rows, Read(options));
  EXPECT_EQ(rows, (Rows{{"k1", "a2", kC2},
                        {"k2", "b", kC1},
                        {"k3", "c", kC1},
                        {"k4", "d", kC2},
                        {"k9", "z", kC2}}));
  options.as_of = kC3;
  ASSERT_OK_AND_ASSIGN(rows, Read(options));
  EXPECT_EQ(
      rows,
      (Rows{{"k1", "a2", kC2}, {"k3", "c", kC1}, {"k4", "d", kC2}, {"k9", "z", kC2}}));
  options.as_of = kC1;
  ASSERT_OK_AND_ASSIGN(rows, Read(options));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}, {"k2", "b", kC1}, {"k3", "c", kC1}}));
}

TEST_F(MorMergeTest, IncrementalReturnsTheLatestStateOfChangedRecords) {
  ReadOptions options;
  options.query_type = QueryType::kIncremental;
  options.begin = kC2;
  ASSERT_OK_AND_ASSIGN(Rows rows, Read(options));
  EXPECT_EQ(rows, (Rows{{"k1", "a6", kC6}}));
  options.begin = kC1;
  options.end = kC2;
  ASSERT_OK_AND_ASSIGN(rows, Read(options));
  EXPECT_EQ(rows, (Rows{{"k1", "a2", kC2}, {"k4", "d", kC2}, {"k9", "z", kC2}}));
}

TEST_F(MorMergeTest, SkipMergeAndReadOptimized) {
  ReadOptions options;
  options.merge_type = MergeType::kSkipMerge;
  ASSERT_OK_AND_ASSIGN(Rows rows, Read(options));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1},
                        {"k1", "a6", kC6},
                        {"k2", "b", kC1},
                        {"k3", "c", kC1},
                        {"k4", "d", kC2},
                        {"k9", "z", kC2}}));
  options = ReadOptions();
  options.query_type = QueryType::kReadOptimized;
  ASSERT_OK_AND_ASSIGN(rows, Read(options));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}, {"k2", "b", kC1}, {"k3", "c", kC1}}));
}

TEST(MorLogOnlyTest, TableWithOnlyLogFilesReadsTheirRows) {
  HandBuiltTable table(TableType::kMergeOnRead);
  ASSERT_OK(table.Init());
  ASSERT_OK_AND_ASSIGN(LogBlock block,
                       HandBuiltTable::DataBlock(kC1, "p1", "fgA", {{"k1", "a", kC1}}));
  ASSERT_OK(table.WriteLogBlocks("p1", "fgA", kC1, 1, {block}));
  ASSERT_OK(
      table.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadKeyRows(*reader, ReadOptions()));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}}));
}

TEST(MorCorruptTest, BadMagicInALogFileFailsTheRead) {
  HandBuiltTable table(TableType::kMergeOnRead);
  ASSERT_OK(table.Init());
  ASSERT_OK(table.WriteBase("p1", "fgA", kC1, {{"k1", "a", kC1}}));
  ASSERT_OK(
      table.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
  ASSERT_OK_AND_ASSIGN(std::string name, table.WriteLogBlocks("p1", "fgA", kC1, 1, {},
                                                              "garbage-not-a-block"));
  ASSERT_OK(
      table.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  auto rows = ReadKeyRows(*reader, ReadOptions());
  ASSERT_RAISES(Invalid, rows);
  EXPECT_THAT(rows.status().message(), ::testing::HasSubstr(name));
}

}  // namespace
}  // namespace hoodie
