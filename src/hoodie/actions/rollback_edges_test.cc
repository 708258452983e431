// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_edges_test.cc
/// \brief Rollback edge cases, as Hudi 0.15 handles them: the latest completed compaction
/// commit of a merge-on-read table (and the refusals while a write is pending or a later
/// commit completed), completed and inflight replacecommits (insert overwrite), and
/// listing plans that skip file groups replaced before the deltacommit. Plans, metadata
/// and rows exact; the compaction rollback is killed at every storage call.

#include <algorithm>
#include <map>
#include <tuple>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/actions/rollback_planner.h"
#include "hoodie/client/write_client.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/quiet_logs.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"
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

constexpr char kBase[] = "/memory/edges";
const std::vector<std::string> kColumns = {"_hoodie_commit_time", "_hoodie_record_key",
                                           "name", "ts", "city"};

const std::vector<TripRow> kFirst = {
    {"k1", "a", 1, "sf"}, {"k2", "b", 1, "sf"}, {"k3", "c", 1, "nyc"}};
// Updates of both file groups: on merge-on-read, log files in both slices.
const std::vector<TripRow> kUpdates = {{"k1", "a2", 2, "sf"}, {"k3", "c2", 2, "nyc"}};
const std::vector<TripRow> kOverwrite = {{"k9", "z", 3, "sf"}};
const std::vector<TripRow> kNext = {{"k2", "b4", 4, "sf"}, {"k5", "e", 4, "nyc"}};

HoodieConfig Config(bool mor, bool markers) {
  HoodieConfig config = TripConfig(/*partitioned=*/true);
  config.Set("hoodie.datasource.write.table.type",
             mor ? "MERGE_ON_READ" : "COPY_ON_WRITE");
  config.Set("hoodie.auto.commit", "false");
  config.Set("hoodie.rollback.using.markers", markers ? "true" : "false");
  return config;
}

RollbackOptions Options(const HoodieConfig& config) {
  return RollbackOptions::FromConfig(config).ValueOrDie();
}

::arrow::Result<WriteResult> Upsert(std::shared_ptr<Storage> storage,
                                    const HoodieConfig& config,
                                    const std::vector<TripRow>& rows,
                                    bool commit = true) {
  return testing::UpsertWithNewClient(std::move(storage), kBase, config, rows, commit);
}

// An insert_overwrite(_table) by a new writer; uncommitted when `commit` is false.
::arrow::Result<WriteResult> Overwrite(std::shared_ptr<Storage> storage,
                                       const HoodieConfig& config,
                                       const std::vector<TripRow>& rows,
                                       WriteOperationType operation, bool commit = true) {
  ARROW_ASSIGN_OR_RAISE(auto client, testing::NewWriterClient(storage, kBase, config));
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit(operation));
  auto reader = TripReader(rows);
  ARROW_ASSIGN_OR_RAISE(WriteResult result,
                        client->Write(instant, operation, reader.get()));
  if (commit) ARROW_RETURN_NOT_OK(client->Commit(&result));
  return result;
}

// Schedules and runs a compaction of every slice with logs; its instant time.
::arrow::Result<std::string> Compact(std::shared_ptr<Storage> storage,
                                     const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<TableMetaClient> table,
                        TableMetaClient::Load(storage, kBase));
  HoodieConfig due = config;  // the trigger's default waits for 5 deltacommits
  due.Set("hoodie.compact.inline.max.delta.commits", "1");
  ARROW_ASSIGN_OR_RAISE(auto scheduled, ScheduleCompaction(*table, due));
  if (!scheduled) return ::arrow::Status::Invalid("nothing to compact");
  ARROW_ASSIGN_OR_RAISE(CompactionResult result,
                        RunCompaction(table, config, scheduled->instant_time));
  return result.instant_time;
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

std::vector<Instant> InstantsAt(std::shared_ptr<Storage> storage, const std::string& ts) {
  std::vector<Instant> out;
  for (const Instant& instant : Instants(std::move(storage))) {
    if (instant.timestamp == ts) out.push_back(instant);
  }
  return out;
}

