// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/mor_table_reader_test.cc
/// \brief Merge-on-read v6 sample tables: snapshot (base files merged with Parquet and
/// Avro log blocks), read-optimized, time travel and incremental reads return exactly
/// the rows testdata/hudi-rs-tables/README.md lists; rollback blocks, replaced file
/// groups and skip_merge.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/read/sample_table_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BaseFileNames;
using testing::SampleTable;
using testing::TextRows;

const std::vector<std::string> kIdNameActive = {"id", "name", "isActive"};
const std::vector<std::string> kWithCommitTime = {"id", "name", "isActive",
                                                  "_hoodie_commit_time"};

ReadOptions Snapshot(std::optional<std::string> as_of = std::nullopt) {
  ReadOptions options;
  options.as_of = std::move(as_of);
  return options;
}

ReadOptions ReadOptimized(std::optional<std::string> as_of = std::nullopt) {
  ReadOptions options = Snapshot(std::move(as_of));
  options.query_type = QueryType::kReadOptimized;
  return options;
}

ReadOptions Incremental(const std::string& begin, std::optional<std::string> end) {
  ReadOptions options;
  options.query_type = QueryType::kIncremental;
  options.begin = begin;
  options.end = std::move(end);
  return options;
}

class MorNonPartitionedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(
        table_, SampleTable::Open("sample_table/mor/parquet/v6_nonpartitioned.zip"));
  }
  std::unique_ptr<SampleTable> table_;
};

TEST_F(MorNonPartitionedTest, SnapshotMergesParquetLogBlock) {
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(Snapshot(), kWithCommitTime));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false", "20250117083136333"},
                            {"2", "Bob", "false", "20250117083125837"},
                            {"3", "Carol", "true", "20250117083125837"},
                            {"4", "Diana", "true", "20250117083136333"}}));
  // Merged rows keep every column: Alice's log record, Bob's base row.
  ASSERT_OK_AND_ASSIGN(
      rows, table_->Rows(Snapshot(), {"id", "longField", "_hoodie_file_name"}));
  EXPECT_EQ(rows[0], (std::vector<std::string>{
                         "1", "1234567890", "d206069c-22c8-4532-b9ea-3cf4282342c4-0"}));
  EXPECT_EQ(rows[1][2],
            "d206069c-22c8-4532-b9ea-3cf4282342c4-0_0-13-23_20250117083125837.parquet");
}

TEST_F(MorNonPartitionedTest, ReadOptimizedTimeTravelAndIncremental) {
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(ReadOptimized(), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"},
                            {"2", "Bob", "false"},
                            {"3", "Carol", "true"},
                            {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(ReadPlan plan, table_->reader->Plan(ReadOptimized()));
  for (const FileSlice& slice : plan.slices) EXPECT_FALSE(slice.HasLogFiles());
  TextRows first = {
      {"1", "Alice", "true"}, {"2", "Bob", "false"}, {"3", "Carol", "true"}};
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(Snapshot("20250117083125837"), kIdNameActive));
  EXPECT_EQ(rows, first);
  ASSERT_OK_AND_ASSIGN(rows,
                       table_->Rows(ReadOptimized("20250117083125837"), kIdNameActive));
  EXPECT_EQ(rows, first);
  ASSERT_OK_AND_ASSIGN(
      rows, table_->Rows(Incremental("20250117083125837", std::nullopt), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(
      rows, table_->Rows(Incremental("0", "20250117083125837"), kIdNameActive));
  EXPECT_EQ(rows, first);
}

TEST_F(MorNonPartitionedTest, SkipMergeReturnsBaseAndLogRows) {
  ReadOptions options = Snapshot();
  options.merge_type = MergeType::kSkipMerge;
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(options, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"},
                            {"1", "Alice", "true"},
                            {"2", "Bob", "false"},
                            {"3", "Carol", "true"},
                            {"4", "Diana", "true"}}));
}

TEST_F(MorNonPartitionedTest, FiltersProjectionAndLimitApplyAfterMerging) {
  ReadOptions options = Snapshot();
  options.filters = {{"isActive", CompareOp::kEqual, "false"}};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(options, {"name"}));
  EXPECT_EQ(rows, (TextRows{{"Alice"}, {"Bob"}}));
  options.filters = {{"_hoodie_record_key", CompareOp::kEqual, "1"}};
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(options, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}}));
  options = Snapshot();
  options.limit = 2;
  ASSERT_OK_AND_ASSIGN(auto table, table_->reader->ReadTable(options));
  EXPECT_EQ(table->num_rows(), 2);
  EXPECT_EQ(table->num_columns(), 21);
}

