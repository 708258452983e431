// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_mor_test.cc
/// \brief Merge-on-read writes: deltacommits, updates and deletes appended to the file
/// group's log as Avro data and delete blocks, inserts into new file groups, delta write
/// stats, and the merged rows read back.
#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

std::vector<WriteStat> StatsOf(const CommitMetadata& metadata,
                               const std::string& partition) {
  for (const auto& [name, stats] : metadata.partition_to_write_stats) {
    if (name == partition) return stats;
  }
  return {};
}

HoodieConfig MorConfig() {
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  // No small files: inserts open new file groups instead of rewriting a base file.
  config.Set("hoodie.parquet.small.file.limit", "0");
  return config;
}

class MorWriteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = dir_.Join("trips");
    ASSERT_OK_AND_ASSIGN(table_,
                         WriteClient::OpenOrCreateTable(storage_, base_, MorConfig()));
    ASSERT_EQ(table_->table_type(), TableType::kMergeOnRead);
    ASSERT_OK_AND_ASSIGN(client_, WriteClient::Make(table_, MorConfig()));
  }

  ::arrow::Result<WriteResult> Write(WriteOperationType op,
                                     const std::vector<TripRow>& rows) {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client_->StartCommit());
    auto reader = TripReader(rows, 2);
    if (op == WriteOperationType::kDelete) return client_->Delete(instant, reader.get());
    return client_->Upsert(instant, reader.get());
  }

  ::arrow::Result<std::vector<std::string>> Rows(QueryType type) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage_, base_));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    ReadOptions options;
    options.query_type = type;
    ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(options));
    return testing::RenderRows(*rows,
                               {"_hoodie_commit_time", "id", "name", "ts", "city"});
  }

  testing::TempDir dir_;
  std::string base_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::shared_ptr<TableMetaClient> table_;
  std::unique_ptr<WriteClient> client_;
};

TEST_F(MorWriteTest, UpdatesAndDeletesGoToLogBlocks) {
  ASSERT_OK_AND_ASSIGN(
      WriteResult first,
      Write(WriteOperationType::kUpsert,
            {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "la"}}));
  std::string t1 = first.instant_time;
  ASSERT_OK_AND_ASSIGN(
      WriteResult second,
      Write(WriteOperationType::kUpsert, {{"1", "a2", 2, "sf"}, {"4", "d", 2, "sf"}}));
  std::string t2 = second.instant_time;
  ASSERT_OK_AND_ASSIGN(WriteResult third,
                       Write(WriteOperationType::kDelete, {{"2", "", 3, "sf"}}));
  std::string t3 = third.instant_time;

  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  for (const std::string& t : {t1, t2, t3}) {
    EXPECT_TRUE(timeline.timeline().ContainsInstant(
        Instant{t, Action::kDeltaCommit, State::kCompleted}))
        << t;
  }
  // The update of 1 is a log file of sf's file group; 4 is a new base file.
  ASSERT_OK_AND_ASSIGN(
      CommitMetadata metadata,
      timeline.ReadCommitMetadata(Instant{t2, Action::kDeltaCommit, State::kCompleted}));
  std::vector<WriteStat> sf = StatsOf(metadata, "sf");
  ASSERT_EQ(sf.size(), 2u);
  const WriteStat* log_stat = sf[0].delta ? &sf[0] : &sf[1];
  ASSERT_TRUE(log_stat->delta.has_value());
  EXPECT_EQ(log_stat->num_update_writes, 1);
  EXPECT_EQ(log_stat->prev_commit, t1);
  EXPECT_EQ(log_stat->delta->log_version, 1);
  ASSERT_OK_AND_ASSIGN(LogFileName name, ParseLogFileName(*log_stat->path));
  EXPECT_EQ(name.file_id, *log_stat->file_id);
  EXPECT_EQ(name.base_instant_time, t1);
  EXPECT_EQ(log_stat->delta->log_files,
            (std::vector<std::string>{log_stat->path->substr(3)}));
  ASSERT_OK_AND_ASSIGN(auto blocks,
                       ReadLogFile(storage_.get(), JoinPath(base_, *log_stat->path)));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].type, LogBlockType::kAvroData);
  EXPECT_EQ(blocks[0].instant_time(), t2);
  ASSERT_OK_AND_ASSIGN(auto batch, ReadDataBlock(blocks[0]));
  ASSERT_EQ(batch->num_rows(), 1);
  EXPECT_EQ(batch->GetColumnByName("_hoodie_file_name")->ToString(),
            "[\n  \"" + *log_stat->file_id + "\"\n]");

  // The delete is a delete block in the next log version of the same slice.
  ASSERT_OK_AND_ASSIGN(metadata, timeline.ReadCommitMetadata(Instant{
                                     t3, Action::kDeltaCommit, State::kCompleted}));
  std::vector<WriteStat> deletes_stats = StatsOf(metadata, "sf");
  ASSERT_EQ(deletes_stats.size(), 1u);
  const WriteStat& deleted = deletes_stats[0];
  EXPECT_EQ(deleted.num_deletes, 1);
  EXPECT_EQ(deleted.delta->log_version, 2);
  EXPECT_EQ(deleted.delta->log_files.size(), 2u);
  ASSERT_OK_AND_ASSIGN(blocks,
                       ReadLogFile(storage_.get(), JoinPath(base_, *deleted.path)));
  ASSERT_EQ(blocks.size(), 1u);
  ASSERT_EQ(blocks[0].type, LogBlockType::kDelete);
  ASSERT_OK_AND_ASSIGN(auto deletes, DecodeDeleteBlock(blocks[0].content));
  ASSERT_EQ(deletes.size(), 1u);
  EXPECT_EQ(deletes[0].record_key, "2");
  EXPECT_EQ(deletes[0].partition_path, "sf");

  ASSERT_OK_AND_ASSIGN(auto rows, Rows(QueryType::kSnapshot));
  EXPECT_EQ(rows, (std::vector<std::string>{t1 + "|3|c|1|la", t2 + "|1|a2|2|sf",
                                            t2 + "|4|d|2|sf"}));
  ASSERT_OK_AND_ASSIGN(rows, Rows(QueryType::kReadOptimized));
  EXPECT_EQ(rows, (std::vector<std::string>{t1 + "|1|a|1|sf", t1 + "|2|b|1|sf",
                                            t1 + "|3|c|1|la", t2 + "|4|d|2|sf"}));
  // No marker folder is left behind.
  ASSERT_OK_AND_ASSIGN(bool markers,
                       storage_->Exists(JoinPath(base_, ".hoodie/.temp/" + t3)));
  EXPECT_FALSE(markers);
}

