// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_test.cc
/// \brief Rollback of failed writes: plans, metadata, the files left, and recovery after
/// a crash at every storage call of a write and of a rollback.

#include <algorithm>
#include <map>
#include <set>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/client/write_client.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/quiet_logs.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::RenderRows;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

constexpr char kBase[] = "/memory/trips";
const std::vector<std::string> kColumns = {"_hoodie_record_key", "name", "ts", "city"};

const std::vector<TripRow> kFirst = {
    {"k1", "a", 1, "sf"}, {"k2", "b", 1, "sf"}, {"k3", "c", 1, "nyc"}};
// Updates k1 and k3, inserts k4 into a new partition.
const std::vector<TripRow> kFailed = {
    {"k1", "a2", 2, "sf"}, {"k3", "c2", 2, "nyc"}, {"k4", "d", 2, "la"}};
const std::vector<TripRow> kNext = {{"k2", "b3", 3, "sf"}, {"k5", "e", 3, "nyc"}};

// "key|name|ts|city" rows of a model table: later rows replace earlier ones by key.
std::vector<std::string> Model(std::initializer_list<std::vector<TripRow>> writes) {
  std::map<std::string, TripRow> rows;
  for (const auto& write : writes) {
    for (const TripRow& row : write) rows[row.id] = row;
  }
  std::vector<std::string> out;
  for (const auto& [key, row] : rows) {
    out.push_back(key + "|" + row.name + "|" + std::to_string(row.ts) + "|" + row.city);
  }
  std::sort(out.begin(), out.end());
  return out;
}

::arrow::Result<std::vector<std::string>> ReadRows(std::shared_ptr<Storage> storage) {
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, kBase));
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(ReadOptions::Defaults()));
  return RenderRows(*data, kColumns);
}

// The snapshot rows, or one "error: ..." row.
std::vector<std::string> Rows(std::shared_ptr<Storage> storage) {
  auto rows = ReadRows(std::move(storage));
  if (!rows.ok()) return {"error: " + rows.status().ToString()};
  return *rows;
}

HoodieConfig Config(bool markers) {
  HoodieConfig config = TripConfig(/*partitioned=*/true);
  config.Set("hoodie.auto.commit", "false");
  config.Set("hoodie.rollback.using.markers", markers ? "true" : "false");
  return config;
}

::arrow::Result<std::unique_ptr<WriteClient>> NewClient(std::shared_ptr<Storage> storage,
                                                        const HoodieConfig& config) {
  return testing::NewWriterClient(std::move(storage), kBase, config);
}

// Upserts `rows`; commits unless `commit` is false (the writer dies before its commit).
::arrow::Result<WriteResult> Upsert(std::shared_ptr<Storage> storage,
                                    const HoodieConfig& config,
                                    const std::vector<TripRow>& rows,
                                    bool commit = true) {
  return testing::UpsertWithNewClient(std::move(storage), kBase, config, rows, commit);
}

// Every file below the base path whose name contains `instant_time`.
std::vector<std::string> FilesNaming(Storage* storage, const std::string& instant_time) {
  std::vector<std::string> out;
  for (const FileStatus& entry : storage->List(kBase, true).ValueOrDie()) {
    if (std::string(entry.name()).find(instant_time) != std::string::npos) {
      out.push_back(entry.path);
    }
  }
  return out;
}

std::vector<Instant> Instants(std::shared_ptr<Storage> storage) {
  return ActiveTimeline::Load(storage, std::string(kBase) + "/.hoodie")
      .ValueOrDie()
      .timeline()
      .instants();
}

std::vector<std::string> FullPaths(const WriteResult& result) {
  std::vector<std::string> out;
  for (const WriteStat& stat : result.stats) out.push_back(JoinPath(kBase, *stat.path));
  return out;
}

class RollbackTest : public ::testing::TestWithParam<bool> {
 protected:
  std::shared_ptr<Storage> storage_ = Storage::InMemory();
  testing::QuietLogs quiet_logs_;
};

