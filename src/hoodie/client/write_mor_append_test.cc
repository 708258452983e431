// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_mor_append_test.cc
/// \brief Merge-on-read appends as Hudi 0.15 makes them: data blocks flushed at
/// hoodie.logfile.data.block.max.size, rollover at hoodie.logfile.max.size with one delta
/// stat per log file, small-file routing per index type, log-only file groups of the
/// INMEMORY index, appends to a group under pending compaction, delete ordering values.
#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/client/write_client.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/index/index.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/write/log_append_internal.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/client/write_model_test_util.h"

namespace hoodie {
namespace {

using ::testing::ElementsAre;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

// Every stat of `metadata`, partitions in order.
std::vector<WriteStat> AllStats(const CommitMetadata& metadata) {
  std::vector<WriteStat> out;
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    out.insert(out.end(), stats.begin(), stats.end());
  }
  return out;
}

std::string NameOf(const std::string& path) {
  return path.substr(path.find_last_of('/') + 1);
}

class MorAppendTest : public testing::MorTripTableTest {
 protected:
  ::arrow::Result<CommitMetadata> Metadata(const std::string& instant) {
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
    return timeline.ReadCommitMetadata(
        Instant{instant, Action::kDeltaCommit, State::kCompleted});
  }

  // Writes a compaction plan for the group `logged` (a delta stat) appended to, over the
  // base file of `base_instant`, as Hudi's scheduler would; returns its instant.
  ::arrow::Result<std::string> PlanCompactionOf(const WriteStat& logged,
                                                const std::string& base_instant) {
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
    ARROW_ASSIGN_OR_RAISE(std::string compaction, timeline.CreateNewInstantTime());
    CompactionOperation operation;
    operation.base_instant_time = base_instant;
    operation.delta_file_paths = logged.delta->log_files;
    operation.data_file_path = *logged.delta->base_file;
    operation.file_id = logged.file_id;
    operation.partition_path = "sf";
    operation.metrics = std::map<std::string, double>{};
    CompactionPlan plan;
    plan.operations = std::vector<CompactionOperation>{operation};
    plan.version = 2;
    ARROW_ASSIGN_OR_RAISE(std::string bytes, plan.ToAvroBytes());
    ARROW_RETURN_NOT_OK(timeline.CreateRequested(
        Instant{compaction, Action::kCompaction, State::kRequested}, bytes));
    return compaction;
  }

  // "commit|id|name|ts|city" per row, sorted.
  ::arrow::Result<std::vector<std::string>> Rows(QueryType type) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage_, base_));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    ReadOptions options;
    options.query_type = type;
    ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(options));
    return testing::RenderRows(*rows,
                               {"_hoodie_commit_time", "id", "name", "ts", "city"});
  }
};

TEST(FlushPointsTest, FlushesOnceTheBlockHoldsMaxSizeOverTheAverage) {
  // 100-byte records, 250-byte blocks: two records per block.
  EXPECT_THAT(internal::FlushPoints({100, 100, 100, 100, 100}, 250),
              ElementsAre(false, false, true, false, true));
  // A block smaller than a record: each record flushes the one before.
  EXPECT_THAT(internal::FlushPoints({100, 100, 100}, 10), ElementsAre(true, true, true));
  // The average moves 20% toward a record only every 100th record (and when the block
  // is full): a 100-byte seed and 400-byte records keep capacity 10 until record 10,
  // where the sample makes the average 160 and the capacity 6.
  std::vector<int64_t> sizes(13, 400);
  sizes[0] = 100;
  std::vector<bool> flushes = internal::FlushPoints(sizes, 1000);
  std::vector<size_t> at;
  for (size_t i = 0; i < flushes.size(); ++i) {
    if (flushes[i]) at.push_back(i);
  }
  EXPECT_THAT(at, ElementsAre(10u));
}

