// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/services/compaction_executor_test.cc
/// \brief RunCompaction: rows before and after, every read mode, the commit metadata,
/// the files written, a failure at every storage call, and Hudi's sample tables.
#include "hoodie/services/compaction_executor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/read/file_name_internal.h"
#include "hoodie/read/file_system_view.h"
#include "hoodie/services/compaction_scheduler.h"
#include "hoodie/services/compaction_test_util.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

using testing::MorTable;

const WriteStat* StatOf(const CommitMetadata& metadata, const std::string& partition) {
  for (const auto& [name, stats] : metadata.partition_to_write_stats) {
    if (name == partition && !stats.empty()) return &stats[0];
  }
  return nullptr;
}

::arrow::Result<std::string> ScheduleAndRun(const MorTable& table) {
  ARROW_ASSIGN_OR_RAISE(auto scheduled, ScheduleCompaction(*table.table, HoodieConfig()));
  if (!scheduled) return ::arrow::Status::Invalid("nothing scheduled");
  ARROW_RETURN_NOT_OK(
      RunCompaction(table.table, HoodieConfig(), scheduled->instant_time).status());
  return scheduled->instant_time;
}

class CompactionExecutorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(table_, MorTable::Create(Storage::Local(), dir_.Join("trips")));
    ASSERT_OK_AND_ASSIGN(instants_, testing::WriteHistory(&table_));
  }

  testing::TempDir dir_;
  MorTable table_;
  std::vector<std::string> instants_;
};

TEST_F(CompactionExecutorTest, CompactedTableReadsTheSameInEveryMode) {
  const std::string& t1 = instants_[0];
  const std::string& t2 = instants_[1];
  const std::string& t4 = instants_[3];
  ASSERT_OK_AND_ASSIGN(auto before, table_.Rows());
  ASSERT_OK_AND_ASSIGN(auto ro_before, table_.Rows(QueryType::kReadOptimized));
  ASSERT_OK_AND_ASSIGN(auto incremental_before, table_.Incremental("0", t4));
  // Every row keeps the commit time of the write that last changed it.
  ASSERT_OK_AND_ASSIGN(auto values,
                       table_.Rows(QueryType::kSnapshot, std::nullopt,
                                   {"_hoodie_commit_time", "_hoodie_record_key",
                                    "_hoodie_partition_path", "name", "ts"}));
  EXPECT_EQ(values, (std::vector<std::string>{t1 + "|5|ny|e|1", t2 + "|3|la|c2|2",
                                              t2 + "|4|sf|d|2", t4 + "|1|sf|a3|4"}));
  ASSERT_EQ(before.size(), 4u);

  ASSERT_OK_AND_ASSIGN(std::string c, ScheduleAndRun(table_));
  ASSERT_OK_AND_ASSIGN(auto after, table_.Rows());
  EXPECT_EQ(after, before);
  ASSERT_OK_AND_ASSIGN(auto ro_after, table_.Rows(QueryType::kReadOptimized));
  EXPECT_EQ(ro_after, before);
  EXPECT_NE(ro_before, before);  // there was something to compact
  // Time travel to before the compaction sees the old slices.
  ASSERT_OK_AND_ASSIGN(auto as_of_t4, table_.Rows(QueryType::kSnapshot, t4));
  EXPECT_EQ(as_of_t4, before);
  ASSERT_OK_AND_ASSIGN(auto ro_as_of_t4, table_.Rows(QueryType::kReadOptimized, t4));
  EXPECT_EQ(ro_as_of_t4, ro_before);
  ASSERT_OK_AND_ASSIGN(auto as_of_t2, table_.Rows(QueryType::kSnapshot, t2));
  EXPECT_EQ(as_of_t2.size(), 5u);  // 1..5 with the t2 updates, before the delete of 2
  // Incremental: the compaction changes no record, so nothing in (t4, c] and the same
  // rows in (0, c] as in (0, t4].
  ASSERT_OK_AND_ASSIGN(auto incremental_c, table_.Incremental(t4, c));
  EXPECT_THAT(incremental_c, ::testing::IsEmpty());
  ASSERT_OK_AND_ASSIGN(auto incremental_all, table_.Incremental("0", c));
  EXPECT_EQ(incremental_all, incremental_before);
  ASSERT_OK_AND_ASSIGN(auto values_after,
                       table_.Rows(QueryType::kReadOptimized, std::nullopt,
                                   {"_hoodie_commit_time", "_hoodie_record_key",
                                    "_hoodie_partition_path", "name", "ts"}));
  EXPECT_EQ(values_after, values);
}

