// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_parquet_blocks_test.cc
/// \brief Compaction of slices whose logs hold Parquet data blocks (alone or beside Avro
/// blocks): the compacted base files read exactly like the merged slices.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/compaction_test_util.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/storage/path.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using testing::MorTable;

constexpr std::string_view kFormat = "hoodie.logfile.data.block.format";

class CompactionParquetBlocksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(table_, MorTable::Create(Storage::Local(), dir_.Join("trips")));
  }

  // The next writes use `format` data blocks.
  void UseFormat(std::string_view format) {
    HoodieConfig config = testing::MorTripConfig();
    config.Set(kFormat, format);
    ASSERT_OK_AND_ASSIGN(table_.client, WriteClient::Make(table_.table, config));
  }

  // The data block types of every log file in `partition`, file by file in name order.
  ::arrow::Result<std::vector<LogBlockType>> DataBlockTypes(
      const std::string& partition) {
    ARROW_ASSIGN_OR_RAISE(auto listing,
                          table_.storage->List(JoinPath(table_.base, partition), false));
    std::vector<std::string> logs;
    for (const FileStatus& status : listing) {
      if (status.path.find(".log.") != std::string::npos) logs.push_back(status.path);
    }
    std::sort(logs.begin(), logs.end());
    std::vector<LogBlockType> out;
    for (const std::string& log : logs) {
      ARROW_ASSIGN_OR_RAISE(auto blocks, ReadLogFile(table_.storage.get(), log));
      for (const LogBlock& block : blocks) {
        if (block.type != LogBlockType::kDelete) out.push_back(block.type);
      }
    }
    return out;
  }

  // Schedules and runs a compaction; the snapshot before equals the snapshot and the
  // read-optimized view after.
  void CompactAndCompare() {
    ASSERT_OK_AND_ASSIGN(auto before, table_.Rows());
    ASSERT_OK_AND_ASSIGN(auto ro_before, table_.Rows(QueryType::kReadOptimized));
    ASSERT_NE(ro_before, before);
    ASSERT_OK_AND_ASSIGN(
        auto scheduled,
        ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
    ASSERT_TRUE(scheduled.has_value());
    ASSERT_OK(
        RunCompaction(table_.table, HoodieConfig(), scheduled->instant_time).status());
    ASSERT_OK_AND_ASSIGN(auto after, table_.Rows());
    EXPECT_EQ(after, before);
    ASSERT_OK_AND_ASSIGN(auto ro_after, table_.Rows(QueryType::kReadOptimized));
    EXPECT_EQ(ro_after, before);
  }

  testing::TempDir dir_;
  MorTable table_;
};

TEST_F(CompactionParquetBlocksTest, CompactsSlicesOfParquetBlocks) {
  UseFormat("parquet");
  ASSERT_OK_AND_ASSIGN(auto instants, testing::WriteHistory(&table_));
  using T = LogBlockType;
  ASSERT_OK_AND_ASSIGN(auto types, DataBlockTypes("sf"));
  EXPECT_THAT(types, ::testing::ElementsAre(T::kParquetData, T::kParquetData));
  ASSERT_OK_AND_ASSIGN(auto values, table_.Rows(QueryType::kSnapshot, std::nullopt,
                                                {"_hoodie_record_key", "name", "ts"}));
  EXPECT_EQ(values, (std::vector<std::string>{"1|a3|4", "3|c2|2", "4|d|2", "5|e|1"}));
  CompactAndCompare();
}

TEST_F(CompactionParquetBlocksTest, CompactsSlicesMixingAvroAndParquetBlocks) {
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}).status());
  ASSERT_OK(table_.Upsert({{"1", "a2", 2, "sf"}}).status());
  UseFormat("parquet");
  ASSERT_OK(table_.Upsert({{"1", "a3", 3, "sf"}, {"2", "b3", 3, "sf"}}).status());
  UseFormat("avro");
  ASSERT_OK(table_.Upsert({{"2", "b4", 4, "sf"}}).status());
  using T = LogBlockType;
  ASSERT_OK_AND_ASSIGN(auto types, DataBlockTypes("sf"));
  EXPECT_THAT(types, ::testing::ElementsAre(T::kAvroData, T::kParquetData, T::kAvroData));
  ASSERT_OK_AND_ASSIGN(auto values, table_.Rows(QueryType::kSnapshot, std::nullopt,
                                                {"_hoodie_record_key", "name", "ts"}));
  EXPECT_EQ(values, (std::vector<std::string>{"1|a3|3", "2|b4|4"}));
  CompactAndCompare();
}

}  // namespace
}  // namespace hoodie
