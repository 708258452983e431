// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table_commit_hooks_test.cc
/// \brief The commit hooks belong to the table: hooks set once on a TableMetaClient
/// cover the instants of every action on it, writes and table services alike.

#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/restore.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/client/write_client.h"
#include "hoodie/config/write_config.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using ::testing::ElementsAre;

// Records "<action> <lock|unlock>" for every instant that takes the lock.
class RecordingLock : public LockManager {
 public:
  explicit RecordingLock(std::vector<std::string>* log)
      : LockManager(nullptr, "recording"), log_(log) {}
  ::arrow::Status Lock(const Instant& owner) override {
    log_->push_back(std::string(ActionName(owner.action)) + " lock");
    return ::arrow::Status::OK();
  }
  ::arrow::Status Unlock(const Instant& owner) override {
    log_->push_back(std::string(ActionName(owner.action)) + " unlock");
    return ::arrow::Status::OK();
  }

 private:
  std::vector<std::string>* log_;
};

TEST(TableCommitHooksTest, HooksSetOnceOnTheTableCoverEveryAction) {
  testing::TempDir dir;
  std::shared_ptr<Storage> storage = Storage::Local();
  const std::string base = dir.Join("trips");
  HoodieConfig config = testing::TripConfig(true);
  config.Set(WriteConfig::kAutoCommit, false);
  ASSERT_OK_AND_ASSIGN(auto table, WriteClient::OpenOrCreateTable(storage, base, config));
  std::vector<std::string> log;
  auto hooks = std::make_shared<CommitHooks>(*CommitHooks::Default());
  hooks->lock = std::make_shared<RecordingLock>(&log);
  hooks->post_commit.push_back(PostCommitHook{"the recorder", [&log](const Instant& done) {
    log.push_back(std::string(ActionName(done.action)) + " completed");
    return ::arrow::Status::OK();
  }});
  table->SetCommitHooks(hooks);
  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(table, config));
  auto write = [&](const std::vector<testing::TripRow>& rows) -> ::arrow::Result<WriteResult> {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    return client->Upsert(instant, testing::TripReader(rows).get());
  };

  ASSERT_OK_AND_ASSIGN(WriteResult first, write({{"a", "x", 1, "sf"}}));
  ASSERT_OK(client->Commit(&first));
  ASSERT_OK(CreateSavepoint(table, SavepointRequest{}).status());
  ASSERT_OK_AND_ASSIGN(WriteResult aborted, write({{"b", "y", 2, "sf"}}));
  ASSERT_OK(client->Abort(aborted.instant_time));
  // Left inflight: the next StartCommit rolls it back (EAGER) before it begins.
  ASSERT_OK(write({{"c", "z", 3, "la"}}).status());
  ASSERT_OK_AND_ASSIGN(WriteResult last, write({{"d", "w", 4, "la"}}));
  ASSERT_OK(client->Commit(&last));
  ASSERT_OK(RestoreToInstant(table, first.instant_time, false, RollbackOptions{}).status());

  // Every step that takes the lock, in order. A write starts its instant under the lock;
  // its inline services plan their clean and archive under it too (archival's owner is
  // recorded as a commit); a rollback is planned under it, then completed under it.
  std::vector<std::string> expected;
  auto add = [&expected](std::initializer_list<const char*> steps) {
    expected.insert(expected.end(), steps.begin(), steps.end());
  };
  auto start = [&] { add({"commit lock", "commit unlock"}); };
  auto commit = [&] {
    add({"commit lock", "commit unlock", "clean lock", "clean unlock", "commit lock",
         "commit unlock", "commit completed"});
  };
  auto rollback = [&] {
    add({"rollback lock", "rollback unlock", "rollback lock", "rollback unlock",
         "rollback completed"});
  };
  start();
  commit();
  add({"savepoint lock", "savepoint unlock", "savepoint completed"});
  start();
  add({"commit lock", "commit unlock"});  // the abort gives its instant up under the lock
  start();     // the write left inflight
  rollback();  // rolled back (EAGER) as the next write starts
  start();
  commit();
  rollback();  // the restore's rollback of `last`, then the restore
  add({"restore lock", "restore unlock", "restore completed"});
  EXPECT_THAT(log, ::testing::ElementsAreArray(expected));
  ASSERT_OK_AND_ASSIGN(auto rows, testing::SnapshotRows(base, {"id", "name"}));
  EXPECT_THAT(rows, ElementsAre("a|x"));
}

}  // namespace
}  // namespace hoodie
