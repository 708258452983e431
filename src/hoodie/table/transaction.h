// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/transaction.h
/// \brief The one commit path: every action that completes an instant (commit,
/// deltacommit, replacecommit, compaction, rollback, and the services to come) goes
/// through a Transaction, whose ordered hooks are where locks, conflict checks, the
/// metadata table, inline services, callbacks and metrics plug in.
///
/// The order is Hudi 0.15's (BaseHoodieWriteClient.commitStats, BaseRollbackActionExecutor
/// .finishRollback, BaseHoodieTableServiceClient.completeCompaction):
///   1. begin: the lock is taken (TransactionManager.beginTransaction);
///   2. pre-commit: the conflict check (preCommit), then the metadata table is brought in
///      line, which for hoodie means disabled (metadata_table_guard_internal.h);
///   3. complete: the instant's completed file is written, atomically (saveAsComplete);
///   4. the lock is released, the instant's marker folder deleted (quietDeleteMarkerDir);
///   5. post-commit: inline table services, commit callbacks and metrics, in the order
///      they were added (runTableServicesInline, emitCommitMetrics, commitCallback).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/timeline/instant.h"

namespace hoodie {

class TableMetaClient;

/// \brief Serialises the commits of writers sharing a table (Hudi's LockProvider, behind
/// TransactionManager). A single writer needs none; lock providers arrive with
/// optimistic concurrency control, which refuses hoodie.write.lock.provider until then.
class LockProvider {
 public:
  virtual ~LockProvider() = default;
  /// Blocks until `owner` holds the table's lock. \return an error when it cannot.
  virtual ::arrow::Status Lock(const Instant& owner) = 0;
  /// Releases what Lock took.
  virtual ::arrow::Status Unlock(const Instant& owner) = 0;
};

/// \brief Pre-commit check of an instant against the table as it is under the lock
/// (Hudi's ConflictResolutionStrategy); an error aborts the commit, which stays inflight.
using ConflictCheck =
    std::function<::arrow::Status(const TableMetaClient& table, const Instant& inflight)>;

/// \brief Work run once an instant is complete. Its error is reported as the error of
/// the action, saying that the instant is committed nonetheless.
struct PostCommitHook {
  /// What the hook is, as the error message names it: "the inline table services".
  std::string what;
  std::function<::arrow::Status(const Instant& completed)> run;
};

/// \brief The hooks of a client's transactions. Default: no lock, no conflict check,
/// nothing after the commit.
struct CommitHooks {
  std::shared_ptr<LockProvider> lock;
  ConflictCheck conflict_check;
  std::vector<PostCommitHook> post_commit;
};

/// \brief One instant on its way to completion. Move-only; destroying it before Commit
/// releases the lock and leaves the instant pending, for the next writer's rollback.
class Transaction {
 public:
  /// Begins completing `inflight` (an INFLIGHT instant of `table`): takes the lock.
  static ::arrow::Result<Transaction> Begin(std::shared_ptr<TableMetaClient> table,
                                            Instant inflight, CommitHooks hooks = {});

  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&& other) noexcept;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();

  /// The conflict check, then the metadata-table guard. Runs once: an action whose work
  /// must precede the metadata table's update (a rollback deleting files the metadata
  /// table lists) calls it before that work; Commit calls it otherwise.
  ::arrow::Status PreCommit();

  /// Pre-commit (unless done), completes the instant with `metadata` as the content of
  /// its completed file, releases the lock, deletes the instant's marker folder (a
  /// failure only warns: the commit is visible) and runs the post-commit hooks.
  /// \return the completed instant; an error from before the completed file was
  ///   written (the instant stays inflight, committed() is false) or from a post-commit
  ///   hook ("instant T is committed, but <what> after it failed: ...").
  ::arrow::Result<Instant> Commit(std::string_view metadata);

  /// Whether the instant's completed file has been written.
  bool committed() const { return committed_; }
  const Instant& instant() const { return inflight_; }

 private:
  Transaction(std::shared_ptr<TableMetaClient> table, Instant inflight, CommitHooks hooks)
      : table_(std::move(table)), inflight_(std::move(inflight)), hooks_(std::move(hooks)) {}
  ::arrow::Status ReleaseLock();

  std::shared_ptr<TableMetaClient> table_;
  Instant inflight_;
  CommitHooks hooks_;
  bool locked_ = false;
  bool pre_committed_ = false;
  bool committed_ = false;
};

}  // namespace hoodie