// With markers (GetParam) or by listing, the next writer's StartCommit rolls the
// failed write back: plan, inflight, deletes, completed rollback metadata, no trace of
// the failed instant, and the rows of the commits before and after.
TEST_P(RollbackTest, NextWriterRollsBackFailedWrite) {
  const bool markers = GetParam();
  HoodieConfig config = Config(markers);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  ASSERT_OK_AND_ASSIGN(WriteResult failed, Upsert(storage_, config, kFailed, false));
  const std::string t = failed.instant_time;
  ASSERT_EQ(failed.stats.size(), 3u);  // sf and nyc merged, la created
  ASSERT_OK_AND_ASSIGN(WriteResult next, Upsert(storage_, config, kNext));

  std::vector<Instant> instants = Instants(storage_);
  ASSERT_EQ(instants.size(), 3u);
  const Instant rollback = instants[1];
  EXPECT_EQ(instants[0],
            (Instant{first.instant_time, Action::kCommit, State::kCompleted}));
  EXPECT_EQ(rollback.action, Action::kRollback);
  EXPECT_EQ(rollback.state, State::kCompleted);
  EXPECT_GT(rollback.timestamp, t);
  EXPECT_EQ(instants[2],
            (Instant{next.instant_time, Action::kCommit, State::kCompleted}));
  EXPECT_LT(rollback.timestamp, next.instant_time);

  ASSERT_OK_AND_ASSIGN(auto timeline,
                       ActiveTimeline::Load(storage_, std::string(kBase) + "/.hoodie"));
  ASSERT_OK_AND_ASSIGN(std::string plan_bytes,
                       timeline.ReadDetails(Instant{rollback.timestamp, Action::kRollback,
                                                    State::kRequested}));
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan, RollbackPlan::FromAvroBytes(plan_bytes));
  EXPECT_EQ(plan.instant_to_rollback, (InstantInfo{t, "commit"}));
  EXPECT_EQ(plan.version, 1);
  ASSERT_TRUE(plan.rollback_requests.has_value());
  std::vector<std::string> planned;
  for (const RollbackRequest& request : *plan.rollback_requests) {
    ASSERT_EQ(request.files_to_be_deleted.size(), 1u);
    // Hudi 0.15 names the base file's group and instant for a CREATE / MERGE marker,
    // and leaves both empty for a listed file.
    auto name = ParseBaseFileName(request.files_to_be_deleted[0]);
    ASSERT_OK(name.status());
    EXPECT_EQ(request.file_id, markers ? name->file_id : "");
    EXPECT_EQ(request.latest_base_instant, markers ? t : "");
    EXPECT_EQ(request.log_blocks_to_be_deleted, (std::map<std::string, int64_t>{}));
    EXPECT_EQ(JoinPath(JoinPath(kBase, request.partition_path),
                       std::string(FileName(request.files_to_be_deleted[0]))),
              request.files_to_be_deleted[0]);
    planned.push_back(request.files_to_be_deleted[0]);
  }
  std::vector<std::string> written = FullPaths(failed);
  std::sort(planned.begin(), planned.end());
  std::sort(written.begin(), written.end());
  EXPECT_EQ(planned, written);
  ASSERT_OK_AND_ASSIGN(auto inflight_bytes,
                       timeline.ReadDetails(Instant{rollback.timestamp, Action::kRollback,
                                                    State::kInflight}));
  EXPECT_EQ(inflight_bytes, "");

  ASSERT_OK_AND_ASSIGN(std::string bytes, timeline.ReadDetails(rollback));
  ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata, RollbackMetadata::FromAvroBytes(bytes));
  EXPECT_EQ(metadata.start_rollback_time, rollback.timestamp);
  EXPECT_EQ(metadata.commits_rollback, (std::vector<std::string>{t}));
  EXPECT_EQ(metadata.instants_rollback, (std::vector<InstantInfo>{{t, "commit"}}));
  EXPECT_EQ(metadata.total_files_deleted, 3);
  // time_taken_in_millis is wall time: nothing a test can pin beyond its type.
  std::map<std::string, RollbackPartitionMetadata> expected;
  for (const WriteStat& stat : failed.stats) {
    RollbackPartitionMetadata& partition = expected[*stat.partition_path];
    partition.partition_path = *stat.partition_path;
    partition.success_delete_files.push_back(JoinPath(kBase, *stat.path));
    partition.rollback_log_files = std::map<std::string, int64_t>{};
    partition.log_files_from_failed_commit = std::map<std::string, int64_t>{};
  }
  EXPECT_EQ(metadata.partition_metadata, expected);

  EXPECT_EQ(FilesNaming(storage_.get(), t), std::vector<std::string>{});
  EXPECT_EQ(
      FilesNaming(storage_.get(), rollback.timestamp),
      (std::vector<std::string>{
          std::string(kBase) + "/.hoodie/" + rollback.timestamp + ".rollback",
          std::string(kBase) + "/.hoodie/" + rollback.timestamp + ".rollback.inflight",
          std::string(kBase) + "/.hoodie/" + rollback.timestamp +
              ".rollback.requested",
          // The rollback's deltacommit in the metadata table (on by default); the
          // failed write never reached it.
          std::string(kBase) + "/.hoodie/metadata/.hoodie/" + rollback.timestamp +
              ".deltacommit",
          std::string(kBase) + "/.hoodie/metadata/.hoodie/" + rollback.timestamp +
              ".deltacommit.inflight",
          std::string(kBase) + "/.hoodie/metadata/.hoodie/" + rollback.timestamp +
              ".deltacommit.requested"}));
  EXPECT_EQ(Rows(storage_), (Model({kFirst, kNext})));
}

