// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/services/table_services.h
/// \brief Table services run inline after a write's commit: inline compaction (Hudi's
/// BaseHoodieTableServiceClient.inlineCompaction), behind the write module's
/// InlineTableServices hook.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/services/compaction_trigger.h"
#include "hoodie/write/inline_table_services.h"

namespace hoodie {

class TableMetaClient;
struct WriteOptions;

/// Installs MakeInlineTableServices as the factory every later WriteClient::Make uses
/// (SetInlineTableServicesFactory). Call once before making write clients; calling
/// again is harmless. Thread-safe. The hoodie CLI calls it at start-up.
void RegisterTableServices();

/// The inline services a write client with `config` runs after each commit: inline
/// compaction when hoodie.compact.inline is true, else none (null).
/// \return Invalid for a compaction strategy or trigger setting that cannot work
///   (checked when the client is made, not after its first commit).
::arrow::Result<std::unique_ptr<InlineTableServices>> MakeInlineTableServices(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config,
    const WriteOptions& options);

/// What one inline compaction pass did.
struct InlineCompactionOutcome {
  /// Compactions that were pending before and ran first, oldest first.
  std::vector<std::string> pending_completed;
  /// The trigger's decision on the timeline after them (not asked when a pending write
  /// blocks the new compaction).
  CompactionTriggerDecision decision;
  /// The compaction scheduled and completed by this pass, if any.
  std::optional<std::string> compacted;
  /// Why a due compaction was not scheduled when a pending write blocked it (empty when
  /// it ran, or when no file slice had log files to compact).
  std::string skipped;
};

/// \brief One inline compaction pass on a MERGE_ON_READ table (inlineCompaction): runs
/// every pending compaction (runAnyPendingCompactions; an inflight one is rolled back
/// first), then takes a new instant time and schedules a compaction there
/// (ScheduleCompaction: skipped while a write earlier than it is pending, then only when
/// the trigger of `config` is due, with its strategy) and runs it (RunCompaction), each
/// committing `T.commit`.
/// \return errors of the scheduler and executor as they come.
::arrow::Result<InlineCompactionOutcome> RunInlineCompaction(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config);

}  // namespace hoodie
