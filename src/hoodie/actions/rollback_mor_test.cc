// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_mor_test.cc
/// \brief Rollback on merge-on-read tables: failed deltacommits (from markers and by
/// listing) get rollback command blocks in their file slices and lose their new base
/// files, completed deltacommits are undone, inflight compactions return to requested;
/// rows, plans, metadata and log files exact, and recovery after a crash at every
/// storage call of a write, of a rollback and of a compaction rollback.

#include <algorithm>
#include <map>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/client/write_client.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/quiet_logs.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::AllViewRows;
using testing::LatestTripRows;
using testing::QueryRows;
using testing::StatusMessageHas;
using testing::TimelineInstants;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;
using testing::WithoutFirstColumn;

constexpr char kBase[] = "/memory/mor";
const std::vector<std::string> kColumns = {"_hoodie_commit_time", "_hoodie_record_key",
                                           "name", "ts", "city"};

const std::vector<TripRow> kFirst = {
    {"k1", "a", 1, "sf"}, {"k2", "b", 1, "sf"}, {"k3", "c", 1, "nyc"}};
// Updates k1 (sf) and k3 (nyc) into their slices' logs, inserts k4 into a new
// partition (a new base file).
const std::vector<TripRow> kFailed = {
    {"k1", "a2", 2, "sf"}, {"k3", "c2", 2, "nyc"}, {"k4", "d", 2, "la"}};
const std::vector<TripRow> kNext = {{"k2", "b3", 3, "sf"}, {"k5", "e", 3, "nyc"}};

HoodieConfig Config(bool markers) {
  HoodieConfig config = TripConfig(/*partitioned=*/true);
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  config.Set("hoodie.auto.commit", "false");
  config.Set("hoodie.rollback.using.markers", markers ? "true" : "false");
  return config;
}

// Upserts `rows`; commits unless `commit` is false (the writer dies before its commit).
::arrow::Result<WriteResult> Upsert(std::shared_ptr<Storage> storage,
                                    const HoodieConfig& config,
                                    const std::vector<TripRow>& rows,
                                    bool commit = true) {
  return testing::UpsertWithNewClient(std::move(storage), kBase, config, rows, commit);
}

std::vector<std::string> Rows(std::shared_ptr<Storage> storage,
                              QueryType type = QueryType::kSnapshot) {
  return QueryRows(std::move(storage), kBase, kColumns, type);
}

std::vector<std::vector<std::string>> AllViews(std::shared_ptr<Storage> storage) {
  return AllViewRows(std::move(storage), kBase, kColumns);
}

std::vector<Instant> Instants(std::shared_ptr<Storage> storage) {
  return TimelineInstants(std::move(storage), kBase);
}

