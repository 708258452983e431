// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_concurrency_test.cc
/// \brief Optimistic concurrency control between writers of one table, each with its
/// own client and meta client as separate processes have: the loser of a conflict
/// leaves nothing behind and gets kWriteConflict; writes to different file groups both
/// commit; LAZY cleaning rolls back only writes whose heartbeat expired.
#include <fcntl.h>
#include <sys/stat.h>

#include <ctime>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/common/error.h"
#include "hoodie/concurrency/early_conflict_detection.h"
#include "hoodie/concurrency/heartbeat.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

using testing::HasErrorCode;
using testing::NewWriterClient;
using testing::SnapshotRows;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

class WriteConcurrencyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    config_ = TripConfig(true);
    config_.Set("hoodie.write.concurrency.mode", "optimistic_concurrency_control");
    config_.Set("hoodie.write.lock.provider",
                "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider");
    config_.Set("hoodie.auto.commit", "false");
    config_.Set("hoodie.clean.automatic", "false");
    config_.Set("hoodie.archive.automatic", "false");
    ASSERT_OK_AND_ASSIGN(auto seed, NewWriterClient(storage_, base_, config_));
    ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(seed.get(), {{"a", "a0", 1, "sf"},
                                                                {"b", "b0", 1, "sf"}}));
    ASSERT_OK(seed->Commit(&first));
  }

  static ::arrow::Result<WriteResult> Upsert(WriteClient* client,
                                             const std::vector<TripRow>& rows) {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    return client->Upsert(instant, TripReader(rows).get());
  }

  ::arrow::Result<std::vector<std::string>> TimelineFiles() {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage_, base_));
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->ReloadActiveTimeline());
    std::vector<std::string> out;
    for (const Instant& instant : timeline.timeline().instants()) {
      out.push_back(instant.ToString());
    }
    return out;
  }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::string base_ = dir_.Join("trips");
  HoodieConfig config_;
};

