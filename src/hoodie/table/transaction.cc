// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/transaction.cc
/// \brief Transaction: begin, pre-commit, complete and post-commit, in Hudi's order.

#include "hoodie/table/transaction.h"

#include <optional>
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

TransactionOptions StartedOn(const ActiveTimeline& timeline) {
  TransactionOptions options;
  options.started_on = std::make_shared<const ActiveTimeline>(timeline);
  return options;
}

Transaction::Transaction(std::shared_ptr<TableMetaClient> table, Instant inflight,
                         std::shared_ptr<const CommitHooks> hooks,
                         TransactionOptions options)
    : table_(std::move(table)),
      inflight_(std::move(inflight)),
      hooks_(std::move(hooks)),
      options_(std::move(options)) {}

::arrow::Result<Transaction> Transaction::Begin(std::shared_ptr<TableMetaClient> table,
                                                Instant inflight,
                                                TransactionOptions options) {
  if (!inflight.IsInflight()) {
    return ::arrow::Status::Invalid("Only an INFLIGHT instant can be committed: ",
                                    inflight.ToString());
  }
  std::shared_ptr<const CommitHooks> hooks = table->commit_hooks();
  Transaction txn(std::move(table), std::move(inflight), std::move(hooks),
                  std::move(options));
  if (txn.hooks_->lock != nullptr) {
    ARROW_RETURN_NOT_OK(txn.hooks_->lock->Lock(txn.inflight_));
    txn.locked_ = true;
  }
  return txn;
}

Transaction::Transaction(Transaction&& other) noexcept
    : table_(std::move(other.table_)),
      inflight_(std::move(other.inflight_)),
      hooks_(std::move(other.hooks_)),
      options_(std::move(other.options_)),
      locked_(std::exchange(other.locked_, false)),
      pre_committed_(other.pre_committed_),
      committed_(other.committed_) {}

Transaction& Transaction::operator=(Transaction&& other) noexcept {
  if (this != &other) {
    HOODIE_WARN_NOT_OK(ReleaseLock(), "releasing the lock of " + inflight_.ToString());
    table_ = std::move(other.table_);
    inflight_ = std::move(other.inflight_);
    hooks_ = std::move(other.hooks_);
    options_ = std::move(other.options_);
    locked_ = std::exchange(other.locked_, false);
    pre_committed_ = other.pre_committed_;
    metadata_applied_ = other.metadata_applied_;
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
  return hooks_->lock->Unlock(inflight_);
}

::arrow::Status Transaction::PreCommit(const CommitMetadata* commit_metadata) {
  return RunPreCommit(commit_metadata, /*action_metadata=*/"");
}

::arrow::Status Transaction::RunPreCommit(const CommitMetadata* commit_metadata,
                                          std::string_view action_metadata) {
  PreCommitContext context{*table_,          inflight_,
                           options_.started_on.get(), commit_metadata,
                           action_metadata,   options_.written_keys.get(),
                           replace_metadata_};
  const bool with_metadata = commit_metadata != nullptr || !action_metadata.empty();
  if (!pre_committed_) {
    if (hooks_->conflict_check) ARROW_RETURN_NOT_OK(hooks_->conflict_check(context));
    if (hooks_->metadata_table != nullptr) {
      ARROW_RETURN_NOT_OK(hooks_->metadata_table->Apply(context));
    }
    pre_committed_ = true;
    metadata_applied_ = with_metadata;
    return ::arrow::Status::OK();
  }
  // An action that pre-committed before its work (a clean, a rollback) brings what it
  // did to the metadata-table step now, before its instant completes.
  if (!metadata_applied_ && with_metadata && hooks_->metadata_table != nullptr) {
    ARROW_RETURN_NOT_OK(hooks_->metadata_table->Apply(context));
    metadata_applied_ = true;
  }
  return ::arrow::Status::OK();
}

::arrow::Result<Instant> Transaction::Commit(std::string_view content,
                                             const CommitMetadata* commit_metadata) {
  if (committed_) {
    return ::arrow::Status::Invalid(inflight_.ToString(), " is already committed");
  }
  ARROW_RETURN_NOT_OK(
      RunPreCommit(commit_metadata, commit_metadata != nullptr ? "" : content));
  std::optional<ActiveTimeline> listed;
  ARROW_ASSIGN_OR_RAISE(const ActiveTimeline* timeline, TransitionTimeline(&listed));
  ARROW_ASSIGN_OR_RAISE(Instant completed,
                        timeline->TransitionToComplete(inflight_, content));
  committed_ = true;
  ARROW_RETURN_NOT_OK(ReleaseLock());
  // Committed: a marker folder left behind is harmless, as in Hudi's
  // quietDeleteMarkerDir (the next rollback or clean ignores it).
  HOODIE_WARN_NOT_OK(
      WriteMarkers(table_->storage(), table_->base_path(), inflight_.timestamp)
          .DeleteFolder(),
      "deleting the markers of " + completed.ToString());
  ARROW_RETURN_NOT_OK(RunPostCommit(completed));
  return completed;
}

::arrow::Result<Instant> Transaction::Commit(std::string_view content,
                                             const ReplaceCommitMetadata* commit_metadata) {
  replace_metadata_ = commit_metadata;
  auto completed = Commit(content, static_cast<const CommitMetadata*>(commit_metadata));
  replace_metadata_ = nullptr;
  return completed;
}

::arrow::Result<const ActiveTimeline*> Transaction::TransitionTimeline(
    std::optional<ActiveTimeline>* listed) const {
  // State transitions check the state files on storage, not a listing: the timeline the
  // action began on serves, and saves a LIST request on an object store.
  if (options_.started_on != nullptr) return options_.started_on.get();
  ARROW_ASSIGN_OR_RAISE(*listed, table_->LoadActiveTimeline());
  return &**listed;
}

::arrow::Status Transaction::RunPostCommit(const Instant& completed) const {
  for (const auto* hooks : {&options_.post_commit, &hooks_->post_commit}) {
    for (const PostCommitHook& hook : *hooks) {
      ::arrow::Status status = hook.run(completed);
      if (!status.ok()) {
        return status.WithMessage("instant ", completed.timestamp, " is committed, but ",
                                  hook.what, " after it failed: ", status.message());
      }
    }
  }
  return ::arrow::Status::OK();
}

::arrow::Status Transaction::Abandon() {
  if (committed_) {
    return ::arrow::Status::Invalid(inflight_.ToString(),
                                    " is committed and cannot be given up");
  }
  ARROW_RETURN_NOT_OK(
      WriteMarkers(table_->storage(), table_->base_path(), inflight_.timestamp)
          .DeleteFolder());
  std::optional<ActiveTimeline> listed;
  ARROW_ASSIGN_OR_RAISE(const ActiveTimeline* timeline, TransitionTimeline(&listed));
  ARROW_RETURN_NOT_OK(timeline->DeleteStateFileIfExists(inflight_));
  ARROW_RETURN_NOT_OK(timeline->DeleteStateFileIfExists(
      Instant{inflight_.timestamp, inflight_.action, State::kRequested}));
  return ReleaseLock();
}

}  // namespace hoodie
