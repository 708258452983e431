// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table_services.h
/// \brief The table-service client: the services a write client runs inline after each
/// commit (Hudi's BaseHoodieTableServiceClient: inline compaction, clean, archive),
/// calling the actions directly.
#pragma once

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/actions/archiver.h"
#include "hoodie/actions/clean_planner.h"
#include "hoodie/actions/compaction_trigger.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;
struct WriteOptions;

/// What one inline compaction pass did.
struct HOODIE_EXPORT InlineCompactionOutcome {
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
HOODIE_EXPORT ::arrow::Result<InlineCompactionOutcome> RunInlineCompaction(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config);

/// What the services did after one commit.
struct HOODIE_EXPORT InlineServicesOutcome {
  /// Compactions completed (pending ones first), oldest first.
  std::vector<std::string> compactions;
  /// Cleans completed, oldest first.
  std::vector<std::string> cleans;
  /// Instants archived, oldest first, one per instant.
  std::vector<std::string> archived;
};

/// \brief The services a write client runs after each of its commits
/// (runTableServicesInline, then autoCleanOnCommit, then autoArchiveOnCommit), in
/// Hudi's order: inline compaction, then clean, then archive. Not thread-safe: the
/// committing thread calls it.
class HOODIE_EXPORT TableServiceClient {
 public:
  /// The services of a write client with `config`: inline compaction when
  /// hoodie.compact.inline is true, cleaning when hoodie.clean.automatic is and archival
  /// when hoodie.archive.automatic is (both by default); null when no service is
  /// enabled.
  /// \return Invalid for a compaction strategy or trigger setting that cannot work
  ///   (checked when the client is made, not after its first commit).
  static ::arrow::Result<std::unique_ptr<TableServiceClient>> Make(
      std::shared_ptr<TableMetaClient> table, const HoodieConfig& config,
      const WriteOptions& options);

  ~TableServiceClient();

  /// Starts the asynchronous services (hoodie.clean.async, hoodie.archive.async) on a
  /// background thread, clean then archive, as Hudi's preWrite starts its
  /// AsyncCleanerService and AsyncArchiveService when a write begins; nothing when
  /// neither is set or a run is still under way.
  void StartAsyncServices();

  /// Runs the services due after `committed` completed; an asynchronous service is
  /// waited for instead of run (autoCleanOnCommit's waitForCompletion).
  ::arrow::Result<InlineServicesOutcome> RunAfterCommit(const Instant& committed);

 private:
  TableServiceClient(std::shared_ptr<TableMetaClient> table, HoodieConfig config)
      : table_(std::move(table)), config_(std::move(config)) {}

  // The asynchronous services' run, on its own thread.
  ::arrow::Result<InlineServicesOutcome> RunAsyncServices() const;
  ::arrow::Status RunClean(InlineServicesOutcome* out) const;
  ::arrow::Status RunArchive(InlineServicesOutcome* out) const;

  std::shared_ptr<TableMetaClient> table_;
  HoodieConfig config_;
  bool compact_ = false;
  std::optional<CleanOptions> clean_;
  std::optional<ArchiveOptions> archive_;
  bool clean_async_ = false;
  bool archive_async_ = false;
  std::future<::arrow::Result<InlineServicesOutcome>> async_;
};

}  // namespace hoodie