TEST_F(WriteConcurrencyTest, LoserOfAnOverlapLeavesNothingAndGetsWriteConflict) {
  ASSERT_OK_AND_ASSIGN(auto first, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(auto second, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(WriteResult slow, Upsert(first.get(), {{"a", "a-slow", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult fast, Upsert(second.get(), {{"a", "a-fast", 2, "sf"}}));
  ASSERT_OK(second->Commit(&fast));
  const std::string file_group = fast.stats.at(0).file_id.value();

  ::arrow::Status lost = first->Commit(&slow);
  EXPECT_THAT(lost, HasErrorCode(ErrorCode::kWriteConflict));
  EXPECT_THAT(lost, StatusMessageHas("write conflict: instant " + slow.instant_time));
  EXPECT_THAT(lost, StatusMessageHas("instant " + fast.instant_time + " (commit, UPSERT)"));
  EXPECT_THAT(lost, StatusMessageHas(file_group + " in partition 'sf'"));
  EXPECT_FALSE(slow.committed);
  // Nothing of the loser stays: no instant, no file, no heartbeat, no lock.
  ASSERT_OK_AND_ASSIGN(auto timeline, TimelineFiles());
  for (const std::string& instant : timeline) {
    EXPECT_EQ(instant.find(slow.instant_time), std::string::npos) << instant;
  }
  for (const WriteStat& stat : slow.stats) {
    ASSERT_OK_AND_ASSIGN(bool exists, storage_->Exists(JoinPath(base_, stat.path.value())));
    EXPECT_FALSE(exists) << *stat.path;
  }
  ASSERT_OK_AND_ASSIGN(bool beating,
                       storage_->Exists(HeartbeatPath(base_, slow.instant_time)));
  EXPECT_FALSE(beating);
  ASSERT_OK_AND_ASSIGN(bool locked, storage_->Exists(JoinPath(base_, ".hoodie/lock")));
  EXPECT_FALSE(locked);
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base_, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a-fast", "b|b0"));

  // Run again from the table as it is now, it commits.
  ASSERT_OK_AND_ASSIGN(WriteResult again, Upsert(first.get(), {{"a", "a-slow", 3, "sf"}}));
  ASSERT_OK(first->Commit(&again));
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(base_, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a-slow", "b|b0"));
}

TEST_F(WriteConcurrencyTest, WritesToDifferentFileGroupsBothCommit) {
  ASSERT_OK_AND_ASSIGN(auto first, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(auto second, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(WriteResult la, Upsert(first.get(), {{"c", "c0", 1, "la"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult ny, Upsert(second.get(), {{"d", "d0", 1, "ny"}}));
  ASSERT_OK(second->Commit(&ny));
  ASSERT_OK(first->Commit(&la));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base_, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a0", "b|b0", "c|c0", "d|d0"));
}

TEST_F(WriteConcurrencyTest, AWriteThatCompletedWhileThisOnePendedIsChecked) {
  // The second write begins while the first is pending and finishes after it: the
  // first's instant is older than the second's last completed commit, so only the
  // instants pending at the start find it (getCompletedInstantsDuringCurrentWrite).
  ASSERT_OK_AND_ASSIGN(auto first, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(auto second, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(WriteResult older, Upsert(first.get(), {{"b", "b-older", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult newer, Upsert(second.get(), {{"b", "b-newer", 2, "sf"}}));
  ASSERT_OK(first->Commit(&older));
  EXPECT_THAT(second->Commit(&newer), HasErrorCode(ErrorCode::kWriteConflict));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base_, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a0", "b|b-older"));
}

TEST_F(WriteConcurrencyTest, TheStrategyIsChosenByClassName) {
  HoodieConfig simple = config_;
  simple.Set("hoodie.write.lock.conflict.resolution.strategy",
             "org.apache.hudi.client.transaction."
             "SimpleConcurrentFileWritesConflictResolutionStrategy");
  ASSERT_OK_AND_ASSIGN(auto first, NewWriterClient(storage_, base_, simple));
  ASSERT_OK_AND_ASSIGN(auto second, NewWriterClient(storage_, base_, simple));
  ASSERT_OK_AND_ASSIGN(WriteResult one, Upsert(first.get(), {{"a", "a1", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(WriteResult two, Upsert(second.get(), {{"a", "a2", 2, "sf"}}));
  ASSERT_OK(second->Commit(&two));
  EXPECT_THAT(first->Commit(&one), HasErrorCode(ErrorCode::kWriteConflict));

  HoodieConfig unknown = config_;
  unknown.Set("hoodie.write.lock.conflict.resolution.strategy", "com.example.Mine");
  EXPECT_THAT(NewWriterClient(storage_, base_, unknown),
              StatusMessageHas("hoodie.write.lock.conflict.resolution.strategy="
                               "com.example.Mine"));
}

// A compaction planned after a write began, on a file group the write changes: the
// write loses (its log files would land beside a slice the compaction replaces). One
// planned before the write began lets it commit (Hudi's resolveConflict).
TEST_F(WriteConcurrencyTest, AWriteLosesToACompactionPlannedAfterItBegan) {
  HoodieConfig mor = config_;
  mor.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  mor.Set("hoodie.compact.inline", "false");
  mor.Set("hoodie.compact.inline.max.delta.commits", "1");
  const std::string base = dir_.Join("mor");
  auto commit = [&](const std::vector<TripRow>& rows) -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto client, NewWriterClient(storage_, base, mor));
    ARROW_ASSIGN_OR_RAISE(WriteResult result, Upsert(client.get(), rows));
    return client->Commit(&result);
  };
  ASSERT_OK(commit({{"a", "a0", 1, "sf"}, {"b", "b0", 1, "sf"}}));
  ASSERT_OK(commit({{"a", "a1", 2, "sf"}}));

  ASSERT_OK_AND_ASSIGN(auto writer, NewWriterClient(storage_, base, mor));
  ASSERT_OK_AND_ASSIGN(WriteResult pending, Upsert(writer.get(), {{"b", "b-lost", 3, "sf"}}));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, base));
  ASSERT_OK(ConfigureCommitHooks(table.get(), mor));
  ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table, mor));
  ASSERT_TRUE(scheduled.has_value());
  ::arrow::Status lost = writer->Commit(&pending);
  EXPECT_THAT(lost, HasErrorCode(ErrorCode::kWriteConflict));
  EXPECT_THAT(lost, StatusMessageHas("(compaction, pending, COMPACT)"));

  // Planned before: the next write commits on top of the pending compaction.
  ASSERT_OK(commit({{"b", "b2", 4, "sf"}}));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a1", "b|b2"));
}

// With early conflict detection a write fails as it is about to write a file group
// another live write writes (its markers), and, checking commits too, one a commit made
// since it began wrote; without it, only at its commit.
TEST_F(WriteConcurrencyTest, EarlyConflictDetectionFailsAWriteBeforeItsFiles) {
  HoodieConfig early = config_;
  early.Set("hoodie.write.concurrency.early.conflict.detection.enable", "true");
  early.Set("hoodie.write.concurrency.early.conflict.detection.strategy",
            "org.apache.hudi.table.marker.SimpleDirectMarkerBasedDetectionStrategy");
  ASSERT_OK_AND_ASSIGN(auto first, NewWriterClient(storage_, base_, early));
  ASSERT_OK_AND_ASSIGN(auto second, NewWriterClient(storage_, base_, early));
  ASSERT_OK_AND_ASSIGN(WriteResult live, Upsert(first.get(), {{"a", "a1", 2, "sf"}}));
  auto early_lost = Upsert(second.get(), {{"a", "a2", 2, "sf"}});
  EXPECT_THAT(early_lost, HasErrorCode(ErrorCode::kWriteConflict));
  EXPECT_THAT(early_lost, StatusMessageHas("early conflict detection"));
  EXPECT_THAT(early_lost, StatusMessageHas("the live write " + live.instant_time));
  // A write to a file group of its own is not stopped.
  ASSERT_OK_AND_ASSIGN(auto third, NewWriterClient(storage_, base_, early));
  ASSERT_OK_AND_ASSIGN(WriteResult own, Upsert(third.get(), {{"z", "z0", 1, "la"}}));
  ASSERT_OK(first->Commit(&live));
  ASSERT_OK(third->Commit(&own));

  // With the commits checked too: a file group a commit changed since the write began
  // (the write's timeline listed before that commit) is a conflict as well.
  early.Set("hoodie.write.concurrency.early.conflict.check.commit.conflict", "true");
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, base_));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline began, table->ReloadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(WriteResult before, Upsert(first.get(), {{"b", "b1", 2, "sf"}}));
  ASSERT_OK(first->Commit(&before));
  const Marker marker{"sf", MakeBaseFileName(before.stats.at(0).file_id.value(), "0-0-0",
                                             "29991231235959999"),
                      IoType::kMerge};
  ASSERT_OK_AND_ASSIGN(EarlyConflictDetectionOptions checks,
                       EarlyConflictDetectionOptions::FromConfig(early));
  auto check = MakeMarkerConflictCheck(table, "29991231235959999",
                                       std::make_shared<const ActiveTimeline>(began), checks);
  ::arrow::Status stale = check(marker);
  EXPECT_THAT(stale, HasErrorCode(ErrorCode::kWriteConflict));
  EXPECT_THAT(stale, StatusMessageHas("commit " + before.instant_time));
  checks.check_commit_conflict = false;
  EXPECT_OK(MakeMarkerConflictCheck(table, "29991231235959999",
                                    std::make_shared<const ActiveTimeline>(began), checks)(marker));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base_, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a1", "b|b1", "z|z0"));

  HoodieConfig single = TripConfig(true);
  single.Set("hoodie.write.concurrency.early.conflict.detection.enable", "true");
  EXPECT_THAT(NewWriterClient(storage_, base_, single),
              StatusMessageHas("set hoodie.write.concurrency.mode=OPTIMISTIC_CONCURRENCY_CONTROL"));
}

TEST_F(WriteConcurrencyTest, OptimisticConcurrencyRefusesEagerFailedWrites) {
  HoodieConfig eager = config_;
  eager.Set("hoodie.cleaner.policy.failed.writes", "EAGER");
  auto client = NewWriterClient(storage_, base_, eager);
  EXPECT_THAT(client, StatusMessageHas("hoodie.cleaner.policy.failed.writes=LAZY"));
}

// Ages a heartbeat file by `seconds`, as a writer killed that long ago leaves it.
void AgeHeartbeat(const std::string& base, const std::string& instant, int seconds) {
  struct timespec times[2];
  times[0].tv_sec = times[1].tv_sec = time(nullptr) - seconds;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  ASSERT_EQ(utimensat(AT_FDCWD, HeartbeatPath(base, instant).c_str(), times, 0), 0);
}

TEST_F(WriteConcurrencyTest, LazyCleanRollsBackOnlyWritesWhoseHeartbeatExpired) {
  std::string dead_instant;
  {
    ASSERT_OK_AND_ASSIGN(auto dead, NewWriterClient(storage_, base_, config_));
    ASSERT_OK_AND_ASSIGN(WriteResult written, Upsert(dead.get(), {{"e", "e0", 1, "la"}}));
    dead_instant = written.instant_time;
  }  // killed before its commit: its heartbeat stops
  // Expired after interval x tolerable misses: 1 s here, the default being 2 minutes.
  AgeHeartbeat(base_, dead_instant, 3);
  ASSERT_OK_AND_ASSIGN(auto live, NewWriterClient(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(WriteResult pending, Upsert(live.get(), {{"f", "f0", 1, "ny"}}));

  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, base_));
  HoodieConfig cleaner = config_;
  cleaner.Set("hoodie.client.heartbeat.interval_in_ms", "1000");
  cleaner.Set("hoodie.client.heartbeat.tolerable.misses", "1");
  ASSERT_OK_AND_ASSIGN(CleanOptions clean, CleanOptions::FromConfig(cleaner));
  ASSERT_OK(RunClean(table, clean).status());

  ASSERT_OK_AND_ASSIGN(auto timeline, TimelineFiles());
  bool dead_pending = false;
  bool live_pending = false;
  for (const std::string& instant : timeline) {
    if (instant.find(dead_instant) != std::string::npos &&
        instant.find("rollback") == std::string::npos) {
      dead_pending = true;
    }
    if (instant.find(pending.instant_time) != std::string::npos) live_pending = true;
  }
  EXPECT_FALSE(dead_pending);
  EXPECT_TRUE(live_pending);
  ASSERT_OK_AND_ASSIGN(bool beating, storage_->Exists(HeartbeatPath(base_, dead_instant)));
  EXPECT_FALSE(beating);
  ASSERT_OK(live->Commit(&pending));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base_, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|a0", "b|b0", "f|f0"));
}

}  // namespace
}  // namespace hoodie
