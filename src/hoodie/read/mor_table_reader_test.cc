// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/mor_table_reader_test.cc
/// \brief Merge-on-read v6 sample tables: read-optimized rows, file slices with logs,
/// replaced file groups, the rolled-back instant, and NotImplemented wherever a read
/// would need log merging.
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

ReadOptions ReadOptimized(std::optional<std::string> as_of = std::nullopt) {
  ReadOptions options;
  options.query_type = QueryType::kReadOptimized;
  options.as_of = std::move(as_of);
  return options;
}

ReadOptions Incremental(const std::string& begin, std::optional<std::string> end) {
  ReadOptions options;
  options.query_type = QueryType::kIncremental;
  options.begin = begin;
  options.end = std::move(end);
  return options;
}

TEST(MorNonPartitionedTest, ReadOptimizedReadsBaseFilesOnly) {
  ASSERT_OK_AND_ASSIGN(auto table,
                       SampleTable::Open("sample_table/mor/parquet/v6_nonpartitioned.zip"));
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(ReadOptimized(), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}, {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(ReadOptimized("20250117083125837"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(ReadPlan plan, table->reader->Plan(ReadOptimized()));
  for (const FileSlice& slice : plan.slices) EXPECT_FALSE(slice.HasLogFiles());

  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  std::vector<FileSlice> slices = view->LatestFileSlices();
  ASSERT_EQ(slices.size(), 2u);
  EXPECT_EQ(slices[0].group.file_id, "d206069c-22c8-4532-b9ea-3cf4282342c4-0");
  ASSERT_EQ(slices[0].log_files.size(), 1u);
  EXPECT_EQ(slices[0].log_files[0].file_name,
            ".d206069c-22c8-4532-b9ea-3cf4282342c4-0_20250117083125837.log.1_0-33-43");
  // The snapshot needs the log block with Alice's update: refuse rather than drop it.
  auto snapshot = table->reader->Read(ReadOptions());
  ASSERT_RAISES(NotImplemented, snapshot);
  EXPECT_THAT(snapshot.status().message(), ::testing::HasSubstr("read_optimized"));
  ASSERT_RAISES(NotImplemented,
                table->reader->Read(Incremental("20250117083125837", std::nullopt)));
}

TEST(MorSimpleKeyTest, ReadOptimizedWithPartitionFilter) {
  ASSERT_OK_AND_ASSIGN(
      auto table, SampleTable::Open("sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip"));
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(ReadOptimized(), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}, {"4", "Diana", "true"}}));
  ReadOptions pruned = ReadOptimized();
  pruned.partitions = {"10"};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(pruned, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"3", "Carol", "true"}}));
  // The time-travel snapshot before the log was written needs no merging... except
  // that v6 log names carry the slice's instant, so the slice still lists the log.
  ASSERT_RAISES(NotImplemented, table->reader->Read(ReadOptions()));
}

class MorOverwriteTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(
        table_, SampleTable::Open(
                    "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip"));
  }
  std::unique_ptr<SampleTable> table_;
};

TEST_F(MorOverwriteTableTest, ReplacedFileGroupsAreHidden) {
  const std::vector<std::string> columns = {"id", "name", "isActive", "_hoodie_commit_time",
                                            "_hoodie_partition_path"};
  TextRows diana = {{"4", "Diana", "false", "20250121000702475", "30"}};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(ReadOptimized(), columns));
  EXPECT_EQ(rows, diana);
  // The only live slice has no log file, so the snapshot is the base file.
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(ReadOptions(), columns));
  EXPECT_EQ(rows, diana);
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(ReadOptimized("20250121000656060"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}, {"4", "Diana", "true"}}));
}