std::vector<std::string> FilesNaming(Storage* storage, const std::string& text) {
  std::vector<std::string> out;
  for (const FileStatus& entry : storage->List(kBase, true).ValueOrDie()) {
    if (std::string(entry.name()).find(text) != std::string::npos) {
      out.push_back(entry.path);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Everything below `.hoodie/.temp/`: marker folders and markers.
std::vector<std::string> Markers(Storage* storage) {
  std::vector<std::string> out;
  for (const FileStatus& entry : storage->List(kBase, true).ValueOrDie()) {
    if (entry.path.find("/.temp/") != std::string::npos) out.push_back(entry.path);
  }
  return out;
}

const WriteStat* StatIn(const WriteResult& result, const std::string& partition) {
  for (const WriteStat& stat : result.stats) {
    if (stat.partition_path == partition) return &stat;
  }
  return nullptr;
}

class MorRollbackTest : public ::testing::TestWithParam<bool> {
 protected:
  ::arrow::Result<RollbackPlan> PlanOf(const Instant& rollback) {
    ARROW_ASSIGN_OR_RAISE(
        auto timeline, ActiveTimeline::Load(storage_, std::string(kBase) + "/.hoodie"));
    ARROW_ASSIGN_OR_RAISE(std::string bytes,
                          timeline.ReadDetails(Instant{
                              rollback.timestamp, Action::kRollback, State::kRequested}));
    return RollbackPlan::FromAvroBytes(bytes);
  }

  std::shared_ptr<Storage> storage_ = Storage::InMemory();
  testing::QuietLogs quiet_logs_;
};

// A failed deltacommit (updates appended to two slices' logs, one new base file) is
// rolled back from its markers (GetParam) or by listing: the new base file goes, each
// touched slice gets a new log version `1-0-1` holding one ROLLBACK command block, the
// failed logs stay, and every view reads as before the failed write.
TEST_P(MorRollbackTest, FailedDeltacommitGetsRollbackBlocks) {
  const bool markers = GetParam();
  HoodieConfig config = Config(markers);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  const std::vector<std::vector<std::string>> before = AllViews(storage_);
  ASSERT_EQ(WithoutFirstColumn(before[0]), (LatestTripRows({kFirst})));
  ASSERT_OK_AND_ASSIGN(WriteResult failed, Upsert(storage_, config, kFailed, false));
  const std::string t = failed.instant_time;
  const WriteStat* sf = StatIn(failed, "sf");
  const WriteStat* nyc = StatIn(failed, "nyc");
  const WriteStat* la = StatIn(failed, "la");
  ASSERT_TRUE(sf && nyc && la);
  ASSERT_TRUE(sf->delta.has_value() && nyc->delta.has_value());
  ASSERT_FALSE(la->delta.has_value());

  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(RollbackOptions options, RollbackOptions::FromConfig(config));
  ASSERT_OK_AND_ASSIGN(auto done, RollbackFailedWrites(*table, options));
  ASSERT_EQ(done.size(), 1u);
  const RollbackMetadata& metadata = done[0];
  const std::string r = metadata.start_rollback_time;
  EXPECT_EQ(AllViews(storage_), before);

  // The plan, as Hudi 0.15 plans it.
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan,
                       PlanOf(Instant{r, Action::kRollback, State::kCompleted}));
  EXPECT_EQ(plan.instant_to_rollback, (InstantInfo{t, "deltacommit"}));
  std::map<std::string, RollbackRequest> by_partition;
  for (const RollbackRequest& request : *plan.rollback_requests) {
    EXPECT_TRUE(by_partition.emplace(request.partition_path, request).second);
  }
  ASSERT_EQ(by_partition.size(), 3u);
  const std::string la_path = JoinPath(kBase, *la->path);
  auto la_name = ParseBaseFileName(*la->path).ValueOrDie();
  EXPECT_EQ(by_partition["la"], (RollbackRequest{"la",
                                                 markers ? la_name.file_id : "",
                                                 markers ? t : "",
                                                 {la_path},
                                                 std::map<std::string, int64_t>{}}));
  for (const WriteStat* stat : {sf, nyc}) {
    const std::string log_name(FileName(*stat->path));
    // Markers name the log file (stubbed size 1); a listing finds the group in the
    // inflight workload profile, whose stats have no path: Hudi names the base path.
    std::map<std::string, int64_t> blocks =
        markers ? std::map<std::string, int64_t>{{log_name, 1}}
                : std::map<std::string, int64_t>{{kBase, 1}};
    EXPECT_EQ(
        by_partition[*stat->partition_path],
        (RollbackRequest{
            *stat->partition_path, *stat->file_id, first.instant_time, {}, blocks}));
  }

  // The metadata and the log files written.
  EXPECT_EQ(metadata.commits_rollback, (std::vector<std::string>{t}));
  EXPECT_EQ(metadata.instants_rollback, (std::vector<InstantInfo>{{t, "deltacommit"}}));
  EXPECT_EQ(metadata.total_files_deleted, 1);
  ASSERT_EQ(metadata.partition_metadata.size(), 3u);
  const RollbackPartitionMetadata& la_stat = metadata.partition_metadata.at("la");
  EXPECT_EQ(la_stat.success_delete_files, (std::vector<std::string>{la_path}));
  EXPECT_EQ(la_stat.rollback_log_files, (std::map<std::string, int64_t>{}));
  for (const WriteStat* stat : {sf, nyc}) {
    const RollbackPartitionMetadata& part =
        metadata.partition_metadata.at(*stat->partition_path);
    EXPECT_TRUE(part.success_delete_files.empty());
    EXPECT_TRUE(part.failed_delete_files.empty());
    const std::string rollback_log =
        JoinPath(JoinPath(kBase, *stat->partition_path),
                 MakeLogFileName(*stat->file_id, first.instant_time,
                                 stat->delta->log_version + 1, "1-0-1"));
    ASSERT_OK_AND_ASSIGN(auto blocks, ReadLogFile(storage_.get(), rollback_log));
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].type, LogBlockType::kCommand);
    EXPECT_EQ(blocks[0].header, (LogMetadata{{LogHeaderKey::kInstantTime, r},
                                             {LogHeaderKey::kTargetInstantTime, t},
                                             {LogHeaderKey::kCommandBlockType, "0"}}));
    EXPECT_EQ(blocks[0].content, "");
    EXPECT_EQ(part.rollback_log_files,
              (std::map<std::string, int64_t>{{rollback_log, blocks[0].size}}));
    EXPECT_EQ(
        part.log_files_from_failed_commit,
        markers
            ? (std::map<std::string, int64_t>{{std::string(FileName(*stat->path)), 1}})
            : (std::map<std::string, int64_t>{{kBase, 1}}));
    // Hudi keeps the failed write's log: the rollback block hides its blocks.
    ASSERT_OK_AND_ASSIGN(bool kept, storage_->Exists(JoinPath(kBase, *stat->path)));
    EXPECT_TRUE(kept);
  }
  EXPECT_EQ(FilesNaming(storage_.get(), t), std::vector<std::string>{});
  EXPECT_EQ(Markers(storage_.get()), std::vector<std::string>{});

  // The next deltacommit appends after the rollback block and reads right.
  ASSERT_OK_AND_ASSIGN(WriteResult next, Upsert(storage_, config, kNext));
  EXPECT_EQ(StatIn(next, "sf")->delta->log_version, sf->delta->log_version + 2);
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)), (LatestTripRows({kFirst, kNext})));
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_, QueryType::kIncremental)),
            (LatestTripRows({kFirst, kNext})));
}

