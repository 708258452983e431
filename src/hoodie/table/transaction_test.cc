// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/transaction_test.cc
/// \brief Tests of Transaction: the order of its hooks, what a failure at each step
/// leaves on the table, and the lock's release on every path.
#include "hoodie/table/transaction.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;

// Records Lock/Unlock calls into a shared log.
class RecordingLock : public LockManager {
 public:
  explicit RecordingLock(std::vector<std::string>* log)
      : LockManager(nullptr, "recording"), log_(log) {}
  ::arrow::Status Lock(const Instant& owner) override {
    log_->push_back("lock " + owner.timestamp);
    return ::arrow::Status::OK();
  }
  ::arrow::Status Unlock(const Instant& owner) override {
    log_->push_back("unlock " + owner.timestamp);
    return ::arrow::Status::OK();
  }

 private:
  std::vector<std::string>* log_;
};

class TransactionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    TableCreateOptions options;
    options.table_name = "t";
    options.record_key_fields = {"id"};
    ASSERT_OK_AND_ASSIGN(table_, TableMetaClient::Create(storage_, dir_.Join("t"), options));
    ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
    ASSERT_OK(timeline.CreateRequested(requested_));
    ASSERT_OK_AND_ASSIGN(inflight_, timeline.TransitionToInflight(requested_));
    // A marker, as a write leaves them, and a metadata table folder hoodie must disable.
    WriteMarkers markers(storage_, table_->base_path(), "001");
    ASSERT_OK(markers.Create(Marker{"p", "f1_0-1-0_001.parquet", IoType::kCreate}));
    ASSERT_OK(storage_->CreateDir(JoinPath(table_->meta_path(), "metadata/files")));
  }

  ::arrow::Result<bool> Exists(const std::string& relative) {
    return storage_->Exists(JoinPath(table_->base_path(), relative));
  }

  // Sets the table's hooks to ones that record what they see into log_.
  void UseRecordingHooks() {
    auto hooks = std::make_shared<CommitHooks>(*CommitHooks::Default());
    hooks->lock = std::make_shared<RecordingLock>(&log_);
    hooks->conflict_check = [this](const PreCommitContext& context) {
      std::string seen = "conflict check " + context.inflight.timestamp;
      if (context.started_on != nullptr) {
        seen += ", started on " + std::to_string(context.started_on->timeline().Count()) +
                " instants";
      }
      if (context.commit_metadata != nullptr) {
        seen += ", " + std::to_string(context.commit_metadata->partition_to_write_stats.size()) +
                " partitions written";
      }
      log_.push_back(seen);
      return conflict_;
    };
    hooks->post_commit.push_back(PostCommitHook{"the first hook", [this](const Instant& c) {
      auto metadata = Exists(".hoodie/metadata");
      auto markers = Exists(".hoodie/.temp/001");
      log_.push_back("post-commit " + c.timestamp + (c.IsCompleted() ? " completed" : "") +
                     (metadata.ok() && !*metadata ? ", no metadata table" : "") +
                     (markers.ok() && !*markers ? ", no markers" : ""));
      return ::arrow::Status::OK();
    }});
    hooks->post_commit.push_back(PostCommitHook{"the second hook", [this](const Instant&) {
      log_.push_back("second hook");
      return post_commit_;
    }});
    table_->SetCommitHooks(std::move(hooks));
  }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::shared_ptr<TableMetaClient> table_;
  Instant requested_{"001", Action::kCommit, State::kRequested};
  Instant inflight_;
  std::vector<std::string> log_;
  ::arrow::Status conflict_;
  ::arrow::Status post_commit_;
};

TEST_F(TransactionTest, HooksRunInHudisOrder) {
  UseRecordingHooks();
  ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
  EXPECT_THAT(log_, ElementsAre("lock 001"));
  ASSERT_OK_AND_ASSIGN(Instant completed, txn.Commit("{}"));
  EXPECT_EQ(completed, (Instant{"001", Action::kCommit, State::kCompleted}));
  EXPECT_TRUE(txn.committed());
  EXPECT_THAT(log_, ElementsAre("lock 001", "conflict check 001", "unlock 001",
                                "post-commit 001 completed, no metadata table, no markers",
                                "second hook"));
  ASSERT_OK_AND_ASSIGN(std::string bytes,
                       storage_->ReadAll(JoinPath(table_->meta_path(), "001.commit")));
  EXPECT_EQ(bytes, "{}");
  EXPECT_THAT(txn.Commit("{}"), StatusMessageHas("is already committed"));
}

