// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/transaction.cc
/// \brief Transaction: begin, pre-commit, complete and post-commit, in Hudi's order.

#include "hoodie/table/transaction.h"

#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/metadata_table_guard_internal.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

::arrow::Result<Transaction> Transaction::Begin(std::shared_ptr<TableMetaClient> table,
                                                Instant inflight, CommitHooks hooks) {
  if (!inflight.IsInflight()) {
    return ::arrow::Status::Invalid("Only an INFLIGHT instant can be committed: ",
                                    inflight.ToString());
  }
  Transaction txn(std::move(table), std::move(inflight), std::move(hooks));
  if (txn.hooks_.lock != nullptr) {
    ARROW_RETURN_NOT_OK(txn.hooks_.lock->Lock(txn.inflight_));
    txn.locked_ = true;
  }
  return txn;
}

Transaction::Transaction(Transaction&& other) noexcept
    : table_(std::move(other.table_)),
      inflight_(std::move(other.inflight_)),
      hooks_(std::move(other.hooks_)),
      locked_(std::exchange(other.locked_, false)),
      pre_committed_(other.pre_committed_),
      committed_(other.committed_) {}

Transaction& Transaction::operator=(Transaction&& other) noexcept {
  if (this != &other) {
    HOODIE_WARN_NOT_OK(ReleaseLock(), "releasing the lock of " + inflight_.ToString());
    table_ = std::move(other.table_);
    inflight_ = std::move(other.inflight_);
    hooks_ = std::move(other.hooks_);
    locked_ = std::exchange(other.locked_, false);
    pre_committed_ = other.pre_committed_;
    committed_ = other.committed_;
  }
  return *this;
}

Transaction::~Transaction() {
  HOODIE_WARN_NOT_OK(ReleaseLock(), "releasing the lock of " + inflight_.ToString());
}

::arrow::Status Transaction::ReleaseLock() {
  if (!locked_) return ::arrow::Status::OK();
  locked_ = false;
  return hooks_.lock->Unlock(inflight_);
}

::arrow::Status Transaction::PreCommit() {
  if (pre_committed_) return ::arrow::Status::OK();
  if (hooks_.conflict_check) {
    ARROW_RETURN_NOT_OK(hooks_.conflict_check(*table_, inflight_));
  }
  // A commit the metadata table does not list would be invisible to its readers.
  ARROW_RETURN_NOT_OK(internal::DisableMetadataTable(table_.get()).status());
  pre_committed_ = true;
  return ::arrow::Status::OK();
}

::arrow::Result<Instant> Transaction::Commit(std::string_view metadata) {
  if (committed_) {
    return ::arrow::Status::Invalid(inflight_.ToString(), " is already committed");
  }
  ARROW_RETURN_NOT_OK(PreCommit());
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(Instant completed,
                        timeline.TransitionToComplete(inflight_, metadata));
  committed_ = true;
  ARROW_RETURN_NOT_OK(ReleaseLock());
  // Committed: a marker folder left behind is harmless, as in Hudi's
  // quietDeleteMarkerDir (the next rollback or clean ignores it).
  HOODIE_WARN_NOT_OK(
      WriteMarkers(table_->storage(), table_->base_path(), inflight_.timestamp)
          .DeleteFolder(),
      "deleting the markers of " + completed.ToString());
  for (const PostCommitHook& hook : hooks_.post_commit) {
    ::arrow::Status status = hook.run(completed);
    if (!status.ok()) {
      return status.WithMessage("instant ", completed.timestamp, " is committed, but ",
                                hook.what, " after it failed: ", status.message());
    }
  }
  return completed;
}

}  // namespace hoodie
