// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/table_services_kill_test.cc
/// \brief Kill tests of archival, savepoint and restore: each storage call in turn fails
/// (the process "dies" there); the next run of the same command must end in the state a
/// run without faults reaches, as Hudi's next run does.

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/archiver.h"
#include "hoodie/actions/restore.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/archived_timeline.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::TripConfig;

constexpr StorageOperation kOperations[] = {
    StorageOperation::kOpenForRead, StorageOperation::kReadRange,
    StorageOperation::kReadAll,     StorageOperation::kCreate,
    StorageOperation::kWriteAll,    StorageOperation::kCreateImmutable,
    StorageOperation::kRename,      StorageOperation::kSync,
    StorageOperation::kDeleteFile,  StorageOperation::kDeleteDir,
    StorageOperation::kCreateDir,   StorageOperation::kExists,
    StorageOperation::kGetFileStatus, StorageOperation::kList};

class TableServicesKillTest : public ::testing::Test {
 protected:
  // Without a metadata table, whose compaction would hold archival back: these runs
  // kill the data table's own services (metadata-writer-test kills its writer).
  void SetUp() override {
    HoodieConfig config = TripConfig(false);
    config.Set("hoodie.metadata.enable", "false");
    for (int i = 0; i < 6; ++i) {
      ASSERT_OK_AND_ASSIGN(
          WriteResult result,
          testing::UpsertWithNewClient(Storage::Local(), source_, config,
                                       {{"k" + std::to_string(i % 2), "v" + std::to_string(i), i, "sf"}},
                                       /*commit=*/false));
      commits_.push_back(result.instant_time);
    }
  }

  // A fresh copy of the source table at `name`, served through `faults_`.
  std::string Copy(const std::string& name) {
    std::string path = dir_.Join(name);
    std::filesystem::remove_all(path);
    std::filesystem::copy(source_, path, std::filesystem::copy_options::recursive);
    return path;
  }

  ::arrow::Result<std::shared_ptr<TableMetaClient>> Table(const std::string& path) {
    return TableMetaClient::Load(faults_, path);
  }

  std::vector<std::string> CompletedWrites(const std::string& path) {
    ActiveTimeline timeline = TableMetaClient::Load(Storage::Local(), path)
                                  .ValueOrDie()
                                  ->LoadActiveTimeline()
                                  .ValueOrDie();
    return timeline.timeline().GetCommitsAndCompactionTimeline().FilterCompleted().Timestamps();
  }

  std::set<std::string> Archived(const std::string& path) {
    auto archived = ArchivedTimeline::Load(Storage::Local(), path + "/.hoodie/archived").ValueOrDie();
    Timeline instants = archived.ToTimeline().ValueOrDie();
    std::vector<std::string> times = instants.FilterCompleted().Timestamps();
    return {times.begin(), times.end()};
  }

  // Runs `action` on fresh copies with the n-th call of each operation failing, then
  // again without faults, and checks `check` after each recovery. Returns the runs.
  template <typename Action, typename Check>
  int KillEverywhere(Action action, Check check) {
    int runs = 0;
    for (StorageOperation operation : kOperations) {
      for (int64_t n = 1;; ++n) {
        std::string path = Copy("kill");
        faults_->ClearFaults();
        faults_->ResetCounts();
        faults_->FailNthCall(operation, n);
        ::arrow::Status first = action(path);
        const bool fired = faults_->injected_fault_count() > 0;
        faults_->ClearFaults();
        if (!fired) break;  // the action made fewer than n such calls
        ++runs;
        if (first.ok()) {
          // The failure was absorbed (a quiet delete, a probe); the state must be final.
          check(path, StorageOperationName(operation) + std::string(" #") + std::to_string(n));
          continue;
        }
        ::arrow::Status again = action(path);
        EXPECT_TRUE(again.ok()) << StorageOperationName(operation) << " #" << n << ": "
                                << again.ToString();
        check(path, StorageOperationName(operation) + std::string(" #") + std::to_string(n));
      }
    }
    return runs;
  }

  testing::TempDir dir_;
  std::string source_ = dir_.Join("source");
  std::shared_ptr<FaultInjectingStorage> faults_ =
      std::make_shared<FaultInjectingStorage>(Storage::Local());
  std::vector<std::string> commits_;
};

ArchiveOptions Retention() {
  HoodieConfig config;
  config.Set("hoodie.keep.min.commits", "2");
  config.Set("hoodie.keep.max.commits", "3");
  config.Set("hoodie.cleaner.commits.retained", "1");
  config.Set("hoodie.commits.archival.batch", "2");
  return ArchiveOptions::FromConfig(config).ValueOrDie();
}