TEST_F(MorAppendTest, TinyBlocksAndRolloverGiveOneLogFileAndStatPerBlock) {
  Open({{"hoodie.parquet.small.file.limit", "0"},
        {"hoodie.logfile.data.block.max.size", "1"},
        {"hoodie.logfile.max.size", "1"}});
  ASSERT_OK_AND_ASSIGN(
      WriteResult w1,
      Write(WriteOperationType::kUpsert,
            {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "sf"}}));
  const std::string t1 = w1.instant_time;
  ASSERT_OK_AND_ASSIGN(
      WriteResult w2,
      Write(WriteOperationType::kUpsert,
            {{"1", "a2", 2, "sf"}, {"2", "b2", 2, "sf"}, {"3", "c2", 2, "sf"}}));
  const std::string t2 = w2.instant_time;
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(t2));
  std::vector<WriteStat> stats = AllStats(metadata);
  // One record per block; each block rolls the file over: versions 1, 2, 3.
  ASSERT_EQ(stats.size(), 3u);
  std::vector<std::string> names;
  for (size_t i = 0; i < stats.size(); ++i) {
    const WriteStat& stat = stats[i];
    ASSERT_TRUE(stat.delta.has_value());
    ASSERT_OK_AND_ASSIGN(LogFileName name, ParseLogFileName(NameOf(*stat.path)));
    EXPECT_EQ(name.version, static_cast<int32_t>(i) + 1);
    EXPECT_EQ(name.base_instant_time, t1);
    EXPECT_EQ(stat.delta->log_version, static_cast<int32_t>(i) + 1);
    EXPECT_EQ(stat.delta->log_offset, 0);
    names.push_back(NameOf(*stat.path));
    // Each stat lists the logs of the slice up to its own file (processAppendResult).
    EXPECT_EQ(stat.delta->log_files, names);
    EXPECT_EQ(stat.num_writes, 1);
    EXPECT_EQ(stat.num_update_writes, 1);
    EXPECT_EQ(stat.prev_commit, t1);
    EXPECT_EQ(stat.total_log_blocks, 0);  // Hudi's append handle leaves these 0
    EXPECT_EQ(stat.total_log_records, 0);
    ASSERT_OK_AND_ASSIGN(FileStatus file,
                         storage_->GetFileStatus(JoinPath(base_, *stat.path)));
    EXPECT_EQ(stat.file_size_in_bytes, file.size);
    EXPECT_EQ(stat.total_write_bytes, file.size);
    EXPECT_RESULT_THAT(Blocks(*stat.path), ElementsAre("A1"));
  }
  EXPECT_TRUE(stats[0].delta->base_file->ends_with(t1 + ".parquet"));

  // The next write rolls over past the highest version; the deletes follow the last
  // data block in one delete block.
  ASSERT_OK_AND_ASSIGN(WriteResult w3, Write(WriteOperationType::kDelete,
                                             {{"1", "", 3, "sf"}, {"2", "", 3, "sf"}}));
  ASSERT_OK_AND_ASSIGN(metadata, Metadata(w3.instant_time));
  stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].delta->log_version, 4);
  EXPECT_EQ(stats[0].num_deletes, 2);
  EXPECT_EQ(stats[0].delta->log_files.size(), 4u);
  EXPECT_RESULT_THAT(Blocks(*stats[0].path), ElementsAre("X2"));
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot), ElementsAre(t2 + "|3|c2|2|sf"));
}

TEST_F(MorAppendTest, BlocksSplitWithinOneFileBelowTheMaxLogSize) {
  Open({{"hoodie.parquet.small.file.limit", "0"},
        {"hoodie.logfile.data.block.max.size", "1"}});
  ASSERT_OK_AND_ASSIGN(
      WriteResult w1,
      Write(WriteOperationType::kUpsert,
            {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "sf"}}));
  // Each data record is its own block; below hoodie.logfile.max.size they share the
  // file and its one stat.
  ASSERT_OK_AND_ASSIGN(
      WriteResult w2,
      Write(WriteOperationType::kUpsert,
            {{"1", "a2", 2, "sf"}, {"2", "b2", 2, "sf"}, {"3", "c2", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(w2.instant_time));
  std::vector<WriteStat> stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].num_writes, 3);
  EXPECT_EQ(stats[0].delta->log_version, 1);
  EXPECT_RESULT_THAT(Blocks(*stats[0].path), ElementsAre("A1", "A1", "A1"));
  ASSERT_OK_AND_ASSIGN(FileStatus file,
                       storage_->GetFileStatus(JoinPath(base_, *stats[0].path)));
  EXPECT_EQ(stats[0].file_size_in_bytes, file.size);
  EXPECT_RESULT_THAT(
      Rows(QueryType::kSnapshot),
      ElementsAre(w2.instant_time + "|1|a2|2|sf", w2.instant_time + "|2|b2|2|sf",
                  w2.instant_time + "|3|c2|2|sf"));
}