TEST(MorSimpleKeyTest, SnapshotPartitionFilterAndTimeTravel) {
  ASSERT_OK_AND_ASSIGN(
      auto table,
      SampleTable::Open("sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip"));
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table->Rows(Snapshot(), {"id", "name", "isActive", "_hoodie_commit_time",
                               "_hoodie_partition_path"}));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false", "20250121000557095", "10"},
                            {"2", "Bob", "false", "20250121000547796", "20"},
                            {"3", "Carol", "true", "20250121000547796", "10"},
                            {"4", "Diana", "true", "20250121000557095", "30"}}));
  ReadOptions pruned = Snapshot();
  pruned.partitions = {"10"};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(pruned, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"3", "Carol", "true"}}));
  pruned.query_type = QueryType::kReadOptimized;
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(pruned, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(Snapshot("20250121000547796"), kIdNameActive));
  EXPECT_EQ(
      rows,
      (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"}, {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(ReadOptimized(), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"},
                            {"2", "Bob", "false"},
                            {"3", "Carol", "true"},
                            {"4", "Diana", "true"}}));
}

class MorOverwriteTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(
        table_,
        SampleTable::Open(
            "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip"));
  }
  std::unique_ptr<SampleTable> table_;
};

TEST_F(MorOverwriteTableTest, ReplacedFileGroupsAreHidden) {
  const std::vector<std::string> columns = {
      "id", "name", "isActive", "_hoodie_commit_time", "_hoodie_partition_path"};
  TextRows diana = {{"4", "Diana", "false", "20250121000702475", "30"}};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(ReadOptimized(), columns));
  EXPECT_EQ(rows, diana);
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(Snapshot(), columns));
  EXPECT_EQ(rows, diana);
  ASSERT_OK_AND_ASSIGN(rows,
                       table_->Rows(ReadOptimized("20250121000656060"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"},
                            {"2", "Bob", "false"},
                            {"3", "Carol", "true"},
                            {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(Snapshot("20250121000656060"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"},
                            {"2", "Bob", "false"},
                            {"3", "Carol", "true"},
                            {"4", "Diana", "true"}}));
}

TEST_F(MorOverwriteTableTest, FileSlicesAsOf) {
  ASSERT_OK_AND_ASSIGN(auto view, table_->View());
  std::vector<FileSlice> before = view->LatestFileSlices("20250121000656060");
  ASSERT_EQ(before.size(), 3u);
  EXPECT_EQ(before[0].group.partition_path, "10");
  EXPECT_EQ(
      BaseFileNames({before[0]}),
      (std::vector<std::string>{
          "92e64357-e4d1-4639-a9d3-c3535829d0aa-0_1-53-79_20250121000647668.parquet"}));
  ASSERT_EQ(before[0].log_files.size(), 1u);
  EXPECT_EQ(before[0].log_files[0].file_name,
            ".92e64357-e4d1-4639-a9d3-c3535829d0aa-0_20250121000647668.log.1_0-73-101");
  EXPECT_EQ(before[1].group.file_id, "d49ae379-4f20-4549-8e23-a5f9604412c0-0");
  EXPECT_FALSE(before[1].HasLogFiles());
  EXPECT_EQ(before[2].group.file_id, "de3550df-e12c-4591-9335-92ff992258a2-0");
  EXPECT_EQ(view->LatestFileSlices("20250121000702475").size(), 1u);
  EXPECT_EQ(
      BaseFileNames(view->LatestFileSlices()),
      (std::vector<std::string>{
          "1c6b76d7-67cd-4b69-8da9-6e5122db91cb-0_0-88-119_20250121000702475.parquet"}));
  EXPECT_TRUE(view->IsReplaced({"10", "92e64357-e4d1-4639-a9d3-c3535829d0aa-0"}));
  EXPECT_FALSE(view->IsReplaced({"10", "92e64357-e4d1-4639-a9d3-c3535829d0aa-0"},
                                "20250121000656060"));
}

TEST_F(MorOverwriteTableTest, IncrementalRanges) {
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table_->Rows(Incremental("19700101000000", "20250121000647668"), kIdNameActive));
  EXPECT_EQ(
      rows,
      (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"}, {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(
      rows,
      table_->Rows(Incremental("20250121000647668", "20250121000656060"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(
      rows,
      table_->Rows(Incremental("20250121000656060", "20250121000702475"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"4", "Diana", "false"}}));
  ASSERT_OK_AND_ASSIGN(
      rows, table_->Rows(Incremental("20250121000647668", std::nullopt), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"4", "Diana", "false"}}));
  ASSERT_OK_AND_ASSIGN(
      rows, table_->Rows(Incremental("20250121000702475", std::nullopt), kIdNameActive));
  EXPECT_TRUE(rows.empty());
}

TEST(MorRollbackTest, RolledBackBlockIsSkipped) {
  ASSERT_OK_AND_ASSIGN(
      auto table,
      SampleTable::Open("sample_table/mor/parquet/v6_nonpartitioned_rollback.zip"));
  TextRows base = {{"1", "Alice", "true"}, {"2", "Bob", "false"}, {"3", "Carol", "true"}};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(Snapshot(), kIdNameActive));
  EXPECT_EQ(
      rows,
      (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "true"}, {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(ReadOptimized(), kIdNameActive));
  EXPECT_EQ(rows, base);
  ASSERT_OK_AND_ASSIGN(rows,
                       table->Rows(ReadOptimized("20250126040823628"), kIdNameActive));
  EXPECT_EQ(rows, base);
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(Snapshot("20250126040823628"), kIdNameActive));
  EXPECT_EQ(rows, base);
  ASSERT_OK_AND_ASSIGN(
      rows, table->Rows(Incremental("20250126040823628", std::nullopt), kWithCommitTime));
  EXPECT_EQ(rows, (TextRows{{"2", "Bob", "true", "20250126060846931"}}));
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  std::vector<FileSlice> slices = view->LatestFileSlices();
  ASSERT_EQ(slices.size(), 1u);
  EXPECT_EQ(slices[0].group.file_id, "0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0");
  ASSERT_EQ(slices[0].log_files.size(), 3u);
  EXPECT_EQ(slices[0].log_files[1].file_name,
            ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1");
  EXPECT_EQ(view->NumFileGroups(), 1u);  // Diana's group was deleted by the rollback
}

TEST(MorTripsTest, AvroLogBlockUpdatesRiderD) {
  ASSERT_OK_AND_ASSIGN(
      auto table, SampleTable::Open("quickstart_trips_table/mor/avro/v6_trips_8i1u.zip"));
  const std::vector<std::string> columns = {"rider", "fare", "_hoodie_commit_time"};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(Snapshot(), columns));
  TextRows expected = {{"rider-A", "19.1", "20250331030642808"},
                       {"rider-C", "27.7", "20250331030642808"},
                       {"rider-D", "25", "20250331030645735"},
                       {"rider-E", "93.5", "20250331030642808"},
                       {"rider-F", "34.15", "20250331030642808"},
                       {"rider-G", "43.4", "20250331030642808"},
                       {"rider-I", "41.06", "20250331030642808"},
                       {"rider-J", "17.85", "20250331030642808"}};
  EXPECT_EQ(rows, expected);
  expected[2] = {"rider-D", "33.9", "20250331030642808"};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(Snapshot("20250331030642808"), columns));
  EXPECT_EQ(rows, expected);
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(ReadOptimized(), columns));
  EXPECT_EQ(rows, expected);
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(Incremental("20250331030642808", std::nullopt),
                                         {"uuid", "fare", "ts"}));
  EXPECT_EQ(rows,
            (TextRows{{"9909a8b1-2d15-4d3d-8ec9-efc48c536a00", "25", "1695046462179"}}));
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  EXPECT_EQ(view->LatestFileSlices().size(), 3u);
}

TEST(MorEmptyTest, NoRows) {
  ASSERT_OK_AND_ASSIGN(auto table,
                       SampleTable::Open("sample_table/mor/parquet/v6_empty.zip"));
  ASSERT_OK_AND_ASSIGN(auto result, table->reader->ReadTable(ReadOptions()));
  EXPECT_EQ(result->num_rows(), 0);
}

}  // namespace
}  // namespace hoodie
