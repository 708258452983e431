// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_client.h
/// \brief WriteClient: the write operations (insert, upsert, bulk insert, delete, the
/// overwrites and delete_partition) on a copy-on-write or merge-on-read table of version 6
/// (Java's BaseHoodieWriteClient / SparkRDDWriteClient).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/callback/commit_callback.h"
#include "hoodie/client/table_services.h"
#include "hoodie/concurrency/heartbeat.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/visibility.h"
#include "hoodie/write/commit_executor.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_result.h"

namespace hoodie {

class ActiveTimeline;
class HoodieConfig;
class Storage;
class TableMetaClient;

/// \brief Writes commits (copy-on-write) or deltacommits (merge-on-read) to one table.
///
/// A commit T goes: StartCommit creates `T.commit.requested` (empty); an operation
/// writes `T.inflight` (the workload profile JSON), the markers under `.hoodie/.temp/T`,
/// `.hoodie_partition_metadata` of new partitions and the base files; Commit writes
/// `T.commit` and deletes the marker folder. insert_overwrite, insert_overwrite_table
/// and delete_partition go the same way as a `replacecommit`: `T.replacecommit.requested`
/// (an Avro HoodieRequestedReplaceMetadata with every field null),
/// `T.replacecommit.inflight` (the workload profile) and `T.replacecommit`
/// (HoodieReplaceCommitMetadata naming the file groups replaced, which readers hide once
/// it is complete). On a merge-on-read table the commit is a `deltacommit`, and updates and
/// deletes go to log files of the file groups holding the keys. With
/// hoodie.auto.commit=true (the default) the operation commits
/// itself. Not thread-safe; one writer per table at a time (no locks, no heartbeats).
///
/// BulkInsert streams its input batch by batch (sorting externally when its sort mode
/// asks for it); the other operations stage their records to profile them, as Hudi caches
/// its input, spilling the payloads past hoodie.memory.merge.max.size to local disk
/// (docs/design.md, "How a write streams").
class HOODIE_EXPORT WriteClient {
 public:
  /// A client for the table at `table`, running after each commit the inline table
  /// services `config` enables (TableServiceClient) and its write commit callback
  /// (MakeCommitCallback).
  /// \return Invalid/NotImplemented from WriteOptions::FromConfig (options hoodie does
  ///   not implement), from TableServiceClient::Make or from MakeCommitCallback (an
  ///   unknown callback class, the HTTP callback without a URL).
  static ::arrow::Result<std::unique_ptr<WriteClient>> Make(
      std::shared_ptr<TableMetaClient> table, const HoodieConfig& config);

  /// Opens the table at `base_path`, creating it (COPY_ON_WRITE, table version 6) from
  /// `config` when it has no `.hoodie` folder: table name, record key, partition and
  /// precombine fields, key generator class, hive style and URL encoding.
  static ::arrow::Result<std::shared_ptr<TableMetaClient>> OpenOrCreateTable(
      std::shared_ptr<Storage> storage, const std::string& base_path,
      const HoodieConfig& config);

  /// Creates a new instant's `T.commit.requested`. Under the EAGER failed-writes policy
  /// (hoodie.cleaner.policy.failed.writes) every pending write is rolled back first and
  /// every interrupted rollback finished (RollbackFailedWrites, rollback_executor.h);
  /// under NEVER pending writes are left alone. Errors of the rollback come back as is.
  ::arrow::Result<std::string> StartCommit();
  /// As StartCommit, for the action `operation` commits as: `T.replacecommit.requested`
  /// for the replace operations (IsReplaceOperation), else `T.commit.requested`.
  ::arrow::Result<std::string> StartCommit(WriteOperationType operation);

  /// INSERT: new records go to small files of their partition, then to new file groups;
  /// no index lookup (duplicates of stored keys are merged into a small file they land
  /// in unless hoodie.merge.allow.duplicate.on.inserts, as Hudi does).
  ::arrow::Result<WriteResult> Insert(const std::string& instant,
                                      ::arrow::RecordBatchReader* input);
  /// UPSERT: records whose key exists in the partition update its file group (a new
  /// base file version); the others are inserted as by Insert.
  ::arrow::Result<WriteResult> Upsert(const std::string& instant,
                                      ::arrow::RecordBatchReader* input);
  /// BULK_INSERT: new file groups only, sized by hoodie.parquet.max.file.size.
  ::arrow::Result<WriteResult> BulkInsert(const std::string& instant,
                                          ::arrow::RecordBatchReader* input);
  /// DELETE: the input's keys are removed from the file groups holding them.
  ::arrow::Result<WriteResult> Delete(const std::string& instant,
                                      ::arrow::RecordBatchReader* input);