TEST_F(MorAppendTest, BloomIndexPadsTheSmallestLogFreeBaseFileByRewritingIt) {
  Open({});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "la"}}));
  const std::string t1 = w1.instant_time;
  // la's group takes a log append; sf's base file is small and has no logs.
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       Write(WriteOperationType::kUpsert, {{"2", "b2", 2, "la"}}));
  const std::string t2 = w2.instant_time;
  // An update and an insert of sf go to its base file together (the merge handle), an
  // insert of la opens a new base file: la's slice has logs, so it is no candidate.
  ASSERT_OK_AND_ASSIGN(
      WriteResult w3,
      Write(WriteOperationType::kUpsert,
            {{"1", "a3", 3, "sf"}, {"5", "e", 3, "sf"}, {"6", "f", 3, "la"}}));
  const std::string t3 = w3.instant_time;
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(t3));
  std::vector<WriteStat> stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 2u);
  for (const WriteStat& stat : stats) {
    EXPECT_FALSE(stat.delta.has_value()) << *stat.path;
    EXPECT_TRUE(stat.path->ends_with(".parquet"));
  }
  const WriteStat& la = stats[0].partition_path == "la" ? stats[0] : stats[1];
  const WriteStat& sf = stats[0].partition_path == "sf" ? stats[0] : stats[1];
  EXPECT_EQ(la.prev_commit, "null");
  EXPECT_EQ(la.num_inserts, 1);
  EXPECT_EQ(sf.prev_commit, t1);
  EXPECT_EQ(sf.num_update_writes, 1);
  EXPECT_EQ(sf.num_inserts, 1);
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(t2 + "|2|b2|2|la", t3 + "|1|a3|3|sf", t3 + "|5|e|3|sf",
                                 t3 + "|6|f|3|la"));
}

TEST_F(MorAppendTest, SmallFileCandidatesAreLimitedToTheSmallestOne) {
  Open({{"hoodie.parquet.max.file.size", "100000000"}});
  // Two groups in sf: a bulk of one row and one of three rows.
  ASSERT_OK_AND_ASSIGN(std::string i1, client_->StartCommit());
  auto reader = TripReader({{"1", "a", 1, "sf"}}, 2);
  ASSERT_OK(client_->BulkInsert(i1, reader.get()).status());
  ASSERT_OK_AND_ASSIGN(std::string i2, client_->StartCommit());
  reader = TripReader({{"2", "bbbbbbbbbbbbbbbbbbbbbbbb", 1, "sf"},
                       {"3", "cccccccccccccccccccccccccc", 1, "sf"},
                       {"4", "dddddddddddddddddddddddddddd", 1, "sf"}},
                      2);
  ASSERT_OK(client_->BulkInsert(i2, reader.get()).status());
  ASSERT_OK_AND_ASSIGN(CommitMetadata first, Metadata(i1));
  const std::string small_group = *AllStats(first)[0].file_id;
  ASSERT_OK_AND_ASSIGN(WriteResult w3,
                       Write(WriteOperationType::kInsert, {{"5", "e", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(w3.instant_time));
  std::vector<WriteStat> stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].file_id, small_group);
  EXPECT_EQ(stats[0].prev_commit, i1);
  EXPECT_EQ(stats[0].num_inserts, 1);
  EXPECT_EQ(stats[0].num_writes, 2);
}

TEST_F(MorAppendTest, InMemoryIndexWritesInsertsToLogOnlyFileGroupsAndFindsThem) {
  Open({{"hoodie.index.type", "INMEMORY"}});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}));
  const std::string t1 = w1.instant_time;
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(t1));
  std::vector<WriteStat> stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 1u);
  const WriteStat created = stats[0];
  ASSERT_TRUE(created.delta.has_value());
  // HoodieAppendHandle on a new group: the slice's instant is this instant, no base.
  ASSERT_OK_AND_ASSIGN(LogFileName name, ParseLogFileName(NameOf(*created.path)));
  EXPECT_EQ(name.base_instant_time, t1);
  EXPECT_EQ(name.version, 1);
  EXPECT_TRUE(created.file_id->ends_with("-0"));
  EXPECT_EQ(created.prev_commit, t1);
  EXPECT_EQ(created.delta->base_file, "");
  EXPECT_EQ(created.num_inserts, 2);
  EXPECT_EQ(created.num_update_writes, 0);
  EXPECT_RESULT_THAT(Rows(QueryType::kReadOptimized), ElementsAre());

  // The index finds the keys in the log-only group: 1 is an update; the insert 3 pads
  // the same slice (its logs, sized at the compression ratio, are small).
  ASSERT_OK_AND_ASSIGN(
      WriteResult w2,
      Write(WriteOperationType::kUpsert, {{"1", "a2", 2, "sf"}, {"3", "c", 2, "sf"}}));
  const std::string t2 = w2.instant_time;
  ASSERT_OK_AND_ASSIGN(metadata, Metadata(t2));
  stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].file_id, created.file_id);
  EXPECT_EQ(stats[0].delta->log_version, 2);
  EXPECT_EQ(stats[0].num_update_writes, 1);
  EXPECT_EQ(stats[0].num_inserts, 1);
  EXPECT_EQ(stats[0].prev_commit, t1);
  EXPECT_EQ(stats[0].delta->log_files.size(), 2u);
  ASSERT_OK_AND_ASSIGN(WriteResult w3,
                       Write(WriteOperationType::kDelete, {{"2", "", 3, "sf"}}));
  EXPECT_EQ(w3.deleted, 1);
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(t2 + "|1|a2|2|sf", t2 + "|3|c|2|sf"));
}