std::vector<std::string> Markers(Storage* storage) {
  std::vector<std::string> out;
  for (const FileStatus& entry : storage->List(kBase, true).ValueOrDie()) {
    if (entry.path.find("/.temp/") != std::string::npos) out.push_back(entry.path);
  }
  return out;
}

::arrow::Result<RollbackPlan> PlanOf(std::shared_ptr<Storage> storage,
                                     const std::string& rollback_time) {
  ARROW_ASSIGN_OR_RAISE(auto timeline,
                        ActiveTimeline::Load(storage, std::string(kBase) + "/.hoodie"));
  ARROW_ASSIGN_OR_RAISE(
      std::string bytes,
      timeline.ReadDetails(Instant{rollback_time, Action::kRollback, State::kRequested}));
  return RollbackPlan::FromAvroBytes(bytes);
}

// Requests in (partition, files) order: listing order is the storage's, not Hudi's.
std::vector<RollbackRequest> Sorted(std::vector<RollbackRequest> requests) {
  std::sort(requests.begin(), requests.end(), [](const auto& a, const auto& b) {
    return std::tie(a.partition_path, a.files_to_be_deleted) <
           std::tie(b.partition_path, b.files_to_be_deleted);
  });
  return requests;
}

RollbackRequest Delete(const std::string& partition, const std::string& path,
                       const std::string& file_id = "",
                       const std::string& base_instant = "") {
  return RollbackRequest{
      partition, file_id, base_instant, {path}, std::map<std::string, int64_t>{}};
}

// The delete requests a listing plans for the base files a write wrote.
std::vector<RollbackRequest> DeletesOf(const std::vector<WriteStat>& stats) {
  std::vector<RollbackRequest> out;
  for (const WriteStat& stat : stats) {
    out.push_back(Delete(*stat.partition_path, JoinPath(kBase, *stat.path)));
  }
  return Sorted(std::move(out));
}

class RollbackEdgesTest : public ::testing::Test {
 protected:
  std::shared_ptr<Storage> storage_ = Storage::InMemory();
  testing::QuietLogs quiet_logs_;
};

// `hoodie rollback --instant C` of the latest completed compaction commit, which Hudi
// permits (it is a commit of the commits timeline): C is reverted to
// `C.compaction.inflight`, a listing plan deletes only C's base files (fileId and
// latestBaseInstant empty), then both `C.compaction.*` files go, so the plan is gone
// too. The log files stay and every view reads as before the compaction.
TEST_F(RollbackEdgesTest, LatestCompletedCompactionCommitRollsBack) {
  HoodieConfig config = Config(/*mor=*/true, /*markers=*/true);
  ASSERT_OK(Upsert(storage_, config, kFirst).status());
  ASSERT_OK(Upsert(storage_, config, kUpdates).status());
  const auto before = AllViews(storage_);
  ASSERT_OK_AND_ASSIGN(std::string c, Compact(storage_, config));
  ASSERT_EQ(WithoutFirstColumn(Rows(storage_, QueryType::kReadOptimized)),
            (LatestTripRows({kFirst, kUpdates})));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(auto timeline, table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(
      CommitMetadata compaction,
      timeline.ReadCommitMetadata(Instant{c, Action::kCommit, State::kCompleted}));
  ASSERT_EQ(compaction.AllWriteStats().size(), 2u);

  ASSERT_OK_AND_ASSIGN(auto metadata, RollbackInstant(*table, c, Options(config)));
  ASSERT_TRUE(metadata.has_value());
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan,
                       PlanOf(storage_, metadata->start_rollback_time));
  EXPECT_EQ(plan.instant_to_rollback, (InstantInfo{c, "commit"}));
  EXPECT_EQ(Sorted(*plan.rollback_requests), DeletesOf(compaction.AllWriteStats()));
  EXPECT_EQ(metadata->instants_rollback, (std::vector<InstantInfo>{{c, "commit"}}));
  EXPECT_EQ(metadata->total_files_deleted, 2);
  for (const WriteStat& stat : compaction.AllWriteStats()) {
    const RollbackPartitionMetadata& stat_of =
        metadata->partition_metadata.at(*stat.partition_path);
    EXPECT_EQ(stat_of.success_delete_files,
              (std::vector<std::string>{JoinPath(kBase, *stat.path)}));
    EXPECT_EQ(stat_of.failed_delete_files, std::vector<std::string>{});
    EXPECT_EQ(stat_of.rollback_log_files, (std::map<std::string, int64_t>{}));
  }
  EXPECT_EQ(InstantsAt(storage_, c), std::vector<Instant>{});
  EXPECT_EQ(Markers(storage_.get()), std::vector<std::string>{});
  EXPECT_EQ(AllViews(storage_), before);
  ASSERT_OK(Upsert(storage_, config, kNext).status());
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)),
            (LatestTripRows({kFirst, kUpdates, kNext})));
}

