// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/transaction.h
/// \brief The one commit path: every action that completes an instant (commit,
/// deltacommit, replacecommit, compaction, clean, rollback, savepoint, restore, and the
/// services to come) goes through a Transaction, which runs the table's commit hooks
/// (commit_hooks.h) in Hudi's order.
///
/// The order is Hudi 0.15's (BaseHoodieWriteClient.commitStats, BaseRollbackActionExecutor
/// .finishRollback, BaseHoodieTableServiceClient.completeCompaction):
///   1. begin: the lock is taken (TransactionManager.beginTransaction);
///   2. pre-commit: the conflict check (preCommit), then the metadata-table step
///      (writeTableMetadata), both seeing the instant's metadata and the timeline the
///      action began on;
///   3. complete: the instant's completed file is written, atomically (saveAsComplete);
///   4. the lock is released, the instant's marker folder deleted (quietDeleteMarkerDir);
///   5. post-commit: the action's own work (a write's inline table services, the hooks
///      added to its client, then its write commit callback), then the table's hooks
///      (metrics), in the order they were added.
/// An action that gives its instant up instead (WriteClient::Abort) ends the transaction
/// with Abandon, under the same lock.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/table/commit_hooks.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// \brief What one action brings to its transaction beside the table's hooks.
struct HOODIE_EXPORT TransactionOptions {
  /// The timeline the action began on (PreCommitContext::started_on); null for none.
  std::shared_ptr<const ActiveTimeline> started_on;
  /// Work run after this instant only, before the table's post-commit hooks: the inline
  /// table services of a write.
  std::vector<PostCommitHook> post_commit;
  /// What a write did to each record key (PreCommitContext::written_keys); null for
  /// none.
  std::shared_ptr<const WrittenKeys> written_keys;
};

/// The options of an action that began on `timeline` (a copy is kept).
HOODIE_EXPORT TransactionOptions StartedOn(const ActiveTimeline& timeline);

/// \brief One instant on its way to completion. Move-only; destroying it before Commit
/// releases the lock and leaves the instant pending, for the next writer's rollback.
class HOODIE_EXPORT Transaction {
 public:
  /// Begins completing `inflight` (an INFLIGHT instant of `table`) with the table's
  /// commit hooks (TableMetaClient::commit_hooks): takes the lock.
  static ::arrow::Result<Transaction> Begin(std::shared_ptr<TableMetaClient> table,
                                            Instant inflight,
                                            TransactionOptions options = {});

  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&& other) noexcept;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();

  /// The conflict check, then the metadata-table step, with `commit_metadata` (null for
  /// actions that write no files). Runs once: an action whose work must precede the
  /// metadata table's update (a rollback deleting files the metadata table lists) calls
  /// it before that work; Commit calls it otherwise. When it ran without the instant's
  /// metadata, Commit runs the metadata-table step once more with the completed file's
  /// content (a clean's or rollback's Avro metadata), as Hudi writes the metadata table
  /// from it before completing the instant.
  ::arrow::Status PreCommit(const CommitMetadata* commit_metadata = nullptr);

  /// Pre-commit (unless done), completes the instant with `content` as its completed
  /// file (the commit metadata JSON or the action's Avro metadata; `commit_metadata` is
  /// what the pre-commit steps see of it), releases the lock, deletes the instant's
  /// marker folder (a failure only warns: the commit is visible) and runs the
  /// post-commit hooks.
  /// \return the completed instant; an error from before the completed file was
  ///   written (the instant stays inflight, committed() is false) or from a post-commit
  ///   hook ("instant T is committed, but <what> after it failed: ...").
  ::arrow::Result<Instant> Commit(std::string_view content,
                                  const CommitMetadata* commit_metadata = nullptr);
  /// As above, for a write whose metadata names the file groups it replaces: the
  /// conflict check sees them (PreCommitContext::replace_metadata).
  ::arrow::Result<Instant> Commit(std::string_view content,
                                  const ReplaceCommitMetadata* commit_metadata);

  /// Gives the instant up instead of completing it: deletes its marker folder, then its
  /// inflight and requested files (inflight first, as Hudi's deletePending), and
  /// releases the lock. The action has deleted the files it wrote before.
  ::arrow::Status Abandon();

  /// Whether the instant's completed file has been written.
  bool committed() const { return committed_; }
  const Instant& instant() const { return inflight_; }

 private:
  Transaction(std::shared_ptr<TableMetaClient> table, Instant inflight,
              std::shared_ptr<const CommitHooks> hooks, TransactionOptions options);
  ::arrow::Status ReleaseLock();
  ::arrow::Status RunPreCommit(const CommitMetadata* commit_metadata,
                               std::string_view action_metadata);
  ::arrow::Status RunPostCommit(const Instant& completed) const;
  // The timeline to transition the instant on: the one the action began on, else one
  // listed now into `listed`.
  ::arrow::Result<const ActiveTimeline*> TransitionTimeline(
      std::optional<ActiveTimeline>* listed) const;

  std::shared_ptr<TableMetaClient> table_;
  Instant inflight_;
  std::shared_ptr<const CommitHooks> hooks_;
  TransactionOptions options_;
  bool locked_ = false;
  bool pre_committed_ = false;
  bool metadata_applied_ = false;  // the metadata-table step saw the instant's metadata
  bool committed_ = false;
  const ReplaceCommitMetadata* replace_metadata_ = nullptr;  // during Commit only
};

}  // namespace hoodie