TEST_F(CompactionExecutorTest, CommitMetadataAndFilesAsHudiWritesThem) {
  ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table_.table, HoodieConfig()));
  ASSERT_TRUE(scheduled.has_value());
  const std::string c = scheduled->instant_time;
  ASSERT_OK_AND_ASSIGN(CompactionResult result,
                       RunCompaction(table_.table, HoodieConfig(), c));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_.table->LoadActiveTimeline());
  // requested, inflight (empty) and the completed commit.
  ASSERT_OK_AND_ASSIGN(auto inflight, timeline.ReadDetails(Instant{c, Action::kCompaction,
                                                                   State::kInflight}));
  EXPECT_EQ(inflight, "");
  Instant commit{c, Action::kCommit, State::kCompleted};
  ASSERT_TRUE(timeline.timeline().ContainsInstant(commit));
  ASSERT_OK_AND_ASSIGN(CommitMetadata metadata, timeline.ReadCommitMetadata(commit));
  EXPECT_EQ(metadata, result.metadata);
  EXPECT_TRUE(metadata.compacted);
  EXPECT_EQ(metadata.operation_type, WriteOperationType::kCompact);
  ASSERT_OK_AND_ASSIGN(CommitMetadata t4,
                       timeline.ReadCommitMetadata(Instant{
                           instants_[3], Action::kDeltaCommit, State::kCompleted}));
  EXPECT_EQ(metadata.Schema(), t4.Schema());
  EXPECT_EQ(metadata.extra_metadata.size(), 1u);
  EXPECT_EQ(metadata.PartitionsWritten(), (std::vector<std::string>{"sf", "la"}));

  const CompactionOperation& sf_op = scheduled->plan.operations->at(0);
  const WriteStat* sf = StatOf(metadata, "sf");
  ASSERT_NE(sf, nullptr);
  EXPECT_EQ(sf->file_id, sf_op.file_id);
  ASSERT_TRUE(sf->path.has_value());
  EXPECT_EQ(*sf->path, "sf/" + *sf_op.file_id + "_0-0-0_" + c + ".parquet");
  EXPECT_EQ(sf->prev_commit, instants_[0]);
  EXPECT_EQ(sf->num_writes, 1);         // 1 kept (updated), 2 deleted
  EXPECT_EQ(sf->num_update_writes, 1);  // 1
  EXPECT_EQ(sf->num_deletes, 1);        // 2
  EXPECT_EQ(sf->num_inserts, 0);
  EXPECT_EQ(sf->total_log_records, 2);  // two data records (t2, t4)
  EXPECT_EQ(sf->total_log_files_compacted, 3);
  EXPECT_EQ(sf->total_log_blocks, 3);
  EXPECT_EQ(sf->total_updated_records_compacted, 2);  // keys 1 and 2 in the log map
  EXPECT_EQ(sf->total_log_size_compacted,
            static_cast<int64_t>(sf_op.metrics->at("TOTAL_LOG_FILES_SIZE")));
  EXPECT_EQ(sf->total_corrupt_log_block, 0);
  EXPECT_EQ(sf->total_rollback_blocks, 0);
  EXPECT_EQ(sf->total_write_errors, 0);
  EXPECT_EQ(sf->partition_path, "sf");
  ASSERT_OK_AND_ASSIGN(FileStatus file,
                       table_.storage->GetFileStatus(JoinPath(table_.base, *sf->path)));
  EXPECT_EQ(sf->file_size_in_bytes, file.size);
  EXPECT_EQ(sf->total_write_bytes, file.size);
  ASSERT_TRUE(sf->runtime_stats.has_value());
  EXPECT_EQ(sf->runtime_stats->total_create_time, 0);
  EXPECT_FALSE(sf->delta.has_value());

  const WriteStat* la = StatOf(metadata, "la");
  ASSERT_NE(la, nullptr);
  EXPECT_EQ(la->num_writes, 1);
  EXPECT_EQ(la->num_update_writes, 1);
  EXPECT_EQ(la->num_deletes, 0);
  EXPECT_EQ(la->total_log_records, 1);
  EXPECT_EQ(la->total_log_files_compacted, 1);
  EXPECT_EQ(la->total_updated_records_compacted, 1);

  // Markers are gone; the new base files are the latest slices with no log files.
  ASSERT_OK_AND_ASSIGN(bool markers,
                       table_.storage->Exists(table_.table->marker_folder_path(c)));
  EXPECT_FALSE(markers);
  ASSERT_OK_AND_ASSIGN(auto view, FileSystemView::Load(*table_.table));
  int compacted = 0;
  for (const FileSlice& slice : view->LatestFileSlices()) {
    if (slice.base_instant != c) continue;
    ++compacted;
    EXPECT_FALSE(slice.HasLogFiles());
    ASSERT_TRUE(slice.base_file.has_value());
  }
  EXPECT_EQ(compacted, 2);
}

