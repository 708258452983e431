// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_executor.h
/// \brief Executing a compaction plan: each file slice's base file and log blocks
/// merged into a new base file, committed as `T.commit` (Hudi 0.15
/// RunCompactionActionExecutor, HoodieCompactor, HoodieMergeHandle /
/// HoodieCreateHandle for compaction).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <arrow/result.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class TableMetaClient;

/// \brief A completed compaction.
struct HOODIE_EXPORT CompactionResult {
  std::string instant_time;
  /// What `T.commit` holds (operationType COMPACT, compacted true).
  CommitMetadata metadata;
};

/// \brief Runs the pending compaction `instant_time` and commits it.
///
/// `T.compaction.requested` becomes `T.compaction.inflight` (empty); a compaction found
/// inflight (an earlier run died) is first rolled back as Hudi's compact() does
/// (RollbackInflightCompaction, HoodieTable.rollbackInflightCompaction): a rollback
/// instant R (`R.rollback.requested`, `.inflight`, `R.rollback` naming {T, compaction};
/// an interrupted one is finished) deletes the base files T wrote and its markers, and
/// `T.compaction.inflight` is deleted so the plan is requested again. Then, one
/// slice at a time, the log blocks of the plan's log files (blocks of instants
/// completed at the last completed commit, deltacommit or rollback; rollback blocks
/// honoured) are folded into one record per key and merged with the base file with the
/// table's payload (`hoodie.compaction.payload.class`, ordering field
/// `hoodie.table.precombine.field`, overridable by `config`), as HoodieMergeHandle
/// does: stored rows without a log record are copied, merged rows written, deleted
/// keys dropped, then the log-only records written. Every row keeps its
/// `_hoodie_commit_time` and `_hoodie_commit_seqno` (compaction preserves record
/// metadata); `_hoodie_file_name` names the new file
/// `<fileId>_<task>-0-<task>_T.parquet`. A MERGE marker (CREATE for a slice without base
/// file) precedes each file. Then the metadata table is disabled as for every hoodie
/// commit, `T.commit` is written and the marker folder deleted. A failure at any point
/// leaves the table readable as before: readers ignore base files of a pending
/// compaction.
/// Options: the table's write config (`config`), hoodie.rollback.using.markers for the
/// rollback plan. Not thread-safe: one writer per table.
/// \return Invalid when `instant_time` is no pending compaction (or already completed);
///   IOError from storage.
HOODIE_EXPORT
::arrow::Result<CompactionResult> RunCompaction(std::shared_ptr<TableMetaClient> table,
                                                const HoodieConfig& config,
                                                const std::string& instant_time);

/// The earliest pending compaction's instant time, if any.
HOODIE_EXPORT ::arrow::Result<std::optional<std::string>> EarliestPendingCompaction(
    const TableMetaClient& table);

}  // namespace hoodie