  /// INSERT_OVERWRITE: writes the records into new file groups (no small-file packing,
  /// no index lookup) and replaces every file group the partitions written held
  /// (SparkInsertOverwriteCommitActionExecutor). Needs StartCommit(kInsertOverwrite).
  ::arrow::Result<WriteResult> InsertOverwrite(const std::string& instant,
                                               ::arrow::RecordBatchReader* input);
  /// INSERT_OVERWRITE_TABLE: as InsertOverwrite, replacing the file groups of every
  /// partition of the table (SparkInsertOverwriteTableCommitActionExecutor).
  ::arrow::Result<WriteResult> InsertOverwriteTable(const std::string& instant,
                                                    ::arrow::RecordBatchReader* input);
  /// DELETE_PARTITION: replaces every file group of `partitions` and writes no file
  /// (SparkDeletePartitionCommitActionExecutor). A partition containing `*` (or `%2A`)
  /// matches the table's partitions as a wildcard, as HoodieSparkSqlWriter resolves
  /// hoodie.datasource.write.partitions.to.delete; absent partitions replace nothing.
  /// \return Invalid for an empty list or a table without a committed schema.
  ::arrow::Result<WriteResult> DeletePartitions(
      const std::string& instant, const std::vector<std::string>& partitions);
  /// DELETE_PARTITION of the partitions of `input`'s records (Hudi's fallback when
  /// hoodie.datasource.write.partitions.to.delete is unset); records whose key cannot
  /// be generated are counted as failed.
  ::arrow::Result<WriteResult> DeletePartitionsOf(const std::string& instant,
                                                  ::arrow::RecordBatchReader* input);

  /// Runs `operation` (one of the record operations above; DELETE_PARTITION as
  /// DeletePartitionsOf) for `instant`: the one dispatch from an operation type to its
  /// method. \return Invalid for an operation that takes no records input (compaction,
  /// clustering, ...).
  ::arrow::Result<WriteResult> Write(const std::string& instant,
                                     WriteOperationType operation,
                                     ::arrow::RecordBatchReader* input);

  /// Writes `T.commit` (`T.replacecommit` for replace operations) with the stats and
  /// extraMetadata (schema, commitmeta entries) through a Transaction, which then
  /// deletes `.hoodie/.temp/T` and runs the inline table services (inline compaction)
  /// and the added post-commit hooks, then the write commit callback, as Hudi's
  /// commitStats does. Invalid if the instant is not inflight. When a service or hook
  /// fails the instant stays committed (`result->committed` is true) and the error says
  /// so; a failed callback is only logged and counted
  /// (`result->failed_commit_callbacks`).
  ::arrow::Status Commit(WriteResult* result);

  /// Abandons an uncommitted instant of this client: deletes the files its markers
  /// name, the marker folder, then `T.inflight` and `T.commit.requested` (or the
  /// replacecommit's inflight and requested files). A partition folder the instant
  /// created and left with only its `.hoodie_partition_metadata` is removed too.
  ::arrow::Status Abort(const std::string& instant);

  const WriteOptions& options() const { return options_; }

  /// The table's data schema (no meta columns): the latest completed commit's, which
  /// the next write's input is converted to; null before the first commit.
  ::arrow::Result<std::shared_ptr<::arrow::Schema>> TableSchema() const;
  const std::shared_ptr<TableMetaClient>& table() const { return table_; }

  /// Adds work run after each commit of this client, after the inline table services
  /// (metrics reporters plug in here). The write commit callback of
  /// hoodie.write.commit.callback.on runs after these, last (Hudi's commitStats calls
  /// it after the services and metrics).
  void AddPostCommitHook(PostCommitHook hook) { post_commit_.push_back(std::move(hook)); }

 private:
  WriteClient(std::shared_ptr<TableMetaClient> table, WriteOptions options)
      : table_(std::move(table)), options_(std::move(options)) {}

  ::arrow::Result<WriteResult> Run(const std::string& instant,
                                   WriteOperationType operation,
                                   ::arrow::RecordBatchReader* input);
  ::arrow::Result<ActiveTimeline> LoadRequested(const std::string& instant,
                                                WriteOperationType operation) const;
  // Under auto.commit, commits a clean result and aborts one with failed records
  // (returning FailedRecordsError); otherwise returns the result as it is.
  ::arrow::Result<WriteResult> Finish(WriteResult result);
  ::arrow::Status RemoveIfCreatedEmpty(const std::string& partition);
  // The one write sequence (write/commit_executor.h) over this client's table.
  CommitExecutor Executor() const { return CommitExecutor(table_, options_); }
  // Deletes the files `instant`'s markers name, and the partition folders left empty.
  ::arrow::Status DeleteWrittenFiles(const std::string& instant);
  // The post-commit hook calling commit_callback_ with `metadata`'s message; its
  // failure is counted in `result`, never returned (the commit stands).
  PostCommitHook CommitCallbackHook(WriteResult* result, const CommitMetadata& metadata);
  // Abort without the heartbeat's end: the instant's files and state files.
  ::arrow::Status AbandonInstant(const std::string& instant);
  // An error when this client's heartbeat of `instant` is overdue (LAZY only).
  ::arrow::Status CheckOwnHeartbeat(const std::string& instant) const;

  std::shared_ptr<TableMetaClient> table_;
  WriteOptions options_;
  std::unique_ptr<TableServiceClient> services_;
  // The heartbeats of this client's pending writes (failed-writes policy LAZY only).
  std::unique_ptr<HeartbeatClient> heartbeats_;
  // Work after each commit of this client, after its inline table services (the
  // table's own hooks, TableMetaClient::commit_hooks, run after these).
  std::vector<PostCommitHook> post_commit_;
  // The write commit callback (hoodie.write.commit.callback.*); null when off.
  std::unique_ptr<CommitCallback> commit_callback_;
  // The timeline each pending write of this client began on (its preWrite), for the
  // pre-commit steps; dropped when the instant commits or is aborted.
  std::map<std::string, std::shared_ptr<const ActiveTimeline>> started_on_;
};

}  // namespace hoodie