TEST_F(CompactionExecutorTest, FileNameColumnNamesTheNewFile) {
  ASSERT_OK_AND_ASSIGN(std::string c, ScheduleAndRun(table_));
  ASSERT_OK_AND_ASSIGN(auto rows, table_.Rows(QueryType::kReadOptimized, std::nullopt,
                                              {"_hoodie_file_name", "id"}));
  ASSERT_OK_AND_ASSIGN(auto view, FileSystemView::Load(*table_.table));
  std::vector<std::string> expected;
  for (const BaseFile& file : view->LatestBaseFiles()) {
    for (const std::string& row : rows) {
      if (row.find(file.file_name) != std::string::npos) expected.push_back(row);
    }
  }
  EXPECT_EQ(expected.size(), rows.size());
}

TEST_F(CompactionExecutorTest, WritesAfterCompactionMergeWithTheNewBase) {
  ASSERT_OK(ScheduleAndRun(table_).status());
  ASSERT_OK(table_.Upsert({{"1", "a4", 5, "sf"}, {"3", "c3", 5, "la"}}).status());
  ASSERT_OK(table_.Delete({{"4", "", 6, "sf"}}).status());
  ASSERT_OK_AND_ASSIGN(auto rows, table_.Rows(QueryType::kSnapshot, std::nullopt,
                                              {"id", "name", "ts", "city"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"1|a4|5|sf", "3|c3|5|la", "5|e|1|ny"}));
  // A second compaction folds those logs in too.
  ASSERT_OK(ScheduleAndRun(table_).status());
  ASSERT_OK_AND_ASSIGN(auto ro, table_.Rows(QueryType::kReadOptimized, std::nullopt,
                                            {"id", "name", "ts", "city"}));
  EXPECT_EQ(ro, rows);
}

// The merge state of a slice spills past hoodie.memory.merge.max.size, as Java's
// ExternalSpillableMap does; the result is the same.
TEST_F(CompactionExecutorTest, ATinyMemoryBudgetSpillsAndCompactsTheSame) {
  ASSERT_OK_AND_ASSIGN(auto before, table_.Rows());
  ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table_.table, HoodieConfig()));
  ASSERT_TRUE(scheduled.has_value());
  HoodieConfig config;
  config.Set("hoodie.memory.merge.max.size", "1");
  config.Set("hoodie.compaction.reverse.log.read", "true");
  ASSERT_OK(RunCompaction(table_.table, config, scheduled->instant_time).status());
  ASSERT_OK_AND_ASSIGN(auto after, table_.Rows());
  EXPECT_EQ(after, before);
  ASSERT_OK_AND_ASSIGN(auto ro, table_.Rows(QueryType::kReadOptimized));
  EXPECT_EQ(ro, before);
}