TEST_F(MorAppendTest, InMemoryInsertsOpenTheNextLogOnlyGroupOnceCanWriteSaysFull) {
  // One bucket of three inserts; after the first block flush the handle's estimated
  // bytes x ratio pass the 1-byte max file size, so the third insert opens <prefix>-1.
  Open({{"hoodie.index.type", "INMEMORY"},
        {"hoodie.parquet.max.file.size", "1"},
        {"hoodie.copyonwrite.insert.auto.split", "false"},
        {"hoodie.copyonwrite.insert.split.size", "10"},
        {"hoodie.logfile.data.block.max.size", "1"}});
  ASSERT_OK_AND_ASSIGN(
      WriteResult w1,
      Write(WriteOperationType::kUpsert,
            {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(w1.instant_time));
  std::vector<WriteStat> stats = AllStats(metadata);
  ASSERT_EQ(stats.size(), 2u);
  const std::string prefix = stats[0].file_id->substr(0, stats[0].file_id->size() - 2);
  EXPECT_EQ(*stats[0].file_id, prefix + "-0");
  EXPECT_EQ(*stats[1].file_id, prefix + "-1");
  EXPECT_EQ(stats[0].num_inserts, 2);
  EXPECT_EQ(stats[1].num_inserts, 1);
  EXPECT_RESULT_THAT(Blocks(*stats[0].path), ElementsAre("A1", "A1"));
  ASSERT_OK_AND_ASSIGN(auto blocks,
                       ReadLogFile(storage_.get(), JoinPath(base_, *stats[1].path)));
  ASSERT_EQ(blocks.size(), 1u);
  ASSERT_OK_AND_ASSIGN(auto batch, ReadDataBlock(blocks[0]));
  EXPECT_EQ(batch->GetColumnByName("_hoodie_file_name")->ToString(),
            "[\n  \"" + prefix + "-1\"\n]");
  EXPECT_EQ(batch->GetColumnByName("_hoodie_record_key")->ToString(), "[\n  \"3\"\n]");
  const std::string t1 = w1.instant_time;
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(t1 + "|1|a|1|sf", t1 + "|2|b|1|sf", t1 + "|3|c|1|sf"));
}

TEST_F(MorAppendTest, InMemoryIndexSizesLogSlicesWithTheCompressionRatio) {
  // The log of the first write is a few hundred bytes: at ratio 1000 it counts as more
  // than the max base file size, so the next insert opens a new group.
  Open({{"hoodie.index.type", "INMEMORY"},
        {"hoodie.parquet.max.file.size", "100000"},
        {"hoodie.logfile.to.parquet.compression.ratio", "1000"}});
  ASSERT_OK_AND_ASSIGN(WriteResult w1,
                       Write(WriteOperationType::kUpsert, {{"1", "a", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       Write(WriteOperationType::kUpsert, {{"2", "b", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m1, Metadata(w1.instant_time));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m2, Metadata(w2.instant_time));
  EXPECT_NE(AllStats(m1)[0].file_id, AllStats(m2)[0].file_id);
  EXPECT_EQ(AllStats(m2)[0].delta->log_version, 1);
}

TEST_F(MorAppendTest, UpdatesOfAGroupUnderPendingCompactionStartTheCompactionSlice) {
  Open({});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}));
  const std::string t1 = w1.instant_time;
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       Write(WriteOperationType::kUpsert, {{"1", "a2", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m2, Metadata(w2.instant_time));
  const WriteStat logged = AllStats(m2)[0];
  ASSERT_OK_AND_ASSIGN(std::string compaction, PlanCompactionOf(logged, t1));

  // The update goes to the new slice at the compaction instant; the insert cannot pad
  // a group under compaction and opens a new base file.
  ASSERT_OK_AND_ASSIGN(
      WriteResult w3,
      Write(WriteOperationType::kUpsert, {{"2", "b3", 3, "sf"}, {"7", "g", 3, "sf"}}));
  const std::string t3 = w3.instant_time;
  ASSERT_OK_AND_ASSIGN(CommitMetadata m3, Metadata(t3));
  std::vector<WriteStat> stats = AllStats(m3);
  ASSERT_EQ(stats.size(), 2u);
  const WriteStat& appended = stats[0].delta ? stats[0] : stats[1];
  const WriteStat& created = stats[0].delta ? stats[1] : stats[0];
  ASSERT_OK_AND_ASSIGN(LogFileName name, ParseLogFileName(NameOf(*appended.path)));
  EXPECT_EQ(name.file_id, *logged.file_id);
  EXPECT_EQ(name.base_instant_time, compaction);
  EXPECT_EQ(name.version, 1);
  EXPECT_EQ(appended.prev_commit, compaction);
  EXPECT_EQ(appended.delta->base_file, "");
  EXPECT_EQ(appended.delta->log_files,
            (std::vector<std::string>{NameOf(*appended.path)}));
  EXPECT_NE(created.file_id, logged.file_id);
  EXPECT_EQ(created.num_inserts, 1);
  // Snapshot reads merge the old slice, its logs and the compaction slice's logs.
  EXPECT_RESULT_THAT(
      Rows(QueryType::kSnapshot),
      ElementsAre(w2.instant_time + "|1|a2|2|sf", t3 + "|2|b3|3|sf", t3 + "|7|g|3|sf"));
}

TEST_F(MorAppendTest, AKeyDeletedUnderPendingCompactionIsWrittenAgainAsAnInsert) {
  // Key 1 is in the base file a pending compaction reads and deleted by a log it
  // compacts. The bloom index finds it in that base file; written back to the group it
  // would sit in the logs after the compaction only, where no later upsert finds it.
  Open({});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}));
  const std::string t1 = w1.instant_time;
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       Write(WriteOperationType::kDelete, {{"1", "a", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m2, Metadata(w2.instant_time));
  const WriteStat logged = AllStats(m2)[0];
  ASSERT_OK_AND_ASSIGN(std::string compaction, PlanCompactionOf(logged, t1));

  ASSERT_OK_AND_ASSIGN(WriteResult w3,
                       Write(WriteOperationType::kUpsert, {{"1", "a3", 3, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m3, Metadata(w3.instant_time));
  ASSERT_EQ(AllStats(m3).size(), 1u);
  const WriteStat inserted = AllStats(m3)[0];
  EXPECT_NE(inserted.file_id, logged.file_id);
  EXPECT_EQ(inserted.num_inserts, 1);
  EXPECT_FALSE(inserted.delta.has_value());

  // Both base files hold key 1 until the compaction commits: the index takes the newer.
  ASSERT_OK_AND_ASSIGN(WriteResult w4,
                       Write(WriteOperationType::kUpsert, {{"1", "a4", 4, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m4, Metadata(w4.instant_time));
  ASSERT_EQ(AllStats(m4).size(), 1u);
  EXPECT_EQ(AllStats(m4)[0].file_id, inserted.file_id);
  EXPECT_EQ(AllStats(m4)[0].num_update_writes, 1);
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(t1 + "|2|b|1|sf", w4.instant_time + "|1|a4|4|sf"));

  ASSERT_OK(RunCompaction(table_, config_, compaction).status());
  ASSERT_OK_AND_ASSIGN(WriteResult w5,
                       Write(WriteOperationType::kUpsert, {{"1", "a5", 5, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m5, Metadata(w5.instant_time));
  ASSERT_EQ(AllStats(m5).size(), 1u);
  EXPECT_EQ(AllStats(m5)[0].file_id, inserted.file_id);
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(t1 + "|2|b|1|sf", w5.instant_time + "|1|a5|5|sf"));
}

// The bloom index claiming to index log files: the writer then appends a key it finds
// in a group under pending compaction to the group whatever the compacted logs say,
// which is what Java's writer does with the bloom index.
class AppendsLikeJavaIndex : public Index {
 public:
  explicit AppendsLikeJavaIndex(std::unique_ptr<Index> bloom) : bloom_(std::move(bloom)) {}
  ::arrow::Result<TaggedLocations> TagLocation(const KeyViews& keys,
                                               const TableMetaClient& table,
                                               const FileSystemView& view) const override {
    return bloom_->TagLocation(keys, table, view);
  }
  bool IsGlobal() const override { return false; }
  bool CanIndexLogFiles() const override { return true; }
  bool IsImplicitWithStorage() const override { return true; }
  std::string_view name() const override { return "APPENDS_LIKE_JAVA"; }

 private:
  std::unique_ptr<Index> bloom_;
};

TEST_F(MorAppendTest, AKeyTheLaterLogsHoldAgainStaysInItsGroup) {
  // A table Java wrote: the re-insert of a key deleted under pending compaction went to
  // the compaction's new slice. The group holds the key, so it keeps it.
  RegisterBuiltinIndexes();
  ::arrow::Status registered = IndexRegistry::Global()->Register(
      "test.AppendsLikeJavaIndex", {},
      [](const HoodieConfig& config) -> ::arrow::Result<std::unique_ptr<Index>> {
        HoodieConfig bloom = config;
        bloom.Set("hoodie.index.class", "BLOOM");
        ARROW_ASSIGN_OR_RAISE(auto index, MakeIndex(bloom));
        return std::make_unique<AppendsLikeJavaIndex>(std::move(index));
      });
  ASSERT_TRUE(registered.ok() || registered.IsAlreadyExists()) << registered;
  Open({});
  ASSERT_OK_AND_ASSIGN(WriteResult w1, Write(WriteOperationType::kUpsert,
                                             {{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       Write(WriteOperationType::kDelete, {{"1", "a", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m2, Metadata(w2.instant_time));
  const WriteStat logged = AllStats(m2)[0];
  ASSERT_OK(PlanCompactionOf(logged, w1.instant_time).status());
  HoodieConfig java_like = config_;
  java_like.Set("hoodie.index.class", "test.AppendsLikeJavaIndex");
  ASSERT_OK_AND_ASSIGN(auto java, WriteClient::Make(table_, java_like));
  ASSERT_OK_AND_ASSIGN(std::string t3, java->StartCommit());
  auto reader = testing::TripReader({{"1", "a3", 3, "sf"}}, 2);
  ASSERT_OK(java->Write(t3, WriteOperationType::kUpsert, reader.get()).status());
  ASSERT_OK_AND_ASSIGN(CommitMetadata m3, Metadata(t3));
  ASSERT_EQ(AllStats(m3)[0].file_id, logged.file_id);

  ASSERT_OK_AND_ASSIGN(WriteResult w4,
                       Write(WriteOperationType::kUpsert, {{"1", "a4", 4, "sf"}}));
  ASSERT_OK_AND_ASSIGN(CommitMetadata m4, Metadata(w4.instant_time));
  ASSERT_EQ(AllStats(m4).size(), 1u);
  EXPECT_EQ(AllStats(m4)[0].file_id, logged.file_id);
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(w1.instant_time + "|2|b|1|sf",
                                 w4.instant_time + "|1|a4|4|sf"));
}

TEST_F(MorAppendTest, GlobalIndexMovesMergeWithTheMergedSliceAndRestampInTheLog) {
  Open({{"hoodie.index.type", "GLOBAL_SIMPLE"},
        {"hoodie.simple.index.update.partition.path", "true"},
        {"hoodie.datasource.write.payload.class",
         "org.apache.hudi.common.model.DefaultHoodieRecordPayload"},
        {"hoodie.parquet.small.file.limit", "0"}});
  ASSERT_OK(Write(WriteOperationType::kUpsert, {{"1", "a", 5, "sf"}, {"2", "b", 5, "sf"}})
                .status());
  // 1's newest stored value (ts 9) lives in sf's log only.
  ASSERT_OK(Write(WriteOperationType::kUpsert, {{"1", "a2", 9, "sf"}}).status());
  // Moving 1 to la with ts 7 loses against the merged stored record: it stays in sf,
  // written again to the log with this instant. 2 (stored ts 5) moves: a delete in sf's
  // log, an insert in la.
  ASSERT_OK_AND_ASSIGN(WriteResult w3, Write(WriteOperationType::kUpsert,
                                             {{"1", "x", 7, "la"}, {"2", "y", 8, "la"}}));
  const std::string t3 = w3.instant_time;
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, Metadata(t3));
  int sf_stats = 0;
  for (const WriteStat& stat : AllStats(metadata)) {
    if (stat.partition_path != "sf") continue;
    ++sf_stats;
    ASSERT_TRUE(stat.delta.has_value());
    EXPECT_EQ(stat.num_update_writes, 1);
    EXPECT_EQ(stat.num_deletes, 1);
    EXPECT_RESULT_THAT(Blocks(*stat.path), ElementsAre("A1", "X1"));
  }
  EXPECT_EQ(sf_stats, 1);
  EXPECT_RESULT_THAT(Rows(QueryType::kSnapshot),
                     ElementsAre(t3 + "|1|a2|9|sf", t3 + "|2|y|8|la"));
}

TEST(MorAppendDeletesTest, SoftDeletesCarryTheirOrderingValueDeletesZero) {
  testing::TempDir dir;
  std::string base = dir.Join("t");
  std::shared_ptr<Storage> storage = Storage::Local();
  HoodieConfig config =
      testing::ModelConfig(testing::ModelKeyGen::kSimple,
                           testing::ModelPayload::kOverwriteWithLatest, "BLOOM");
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  ASSERT_OK_AND_ASSIGN(auto table, WriteClient::OpenOrCreateTable(storage, base, config));
  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(table, config));
  auto rec = [](std::string id, int64_t ts, bool deleted) {
    testing::ModelRecord r;
    r.id = std::move(id);
    r.k2 = "x";
    r.p = "a";
    r.q = "1";
    r.day = 1699920000000;
    r.ts = ts;
    r.v = 1;
    r.deleted = deleted;
    return r;
  };
  auto write = [&](WriteOperationType op, const std::vector<testing::ModelRecord>& rows)
      -> ::arrow::Result<std::vector<DeleteRecord>> {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    auto reader = testing::ModelReader(rows, 2);
    ARROW_ASSIGN_OR_RAISE(WriteResult result, client->Write(instant, op, reader.get()));
    std::vector<DeleteRecord> out;
    for (const WriteStat& stat : result.stats) {
      if (!stat.delta) continue;
      ARROW_ASSIGN_OR_RAISE(auto blocks,
                            ReadLogFile(storage.get(), JoinPath(base, *stat.path)));
      for (const LogBlock& block : blocks) {
        if (block.type != LogBlockType::kDelete) continue;
        ARROW_ASSIGN_OR_RAISE(auto deletes, DecodeDeleteBlock(block.content));
        out.insert(out.end(), deletes.begin(), deletes.end());
      }
    }
    return out;
  };
  ASSERT_OK(write(WriteOperationType::kUpsert,
                  {rec("k1", 5, false), rec("k2", 5, false), rec("k3", 5, false)})
                .status());
  // Two upserts of k1 in one write pre-combine (the greater ts wins) into one delete.
  ASSERT_OK_AND_ASSIGN(auto soft, write(WriteOperationType::kUpsert,
                                        {rec("k1", 9, true), rec("k1", 7, false)}));
  ASSERT_EQ(soft.size(), 1u);
  EXPECT_EQ(soft[0].record_key, "k1");
  EXPECT_EQ(soft[0].ordering_value, WrapOrderingValue(kLongWrapper, AvroValue::Long(9)));
  ASSERT_OK_AND_ASSIGN(auto hard,
                       write(WriteOperationType::kDelete, {rec("k2", 3, false)}));
  ASSERT_EQ(hard.size(), 1u);
  EXPECT_EQ(hard[0].ordering_value, WrapOrderingValue(kIntWrapper, AvroValue::Int(0)));
  ASSERT_OK_AND_ASSIGN(auto rows, testing::SnapshotRows(base, {"_hoodie_record_key"}));
  EXPECT_THAT(rows, ElementsAre("k3"));
}

}  // namespace
}  // namespace hoodie