INSTANTIATE_TEST_SUITE_P(MarkersOrListing, MorRollbackTest, ::testing::Bool(),
                         [](const auto& info) {
                           return info.param ? "Markers" : "Listing";
                         });

// `hoodie rollback --instant T` of the latest completed deltacommit: reverted to
// inflight, planned by listing from its completed metadata (log paths and sizes), its
// new base file deleted, rollback blocks for its logs, and the rows as before it.
TEST_F(MorRollbackTest, LatestCompletedDeltacommitRollsBack) {
  HoodieConfig config = Config(true);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  const auto before = AllViews(storage_);
  ASSERT_OK_AND_ASSIGN(WriteResult second, Upsert(storage_, config, kFailed));
  ASSERT_EQ(WithoutFirstColumn(Rows(storage_)), (LatestTripRows({kFirst, kFailed})));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  EXPECT_THAT(RollbackInstant(*table, first.instant_time, RollbackOptions{}),
              StatusMessageHas("completed after it"));
  ASSERT_OK_AND_ASSIGN(auto metadata,
                       RollbackInstant(*table, second.instant_time, RollbackOptions{}));
  ASSERT_TRUE(metadata.has_value());
  EXPECT_EQ(AllViews(storage_), before);
  EXPECT_EQ(metadata->total_files_deleted, 1);
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan,
                       PlanOf(Instant{metadata->start_rollback_time, Action::kRollback,
                                      State::kCompleted}));
  std::map<std::string, std::map<std::string, int64_t>> logs;
  for (const RollbackRequest& request : *plan.rollback_requests) {
    if (request.files_to_be_deleted.empty()) {
      logs[request.partition_path] = *request.log_blocks_to_be_deleted;
    }
  }
  std::map<std::string, std::map<std::string, int64_t>> expected;
  for (const WriteStat& stat : second.stats) {
    if (stat.delta) {
      expected[*stat.partition_path] = {
          {JoinPath(kBase, *stat.path), stat.total_write_bytes}};
    }
  }
  EXPECT_EQ(logs, expected);
  for (const auto& [partition, log] : expected) {
    EXPECT_EQ(metadata->partition_metadata.at(partition).log_files_from_failed_commit,
              log);
  }
  std::vector<Instant> instants = Instants(storage_);
  ASSERT_EQ(instants.size(), 2u);
  EXPECT_EQ(instants[0].timestamp, first.instant_time);
  EXPECT_EQ(instants[1].action, Action::kRollback);
  ASSERT_OK(Upsert(storage_, config, kNext).status());
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)), (LatestTripRows({kFirst, kNext})));
}