// Writes to file groups of a pending compaction go to the slice at the compaction
// instant, so they survive the compaction and merge with its new base file.
TEST_F(CompactionExecutorTest, WritesWhileACompactionIsPendingSurviveIt) {
  ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table_.table, HoodieConfig()));
  ASSERT_TRUE(scheduled.has_value());
  ASSERT_OK(table_.Upsert({{"1", "a5", 7, "sf"}, {"6", "f", 7, "la"}}).status());
  ASSERT_OK(table_.Delete({{"3", "", 8, "la"}}).status());
  const std::vector<std::string> columns = {"id", "name", "ts", "city"};
  ASSERT_OK_AND_ASSIGN(auto before,
                       table_.Rows(QueryType::kSnapshot, std::nullopt, columns));
  EXPECT_EQ(before,
            (std::vector<std::string>{"1|a5|7|sf", "4|d|2|sf", "5|e|1|ny", "6|f|7|la"}));
  ASSERT_OK(
      RunCompaction(table_.table, HoodieConfig(), scheduled->instant_time).status());
  ASSERT_OK_AND_ASSIGN(auto after,
                       table_.Rows(QueryType::kSnapshot, std::nullopt, columns));
  EXPECT_EQ(after, before);
  // The compacted base files hold the state as of the plan: 1 is a3 there.
  ASSERT_OK_AND_ASSIGN(auto ro,
                       table_.Rows(QueryType::kReadOptimized, std::nullopt, columns));
  EXPECT_EQ(ro, (std::vector<std::string>{"1|a3|4|sf", "3|c2|2|la", "4|d|2|sf",
                                          "5|e|1|ny", "6|f|7|la"}));
}

TEST_F(CompactionExecutorTest, RefusesWhatIsNotAPendingCompaction) {
  auto missing = RunCompaction(table_.table, HoodieConfig(), "20990101000000000");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.status().message(), ::testing::HasSubstr("no compaction"));
  auto deltacommit = RunCompaction(table_.table, HoodieConfig(), instants_[1]);
  ASSERT_FALSE(deltacommit.ok());
  EXPECT_THAT(deltacommit.status().message(),
              ::testing::HasSubstr("is not a pending compaction"));
  ASSERT_OK_AND_ASSIGN(std::string c, ScheduleAndRun(table_));
  auto again = RunCompaction(table_.table, HoodieConfig(), c);
  ASSERT_FALSE(again.ok());
  EXPECT_THAT(again.status().message(),
              ::testing::HasSubstr("is not a pending compaction"));
}

// A compaction that fails at any storage call leaves the table reading exactly as
// before; running it again completes it.
TEST(CompactionFaultTest, FailureAtEveryStorageCallIsRecovered) {
  int64_t injected = 0;
  for (int op = 0; op < kNumStorageOperations; ++op) {
    auto operation = static_cast<StorageOperation>(op);
    for (int64_t n = 1;; ++n) {
      auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
      ASSERT_OK_AND_ASSIGN(MorTable table, MorTable::Create(storage, "/mem/trips"));
      ASSERT_OK(testing::WriteHistory(&table).status());
      ASSERT_OK_AND_ASSIGN(auto before, table.Rows());
      ASSERT_OK_AND_ASSIGN(auto scheduled,
                           ScheduleCompaction(*table.table, HoodieConfig()));
      ASSERT_TRUE(scheduled.has_value());
      const std::string c = scheduled->instant_time;
      storage->ResetCounts();
      storage->FailNthCall(operation, n);
      auto failed = RunCompaction(table.table, HoodieConfig(), c);
      bool fault = storage->injected_fault_count() > 0;
      storage->ClearFaults();
      if (!fault) {
        ASSERT_OK(failed.status());
        break;
      }
      ++injected;
      SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " +
                   std::to_string(n));
      // Only the marker folder's deletion after the commit may fail quietly, as
      // Hudi's quietDeleteMarkerDir; the folder is then left behind.
      bool quiet = failed.ok();
      ASSERT_OK_AND_ASSIGN(auto after_failure, table.Rows());
      EXPECT_EQ(after_failure, before);
      ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table.table->LoadActiveTimeline());
      if (!timeline.timeline().ContainsInstant(
              Instant{c, Action::kCommit, State::kCompleted})) {
        ASSERT_OK(RunCompaction(table.table, HoodieConfig(), c).status());
      }
      ASSERT_OK_AND_ASSIGN(auto after, table.Rows());
      EXPECT_EQ(after, before);
      ASSERT_OK_AND_ASSIGN(auto ro, table.Rows(QueryType::kReadOptimized));
      EXPECT_EQ(ro, before);
      if (!quiet) {
        ASSERT_OK_AND_ASSIGN(bool markers,
                             storage->Exists(table.table->marker_folder_path(c)));
        EXPECT_FALSE(markers);
      }
    }
  }
  EXPECT_GT(injected, 20);
}