// Hudi's validateRollbackCommitSequence under EAGER: a completed instant is refused while
// any write is pending ("Found in-flight commits after time"), and when a later commit
// completed ("Found commits after time"). hoodie refuses before saving a plan, so no
// rollback instant is left behind (Hudi leaves `R.rollback.inflight`).
TEST_F(RollbackEdgesTest,
       CompletedRollbackIsRefusedWhileAWriteIsPendingOrLaterCompleted) {
  for (bool mor : {true, false}) {
    SCOPED_TRACE(mor ? "merge-on-read compaction" : "copy-on-write commit");
    storage_ = Storage::InMemory();
    HoodieConfig config = Config(mor, /*markers=*/false);
    ASSERT_OK(Upsert(storage_, config, kFirst).status());
    std::string target;
    if (mor) {
      ASSERT_OK(Upsert(storage_, config, kUpdates).status());
      ASSERT_OK_AND_ASSIGN(target, Compact(storage_, config));
    } else {
      ASSERT_OK_AND_ASSIGN(WriteResult second, Upsert(storage_, config, kUpdates));
      target = second.instant_time;
    }
    ASSERT_OK_AND_ASSIGN(WriteResult pending, Upsert(storage_, config, kNext, false));
    const std::vector<Instant> instants = Instants(storage_);
    ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
    EXPECT_THAT(
        RollbackInstant(*table, target, Options(config)),
        StatusMessageHas("write " + pending.instant_time +
                         " is pending (Hudi: found in-flight commits after time " +
                         target + ")"));
    EXPECT_EQ(Instants(storage_), instants);
    ASSERT_OK(RollbackFailedWrites(*table, Options(config)).status());
    ASSERT_OK_AND_ASSIGN(WriteResult later, Upsert(storage_, config, kNext));
    EXPECT_THAT(RollbackInstant(*table, target, Options(config)),
                StatusMessageHas("commit " + later.instant_time +
                                 " completed after it (Hudi: found commits after time " +
                                 target + ")"));
    EXPECT_EQ(WithoutFirstColumn(Rows(storage_)),
              (LatestTripRows({kFirst, kUpdates, kNext})));
  }
}

