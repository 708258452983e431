// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_executor_test.cc
/// \brief RunCompaction: rows before and after, every read mode, the commit metadata,
/// the files written, a failure at every storage call, and Hudi's sample tables.
#include "hoodie/actions/compaction_executor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/compaction_test_util.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/table/file_name_internal.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/rollback_metadata.h"

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
  ARROW_ASSIGN_OR_RAISE(
      auto scheduled,
      ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit()));
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
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
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
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
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
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
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
      ASSERT_OK_AND_ASSIGN(
          auto scheduled,
          ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit()));
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
      // A run that died after C went inflight was rolled back with a rollback
      // instant naming {C, compaction}; nothing is left pending.
      ASSERT_OK_AND_ASSIGN(timeline, table.table->LoadActiveTimeline());
      EXPECT_TRUE(timeline.timeline().FilterPending().Empty());
      const Timeline rollbacks = timeline.timeline().GetRollbackTimeline();
      EXPECT_LE(rollbacks.Count(), 2u);
      for (const Instant& rollback : rollbacks.instants()) {
        ASSERT_OK_AND_ASSIGN(std::string bytes, timeline.ReadDetails(rollback));
        ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata,
                             RollbackMetadata::FromAvroBytes(bytes));
        EXPECT_EQ(metadata.instants_rollback,
                  (std::vector<InstantInfo>{{c, "compaction"}}));
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
    ASSERT_OK_AND_ASSIGN(
        auto scheduled,
        ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit()));
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
  ASSERT_OK_AND_ASSIGN(auto scheduled,
                       ScheduleCompaction(*table, testing::CompactEveryDeltaCommit()));
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

