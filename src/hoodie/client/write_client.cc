// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_client.cc
/// \brief WriteClient: the commit protocol of writes to copy-on-write and merge-on-read
/// tables.

#include "hoodie/client/write_client.h"

#include <algorithm>

#include <arrow/record_batch.h>
#include <arrow/type.h>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/callback/commit_callback_registry.h"
#include "hoodie/common/clock.h"
#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/concurrency/heartbeat.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/bootstrap_guard.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/writer_schema_internal.h"
#include "hoodie/write/write_table_config.h"

namespace hoodie {

::arrow::Result<std::unique_ptr<WriteClient>> WriteClient::Make(
    std::shared_ptr<TableMetaClient> table, const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(WriteOptions options,
                        WriteOptions::FromConfig(config, table->table_config().get()));
  ARROW_RETURN_NOT_OK(ValidateWriteAgainstTable(config, options, *table->table_config()));
  if (table->table_version() != 6) {
    return ::arrow::Status::NotImplemented(
        "hoodie writes table version 6 only (no upgrade); the table has version ",
        table->table_version());
  }
  ARROW_RETURN_NOT_OK(ConfigureCommitHooks(table.get(), config));
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<TableServiceClient> services,
                        TableServiceClient::Make(table, config, options));
  std::unique_ptr<HeartbeatClient> heartbeats;
  if (options.rollback.failed_writes_policy == FailedWritesPolicy::kLazy) {
    heartbeats = std::make_unique<HeartbeatClient>(table->storage(), table->base_path(),
                                                   options.rollback.heartbeat);
  }
  auto client =
      std::unique_ptr<WriteClient>(new WriteClient(std::move(table), std::move(options)));
  client->services_ = std::move(services);
  client->heartbeats_ = std::move(heartbeats);
  ARROW_ASSIGN_OR_RAISE(client->commit_callback_, MakeCommitCallback(config));
  return client;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> WriteClient::OpenOrCreateTable(
    std::shared_ptr<Storage> storage, const std::string& base_path,
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(auto existing, TableMetaClient::LoadIfExists(storage, base_path));
  if (existing != nullptr) return existing;
  ARROW_ASSIGN_OR_RAISE(WriteOptions options, WriteOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(TableCreateOptions create,
                        TableCreateOptionsForWrite(config, options));
  return TableMetaClient::Create(storage, base_path, create);
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> WriteClient::TableSchema() const {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::optional<internal::WriterSchema> latest,
                        internal::LatestCommitSchema(timeline));
  if (!latest) return std::shared_ptr<::arrow::Schema>();
  return latest->arrow;
}

::arrow::Result<std::string> WriteClient::StartCommit() {
  return StartCommit(WriteOperationType::kUpsert);
}

::arrow::Result<std::string> WriteClient::StartCommit(WriteOperationType operation) {
  // BaseHoodieWriteClient.startCommit lists the timeline afresh, so that another
  // writer's instants are seen; the steps below share this listing.
  ARROW_RETURN_NOT_OK(table_->ReloadActiveTimeline().status());
  ARROW_RETURN_NOT_OK(RefuseMetadataBootstrap(*table_, "write"));
  // BaseHoodieWriteClient.startCommit: failed writes are rolled back (EAGER) before the
  // new instant time is taken, so the new instant is newer than the rollbacks.
  // Under LAZY the cleaner does it, for writes whose heartbeat expired.
  if (options_.rollback.failed_writes_policy != FailedWritesPolicy::kLazy) {
    ARROW_RETURN_NOT_OK(RollbackFailedWrites(*table_, options_.rollback).status());
  }
  ARROW_ASSIGN_OR_RAISE(std::string content, RequestedContent(operation));
  // The instant starts under the table lock, on the timeline as it is then: every
  // instant time of the table is then taken under the lock (table services plan theirs
  // under it too), so no two writers' instants share a time, nor their marker folders.
  ARROW_ASSIGN_OR_RAISE(LockedTimeline locked,
                        LockTimeline(*table_, "start-commit", Action::kCommit));
  const ActiveTimeline& timeline = locked.timeline;
  constexpr int kAttempts = 10;
  for (int attempt = 1;; ++attempt) {
    ARROW_ASSIGN_OR_RAISE(std::string instant, timeline.CreateNewInstantTime());
    // startCommit: the heartbeat starts before the instant exists, so that no other
    // writer ever sees the instant without one.
    if (heartbeats_ != nullptr) ARROW_RETURN_NOT_OK(heartbeats_->Start(instant));
    ::arrow::Status created = timeline.CreateRequested(
        WriteInstant(instant, operation, State::kRequested, options_.merge_on_read),
        content);
    if (created.ok()) return instant;
    // A writer that takes no lock (a single writer's mode, misused by two) took this
    // millisecond first. Its heartbeat file is its own now; the next time this process
    // generates is later.
    if (heartbeats_ != nullptr) heartbeats_->Forget(instant);
    const bool taken = created.IsAlreadyExists() ||
                       HasErrorCode(created, ErrorCode::kInstantStateConflict);
    if (!taken || attempt == kAttempts) return created;
  }
}

::arrow::Result<WriteResult> WriteClient::Insert(const std::string& instant,
                                                 ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kInsert, input);
}

::arrow::Result<WriteResult> WriteClient::Upsert(const std::string& instant,
                                                 ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kUpsert, input);
}