// The rollback of a completed compaction killed at every storage call, then called
// again. Hudi's retry after the instant was reverted no longer finds C on the commits
// timeline, rebuilds it from the plan and keeps its instant files: C is then a pending
// compaction that the next compaction run executes again. Either way every view reads
// as before the compaction, every rollback completes and no marker is left.
TEST_F(RollbackEdgesTest, KilledCompactionCommitRollbackAtEveryStorageCallIsFinished) {
  HoodieConfig config = Config(/*mor=*/true, /*markers=*/false);
  std::vector<std::vector<std::string>> before;
  std::string c;
  auto setup = [&]() {
    auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
    EXPECT_OK(Upsert(storage, config, kFirst).status());
    EXPECT_OK(Upsert(storage, config, kUpdates).status());
    before = AllViews(storage);
    c = Compact(storage, config).ValueOr("");
    return storage;
  };
  auto roll_back = [&](std::shared_ptr<Storage> storage) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, kBase));
    return RollbackInstant(*table, c, Options(config)).status();
  };
  auto probe = setup();
  auto counts = CountCalls(probe.get(), [&] { ASSERT_OK(roll_back(probe)); });
  int cases = 0, left_pending = 0;
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
      for (const Instant& instant : Instants(storage)) {
        if (instant.action == Action::kRollback) {
          EXPECT_TRUE(instant.IsCompleted());
        }
      }
      if (!tolerated) EXPECT_EQ(Markers(storage.get()), std::vector<std::string>{});
      std::vector<Instant> left = InstantsAt(storage, c);
      if (!left.empty()) {
        ++left_pending;
        EXPECT_EQ(left.back().action, Action::kCompaction);
        ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage, kBase));
        ASSERT_OK(RunCompaction(table, config, c).status());
        EXPECT_EQ(WithoutFirstColumn(Rows(storage, QueryType::kReadOptimized)),
                  (LatestTripRows({kFirst, kUpdates})));
      }
      ASSERT_OK(Upsert(storage, config, kNext).status());
      EXPECT_EQ(WithoutFirstColumn(Rows(storage)),
                (LatestTripRows({kFirst, kUpdates, kNext})));
    }
  }
  EXPECT_GT(cases, 10);
  EXPECT_GT(left_pending, 0);
  RecordProperty("killed_compaction_commit_rollback_cases", cases);
}

// The rollback of the latest completed insert_overwrite killed at every storage call,
// then asked for again (`hoodie rollback --instant R`): the interrupted rollback is
// finished (R reverted to inflight or still completed), R's files are gone, the groups
// it replaced are read again and every rollback completed.
TEST_F(RollbackEdgesTest, KilledReplacecommitRollbackAtEveryStorageCallIsFinished) {
  for (bool mor : {true, false}) {
    HoodieConfig config = Config(mor, /*markers=*/false);
    std::vector<std::vector<std::string>> before;
    std::string r;
    auto setup = [&]() {
      auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
      EXPECT_OK(Upsert(storage, config, kFirst).status());
      before = AllViews(storage);
      auto result =
          Overwrite(storage, config, kOverwrite, WriteOperationType::kInsertOverwrite);
      EXPECT_OK(result.status());
      r = result.ok() ? result->instant_time : "";
      return storage;
    };
    auto roll_back = [&](std::shared_ptr<Storage> storage) {
      ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, kBase));
      return RollbackInstant(*table, r, Options(config)).status();
    };
    auto probe = setup();
    auto counts = CountCalls(probe.get(), [&] { ASSERT_OK(roll_back(probe)); });
    int cases = 0;
    for (const auto& [operation, count] : counts) {
      for (int64_t n = 1; n <= count; ++n, ++cases) {
        SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " +
                     std::to_string(n) + (mor ? " (merge-on-read)" : " (copy-on-write)"));
        auto storage = setup();
        storage->FailNthCall(operation, n);
        // Only a marker folder's deletion after the commit point may fail unseen, and
        // leave the folder of a completed instant behind, as Hudi's does.
        const bool tolerated = roll_back(storage).ok();
        if (tolerated) ASSERT_TRUE(testing::FaultWasToleratedMarkerDeletion(*storage));
        storage->ClearFaults();
        ASSERT_OK(roll_back(storage));
        EXPECT_EQ(AllViews(storage), before);
        EXPECT_EQ(InstantsAt(storage, r), std::vector<Instant>{});
        for (const Instant& instant : Instants(storage)) {
          if (instant.action == Action::kRollback) {
            EXPECT_TRUE(instant.IsCompleted());
          }
        }
        if (!tolerated) EXPECT_EQ(Markers(storage.get()), std::vector<std::string>{});
        ASSERT_OK(Upsert(storage, config, kNext).status());
        EXPECT_EQ(WithoutFirstColumn(Rows(storage)), (LatestTripRows({kFirst, kNext})));
      }
    }
    EXPECT_GT(cases, 10);
    RecordProperty(
        mor ? "killed_replace_rollback_cases_mor" : "killed_replace_rollback_cases_cow",
        cases);
  }
}