INSTANTIATE_TEST_SUITE_P(MarkersOrListing, RollbackTest, ::testing::Bool(),
                         [](const auto& info) {
                           return info.param ? "Markers" : "Listing";
                         });

TEST_F(RollbackTest, RequestedOnlyWriteGetsAnEmptyPlan) {
  HoodieConfig config = Config(true);
  ASSERT_OK(Upsert(storage_, config, kFirst).status());
  ASSERT_OK_AND_ASSIGN(auto client, NewClient(storage_, config));
  ASSERT_OK_AND_ASSIGN(std::string t, client->StartCommit());
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  ASSERT_OK_AND_ASSIGN(auto done, RollbackFailedWrites(*table, RollbackOptions{}));
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].commits_rollback, (std::vector<std::string>{t}));
  EXPECT_EQ(done[0].total_files_deleted, 0);
  EXPECT_TRUE(done[0].partition_metadata.empty());
  ASSERT_OK_AND_ASSIGN(auto timeline, table->LoadActiveTimeline());
  Instant requested{done[0].start_rollback_time, Action::kRollback, State::kRequested};
  ASSERT_OK_AND_ASSIGN(std::string bytes, timeline.ReadDetails(requested));
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan, RollbackPlan::FromAvroBytes(bytes));
  EXPECT_EQ(plan.rollback_requests, std::vector<RollbackRequest>{});
  EXPECT_EQ(FilesNaming(storage_.get(), t), std::vector<std::string>{});
}

TEST_F(RollbackTest, NeverAndLazyPoliciesKeepFailedWritesFromTheNextWrite) {
  HoodieConfig config = Config(true);
  config.Set("hoodie.cleaner.policy.failed.writes", "NEVER");
  ASSERT_OK(Upsert(storage_, config, kFirst).status());
  ASSERT_OK_AND_ASSIGN(WriteResult failed, Upsert(storage_, config, kFailed, false));
  ASSERT_OK(Upsert(storage_, config, kNext).status());
  EXPECT_EQ(Instants(storage_)[1],
            (Instant{failed.instant_time, Action::kCommit, State::kInflight}));
  EXPECT_EQ(Rows(storage_), (Model({kFirst, kNext})));
  // LAZY leaves them to the cleaner, which rolls back those whose heartbeat expired
  // (write_concurrency_test.cc): a writer's start rolls nothing back.
  config.Set("hoodie.cleaner.policy.failed.writes", "LAZY");
  ASSERT_OK_AND_ASSIGN(auto lazy, NewClient(storage_, config));
  ASSERT_OK(lazy->StartCommit().status());
  EXPECT_EQ(Instants(storage_)[1],
            (Instant{failed.instant_time, Action::kCommit, State::kInflight}));
}

TEST_F(RollbackTest, RollsBackTheLatestCompletedCommitOnly) {
  HoodieConfig config = Config(true);
  ASSERT_OK_AND_ASSIGN(WriteResult first, Upsert(storage_, config, kFirst));
  ASSERT_OK_AND_ASSIGN(WriteResult second, Upsert(storage_, config, kFailed));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, kBase));
  EXPECT_THAT(RollbackInstant(*table, first.instant_time, RollbackOptions{}),
              StatusMessageHas("completed after it"));
  ASSERT_OK_AND_ASSIGN(auto metadata,
                       RollbackInstant(*table, second.instant_time, RollbackOptions{}));
  ASSERT_TRUE(metadata.has_value());
  EXPECT_EQ(metadata->total_files_deleted, 3);
  EXPECT_EQ(FilesNaming(storage_.get(), second.instant_time), std::vector<std::string>{});
  EXPECT_EQ(Rows(storage_), (Model({kFirst})));
  EXPECT_EQ(RollbackInstant(*table, "20200101000000000", RollbackOptions{}).ValueOrDie(),
            std::nullopt);
}