::arrow::Result<WriteResult> WriteClient::BulkInsert(const std::string& instant,
                                                     ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kBulkInsert, input);
}

::arrow::Result<WriteResult> WriteClient::Delete(const std::string& instant,
                                                 ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kDelete, input);
}

::arrow::Result<WriteResult> WriteClient::Write(const std::string& instant,
                                                WriteOperationType operation,
                                                ::arrow::RecordBatchReader* input) {
  switch (operation) {
    case WriteOperationType::kInsert:
      return Insert(instant, input);
    case WriteOperationType::kUpsert:
      return Upsert(instant, input);
    case WriteOperationType::kBulkInsert:
      return BulkInsert(instant, input);
    case WriteOperationType::kDelete:
      return Delete(instant, input);
    case WriteOperationType::kInsertOverwrite:
      return InsertOverwrite(instant, input);
    case WriteOperationType::kInsertOverwriteTable:
      return InsertOverwriteTable(instant, input);
    case WriteOperationType::kDeletePartition:
      return DeletePartitionsOf(instant, input);
    default:
      return ::arrow::Status::Invalid(
          "operation ", WriteOperationTypeName(operation),
          " does not write records; use insert, upsert, bulk_insert, delete, "
          "insert_overwrite, insert_overwrite_table or delete_partition");
  }
}

::arrow::Result<WriteResult> WriteClient::InsertOverwrite(
    const std::string& instant, ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kInsertOverwrite, input);
}

::arrow::Result<WriteResult> WriteClient::InsertOverwriteTable(
    const std::string& instant, ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kInsertOverwriteTable, input);
}

::arrow::Result<ActiveTimeline> WriteClient::LoadRequested(
    const std::string& instant, WriteOperationType operation) const {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  Instant requested =
      WriteInstant(instant, operation, State::kRequested, options_.merge_on_read);
  if (!timeline.timeline().ContainsInstant(requested)) {
    return ::arrow::Status::Invalid("instant ", instant, " is not a requested ",
                                    ActionName(requested.action), "; call StartCommit(",
                                    WriteOperationTypeName(operation), ") first");
  }
  return timeline;
}

::arrow::Result<WriteResult> WriteClient::DeletePartitions(
    const std::string& instant, const std::vector<std::string>& partitions) {
  const WriteOperationType operation = WriteOperationType::kDeletePartition;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, LoadRequested(instant, operation));
  started_on_[instant] = std::make_shared<const ActiveTimeline>(timeline);
  ARROW_ASSIGN_OR_RAISE(WriteResult result,
                        Executor().DeletePartitions(timeline, instant, partitions));
  if (options_.auto_commit) ARROW_RETURN_NOT_OK(Commit(&result));
  return result;
}

::arrow::Result<WriteResult> WriteClient::DeletePartitionsOf(
    const std::string& instant, ::arrow::RecordBatchReader* input) {
  ARROW_ASSIGN_OR_RAISE(RecordPartitions of, Executor().PartitionsOf(input));
  if (options_.auto_commit && !of.failed.empty()) {
    WriteResult result;
    result.instant_time = instant;
    result.input_records = of.input_records;
    result.failed = std::move(of.failed);
    return Finish(std::move(result));
  }
  ARROW_ASSIGN_OR_RAISE(WriteResult result, DeletePartitions(instant, of.partitions));
  result.input_records = of.input_records;
  result.failed = std::move(of.failed);
  return result;
}