// A scheduled compaction C whose run was killed after writing one base file: the
// rollback deletes that file, writes `R.rollback` for {C, compaction} and leaves
// `C.compaction.requested` (the plan) as C's state.
TEST_F(MorRollbackTest, InflightCompactionReturnsToRequested) {
  HoodieConfig config = Config(true);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  ASSERT_OK(Upsert(storage_, config, kFailed).status());
  const auto before = AllViews(storage_);
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(auto timeline, table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(std::string c, timeline.CreateNewInstantTime());
  CompactionPlan compaction_plan;
  compaction_plan.operations = std::vector<CompactionOperation>{};
  ASSERT_OK_AND_ASSIGN(std::string plan_bytes, compaction_plan.ToAvroBytes());
  const Instant requested{c, Action::kCompaction, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested, plan_bytes));
  ASSERT_OK(timeline.TransitionToInflight(requested).status());
  const WriteStat* sf = StatIn(first, "sf");
  const std::string partial_name =
      MakeBaseFileName(*sf->file_id, "0-0-0", c);  // the killed compaction's output
  const std::string partial = JoinPath(JoinPath(kBase, "sf"), partial_name);
  ASSERT_OK(WriteMarkers(storage_, kBase, c)
                .Create(Marker{"sf", partial_name, IoType::kCreate}));
  ASSERT_OK(storage_->WriteAll(partial, "not really parquet", false));
  EXPECT_EQ(AllViews(storage_), before);  // a pending compaction's file is not read

  ASSERT_OK_AND_ASSIGN(auto metadata,
                       RollbackInflightCompaction(*table, c, RollbackOptions{}));
  ASSERT_TRUE(metadata.has_value());
  EXPECT_EQ(metadata->instants_rollback, (std::vector<InstantInfo>{{c, "compaction"}}));
  EXPECT_EQ(metadata->partition_metadata.at("sf").success_delete_files,
            (std::vector<std::string>{partial}));
  EXPECT_EQ(FilesNaming(storage_.get(), c),
            (std::vector<std::string>{std::string(kBase) + "/.hoodie/" + c +
                                      ".compaction.requested"}));
  ASSERT_OK_AND_ASSIGN(timeline, table->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().ContainsInstant(requested));
  ASSERT_OK_AND_ASSIGN(std::string kept, timeline.ReadDetails(requested));
  EXPECT_EQ(kept, plan_bytes);
  EXPECT_EQ(AllViews(storage_), before);
  // Only requested now: nothing to undo. A completed or unknown instant is refused.
  ASSERT_OK_AND_ASSIGN(auto again,
                       RollbackInflightCompaction(*table, c, RollbackOptions{}));
  EXPECT_EQ(again, std::nullopt);
  EXPECT_THAT(RollbackInflightCompaction(*table, first.instant_time, RollbackOptions{}),
              StatusMessageHas("no pending compaction"));
  // The next writer's EAGER rollback leaves the pending compaction alone.
  ASSERT_OK(Upsert(storage_, config, kNext).status());
  ASSERT_OK_AND_ASSIGN(timeline, table->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().ContainsInstant(requested));
}

// Hudi 0.14 named a phony base file of the slice in an APPEND marker: the rollback then
// finds the slice's latest log and plans a block for it with its full path and size.
TEST_F(MorRollbackTest, OldAppendMarkersNameTheSlicesLatestLog) {
  HoodieConfig config = Config(true);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  ASSERT_OK_AND_ASSIGN(WriteResult failed, Upsert(storage_, config, kFailed, false));
  const std::string t = failed.instant_time;
  WriteMarkers markers(storage_, kBase, t);
  ASSERT_OK(markers.DeleteFolder());
  std::map<std::string, std::map<std::string, int64_t>> expected;
  for (const WriteStat& stat : failed.stats) {
    std::string name(FileName(*stat.path));
    if (stat.delta) {
      std::string phony = MakeBaseFileName(*stat.file_id, "0-0-0", first.instant_time);
      ASSERT_OK(markers.Create(Marker{*stat.partition_path, phony, IoType::kAppend}));
      expected[*stat.partition_path] = {
          {JoinPath(kBase, *stat.path), stat.file_size_in_bytes}};
    } else {
      ASSERT_OK(markers.Create(Marker{*stat.partition_path, name, IoType::kCreate}));
    }
  }
  ASSERT_EQ(expected.size(), 2u);
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(
      auto done,
      RollbackFailedWrites(*table, RollbackOptions{FailedWritesPolicy::kEager, true}));
  ASSERT_EQ(done.size(), 1u);
  ASSERT_OK_AND_ASSIGN(
      RollbackPlan plan,
      PlanOf(Instant{done[0].start_rollback_time, Action::kRollback, State::kCompleted}));
  std::map<std::string, std::map<std::string, int64_t>> planned;
  for (const RollbackRequest& request : *plan.rollback_requests) {
    if (request.files_to_be_deleted.empty()) {
      EXPECT_EQ(request.latest_base_instant, first.instant_time);
      planned[request.partition_path] = *request.log_blocks_to_be_deleted;
    }
  }
  EXPECT_EQ(planned, expected);
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)), (LatestTripRows({kFirst})));
}

