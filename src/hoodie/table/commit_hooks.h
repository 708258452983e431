// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/commit_hooks.h
/// \brief The hooks every instant of a table goes through on its way to completion: the
/// lock, the conflict check, the metadata-table step and the post-commit work. One
/// CommitHooks object belongs to a table (TableMetaClient::commit_hooks) and is shared
/// by every action that completes an instant, writes and table services alike, so a lock
/// provider or a metadata-table writer set once covers every instant (Hudi keeps them
/// on the HoodieTable and its TransactionManager, not on one client).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/table/lock_manager.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/type_fwd.h"
#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// \brief What a write did to each record key, as the metadata table's record index
/// learns it (Hudi's WriteStatus record delegates, reduced by key): the keys it put in a
/// file group where they were not before, and the keys it deleted. Updates in place are
/// left out: their location does not change.
struct HOODIE_EXPORT WrittenKeys {
  /// Keys inserted into one file group.
  struct FileGroup {
    std::string partition_path;
    std::string file_id;
    std::vector<std::string> keys;
  };
  std::vector<FileGroup> inserted;
  /// Keys deleted, none of them also inserted (a partition move is an insertion).
  std::vector<std::string> deleted;
  /// The partitions whose file groups a replace operation (insert_overwrite,
  /// insert_overwrite_table, delete_partition) replaces: the keys of their latest base
  /// files leave the index unless the write inserted them again.
  std::vector<std::string> replaced_partitions;
};

/// \brief What a pre-commit step sees: what Hudi's preCommit and writeTableMetadata see.
struct HOODIE_EXPORT PreCommitContext {
  /// The table, under the lock; a step may reload its hoodie.properties.
  TableMetaClient& table;
  /// The instant being completed (INFLIGHT).
  const Instant& inflight;
  /// The timeline as the instant's action began (Hudi's lastCompletedTxnOwnerInstant is
  /// taken from it): a conflict check compares it with the timeline as it is now. Null
  /// for an action that recorded none.
  const ActiveTimeline* started_on = nullptr;
  /// The instant's commit metadata with its write stats, for the actions that write
  /// files (commits, deltacommits, replacecommits, compactions); null for the others
  /// (rollback, clean, savepoint, restore) and for a pre-commit run before the action's
  /// work (Transaction::PreCommit without metadata).
  const CommitMetadata* commit_metadata = nullptr;
  /// The Avro metadata of an action that writes no files (the completed file of a clean,
  /// rollback, restore or savepoint), once the action has done its work; empty before.
  std::string_view action_metadata;
  /// For a write that tracked them (a metadata table keeping record_index), where its
  /// records went; null otherwise.
  const WrittenKeys* written_keys = nullptr;
  /// commit_metadata with the file groups it replaces, when the action passed a
  /// ReplaceCommitMetadata (writes do, replacecommit or not); null otherwise.
  const ReplaceCommitMetadata* replace_metadata = nullptr;
};

/// \brief Pre-commit check of an instant against the table as it is under the lock
/// (Hudi's ConflictResolutionStrategy); an error aborts the commit, which stays inflight.
using ConflictCheck = std::function<::arrow::Status(const PreCommitContext& context)>;

/// \brief Brings a table's metadata table in line with an instant before the instant
/// becomes visible (Hudi's HoodieTable.writeTableMetadata / maybeDeleteMetadataTable).
class HOODIE_EXPORT MetadataTableStep {
 public:
  virtual ~MetadataTableStep() = default;
  /// Runs under the lock, after the conflict check, before the completed file is
  /// written; for an action that pre-commits before its work, once then and once more
  /// with its action_metadata. An error aborts the commit, which stays inflight.
  virtual ::arrow::Status Apply(const PreCommitContext& context) = 0;
};

/// \brief The metadata-table step of a table hoodie keeps no metadata table for: it
/// disables one another writer built (metadata_table_guard_internal.h), so that no
/// reader trusts a listing that lacks hoodie's commits.
class HOODIE_EXPORT DisableMetadataTableStep : public MetadataTableStep {
 public:
  ::arrow::Status Apply(const PreCommitContext& context) override;
};

/// \brief Work run once an instant is complete. Its error is reported as the error of
/// the action, saying that the instant is committed nonetheless.
struct HOODIE_EXPORT PostCommitHook {
  /// What the hook is, as the error message names it: "the inline table services".
  std::string what;
  std::function<::arrow::Status(const Instant& completed)> run;
};

/// \brief The hooks of every transaction of one table. The default (Default()): no lock,
/// no conflict check (one writer at a time), the metadata table disabled, nothing after
/// the commit.
struct HOODIE_EXPORT CommitHooks {
  /// The table lock (optimistic concurrency control, or the in-process lock of one
  /// process's writers); null: none.
  std::shared_ptr<LockManager> lock;
  ConflictCheck conflict_check;
  std::shared_ptr<MetadataTableStep> metadata_table;
  /// Run after every instant of the table, after the action's own post-commit work.
  std::vector<PostCommitHook> post_commit;

  /// The hooks a table has until configured otherwise.
  static std::shared_ptr<const CommitHooks> Default();
};

/// The timeline as a step holding the table lock must see it: listed again when the
/// lock excludes other processes' writers (optimistic concurrency control), whose
/// instants this process cannot know of; else this process's last listing
/// (TableMetaClient::LoadActiveTimeline).
HOODIE_EXPORT ::arrow::Result<ActiveTimeline> TimelineUnderLock(const TableMetaClient& table);

/// \brief A step that completes no instant but must not interleave with other writers'
/// (Hudi locks them too): the start of a write, archival, the planning of a clean, a
/// compaction or a rollback. The table lock is held while this lives.
struct HOODIE_EXPORT LockedTimeline {
  ScopedLock lock;
  /// The timeline as it is under the lock (TimelineUnderLock).
  ActiveTimeline timeline;
};

/// Takes the table's lock (none for a single writer) for `step`, an owner name of the
/// lock's messages, then lists the timeline as steps under the lock must see it.
HOODIE_EXPORT ::arrow::Result<LockedTimeline> LockTimeline(const TableMetaClient& table,
                                                         std::string_view step,
                                                         Action action);

}  // namespace hoodie