// Hudi's own merge-on-read tables (Spark 0.14/0.15, table version 6) compact to the
// rows their snapshot had.
TEST(CompactionSampleTest, HudiV6MorTablesCompactToTheirSnapshot) {
  int tables = 0;
  std::vector<std::string> not_compacted;
  for (const char* zip :
       {"hudi-rs-tables/quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
        "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned.zip",
        "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
        "hudi-rs-tables/sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
        "hudi-rs-tables/sample_table/mor/parquet/"
        "v6_simplekeygen_nonhivestyle_overwritetable.zip"}) {
    ++tables;
    SCOPED_TRACE(zip);
    testing::TempDir dir;
    ASSERT_OK_AND_ASSIGN(std::string base, testing::UnzipTable(zip, dir.path()));
    MorTable table;
    table.storage = Storage::Local();
    table.base = base;
    ASSERT_OK_AND_ASSIGN(table.table, table.Reload());
    ASSERT_OK_AND_ASSIGN(auto snapshot,
                         table.Rows(QueryType::kSnapshot, std::nullopt, {}));
    ASSERT_OK_AND_ASSIGN(auto scheduled,
                         ScheduleCompaction(*table.table, HoodieConfig()));
    if (!scheduled) {  // no log files to compact
      not_compacted.push_back(zip);
      continue;
    }
    ASSERT_OK(
        RunCompaction(table.table, HoodieConfig(), scheduled->instant_time).status());
    ASSERT_OK_AND_ASSIGN(auto after, table.Rows(QueryType::kSnapshot, std::nullopt, {}));
    EXPECT_EQ(after, snapshot);
    ASSERT_OK_AND_ASSIGN(auto ro,
                         table.Rows(QueryType::kReadOptimized, std::nullopt, {}));
    EXPECT_EQ(ro, snapshot);
  }
  EXPECT_EQ(tables, 5);
  // insert_overwrite_table replaced every group by base-file-only ones: no log left.
  EXPECT_EQ(not_compacted, (std::vector<std::string>{
                               "hudi-rs-tables/sample_table/mor/parquet/"
                               "v6_simplekeygen_nonhivestyle_overwritetable.zip"}));
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

// Hudi's sample table with a rolled-back deltacommit: its log holds the failed commit's
// data block, the rollback command block and a later data block. The compaction counts
// all three blocks and the rollback, and merges only the surviving record.
TEST(CompactionSampleTest, RollbackBlocksAreCountedAndHonoured) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
          dir.path()));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(Storage::Local(), base));
  ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table, HoodieConfig()));
  ASSERT_TRUE(scheduled.has_value());
  ASSERT_OK_AND_ASSIGN(CompactionResult result,
                       RunCompaction(table, HoodieConfig(), scheduled->instant_time));
  ASSERT_EQ(result.metadata.partition_to_write_stats.size(), 1u);
  const auto& [partition, stats] = result.metadata.partition_to_write_stats[0];
  EXPECT_EQ(partition, "");
  ASSERT_EQ(stats.size(), 1u);
  const WriteStat& stat = stats[0];
  EXPECT_EQ(stat.prev_commit, "20250126040823628");
  EXPECT_EQ(stat.num_writes, 3);
  EXPECT_EQ(stat.num_update_writes, 1);
  EXPECT_EQ(stat.num_deletes, 0);
  EXPECT_EQ(stat.num_inserts, 0);
  EXPECT_EQ(stat.total_log_files_compacted, 3);
  EXPECT_EQ(stat.total_log_blocks, 3);
  EXPECT_EQ(stat.total_rollback_blocks, 1);
  EXPECT_EQ(stat.total_corrupt_log_block, 0);
  EXPECT_EQ(stat.total_log_records, 1);
  EXPECT_EQ(stat.total_updated_records_compacted, 1);
}

}  // namespace
}  // namespace hoodie