TEST_F(MorOverwriteTableTest, FileSlicesAsOf) {
  ASSERT_OK_AND_ASSIGN(auto view, table_->View());
  std::vector<FileSlice> before = view->LatestFileSlices("20250121000656060");
  ASSERT_EQ(before.size(), 3u);
  EXPECT_EQ(before[0].group.partition_path, "10");
  EXPECT_EQ(BaseFileNames({before[0]}),
            (std::vector<std::string>{
                "92e64357-e4d1-4639-a9d3-c3535829d0aa-0_1-53-79_20250121000647668.parquet"}));
  ASSERT_EQ(before[0].log_files.size(), 1u);
  EXPECT_EQ(before[0].log_files[0].file_name,
            ".92e64357-e4d1-4639-a9d3-c3535829d0aa-0_20250121000647668.log.1_0-73-101");
  EXPECT_EQ(before[1].group.file_id, "d49ae379-4f20-4549-8e23-a5f9604412c0-0");
  EXPECT_FALSE(before[1].HasLogFiles());
  EXPECT_EQ(before[2].group.file_id, "de3550df-e12c-4591-9335-92ff992258a2-0");
  EXPECT_EQ(view->LatestFileSlices("20250121000702475").size(), 1u);
  EXPECT_EQ(BaseFileNames(view->LatestFileSlices()),
            (std::vector<std::string>{
                "1c6b76d7-67cd-4b69-8da9-6e5122db91cb-0_0-88-119_20250121000702475.parquet"}));
  EXPECT_TRUE(view->IsReplaced({"10", "92e64357-e4d1-4639-a9d3-c3535829d0aa-0"}));
  EXPECT_FALSE(
      view->IsReplaced({"10", "92e64357-e4d1-4639-a9d3-c3535829d0aa-0"}, "20250121000656060"));
}

TEST_F(MorOverwriteTableTest, IncrementalRangesWithoutLogs) {
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table_->Rows(Incremental("20250121000656060", "20250121000702475"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"4", "Diana", "false"}}));
  ASSERT_OK_AND_ASSIGN(rows,
                       table_->Rows(Incremental("20250121000647668", std::nullopt),
                                    kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"4", "Diana", "false"}}));
  ASSERT_OK_AND_ASSIGN(rows,
                       table_->Rows(Incremental("20250121000702475", std::nullopt),
                                    kIdNameActive));
  EXPECT_TRUE(rows.empty());
  // As of 20250121000647668 the slice in partition 10 lists the log file written later
  // (v6 names logs by slice); telling its blocks apart needs the log reader.
  ASSERT_RAISES(NotImplemented,
                table_->reader->Read(Incremental("19700101000000", "20250121000647668")));
}

TEST(MorRollbackTest, RolledBackInstantLeavesNoVisibleFiles) {
  ASSERT_OK_AND_ASSIGN(
      auto table, SampleTable::Open("sample_table/mor/parquet/v6_nonpartitioned_rollback.zip"));
  TextRows base = {{"1", "Alice", "true"}, {"2", "Bob", "false"}, {"3", "Carol", "true"}};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(ReadOptimized(), kIdNameActive));
  EXPECT_EQ(rows, base);
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(ReadOptimized("20250126040823628"), kIdNameActive));
  EXPECT_EQ(rows, base);
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  std::vector<FileSlice> slices = view->LatestFileSlices();
  ASSERT_EQ(slices.size(), 1u);
  EXPECT_EQ(slices[0].group.file_id, "0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0");
  ASSERT_EQ(slices[0].log_files.size(), 3u);
  EXPECT_EQ(slices[0].log_files[1].file_name,
            ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1");
  EXPECT_EQ(view->NumFileGroups(), 1u);  // Diana's group was deleted by the rollback
  ASSERT_RAISES(NotImplemented, table->reader->Read(ReadOptions()));
}

TEST(MorTripsTest, ReadOptimizedKeepsBaseFare) {
  ASSERT_OK_AND_ASSIGN(auto table,
                       SampleTable::Open("quickstart_trips_table/mor/avro/v6_trips_8i1u.zip"));
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(ReadOptimized(), {"uuid", "fare"}));
  EXPECT_EQ(rows.size(), 8u);
  ReadOptions rider_d = ReadOptimized();
  rider_d.filters = {{"uuid", CompareOp::kEqual, "9909a8b1-2d15-4d3d-8ec9-efc48c536a00"}};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(rider_d, {"fare", "_hoodie_commit_time"}));
  EXPECT_EQ(rows, (TextRows{{"33.9", "20250331030642808"}}));
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  EXPECT_EQ(view->LatestFileSlices().size(), 3u);
}

TEST(MorEmptyTest, NoRows) {
  ASSERT_OK_AND_ASSIGN(auto table, SampleTable::Open("sample_table/mor/parquet/v6_empty.zip"));
  ASSERT_OK_AND_ASSIGN(auto result, table->reader->ReadTable(ReadOptions()));
  EXPECT_EQ(result->num_rows(), 0);
}

}  // namespace
}  // namespace hoodie