// A writer killed at any storage call of its write leaves a table the next writer
// recovers: the failed instant is rolled back (or had committed), its files are gone
// and the rows are the model's.
TEST_F(RollbackTest, KilledWriteAtEveryStorageCallIsRolledBackByTheNextWriter) {
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
        storage->FailNthCall(operation, n);
        auto failed = Upsert(storage, config, kFailed);
        // Only a marker folder's deletion after the commit point may fail unseen, and
        // leave the folder of a completed instant behind, as Hudi's does.
        const bool tolerated = failed.ok();
        if (tolerated) ASSERT_TRUE(testing::FaultWasToleratedMarkerDeletion(*storage));
        storage->ClearFaults();
        std::vector<Instant> before = Instants(storage);
        std::optional<Instant> attempt;
        if (before.size() > 1) attempt = before[1];
        ASSERT_OK(Upsert(storage, config, kNext).status());
        bool committed = attempt && attempt->IsCompleted();
        EXPECT_EQ(Rows(storage),
                  (committed ? Model({kFirst, kFailed, kNext}) : Model({kFirst, kNext})));
        if (attempt && !committed) {
          EXPECT_EQ(FilesNaming(storage.get(), attempt->timestamp),
                    std::vector<std::string>{});
          std::vector<Instant> after = Instants(storage);
          ASSERT_EQ(after.size(), 3u);
          EXPECT_EQ(after[1].action, Action::kRollback);
          EXPECT_TRUE(after[1].IsCompleted());
        }
      }
    }
    EXPECT_GT(cases, 30);
    RecordProperty(markers ? "killed_write_cases_markers" : "killed_write_cases_listing",
                   cases);
  }
}

// A rollback killed at any storage call is finished by the next writer: one completed
// rollback of the failed instant, every planned file deleted, the model's rows.
TEST_F(RollbackTest, KilledRollbackAtEveryStorageCallIsFinishedByTheNextWriter) {
  HoodieConfig config = Config(true);
  std::string failed_instant;
  std::vector<std::string> failed_files;
  auto setup = [&]() {
    auto storage = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
    EXPECT_OK(Upsert(storage, config, kFirst).status());
    auto failed = Upsert(storage, config, kFailed, false);
    EXPECT_OK(failed.status());
    failed_instant = failed->instant_time;
    failed_files = FullPaths(*failed);
    std::sort(failed_files.begin(), failed_files.end());
    return storage;
  };
  auto roll_back = [&](std::shared_ptr<Storage> storage) {
    ARROW_ASSIGN_OR_RAISE(auto client, NewClient(storage, config));
    return client->StartCommit().status();
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
      ASSERT_OK(Upsert(storage, config, kNext).status());
      EXPECT_EQ(Rows(storage), (Model({kFirst, kNext})));
      EXPECT_EQ(FilesNaming(storage.get(), failed_instant), std::vector<std::string>{});
      std::vector<Instant> rollbacks;
      for (const Instant& instant : Instants(storage)) {
        if (instant.action == Action::kRollback) rollbacks.push_back(instant);
      }
      // A tolerated fault let StartCommit go on to request an instant, which the next
      // writer rolls back too.
      ASSERT_EQ(rollbacks.size(), tolerated ? 2u : 1u)
          << Timeline(Instants(storage)).ToString();
      ASSERT_TRUE(rollbacks[0].IsCompleted());
      ASSERT_OK_AND_ASSIGN(
          auto timeline, ActiveTimeline::Load(storage, std::string(kBase) + "/.hoodie"));
      ASSERT_OK_AND_ASSIGN(auto metadata,
                           RollbackMetadata::FromAvroBytes(
                               timeline.ReadDetails(rollbacks[0]).ValueOrDie()));
      EXPECT_EQ(metadata.commits_rollback, (std::vector<std::string>{failed_instant}));
      // A retried rollback reports the files an earlier attempt deleted as failed
      // deletes, as Hudi does; a retry after the instant files went deletes none.
      std::vector<std::string> seen;
      for (const auto& [partition, stat] : metadata.partition_metadata) {
        seen.insert(seen.end(), stat.success_delete_files.begin(),
                    stat.success_delete_files.end());
        seen.insert(seen.end(), stat.failed_delete_files.begin(),
                    stat.failed_delete_files.end());
      }
      std::sort(seen.begin(), seen.end());
      if (!seen.empty()) {
        EXPECT_EQ(seen, failed_files);
      }
    }
  }
  EXPECT_GT(cases, 10);
  RecordProperty("killed_rollback_cases", cases);
}

}  // namespace
}  // namespace hoodie