TEST_F(TableServicesKillTest, ArchivalKilledAtAnyStorageCallLosesNoInstant) {
  const ArchiveOptions options = Retention();
  // Archival after a failure may find the instants of the failed run both archived and
  // active: it archives them again when keep.max is still exceeded, as Hudi's does, or
  // leaves them active (a kill while deleting the last completed files leaves 3 commits,
  // not more than keep.max). Either way no instant is lost and reads are unchanged.
  int runs = KillEverywhere(
      [&](const std::string& path) -> ::arrow::Status {
        ARROW_ASSIGN_OR_RAISE(auto table, Table(path));
        return RunArchive(table, options).status();
      },
      [&](const std::string& path, const std::string& where) {
        std::vector<std::string> active = CompletedWrites(path);
        ASSERT_GE(active.size(), 2u) << where;
        EXPECT_EQ(active[active.size() - 2], commits_[4]) << where;
        EXPECT_EQ(active.back(), commits_[5]) << where;
        std::set<std::string> archived = Archived(path);
        for (const std::string& commit : commits_) {
          bool kept = std::find(active.begin(), active.end(), commit) != active.end();
          EXPECT_TRUE(kept || archived.count(commit)) << where << ": " << commit << " lost";
        }
        EXPECT_EQ(testing::SnapshotRows(path, {"_hoodie_record_key", "name"}).ValueOrDie(),
                  (std::vector<std::string>{"k0|v4", "k1|v5"}))
            << where;
      });
  // And without faults the oldest four leave.
  std::string clean_run = Copy("clean");
  faults_->ClearFaults();
  ASSERT_OK(RunArchive(Table(clean_run).ValueOrDie(), options).status());
  EXPECT_EQ(CompletedWrites(clean_run), (std::vector<std::string>{commits_[4], commits_[5]}));
  EXPECT_EQ(Archived(clean_run),
            (std::set<std::string>{commits_[0], commits_[1], commits_[2], commits_[3]}));
  EXPECT_GT(runs, 20);
}

TEST_F(TableServicesKillTest, SavepointKilledAtAnyStorageCallIsMadeByTheNextAttempt) {
  int runs = KillEverywhere(
      [&](const std::string& path) -> ::arrow::Status {
        // A killed savepoint leaves at most its inflight file; the same command run
        // again completes it, nothing cleared by hand in between.
        ARROW_ASSIGN_OR_RAISE(auto table, Table(path));
        SavepointRequest request;
        request.instant = commits_[3];
        auto made = CreateSavepoint(table, request);
        if (!made.ok() && made.status().IsAlreadyExists()) return ::arrow::Status::OK();
        return made.status();
      },
      [&](const std::string& path, const std::string& where) {
        auto listed = ListSavepoints(*TableMetaClient::Load(Storage::Local(), path).ValueOrDie());
        ASSERT_TRUE(listed.ok()) << where << ": " << listed.status().ToString();
        ASSERT_EQ(listed->size(), 1u) << where;
        EXPECT_EQ((*listed)[0].first, commits_[3]) << where;
      });
  EXPECT_GT(runs, 5);
}

// The state a kill after `T.savepoint.inflight` leaves (or `T.savepoint` removed by
// hand): create completes it, delete clears it.
TEST_F(TableServicesKillTest, SavepointLeftInflightIsCompletedByCreateAndClearedByDelete) {
  std::string path = Copy("inflight");
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(Storage::Local(), path));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Instant first{commits_[3], Action::kSavepoint, State::kInflight};
  const Instant second{commits_[4], Action::kSavepoint, State::kInflight};
  ASSERT_OK(timeline.CreateRequested(first));
  ASSERT_OK(timeline.CreateRequested(second));
  ASSERT_OK_AND_ASSIGN(auto listed, ListSavepoints(*table));
  EXPECT_TRUE(listed.empty());

  SavepointRequest request;
  request.instant = commits_[3];
  ASSERT_OK_AND_ASSIGN(auto made, CreateSavepoint(table, request));
  EXPECT_EQ(made.first, commits_[3]);
  EXPECT_FALSE(made.second.partition_metadata.empty());
  ASSERT_OK_AND_ASSIGN(listed, ListSavepoints(*table));
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].first, commits_[3]);
  EXPECT_TRUE(std::filesystem::exists(path + "/.hoodie/" + commits_[3] + ".savepoint"));
  // Completed now: a second create is refused as Hudi refuses it.
  EXPECT_TRUE(CreateSavepoint(table, request).status().IsAlreadyExists());

  ASSERT_OK_AND_ASSIGN(bool deleted, DeleteSavepoint(*table, commits_[4]));
  EXPECT_TRUE(deleted);
  EXPECT_FALSE(
      std::filesystem::exists(path + "/.hoodie/" + commits_[4] + ".savepoint.inflight"));
  ASSERT_OK_AND_ASSIGN(deleted, DeleteSavepoint(*table, commits_[4]));
  EXPECT_FALSE(deleted);
}

TEST_F(TableServicesKillTest, RestoreKilledAtAnyStorageCallResumesFromItsPlan) {
  RollbackOptions rollback;
  int runs = KillEverywhere(
      [&](const std::string& path) -> ::arrow::Status {
        ARROW_ASSIGN_OR_RAISE(auto table, Table(path));
        return RestoreToInstant(table, commits_[3], false, rollback).status();
      },
      [&](const std::string& path, const std::string& where) {
        EXPECT_EQ(CompletedWrites(path).back(), commits_[3]) << where;
        EXPECT_EQ(testing::SnapshotRows(path, {"_hoodie_record_key", "name"}).ValueOrDie(),
                  (std::vector<std::string>{"k0|v2", "k1|v3"}))
            << where;
        ActiveTimeline timeline = TableMetaClient::Load(Storage::Local(), path)
                                      .ValueOrDie()
                                      ->LoadActiveTimeline()
                                      .ValueOrDie();
        // A restore killed after R.restore and run again adds an empty restore, as Hudi's does.
        EXPECT_GE(timeline.timeline().GetRestoreTimeline().FilterCompleted().Count(), 1u) << where;
        EXPECT_TRUE(timeline.timeline().GetRestoreTimeline().FilterPending().Empty()) << where;
        EXPECT_TRUE(timeline.timeline().GetRollbackTimeline().Empty()) << where;
      });
  EXPECT_GT(runs, 20);
}

}  // namespace
}  // namespace hoodie