// A deltacommit killed at every storage call: the next writer rolls it back (or it had
// committed) and every view then has exactly the model's rows.
TEST_F(MorRollbackTest, KilledDeltacommitAtEveryStorageCallIsRolledBack) {
  for (bool markers : {true, false}) {
    HoodieConfig config = Config(markers);
    auto setup = [&]() {
      auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
      EXPECT_OK(Upsert(storage, config, kFirst).status());
      return storage;
    };
    auto probe = setup();
    auto counts = CountCalls(probe.get(),
                             [&] { ASSERT_OK(Upsert(probe, config, kFailed).status()); });
    int cases = 0;
    for (const auto& [operation, count] : counts) {
      for (int64_t n = 1; n <= count; ++n, ++cases) {
        SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " +
                     std::to_string(n) + (markers ? " (markers)" : " (listing)"));
        auto storage = setup();
        const auto before = AllViews(storage);
        storage->FailNthCall(operation, n);
        // Only a marker folder's deletion after the commit point may fail unseen, and
        // leave the folder of a completed instant behind, as Hudi's does.
        const bool tolerated = Upsert(storage, config, kFailed).ok();
        if (tolerated) ASSERT_TRUE(testing::FaultWasToleratedMarkerDeletion(*storage));
        storage->ClearFaults();
        std::vector<Instant> instants = Instants(storage);
        bool committed = instants.size() > 1 && instants[1].IsCompleted();
        if (!committed) {
          ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage, kBase));
          ASSERT_OK(RollbackFailedWrites(*table,
                                         RollbackOptions::FromConfig(config).ValueOrDie())
                        .status());
          EXPECT_EQ(AllViews(storage), before);
        }
        ASSERT_OK(Upsert(storage, config, kNext).status());
        EXPECT_EQ(WithoutFirstColumn(Rows(storage)),
                  committed ? LatestTripRows({kFirst, kFailed, kNext})
                            : LatestTripRows({kFirst, kNext}));
      }
    }
    EXPECT_GT(cases, 30);
    RecordProperty(
        markers ? "killed_deltacommit_cases_markers" : "killed_deltacommit_cases_listing",
        cases);
  }
}

// A rollback of a failed deltacommit killed at every storage call is finished by the
// next writer: one completed rollback, the model's rows in every view.
TEST_F(MorRollbackTest, KilledRollbackAtEveryStorageCallIsFinished) {
  HoodieConfig config = Config(true);
  std::vector<std::vector<std::string>> before;
  auto setup = [&]() {
    auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
    EXPECT_OK(Upsert(storage, config, kFirst).status());
    before = AllViews(storage);
    EXPECT_OK(Upsert(storage, config, kFailed, false).status());
    return storage;
  };
  auto roll_back = [&](std::shared_ptr<Storage> storage) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, kBase));
    return RollbackFailedWrites(*table, RollbackOptions::FromConfig(config).ValueOrDie())
        .status();
  };
  auto probe = setup();
  auto counts = CountCalls(probe.get(), [&] { ASSERT_OK(roll_back(probe)); });
  int cases = 0;
  for (const auto& [operation, count] : counts) {
    for (int64_t n = 1; n <= count; ++n, ++cases) {
      SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " +
                   std::to_string(n));
      auto storage = setup();
      storage->FailNthCall(operation, n);
      // Only a marker folder's deletion after the commit point may fail unseen, and
      // leave the folder of a completed instant behind, as Hudi's does.
      const bool tolerated = roll_back(storage).ok();
      if (tolerated) ASSERT_TRUE(testing::FaultWasToleratedMarkerDeletion(*storage));
      storage->ClearFaults();
      ASSERT_OK(roll_back(storage));
      EXPECT_EQ(AllViews(storage), before);
      std::vector<Instant> rollbacks;
      for (const Instant& instant : Instants(storage)) {
        if (instant.action == Action::kRollback) rollbacks.push_back(instant);
      }
      ASSERT_EQ(rollbacks.size(), 1u);
      EXPECT_TRUE(rollbacks[0].IsCompleted());
      if (!tolerated) EXPECT_EQ(Markers(storage.get()), std::vector<std::string>{});
      ASSERT_OK(Upsert(storage, config, kNext).status());
      EXPECT_EQ(WithoutFirstColumn(Rows(storage)), (LatestTripRows({kFirst, kNext})));
    }
  }
  EXPECT_GT(cases, 10);
  RecordProperty("killed_mor_rollback_cases", cases);
}