// Param: (merge-on-read, insert_overwrite_table).
class CompletedReplaceRollbackTest
    : public RollbackEdgesTest,
      public ::testing::WithParamInterface<std::tuple<bool, bool>> {};

// Param: (merge-on-read, markers).
class InflightReplaceRollbackTest
    : public RollbackEdgesTest,
      public ::testing::WithParamInterface<std::tuple<bool, bool>> {};

// A completed insert_overwrite (GetParam: merge-on-read or copy-on-write;
// insert_overwrite or insert_overwrite_table) rolled back as the latest commit: the plan
// deletes its new base files (COW: Hudi takes them from the commit metadata, MOR: by
// listing; the same files), `R.replacecommit` goes with its requested and inflight files,
// and the file groups it replaced are read again.
TEST_P(CompletedReplaceRollbackTest, LatestReplacecommitRollsBack) {
  const auto [mor, table_wide] = GetParam();
  HoodieConfig config = Config(mor, /*markers=*/true);
  ASSERT_OK(Upsert(storage_, config, kFirst).status());
  const auto before = AllViews(storage_);
  const WriteOperationType op = table_wide ? WriteOperationType::kInsertOverwriteTable
                                           : WriteOperationType::kInsertOverwrite;
  ASSERT_OK_AND_ASSIGN(WriteResult r, Overwrite(storage_, config, kOverwrite, op));
  ASSERT_EQ(WithoutFirstColumn(Rows(storage_)),
            table_wide ? LatestTripRows({kOverwrite})
                       : LatestTripRows({{kFirst[2]}, kOverwrite}));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(auto metadata,
                       RollbackInstant(*table, r.instant_time, Options(config)));
  ASSERT_TRUE(metadata.has_value());
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan,
                       PlanOf(storage_, metadata->start_rollback_time));
  EXPECT_EQ(plan.instant_to_rollback, (InstantInfo{r.instant_time, "replacecommit"}));
  EXPECT_EQ(Sorted(*plan.rollback_requests), DeletesOf(r.stats));
  EXPECT_EQ(metadata->total_files_deleted, 1);
  EXPECT_EQ(InstantsAt(storage_, r.instant_time), std::vector<Instant>{});
  EXPECT_EQ(AllViews(storage_), before);
  ASSERT_OK(Upsert(storage_, config, kNext).status());
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)), (LatestTripRows({kFirst, kNext})));
}

// An insert_overwrite killed before its commit is rolled back by the next writer: from
// its CREATE markers (file id and instant filled in) or by listing (empty), its new base
// file deleted, its replacecommit files gone; the groups it would have replaced stay.
TEST_P(InflightReplaceRollbackTest, KilledReplacecommitRollsBack) {
  const auto [mor, markers] = GetParam();
  HoodieConfig config = Config(mor, markers);
  ASSERT_OK(Upsert(storage_, config, kFirst).status());
  ASSERT_OK(Upsert(storage_, config, kUpdates).status());
  const auto before = AllViews(storage_);
  ASSERT_OK_AND_ASSIGN(WriteResult r,
                       Overwrite(storage_, config, kOverwrite,
                                 WriteOperationType::kInsertOverwrite, /*commit=*/false));
  ASSERT_EQ(r.stats.size(), 1u);
  const WriteStat& stat = r.stats[0];
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(auto done, RollbackFailedWrites(*table, Options(config)));
  ASSERT_EQ(done.size(), 1u);
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan, PlanOf(storage_, done[0].start_rollback_time));
  EXPECT_EQ(plan.instant_to_rollback, (InstantInfo{r.instant_time, "replacecommit"}));
  const std::string path = JoinPath(kBase, *stat.path);
  EXPECT_EQ(*plan.rollback_requests,
            (std::vector<RollbackRequest>{
                markers ? Delete("sf", path, *stat.file_id, r.instant_time)
                        : Delete("sf", path)}));
  EXPECT_EQ(done[0].partition_metadata.at("sf").success_delete_files,
            (std::vector<std::string>{path}));
  EXPECT_EQ(InstantsAt(storage_, r.instant_time), std::vector<Instant>{});
  EXPECT_EQ(AllViews(storage_), before);
  ASSERT_OK(Upsert(storage_, config, kNext).status());
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)),
            (LatestTripRows({kFirst, kUpdates, kNext})));
}