namespace hoodie {
namespace {

using testing::MorTable;

// The names of the timeline's instant files, sorted.
std::vector<std::string> TimelineFiles(Storage* storage, const std::string& base) {
  std::vector<std::string> out;
  for (const FileStatus& file :
       storage->List(JoinPath(base, ".hoodie"), false).ValueOrDie()) {
    if (!file.is_directory) out.emplace_back(file.name());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The instant files of `instant_time`, sorted.
std::vector<std::string> FilesOf(const std::vector<std::string>& files,
                                 const std::string& instant_time) {
  std::vector<std::string> out;
  for (const std::string& name : files) {
    if (name.rfind(instant_time + ".", 0) == 0) out.push_back(name);
  }
  return out;
}

// The base files (relative paths) written at `instant_time`, sorted.
std::vector<std::string> BaseFilesOf(Storage* storage, const std::string& base,
                                     const std::string& instant_time) {
  std::vector<std::string> out;
  for (const char* partition : {"la", "ny", "sf"}) {
    auto files = storage->List(JoinPath(base, partition), false);
    if (!files.ok()) continue;
    for (const FileStatus& file : *files) {
      auto parsed = internal::ParseBaseFileName(file.name());
      if (parsed && parsed->commit_time == instant_time) {
        out.push_back(std::string(partition) + "/" + std::string(file.name()));
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> CommittedFiles(const CommitMetadata& metadata) {
  std::vector<std::string> out;
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    for (const WriteStat& stat : stats) out.push_back(stat.path.value_or(""));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Instant> RollbackInstants(const TableMetaClient& table) {
  auto timeline = table.LoadActiveTimeline().ValueOrDie();
  return timeline.timeline().GetRollbackTimeline().instants();
}

// A compaction killed when committing (every base file written, `C.commit` not): the
// next run rolls it back as Hudi's compact() does, with a rollback instant R whose
// plan and metadata name {C, compaction} and the files C wrote, reverts C to
// requested, and runs the plan again. The timeline files, rollback metadata, files
// and rows are then exactly what Hudi leaves.
TEST(CompactionRecoveryTest, InflightCompactionIsRolledBackThenRunAgain) {
  for (bool markers : {false, true}) {
    SCOPED_TRACE(markers ? "rollback using markers" : "rollback by listing");
    testing::TempDir dir;
    auto storage = std::make_shared<FaultInjectingStorage>(Storage::Local());
    ASSERT_OK_AND_ASSIGN(MorTable table, MorTable::Create(storage, dir.Join("trips")));
    ASSERT_OK(testing::WriteHistory(&table).status());
    ASSERT_OK_AND_ASSIGN(auto before, table.Rows());
    ASSERT_OK_AND_ASSIGN(
        auto scheduled,
        ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit()));
    ASSERT_TRUE(scheduled.has_value());
    const std::string c = scheduled->instant_time;
    HoodieConfig config;
    config.Set("hoodie.rollback.using.markers", markers ? "true" : "false");
    storage->FailPathsEndingWith(c + ".commit");
    ASSERT_FALSE(RunCompaction(table.table, config, c).ok());
    storage->ClearFaults();
    const std::vector<std::string> partial = BaseFilesOf(storage.get(), table.base, c);
    ASSERT_EQ(partial.size(), 2u);
    std::vector<std::string> files = TimelineFiles(storage.get(), table.base);
    EXPECT_EQ(FilesOf(files, c), (std::vector<std::string>{c + ".compaction.inflight",
                                                           c + ".compaction.requested"}));
    ASSERT_OK_AND_ASSIGN(auto pending_rows, table.Rows());
    EXPECT_EQ(pending_rows, before);  // an inflight compaction's files are not read

    const std::string requested_path =
        JoinPath(table.base, ".hoodie/" + c + ".compaction.requested");
    ASSERT_OK_AND_ASSIGN(std::string requested_bytes, storage->ReadAll(requested_path));
    ASSERT_OK_AND_ASSIGN(CompactionResult result, RunCompaction(table.table, config, c));
    // revertInstantFromInflightToRequested keeps the plan file as it was; the new
    // inflight file is empty, as transitionCompactionRequestedToInflight writes it.
    EXPECT_EQ(*storage->ReadAll(requested_path), requested_bytes);
    EXPECT_EQ(
        *storage->ReadAll(JoinPath(table.base, ".hoodie/" + c + ".compaction.inflight")),
        "");
    std::vector<Instant> rollbacks = RollbackInstants(*table.table);
    ASSERT_EQ(rollbacks.size(), 1u);
    const std::string r = rollbacks[0].timestamp;
    EXPECT_GT(r, c);
    files = TimelineFiles(storage.get(), table.base);
    EXPECT_EQ(FilesOf(files, c),
              (std::vector<std::string>{c + ".commit", c + ".compaction.inflight",
                                        c + ".compaction.requested"}));
    EXPECT_EQ(FilesOf(files, r),
              (std::vector<std::string>{r + ".rollback", r + ".rollback.inflight",
                                        r + ".rollback.requested"}));
    // The plan: one delete request per file C wrote, in its partition.
    ASSERT_OK_AND_ASSIGN(
        std::string plan_bytes,
        storage->ReadAll(JoinPath(table.base, ".hoodie/" + r + ".rollback.requested")));
    ASSERT_OK_AND_ASSIGN(RollbackPlan plan, RollbackPlan::FromAvroBytes(plan_bytes));
    EXPECT_EQ(plan.instant_to_rollback, (InstantInfo{c, "compaction"}));
    ASSERT_TRUE(plan.rollback_requests.has_value());
    std::vector<std::string> planned;
    for (const RollbackRequest& request : *plan.rollback_requests) {
      ASSERT_EQ(request.files_to_be_deleted.size(), 1u);
      EXPECT_EQ(
          request.log_blocks_to_be_deleted.value_or(std::map<std::string, int64_t>{}),
          (std::map<std::string, int64_t>{}));
      const std::string& path = request.files_to_be_deleted[0];
      planned.push_back(request.partition_path + "/" + std::string(FileName(path)));
      // MarkerBasedRollbackStrategy names the file group and instant; listing does not.
      EXPECT_EQ(request.latest_base_instant.value_or(""), markers ? c : "");
    }
    std::sort(planned.begin(), planned.end());
    EXPECT_EQ(planned, partial);
    // The metadata: {C, compaction}, the two files deleted.
    ASSERT_OK_AND_ASSIGN(
        std::string metadata_bytes,
        storage->ReadAll(JoinPath(table.base, ".hoodie/" + r + ".rollback")));
    ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata,
                         RollbackMetadata::FromAvroBytes(metadata_bytes));
    EXPECT_EQ(metadata.start_rollback_time, r);
    EXPECT_EQ(metadata.commits_rollback, std::vector<std::string>{c});
    EXPECT_EQ(metadata.instants_rollback, (std::vector<InstantInfo>{{c, "compaction"}}));
    EXPECT_EQ(metadata.total_files_deleted, 2);
    std::vector<std::string> deleted;
    for (const auto& [partition, stat] : metadata.partition_metadata) {
      EXPECT_EQ(stat.failed_delete_files, std::vector<std::string>{});
      EXPECT_EQ(stat.rollback_log_files, (std::map<std::string, int64_t>{}));
      EXPECT_EQ(stat.log_files_from_failed_commit, (std::map<std::string, int64_t>{}));
      for (const std::string& path : stat.success_delete_files) {
        deleted.push_back(partition + "/" + std::string(FileName(path)));
      }
    }
    std::sort(deleted.begin(), deleted.end());
    EXPECT_EQ(deleted, partial);
    // The plan ran again: the same file names, now committed; no marker folder left.
    EXPECT_EQ(BaseFilesOf(storage.get(), table.base, c), partial);
    EXPECT_EQ(CommittedFiles(result.metadata), partial);
    EXPECT_FALSE(*storage->Exists(table.table->marker_folder_path(c)));
    EXPECT_FALSE(*storage->Exists(table.table->marker_folder_path(r)));
    ASSERT_OK_AND_ASSIGN(auto after, table.Rows());
    EXPECT_EQ(after, before);
    ASSERT_OK_AND_ASSIGN(auto ro, table.Rows(QueryType::kReadOptimized));
    EXPECT_EQ(ro, before);
  }
}

// A writer that starts while a compaction is inflight does not roll it back: Hudi
// 0.15's rollbackFailedWrites leaves pending compactions (and pending rollbacks of
// them) to the compactor. Its updates go to the slice at C; the compactor then rolls C
// back, runs it, and the write survives.
TEST(CompactionRecoveryTest, AWriterLeavesAnInflightCompactionToTheCompactor) {
  testing::TempDir dir;
  auto storage = std::make_shared<FaultInjectingStorage>(Storage::Local());
  ASSERT_OK_AND_ASSIGN(MorTable table, MorTable::Create(storage, dir.Join("trips")));
  ASSERT_OK(testing::WriteHistory(&table).status());
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit()));
  ASSERT_TRUE(scheduled.has_value());
  const std::string c = scheduled->instant_time;
  storage->FailPathsEndingWith(c + ".commit");
  ASSERT_FALSE(RunCompaction(table.table, HoodieConfig(), c).ok());
  storage->ClearFaults();
  const std::vector<std::string> partial = BaseFilesOf(storage.get(), table.base, c);
  ASSERT_EQ(partial.size(), 2u);

  ASSERT_OK_AND_ASSIGN(std::string t5, table.Upsert({{"1", "a5", 9, "sf"}}));
  EXPECT_GT(t5, c);
  const std::vector<std::string> files = TimelineFiles(storage.get(), table.base);
  EXPECT_EQ(FilesOf(files, c), (std::vector<std::string>{c + ".compaction.inflight",
                                                         c + ".compaction.requested"}));
  EXPECT_EQ(RollbackInstants(*table.table), std::vector<Instant>{});
  EXPECT_EQ(BaseFilesOf(storage.get(), table.base, c), partial);  // left alone
  const std::vector<std::string> columns = {"id", "name", "ts", "city"};
  ASSERT_OK_AND_ASSIGN(auto before,
                       table.Rows(QueryType::kSnapshot, std::nullopt, columns));
  EXPECT_EQ(before,
            (std::vector<std::string>{"1|a5|9|sf", "3|c2|2|la", "4|d|2|sf", "5|e|1|ny"}));

  ASSERT_OK(RunCompaction(table.table, HoodieConfig(), c).status());
  EXPECT_EQ(RollbackInstants(*table.table).size(), 1u);
  ASSERT_OK_AND_ASSIGN(auto after,
                       table.Rows(QueryType::kSnapshot, std::nullopt, columns));
  EXPECT_EQ(after, before);
  // The compacted base files hold the plan's state; t5's log is in the slice at C.
  ASSERT_OK_AND_ASSIGN(auto ro,
                       table.Rows(QueryType::kReadOptimized, std::nullopt, columns));
  EXPECT_EQ(ro,
            (std::vector<std::string>{"1|a3|4|sf", "3|c2|2|la", "4|d|2|sf", "5|e|1|ny"}));
}

// The recovery of an inflight compaction killed at every storage call: running the
// compaction once more completes it, every rollback is completed and names {C,
// compaction}, no instant is left pending, the files C committed are the only ones
// it has, and the rows equal those before.
// Sets `cases_run` to the number of cases run (a void function: ASSERT_* return).
void KillRecoveryAtEveryStorageCall(bool markers, int* cases_run) {
  HoodieConfig config;
  config.Set("hoodie.rollback.using.markers", markers ? "true" : "false");
  std::string c;
  std::vector<std::string> before;
  auto setup = [&]() {
    auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
    MorTable table = MorTable::Create(storage, "/mem/trips").ValueOrDie();
    EXPECT_OK(testing::WriteHistory(&table).status());
    before = table.Rows().ValueOrDie();
    c = ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit())
            .ValueOrDie()
            ->instant_time;
    storage->FailPathsEndingWith(c + ".commit");
    EXPECT_FALSE(RunCompaction(table.table, HoodieConfig(), c).ok());
    storage->ClearFaults();
    return std::make_pair(storage, table);
  };
  auto recover = [&](const MorTable& table) {
    return RunCompaction(table.table, config, c).status();
  };
  auto [probe, probe_table] = setup();
  auto counts = CountCalls(probe.get(), [&] { ASSERT_OK(recover(probe_table)); });
  int cases = 0;
  for (const auto& [operation, count] : counts) {
    for (int64_t n = 1; n <= count; ++n, ++cases) {
      SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " +
                   std::to_string(n));
      auto [storage, table] = setup();
      storage->FailNthCall(operation, n);
      // Only the compaction's marker folder, deleted quietly after the commit, may
      // fail without failing the run.
      const bool quiet = recover(table).ok();
      storage->ClearFaults();
      ASSERT_OK_AND_ASSIGN(auto reloaded, table.Reload());
      table.table = reloaded;
      ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, reloaded->LoadActiveTimeline());
      if (!timeline.timeline().ContainsInstant(
              Instant{c, Action::kCommit, State::kCompleted})) {
        ASSERT_FALSE(quiet);
        ASSERT_OK(recover(table));
      }
      ASSERT_OK_AND_ASSIGN(timeline, reloaded->LoadActiveTimeline());
      EXPECT_TRUE(timeline.timeline().FilterPending().Empty());
      std::vector<Instant> rollbacks =
          timeline.timeline().GetRollbackTimeline().instants();
      // A run killed after `R.rollback` but before C went back to requested rolls C
      // back once more (nothing left to delete), as Hudi would.
      EXPECT_GE(rollbacks.size(), 1u);
      EXPECT_LE(rollbacks.size(), 2u);
      for (const Instant& rollback : rollbacks) {
        ASSERT_OK_AND_ASSIGN(std::string bytes, timeline.ReadDetails(rollback));
        ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata,
                             RollbackMetadata::FromAvroBytes(bytes));
        EXPECT_EQ(metadata.instants_rollback,
                  (std::vector<InstantInfo>{{c, "compaction"}}));
      }
      ASSERT_OK_AND_ASSIGN(
          CommitMetadata committed,
          timeline.ReadCommitMetadata(Instant{c, Action::kCommit, State::kCompleted}));
      EXPECT_EQ(BaseFilesOf(storage.get(), table.base, c), CommittedFiles(committed));
      ASSERT_OK_AND_ASSIGN(auto after, table.Rows());
      EXPECT_EQ(after, before);
      ASSERT_OK_AND_ASSIGN(auto ro, table.Rows(QueryType::kReadOptimized));
      EXPECT_EQ(ro, before);
      if (!quiet) {
        EXPECT_FALSE(*storage->Exists(reloaded->marker_folder_path(c)));
      }
    }
  }
  *cases_run = cases;
}

TEST(CompactionRecoveryTest, KilledRecoveryAtEveryStorageCallIsFinishedByListing) {
  int cases = 0;
  KillRecoveryAtEveryStorageCall(/*markers=*/false, &cases);
  EXPECT_GT(cases, 30);
  ::testing::Test::RecordProperty("killed_compaction_recovery_cases_listing", cases);
}

TEST(CompactionRecoveryTest, KilledRecoveryAtEveryStorageCallIsFinishedFromMarkers) {
  int cases = 0;
  KillRecoveryAtEveryStorageCall(/*markers=*/true, &cases);
  EXPECT_GT(cases, 30);
  ::testing::Test::RecordProperty("killed_compaction_recovery_cases_markers", cases);
}

}  // namespace
}  // namespace hoodie
