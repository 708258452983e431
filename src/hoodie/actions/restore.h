// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/restore.h
/// \brief Restore (Hudi 0.15's restoreToSavepoint / restoreToInstant,
/// RestorePlanActionExecutor, Copy-on-write and MergeOnRead restore executors): every
/// write after an instant rolled back, newest first.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/timeline_avro/savepoint_metadata.h"
#include "hoodie/visibility.h"
#include "hoodie/write/rollback_options.h"

namespace hoodie {

class TableMetaClient;

/// What a restore did.
struct HOODIE_EXPORT RestoreOutcome {
  /// The restore instant R (reused from a pending restore to the same instant).
  std::string restore_instant;
  RestoreMetadata metadata;
  /// Whether an interrupted restore was resumed from its plan.
  bool resumed = false;
};

/// Restores the table to `instant` (a savepoint, or a completed commit of the active
/// timeline the last clean still retains): schedules `R.restore.requested` (the
/// HoodieRestorePlan: pending clusterings after `instant`, then every other write
/// instant after it, newest first), writes `R.restore.inflight`, rolls each back through
/// the rollback action by listing (its instant files deleted), completes `R.restore`
/// (HoodieRestoreMetadata) through the table's Transaction, then deletes the rollback
/// instants after `instant`. A pending restore to the same instant is resumed from its
/// plan; instants already rolled back are skipped.
/// \return Invalid with Hudi's messages: "Restore is not supported when
///   hoodie.archive.proceed.savepoint is enabled"; an instant that is not a completed
///   commit of the active timeline, or older than what the last clean retains (its files
///   may be gone), is refused naming the rule; after the restore, "T is not the last
///   commit after restoring to savepoint, last commit was X".
HOODIE_EXPORT
::arrow::Result<RestoreOutcome> RestoreToInstant(const std::shared_ptr<TableMetaClient>& table,
                                                 const std::string& instant,
                                                 bool proceed_savepoint,
                                                 const RollbackOptions& rollback);

}  // namespace hoodie
