// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table_services.cc
/// \brief The table-service client: inline compaction, cleaning and archival after a
/// commit.

#include "hoodie/client/table_services.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <utility>

#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/compaction_strategy.h"
#include "hoodie/common/logging.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/write_options.h"

namespace hoodie {
namespace {

::arrow::Status RunPendingCompactions(const std::shared_ptr<TableMetaClient>& table,
                                      const HoodieConfig& config,
                                      InlineCompactionOutcome* outcome) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Timeline pending_compactions = timeline.timeline().FilterPendingCompaction();
  for (const Instant& pending : pending_compactions.instants()) {
    ARROW_RETURN_NOT_OK(RunCompaction(table, config, pending.timestamp).status());
    outcome->pending_completed.push_back(pending.timestamp);
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<InlineCompactionOutcome> RunInlineCompaction(
    const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config) {
  InlineCompactionOutcome outcome;
  ARROW_RETURN_NOT_OK(RunPendingCompactions(table, config, &outcome));
  CompactionScheduleDecision decision;
  ARROW_ASSIGN_OR_RAISE(std::optional<ScheduledCompaction> scheduled,
                        ScheduleCompaction(*table, config, std::nullopt, &decision));
  outcome.decision = decision.trigger;
  if (!scheduled) {
    // A blocked schedule is worth a warning (Hudi logs one); a trigger not due or
    // nothing to compact is not.
    if (decision.blocking_write) outcome.skipped = decision.why_not;
    return outcome;
  }
  ARROW_RETURN_NOT_OK(RunCompaction(table, config, scheduled->instant_time).status());
  outcome.compacted = scheduled->instant_time;
  return outcome;
}

::arrow::Result<std::unique_ptr<TableServiceClient>> TableServiceClient::Make(
    std::shared_ptr<TableMetaClient> table, const HoodieConfig& config,
    const WriteOptions& options) {
  ARROW_ASSIGN_OR_RAISE(bool auto_clean, config.Get(CleanConfig::kAutoClean));
  ARROW_ASSIGN_OR_RAISE(bool auto_archive, config.Get(CleanConfig::kAutoArchive));
  if (!options.inline_compaction && !auto_clean && !auto_archive) return nullptr;
  // Settings that cannot work fail now, before the first commit is written.
  std::optional<CleanOptions> clean;
  if (auto_clean) {
    ARROW_ASSIGN_OR_RAISE(clean, CleanOptions::FromConfig(config));
  }
  std::optional<ArchiveOptions> archive;
  if (auto_archive) {
    ARROW_ASSIGN_OR_RAISE(archive, ArchiveOptions::FromConfig(config));
  }
  if (options.inline_compaction) {
    ARROW_RETURN_NOT_OK(CompactionStrategyOptions::FromConfig(config).status());
    ARROW_RETURN_NOT_OK(CompactionTriggerOptions::FromConfig(config).status());
  }
  ARROW_RETURN_NOT_OK(table->table_config()->timeline_timezone().status());
  auto client = std::unique_ptr<TableServiceClient>(
      new TableServiceClient(std::move(table), config));
  client->compact_ = options.inline_compaction;
  client->clean_ = std::move(clean);
  client->archive_ = std::move(archive);
  ARROW_ASSIGN_OR_RAISE(client->clean_async_, config.Get(CleanConfig::kAsyncClean));
  ARROW_ASSIGN_OR_RAISE(client->archive_async_, config.Get(CleanConfig::kAsyncArchive));
  return client;
}

TableServiceClient::~TableServiceClient() {
  // A write that never committed leaves its services running; they finish first.
  if (async_.valid()) async_.wait();
}

void TableServiceClient::StartAsyncServices() {
  if (!clean_async_ && !archive_async_) return;
  if (async_.valid() &&
      async_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    return;
  }
  if (async_.valid()) {
    auto previous = async_.get();  // a run whose write never committed
    if (!previous.ok()) LogWarning("asynchronous table services: " + previous.status().ToString());
  }
  async_ = std::async(std::launch::async, [this] { return RunAsyncServices(); });
}

::arrow::Result<InlineServicesOutcome> TableServiceClient::RunAsyncServices() const {
  InlineServicesOutcome out;
  if (clean_ && clean_async_) ARROW_RETURN_NOT_OK(RunClean(&out));
  if (archive_ && archive_async_) ARROW_RETURN_NOT_OK(RunArchive(&out));
  return out;
}

::arrow::Status TableServiceClient::RunClean(InlineServicesOutcome* out) const {
  ARROW_ASSIGN_OR_RAISE(CleanOutcome cleaned, hoodie::RunClean(table_, *clean_));
  for (const auto& [instant, metadata] : cleaned.completed) out->cleans.push_back(instant);
  return ::arrow::Status::OK();
}

::arrow::Status TableServiceClient::RunArchive(InlineServicesOutcome* out) const {
  ARROW_ASSIGN_OR_RAISE(ArchiveOutcome archived, hoodie::RunArchive(table_, *archive_));
  for (const Instant& state : archived.archived) out->archived.push_back(state.timestamp);
  std::sort(out->archived.begin(), out->archived.end());
  out->archived.erase(std::unique(out->archived.begin(), out->archived.end()),
                      out->archived.end());
  return ::arrow::Status::OK();
}

::arrow::Result<InlineServicesOutcome> TableServiceClient::RunAfterCommit(
    const Instant& committed) {
  InlineServicesOutcome out;
  if (compact_) {
    ARROW_ASSIGN_OR_RAISE(InlineCompactionOutcome outcome,
                          RunInlineCompaction(table_, config_));
    out.compactions = outcome.pending_completed;
    if (outcome.compacted) {
      out.compactions.push_back(*outcome.compacted);
      LogInfo("inline compaction " + *outcome.compacted + " after " +
              committed.timestamp + ": " + outcome.decision.reason);
    } else if (!outcome.skipped.empty()) {
      LogWarning("inline compaction after " + committed.timestamp +
                 " skipped: " + outcome.skipped);
    }
  }
  InlineServicesOutcome async;
  if (async_.valid()) {
    // The services started with the write: wait for them (they ran on the timeline the
    // write began on, as Hudi's async cleaner does).
    ARROW_ASSIGN_OR_RAISE(async, async_.get());
  }
  if (clean_) {
    if (clean_async_) {
      out.cleans = std::move(async.cleans);
    } else {
      // autoCleanOnCommit: at a new instant time, after the compaction.
      ARROW_RETURN_NOT_OK(RunClean(&out));
    }
  }
  if (archive_) {
    if (archive_async_) {
      out.archived = std::move(async.archived);
    } else {
      // autoArchiveOnCommit: after the clean, so that what it deleted can be archived.
      ARROW_RETURN_NOT_OK(RunArchive(&out));
    }
  }
  return out;
}

}  // namespace hoodie