// A compaction rollback killed at every storage call: calling it again leaves the
// compaction requested with its plan, its base file gone and every rollback completed.
TEST_F(MorRollbackTest, KilledCompactionRollbackAtEveryStorageCallIsFinished) {
  HoodieConfig config = Config(true);
  std::string c;
  std::string partial;
  auto setup = [&]() {
    auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
    auto first = Upsert(storage, config, kFirst);
    EXPECT_OK(first.status());
    auto table = TableMetaClient::Load(storage, kBase).ValueOrDie();
    auto timeline = table->LoadActiveTimeline().ValueOrDie();
    c = timeline.CreateNewInstantTime().ValueOrDie();
    CompactionPlan plan;
    plan.operations = std::vector<CompactionOperation>{};
    Instant requested{c, Action::kCompaction, State::kRequested};
    EXPECT_OK(timeline.CreateRequested(requested, plan.ToAvroBytes().ValueOrDie()));
    EXPECT_OK(timeline.TransitionToInflight(requested).status());
    const WriteStat* sf = StatIn(*first, "sf");
    std::string name = MakeBaseFileName(*sf->file_id, "0-0-0", c);
    partial = JoinPath(JoinPath(kBase, "sf"), name);
    EXPECT_OK(
        WriteMarkers(storage, kBase, c).Create(Marker{"sf", name, IoType::kCreate}));
    EXPECT_OK(storage->WriteAll(partial, "partial", false));
    return storage;
  };
  auto roll_back = [&](std::shared_ptr<Storage> storage) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, kBase));
    return RollbackInflightCompaction(*table, c, RollbackOptions{}).status();
  };
  auto probe = setup();
  auto counts = CountCalls(probe.get(), [&] { ASSERT_OK(roll_back(probe)); });
  int cases = 0;
  for (const auto& [operation, count] : counts) {
    for (int64_t n = 1; n <= count; ++n, ++cases) {
      SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " +
                   std::to_string(n));
      auto storage = setup();
      storage->FailNthCall(operation, n);
      // Only a marker folder's deletion after the commit point may fail unseen, and
      // leave the folder of a completed instant behind, as Hudi's does.
      const bool tolerated = roll_back(storage).ok();
      if (tolerated) ASSERT_TRUE(testing::FaultWasToleratedMarkerDeletion(*storage));
      storage->ClearFaults();
      ASSERT_OK(roll_back(storage));
      EXPECT_EQ(storage->Exists(partial).ValueOrDie(), false);
      std::vector<Instant> compaction, rollbacks;
      for (const Instant& instant : Instants(storage)) {
        if (instant.timestamp == c) compaction.push_back(instant);
        if (instant.action == Action::kRollback) rollbacks.push_back(instant);
      }
      EXPECT_EQ(compaction,
                (std::vector<Instant>{{c, Action::kCompaction, State::kRequested}}));
      ASSERT_FALSE(rollbacks.empty());
      for (const Instant& rollback : rollbacks) EXPECT_TRUE(rollback.IsCompleted());
      if (!tolerated) EXPECT_EQ(Markers(storage.get()), std::vector<std::string>{});
    }
  }
  EXPECT_GT(cases, 10);
  RecordProperty("killed_compaction_rollback_cases", cases);
}

}  // namespace
}  // namespace hoodie
