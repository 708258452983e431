// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_table_services.cc
/// \brief The metadata table's clean and archival (performTableServices), run by its
/// own writer with the settings Hudi gives the metadata table.
#include "hoodie/actions/archiver.h"
#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/clean_planner.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

namespace {

// HoodieTableMetadataUtil.OperationSuffix.CLEAN.
constexpr std::string_view kCleanSuffix = "002";
// Instants after the last compaction before the slices it replaced may go.
constexpr size_t kInstantsBeforeClean = 3;

}  // namespace

::arrow::Result<bool> CleanMetadataTableIfDue(const std::shared_ptr<TableMetaClient>& mdt,
                                              const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt->LoadActiveTimeline());
  const Timeline completed = timeline.timeline().FilterCompleted();
  std::optional<Instant> latest = completed.GetDeltaCommitTimeline().LastInstant();
  if (!latest) return false;
  if (std::optional<Instant> compacted = completed.GetCommitTimeline().LastInstant()) {
    if (completed.FindInstantsAfter(compacted->timestamp).instants().size() <
        kInstantsBeforeClean) {
      return false;
    }
  }
  CleanOptions clean;
  clean.policy = CleanerPolicy::kKeepLatestCommits;
  clean.commits_retained = options.cleaner_commits_retained;
  clean.max_commits = 1;
  clean.instant_time = latest->timestamp + std::string(kCleanSuffix);
  if (completed.ContainsTimestamp(clean.instant_time)) return false;  // cleaned already
  ARROW_ASSIGN_OR_RAISE(CleanOutcome outcome, RunClean(mdt, clean));
  return !outcome.completed.empty();
}

::arrow::Result<size_t> ArchiveMetadataTable(TableMetaClient* data_table,
                                            const std::shared_ptr<TableMetaClient>& mdt,
                                            const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline data_timeline, data_table->LoadActiveTimeline());
  // getEarliestInstantForMetadataArchival: the data table's earliest commit, or its
  // earliest pending instant when that is earlier.
  const Timeline& data = data_timeline.timeline();
  std::optional<Instant> earliest = data.GetCommitsTimeline().FirstInstant();
  if (std::optional<Instant> pending = data.FilterPending().FirstInstant()) {
    if (!earliest || pending->timestamp < earliest->timestamp) earliest = pending;
  }
  if (!earliest) return 0;
  ArchiveOptions archive;
  archive.min_commits = options.keep_min_commits;
  archive.max_commits = options.keep_max_commits;
  archive.clean.policy = CleanerPolicy::kKeepLatestCommits;
  archive.clean.commits_retained = options.cleaner_commits_retained;
  archive.compaction.max_delta_commits = options.compact_max_delta_commits;
  archive.archive_before = earliest->timestamp;
  archive.warn_on_adjustment = false;
  ARROW_ASSIGN_OR_RAISE(ArchiveOutcome outcome, RunArchive(mdt, archive));
  return outcome.archived.size();
}

}  // namespace hoodie::internal
