// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_mor_parquet_blocks_test.cc
/// \brief hoodie.logfile.data.block.format=parquet: merge-on-read appends write
/// PARQUET_DATA_BLOCKs (sized, rolled over and read like Avro blocks), mixed slices
/// read in order, and the option's values.
#include <arrow/api.h>
#include <arrow/io/memory.h>
#include <arrow/util/key_value_metadata.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>

#include "hoodie/client/write_client.h"
#include "hoodie/format/footer_keys.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using ::testing::ElementsAre;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

constexpr std::string_view kFormat = "hoodie.logfile.data.block.format";

class ParquetLogBlocksTest : public testing::MorTripTableTest {
 protected:
  // Without small files, so every update goes to a log.
  void Open(std::vector<std::pair<std::string, std::string>> settings) {
    settings.insert(settings.begin(), {"hoodie.parquet.small.file.limit", "0"});
    MorTripTableTest::Open(settings);
  }

  // A new client with `key` set to `value` (or unset when empty).
  void Reconfigure(std::string_view key, std::string_view value) {
    HoodieConfig config;
    for (const auto& [k, v] : config_.entries()) {
      if (k != key) config.Set(k, v);
    }
    if (!value.empty()) config.Set(key, value);
    config_ = config;
    ASSERT_OK_AND_ASSIGN(client_, WriteClient::Make(table_, config_));
  }