TEST_F(TransactionTest, AConflictLeavesTheInstantInflightAndReleasesTheLock) {
  conflict_ = ::arrow::Status::Invalid("a concurrent commit wrote file group f1");
  {
    UseRecordingHooks();
    ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
    EXPECT_THAT(txn.Commit("{}"), StatusMessageHas("a concurrent commit wrote"));
    EXPECT_FALSE(txn.committed());
  }
  EXPECT_THAT(log_, ElementsAre("lock 001", "conflict check 001", "unlock 001"));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  EXPECT_THAT(timeline.timeline().instants(), ElementsAre(inflight_));
  // Nothing of the commit's tail ran: the markers and the metadata table stay.
  ASSERT_OK_AND_ASSIGN(bool markers, Exists(".hoodie/.temp/001"));
  EXPECT_TRUE(markers);
  ASSERT_OK_AND_ASSIGN(bool metadata, Exists(".hoodie/metadata"));
  EXPECT_TRUE(metadata);
}

TEST_F(TransactionTest, AFailingPostCommitHookSaysTheInstantIsCommitted) {
  post_commit_ = ::arrow::Status::IOError("disk full");
  UseRecordingHooks();
  ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
  EXPECT_THAT(txn.Commit("{}"),
              StatusMessageHas("instant 001 is committed, but the second hook after it "
                               "failed: disk full"));
  EXPECT_TRUE(txn.committed());
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  EXPECT_THAT(timeline.timeline().instants(),
              ElementsAre(Instant{"001", Action::kCommit, State::kCompleted}));
}

TEST_F(TransactionTest, PreCommitRunsOnceAndMayComeFirst) {
  UseRecordingHooks();
  ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
  ASSERT_OK(txn.PreCommit());
  // The metadata table is disabled before the action's own work.
  ASSERT_OK_AND_ASSIGN(bool metadata, Exists(".hoodie/metadata"));
  EXPECT_FALSE(metadata);
  ASSERT_OK(txn.Commit("{}").status());
  EXPECT_EQ(std::count(log_.begin(), log_.end(), "conflict check 001"), 1);
}

TEST_F(TransactionTest, OnlyAnInflightInstantBegins) {
  EXPECT_THAT(Transaction::Begin(table_, requested_),
              StatusMessageHas("Only an INFLIGHT instant can be committed"));
}

TEST_F(TransactionTest, DroppingAnUncommittedTransactionReleasesTheLock) {
  {
    UseRecordingHooks();
    ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
    Transaction moved = std::move(txn);
  }
  EXPECT_THAT(log_, ElementsAre("lock 001", "unlock 001"));
}

TEST_F(TransactionTest, PreCommitSeesTheStartTimelineAndTheCommitMetadata) {
  UseRecordingHooks();
  ASSERT_OK_AND_ASSIGN(ActiveTimeline started, table_->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(Transaction txn,
                       Transaction::Begin(table_, inflight_, StartedOn(started)));
  CommitMetadata metadata;
  WriteStat stat;
  stat.partition_path = "p";
  metadata.AddWriteStat("p", stat);
  metadata.AddWriteStat("q", stat);
  ASSERT_OK(txn.Commit(metadata.ToJson(), &metadata).status());
  EXPECT_THAT(log_, ::testing::Contains(
                        "conflict check 001, started on 1 instants, 2 partitions written"));
}

TEST_F(TransactionTest, TheActionsPostCommitWorkRunsBeforeTheTables) {
  UseRecordingHooks();
  TransactionOptions options;
  options.post_commit.push_back(PostCommitHook{"the inline table services", [this](const Instant&) {
    log_.push_back("inline services");
    return ::arrow::Status::OK();
  }});
  ASSERT_OK_AND_ASSIGN(Transaction txn,
                       Transaction::Begin(table_, inflight_, std::move(options)));
  ASSERT_OK(txn.Commit("{}").status());
  EXPECT_THAT(log_, ElementsAre("lock 001", "conflict check 001", "unlock 001",
                                "inline services",
                                "post-commit 001 completed, no metadata table, no markers",
                                "second hook"));
}

TEST_F(TransactionTest, AbandonDeletesTheInstantAndItsMarkersUnderTheLock) {
  UseRecordingHooks();
  ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
  ASSERT_OK(txn.Abandon());
  EXPECT_THAT(log_, ElementsAre("lock 001", "unlock 001"));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().instants().empty());
  EXPECT_TRUE(timeline.state_files().empty());
  ASSERT_OK_AND_ASSIGN(bool markers, Exists(".hoodie/.temp/001"));
  EXPECT_FALSE(markers);
  EXPECT_THAT(txn.Commit("{}"), StatusMessageHas("missing"));
}

TEST_F(TransactionTest, ByDefaultATableHasNoLockAndDisablesTheMetadataTable) {
  EXPECT_EQ(table_->commit_hooks(), CommitHooks::Default());
  EXPECT_EQ(table_->commit_hooks()->lock, nullptr);
  ASSERT_OK_AND_ASSIGN(Transaction txn, Transaction::Begin(table_, inflight_));
  ASSERT_OK(txn.Commit("{}").status());
  ASSERT_OK_AND_ASSIGN(bool metadata, Exists(".hoodie/metadata"));
  EXPECT_FALSE(metadata);
}

}  // namespace
}  // namespace hoodie