INSTANTIATE_TEST_SUITE_P(Tables, CompletedReplaceRollbackTest,
                         ::testing::Combine(::testing::Bool(), ::testing::Bool()),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param) ? "Mor" : "Cow") +
                                  (std::get<1>(info.param) ? "OverwriteTable"
                                                           : "Overwrite");
                         });
INSTANTIATE_TEST_SUITE_P(Tables, InflightReplaceRollbackTest,
                         ::testing::Combine(::testing::Bool(), ::testing::Bool()),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param) ? "Mor" : "Cow") +
                                  (std::get<1>(info.param) ? "Markers" : "Listing");
                         });

// A listing plan for a deltacommit T plans no rollback block for a file group a
// completed replacecommit at or before T replaced: Hudi takes the latest slices from the
// file-system view (getLatestFileSlicesBeforeOrOn), which leaves replaced groups out.
// Files to delete are still chosen by T in their names. Here a replacecommit R < T
// (started before T, completed after T wrote, as with two writers) replaced sf's group.
TEST_F(RollbackEdgesTest, ListingPlanSkipsFileGroupsReplacedAtOrBeforeTheDeltacommit) {
  HoodieConfig config = Config(/*mor=*/true, /*markers=*/false);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(auto timeline, table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(std::string r, timeline.CreateNewInstantTime());
  ASSERT_OK_AND_ASSIGN(WriteResult failed, Upsert(storage_, config, kUpdates, false));
  ASSERT_LT(r, failed.instant_time);
  const Instant target{failed.instant_time, Action::kDeltaCommit, State::kInflight};
  ASSERT_OK_AND_ASSIGN(RollbackPlan unreplaced, PlanRollback(*table, target, false));
  ASSERT_EQ(unreplaced.rollback_requests->size(), 2u);  // a block in sf and in nyc

  std::string sf_group;
  for (const WriteStat& stat : first.stats) {
    if (*stat.partition_path == "sf") sf_group = *stat.file_id;
  }
  ReplaceCommitMetadata replace;
  replace.operation_type = WriteOperationType::kInsertOverwrite;
  replace.partition_to_replace_file_ids = {{"sf", {sf_group}}};
  Instant requested{r, Action::kReplaceCommit, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested, ""));
  ASSERT_OK_AND_ASSIGN(Instant inflight, timeline.TransitionToInflight(requested));
  ASSERT_OK(timeline.TransitionToComplete(inflight, replace.ToJson()).status());

  ASSERT_OK_AND_ASSIGN(RollbackPlan plan, PlanRollback(*table, target, false));
  std::vector<RollbackRequest> expected;
  for (const RollbackRequest& request : *unreplaced.rollback_requests) {
    if (request.partition_path != "sf") expected.push_back(request);
  }
  ASSERT_EQ(expected.size(), 1u);
  EXPECT_EQ(*plan.rollback_requests, expected);
  ASSERT_OK(RollbackFailedWrites(*table, Options(config)).status());
  EXPECT_EQ(WithoutFirstColumn(Rows(storage_)), (std::vector<std::string>{"k3|c|1|nyc"}));
}

}  // namespace
}  // namespace hoodie