  // The log files of the table, oldest version first, relative to the base path.
  ::arrow::Result<std::vector<std::string>> LogFiles(const std::string& partition) {
    ARROW_ASSIGN_OR_RAISE(auto listing,
                          storage_->List(JoinPath(base_, partition), false));
    std::vector<std::string> out;
    for (const FileStatus& status : listing) {
      std::string name = status.path.substr(status.path.find_last_of('/') + 1);
      if (name.find(".log.") != std::string::npos) out.push_back(partition + "/" + name);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  ::arrow::Result<std::vector<std::string>> Rows() {
    return testing::SnapshotRows(base_, {"_hoodie_commit_time", "id", "name", "ts"});
  }
};

TEST_F(ParquetLogBlocksTest, UpdatesGoToParquetDataBlocksWithHudisHeaderAndFooter) {
  Open({{std::string(kFormat), "parquet"},
        {"hoodie.parquet.compression.codec", "snappy"}});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(
      WriteResult w2,
      Write(WriteOperationType::kUpsert, {{"1", "a2", 2, "sf"}, {"3", "c", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(auto logs, LogFiles("sf"));
  ASSERT_EQ(logs.size(), 1u);
  ASSERT_OK_AND_ASSIGN(auto blocks,
                       ReadLogFile(storage_.get(), JoinPath(base_, logs[0])));
  ASSERT_EQ(blocks.size(), 1u);
  const LogBlock& block = blocks[0];
  EXPECT_EQ(block.type, LogBlockType::kParquetData);
  ASSERT_EQ(block.header.size(), 2u);
  EXPECT_EQ(block.header[0].first, LogHeaderKey::kInstantTime);
  EXPECT_EQ(block.header[0].second, w2.instant_time);
  EXPECT_EQ(block.header[1].first, LogHeaderKey::kSchema);
  EXPECT_TRUE(block.footer.empty());
  // The embedded file carries the header's schema as parquet-avro's writer schema, and
  // the table's codec.
  auto parquet =
      ::parquet::ParquetFileReader::Open(std::make_shared<::arrow::io::BufferReader>(
          ::arrow::Buffer::FromString(block.content)));
  auto footer = parquet->metadata()->key_value_metadata();
  EXPECT_EQ(footer->Get(std::string(kAvroSchemaFooterKey)).ValueOrDie(),
            block.header[1].second);
  EXPECT_EQ(footer->Get(std::string(kWriterModelFooterKey)).ValueOrDie(), "avro");
  EXPECT_EQ(footer->size(), 2);
  EXPECT_EQ(parquet->metadata()->RowGroup(0)->ColumnChunk(0)->compression(),
            ::arrow::Compression::SNAPPY);
  ASSERT_OK_AND_ASSIGN(auto rows, ReadDataBlock(block));
  // Only the update goes to the log; the new key 3 opens a base file (BLOOM index).
  EXPECT_EQ(rows->GetColumnByName("_hoodie_record_key")->ToString(), "[\n  \"1\"\n]");
  EXPECT_EQ(rows->GetColumnByName("_hoodie_commit_seqno")->ToString(),
            "[\n  \"" + w2.instant_time + "_0_1\"\n]");
  ASSERT_OK_AND_ASSIGN(auto deleted,
                       Write(WriteOperationType::kDelete, {{"2", "", 3, "sf"}}));
  ASSERT_OK_AND_ASSIGN(logs, LogFiles("sf"));
  ASSERT_EQ(logs.size(), 2u);
  EXPECT_RESULT_THAT(Blocks(logs[1]), ElementsAre("X1"));
  const std::string t2 = w2.instant_time;
  EXPECT_RESULT_THAT(Rows(), ElementsAre(t2 + "|1|a2|2", t2 + "|3|c|2"));
}

TEST_F(ParquetLogBlocksTest, BlockMaxSizeAndLogMaxSizeSplitAndRollOverParquetBlocks) {
  Open({{std::string(kFormat), "parquet"},
        {"hoodie.logfile.data.block.max.size", "1"},
        {"hoodie.logfile.max.size", "1"}});
  ASSERT_OK_AND_ASSIGN(
      WriteResult w1,
      Write(WriteOperationType::kUpsert,
            {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(
      WriteResult w2,
      Write(WriteOperationType::kUpsert,
            {{"1", "a2", 2, "sf"}, {"2", "b2", 2, "sf"}, {"3", "c2", 2, "sf"}}));
  // One record per block, each block rolls the file over.
  ASSERT_OK_AND_ASSIGN(auto logs, LogFiles("sf"));
  ASSERT_EQ(logs.size(), 3u);
  for (const std::string& log : logs) EXPECT_RESULT_THAT(Blocks(log), ElementsAre("P1"));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata,
                       timeline.ReadCommitMetadata(Instant{
                           w2.instant_time, Action::kDeltaCommit, State::kCompleted}));
  ASSERT_EQ(metadata.partition_to_write_stats.size(), 1u);
  const auto& stats = metadata.partition_to_write_stats[0].second;
  ASSERT_EQ(stats.size(), 3u);
  for (const WriteStat& stat : stats) {
    ASSERT_OK_AND_ASSIGN(FileStatus file,
                         storage_->GetFileStatus(JoinPath(base_, *stat.path)));
    EXPECT_EQ(stat.file_size_in_bytes, file.size);
  }
  // Below the max log size the blocks share one file.
  Reconfigure("hoodie.logfile.max.size", "");
  ASSERT_OK_AND_ASSIGN(
      WriteResult w3,
      Write(WriteOperationType::kUpsert, {{"1", "a3", 3, "sf"}, {"2", "b3", 3, "sf"}}));
  ASSERT_OK_AND_ASSIGN(logs, LogFiles("sf"));
  ASSERT_EQ(logs.size(), 4u);
  EXPECT_RESULT_THAT(Blocks(logs[3]), ElementsAre("P1", "P1"));
  const std::string t2 = w2.instant_time;
  const std::string t3 = w3.instant_time;
  EXPECT_RESULT_THAT(Rows(), ElementsAre(t2 + "|3|c2|2", t3 + "|1|a3|3", t3 + "|2|b3|3"));
}

TEST_F(ParquetLogBlocksTest, AvroAndParquetBlocksOfOneSliceMergeInOrder) {
  Open({});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       Write(WriteOperationType::kUpsert, {{"1", "a2", 2, "sf"}}));
  Reconfigure(kFormat, "parquet");
  ASSERT_OK_AND_ASSIGN(
      WriteResult w3,
      Write(WriteOperationType::kUpsert, {{"1", "a3", 3, "sf"}, {"2", "b3", 3, "sf"}}));
  Reconfigure(kFormat, "avro");
  ASSERT_OK_AND_ASSIGN(WriteResult w4,
                       Write(WriteOperationType::kUpsert, {{"2", "b4", 4, "sf"}}));
  ASSERT_OK_AND_ASSIGN(auto logs, LogFiles("sf"));
  ASSERT_EQ(logs.size(), 3u);
  EXPECT_RESULT_THAT(Blocks(logs[0]), ElementsAre("A1"));
  EXPECT_RESULT_THAT(Blocks(logs[1]), ElementsAre("P2"));
  EXPECT_RESULT_THAT(Blocks(logs[2]), ElementsAre("A1"));
  EXPECT_RESULT_THAT(
      Rows(), ElementsAre(w3.instant_time + "|1|a3|3", w4.instant_time + "|2|b4|4"));
}

TEST_F(ParquetLogBlocksTest, LogOnlyFileGroupsNameTheirOwnFileInParquetBlocks) {
  // INMEMORY inserts go to log-only groups; the third insert opens <prefix>-1 and its
  // block's _hoodie_file_name must say so.
  Open({{std::string(kFormat), "parquet"},
        {"hoodie.index.type", "INMEMORY"},
        {"hoodie.parquet.max.file.size", "1"},
        {"hoodie.copyonwrite.insert.auto.split", "false"},
        {"hoodie.copyonwrite.insert.split.size", "10"},
        {"hoodie.logfile.data.block.max.size", "1"}});
  ASSERT_OK_AND_ASSIGN(
      WriteResult w1,
      Write(WriteOperationType::kUpsert,
            {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(auto logs, LogFiles("sf"));
  ASSERT_EQ(logs.size(), 2u);
  for (const std::string& log : logs) {
    ASSERT_OK_AND_ASSIGN(auto blocks, ReadLogFile(storage_.get(), JoinPath(base_, log)));
    std::string file_id = log.substr(4, log.find('_') - 4);
    for (const LogBlock& block : blocks) {
      EXPECT_EQ(block.type, LogBlockType::kParquetData);
      ASSERT_OK_AND_ASSIGN(auto rows, ReadDataBlock(block));
      auto names = rows->GetColumnByName("_hoodie_file_name");
      for (int64_t i = 0; i < names->length(); ++i) {
        EXPECT_EQ(names->GetScalar(i).ValueOrDie()->ToString(), file_id) << log;
      }
    }
  }
  const std::string t1 = w1.instant_time;
  EXPECT_RESULT_THAT(Rows(), ElementsAre(t1 + "|1|a|1", t1 + "|2|b|1", t1 + "|3|c|1"));
}

TEST_F(ParquetLogBlocksTest, HfileAndUnknownFormatsAreRefused) {
  Open({});
  HoodieConfig config = config_;
  config.Set(kFormat, "hfile");
  EXPECT_THAT(WriteClient::Make(table_, config),
              StatusMessageHas("hfile data blocks belong to the metadata table"));
  config.Set(kFormat, "PARQUET");
  EXPECT_THAT(WriteClient::Make(table_, config), StatusMessageHas("lower case"));
  config.Set(kFormat, "orc");
  EXPECT_THAT(
      WriteClient::Make(table_, config),
      StatusMessageHas("invalid value for config 'hoodie.logfile.data.block.format'"));
}

}  // namespace
}  // namespace hoodie