// Hudi folds the log records of a key with the payload's preCombine: a later update
// with a smaller ordering value loses to the earlier one (Spark 3.5 + Hudi 0.15 reads
// `a6` here), while the base record is replaced by the folded log record whatever its
// ordering (OverwriteWithLatestAvroPayload's combineAndGetUpdateValue).
TEST_F(MorWriteTest, LogRecordsOfAKeyFoldByOrderingValue) {
  ASSERT_OK_AND_ASSIGN(WriteResult first, Write(WriteOperationType::kUpsert,
                                                {{"1", "a", 9, "sf"}, {"2", "b", 9, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult second,
                       Write(WriteOperationType::kUpsert, {{"1", "a6", 6, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult third, Write(WriteOperationType::kUpsert,
                                                {{"1", "a3", 3, "sf"}, {"2", "b1", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(auto rows, Rows(QueryType::kSnapshot));
  EXPECT_THAT(rows, ::testing::ElementsAre(
                        second.instant_time + "|1|a6|6|sf",
                        third.instant_time + "|2|b1|1|sf"));
  ASSERT_OK_AND_ASSIGN(auto ro, Rows(QueryType::kReadOptimized));
  EXPECT_THAT(ro, ::testing::ElementsAre(first.instant_time + "|1|a|9|sf",
                                         first.instant_time + "|2|b|9|sf"));
}

// Post-commit hooks run after the deltacommit is complete and its markers are gone;
// a failing one fails the write, but the deltacommit stays.
TEST_F(MorWriteTest, PostCommitHooksRunAfterEachCommit) {
  std::vector<std::string> seen;
  bool fail = false;
  client_->AddPostCommitHook(PostCommitHook{"the recording hook", [&](const Instant& done) {
    EXPECT_EQ(done.action, Action::kDeltaCommit);
    EXPECT_TRUE(done.IsCompleted());
    auto markers = storage_->Exists(JoinPath(base_, ".hoodie/.temp/" + done.timestamp));
    EXPECT_TRUE(markers.ok() && !*markers);
    seen.push_back(done.timestamp);
    return fail ? ::arrow::Status::IOError("disk full") : ::arrow::Status::OK();
  }});
  ASSERT_OK_AND_ASSIGN(WriteResult first,
                       Write(WriteOperationType::kUpsert, {{"1", "a", 1, "sf"}}));
  EXPECT_EQ(seen, (std::vector<std::string>{first.instant_time}));

  fail = true;
  auto second = Write(WriteOperationType::kUpsert, {{"1", "b", 2, "sf"}});
  EXPECT_THAT(second, StatusMessageHas("is committed, but the recording hook after it "
                                       "failed: disk full"));
  ASSERT_EQ(seen.size(), 2u);
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().ContainsInstant(
      Instant{seen[1], Action::kDeltaCommit, State::kCompleted}));
  ASSERT_OK_AND_ASSIGN(auto rows, Rows(QueryType::kSnapshot));
  EXPECT_THAT(rows, ::testing::ElementsAre(seen[1] + "|1|b|2|sf"));
}

}  // namespace
}  // namespace hoodie