::arrow::Result<WriteResult> WriteClient::Run(const std::string& instant,
                                              WriteOperationType operation,
                                              ::arrow::RecordBatchReader* input) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, LoadRequested(instant, operation));
  started_on_[instant] = std::make_shared<const ActiveTimeline>(timeline);
  // preWrite: the asynchronous services start with the write, on the timeline before it.
  if (services_ != nullptr) services_->StartAsyncServices();
  ARROW_ASSIGN_OR_RAISE(WriteResult result,
                        Executor().Write(timeline, instant, operation, input));
  return Finish(std::move(result));
}

::arrow::Result<WriteResult> WriteClient::Finish(WriteResult result) {
  if (!options_.auto_commit) return result;
  if (result.failed.empty()) {
    ARROW_RETURN_NOT_OK(Commit(&result));
    return result;
  }
  // Hudi's Spark writer rolls the commit back when any write status has errors.
  ARROW_RETURN_NOT_OK(Abort(result.instant_time));
  return FailedRecordsError(
      result.input_records, result.failed,
      [](int64_t row) { return "record " + std::to_string(row); },
      "set hoodie.auto.commit=false to get the uncommitted result and Commit or Abort "
      "it yourself");
}

::arrow::Status WriteClient::Commit(WriteResult* result) {
  ARROW_ASSIGN_OR_RAISE(ReplaceCommitMetadata metadata, Executor().CommitMetadataOf(*result));
  bool replace = IsReplaceOperation(result->operation);
  TransactionOptions txn_options;
  if (auto it = started_on_.find(result->instant_time); it != started_on_.end()) {
    txn_options.started_on = it->second;
  }
  txn_options.post_commit = post_commit_;
  txn_options.written_keys = result->written_keys;
  // runTableServicesInline: after the commit, failing the write when a service fails
  // (hoodie.fail.writes.on.inline.table.service.exception defaults to true).
  if (services_ != nullptr) {
    txn_options.post_commit.insert(
        txn_options.post_commit.begin(),
        PostCommitHook{"the inline table services", [this, result](const Instant& done) {
                         ARROW_ASSIGN_OR_RAISE(InlineServicesOutcome outcome,
                                               services_->RunAfterCommit(done));
                         result->compactions = std::move(outcome.compactions);
                         result->cleans = std::move(outcome.cleans);
                         result->archived = std::move(outcome.archived);
                         return ::arrow::Status::OK();
                       }});
  }
  if (commit_callback_ != nullptr) {
    txn_options.post_commit.push_back(CommitCallbackHook(result, metadata));
  }
  const std::string& instant = result->instant_time;
  ARROW_RETURN_NOT_OK(CheckOwnHeartbeat(instant));
  ::arrow::Status committed;
  {
    ARROW_ASSIGN_OR_RAISE(
        Transaction txn,
        Transaction::Begin(table_,
                           WriteInstant(instant, result->operation, State::kInflight,
                                        options_.merge_on_read),
                           std::move(txn_options)));
    committed =
        txn.Commit(replace ? metadata.ToJson() : metadata.CommitMetadata::ToJson(), &metadata)
            .status();
    result->committed = txn.committed();
  }  // the lock is released
  if (result->committed) {
    started_on_.erase(instant);
    if (heartbeats_ != nullptr) {
      HOODIE_WARN_NOT_OK(heartbeats_->Stop(instant), "stopping the heartbeat of " + instant);
    }
  } else if (HasErrorCode(committed, ErrorCode::kWriteConflict)) {
    // The loser of a write conflict leaves nothing behind: its files go by its markers
    // and its instant with them, under the lock (Hudi leaves the instant to the next
    // LAZY clean; no reader sees it either way).
    ::arrow::Status aborted = Abort(instant);
    if (!aborted.ok()) {
      LogWarning("instant " + instant + " lost a write conflict and could not be rolled "
                 "back now (the next clean rolls it back once its heartbeat expires): " +
                 aborted.ToString());
    }
  }
  return committed;
}

PostCommitHook WriteClient::CommitCallbackHook(WriteResult* result,
                                               const CommitMetadata& metadata) {
  // Unlike the other hooks, whose error becomes the write's, a callback's failure is
  // logged and counted only: it runs on a complete commit and must not read as a
  // failed write (Hudi's HTTP callback logs and carries on).
  return PostCommitHook{
      "the write commit callback", [this, result, &metadata](const Instant& done) {
        CommitCallbackMessage message = CommitCallbackMessage::Of(
            done, table_->table_config()->name(), table_->base_path(), metadata);
        if (!RunCommitCallback(*commit_callback_, message)) {
          ++result->failed_commit_callbacks;
        }
        return ::arrow::Status::OK();
      }};
}

::arrow::Status WriteClient::CheckOwnHeartbeat(const std::string& instant) const {
  // HeartbeatUtils.abortIfHeartbeatExpired: a write whose heartbeat stalled may have
  // been taken for failed, and rolled back, by another writer's clean.
  if (heartbeats_ == nullptr || !heartbeats_->OwnBeatExpired(instant, EpochMillisNow())) {
    return ::arrow::Status::OK();
  }
  return ::arrow::Status::Invalid(
      "the heartbeat of instant ", instant, " is older than ",
      options_.rollback.heartbeat.MaxAgeMs(),
      " ms (hoodie.client.heartbeat.interval_in_ms x tolerable.misses): other writers "
      "may have rolled it back as failed, so it is not committed; write again");
}

// A partition this instant created holds only its `.hoodie_partition_metadata` once
// the instant's files are gone; removing it (and parent folders left empty) leaves the
// table as it was. (Hudi's rollback leaves such folders; readers see empty partitions.)
::arrow::Status WriteClient::RemoveIfCreatedEmpty(const std::string& partition) {
  Storage& storage = *table_->storage();
  std::string relative = partition;
  bool own_partition = true;
  while (!relative.empty()) {
    std::string dir = JoinPath(table_->base_path(), relative);
    ARROW_ASSIGN_OR_RAISE(bool exists, storage.Exists(dir));
    if (!exists) return ::arrow::Status::OK();
    ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries, storage.List(dir, false));
    for (const FileStatus& entry : entries) {
      bool metafile = own_partition && !entry.is_directory &&
                      entry.name().starts_with(".hoodie_partition_metadata");
      if (!metafile) return ::arrow::Status::OK();
    }
    ARROW_RETURN_NOT_OK(storage.DeleteDir(dir));
    relative = ParentPath(relative);
    own_partition = false;
  }
  return ::arrow::Status::OK();
}

::arrow::Status WriteClient::DeleteWrittenFiles(const std::string& instant) {
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  ARROW_ASSIGN_OR_RAISE(std::vector<Marker> written, markers.List());
  std::vector<std::string> partitions;
  for (const Marker& marker : written) {
    std::string path = JoinPath(table_->base_path(), marker.DataFileRelativePath());
    ARROW_ASSIGN_OR_RAISE(bool exists, table_->storage()->FileExists(path));
    if (exists) ARROW_RETURN_NOT_OK(table_->storage()->DeleteFile(path));
    if (!marker.partition_path.empty() &&
        std::find(partitions.begin(), partitions.end(), marker.partition_path) ==
            partitions.end()) {
      partitions.push_back(marker.partition_path);
    }
  }
  for (const std::string& partition : partitions) {
    ARROW_RETURN_NOT_OK(RemoveIfCreatedEmpty(partition));
  }
  return ::arrow::Status::OK();
}

::arrow::Status WriteClient::Abort(const std::string& instant) {
  ARROW_RETURN_NOT_OK(AbandonInstant(instant));
  if (heartbeats_ != nullptr) ARROW_RETURN_NOT_OK(heartbeats_->Stop(instant));
  return ::arrow::Status::OK();
}

::arrow::Status WriteClient::AbandonInstant(const std::string& instant) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  started_on_.erase(instant);
  for (Action action : {Action::kCommit, Action::kDeltaCommit, Action::kReplaceCommit}) {
    const Instant inflight{instant, action, State::kInflight};
    if (timeline.timeline().ContainsInstant(inflight)) {
      // Under the instant's transaction (and so its lock), like every other action.
      ARROW_ASSIGN_OR_RAISE(Transaction txn, Transaction::Begin(table_, inflight));
      ARROW_RETURN_NOT_OK(DeleteWrittenFiles(instant));
      return txn.Abandon();
    }
    const Instant requested{instant, action, State::kRequested};
    if (timeline.timeline().ContainsInstant(requested)) {
      // Requested only: nothing was written yet.
      ARROW_RETURN_NOT_OK(
          WriteMarkers(table_->storage(), table_->base_path(), instant).DeleteFolder());
      return timeline.DeletePending(requested);
    }
  }
  return ::arrow::Status::Invalid("instant ", instant, " is not pending");
}

}  // namespace hoodie
