// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/archiver.cc
/// \brief Timeline archival: selection (getInstantsToArchive), records, deletion.

#include "hoodie/actions/archiver.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/timeline_avro/archived_timeline.h"
#include "hoodie/timeline_avro/clean_metadata.h"

namespace hoodie {
namespace {

const std::string kMinKey(CleanConfig::kKeepMinCommits.key);
const std::string kMaxKey(CleanConfig::kKeepMaxCommits.key);

// ArchivalUtils.getMinAndMaxInstantsToKeep: the cleaner may need more commits than
// keep.min leaves; then both are raised by the same amount.
std::pair<int32_t, int32_t> EffectiveMinMax(const Timeline& all, const ArchiveOptions& options,
                                            TimelineTimeZone zone) {
  const Timeline completed = all.GetCommitsTimeline().FilterCompleted();
  std::optional<Instant> latest = completed.LastInstant();
  int64_t now = options.clean.NowMillis();
  if (latest) {
    // KEEP_LATEST_BY_HOURS counts back from the latest commit, not from the clock.
    auto parsed = InstantTimeGenerator::ParseToEpochMillis(latest->timestamp, zone);
    if (parsed.ok()) now = *parsed;
  }
  std::optional<Instant> ectr =
      EarliestCommitToRetain(all.GetCommitsTimeline(), options.clean, now, zone);
  if (!ectr) return {options.min_commits, options.max_commits};
  const int32_t needed =
      static_cast<int32_t>(completed.FindInstantsAfter(ectr->timestamp).Count()) + 2;
  if (options.min_commits >= needed) return {options.min_commits, options.max_commits};
  const int32_t max = needed + options.max_commits - options.min_commits;
  if (!options.warn_on_adjustment) return {needed, max};
  LogWarning("The configured archival configs " + kMinKey + "=" +
             std::to_string(options.min_commits) +
             " is more aggressive than the cleaning configs as the earliest commit to "
             "retain is " + ectr->ToString() + ". Adjusted the archival configs to be " +
             kMinKey + "=" + std::to_string(needed) + " and " + kMaxKey + "=" +
             std::to_string(max));
  return {needed, max};
}

// CompactionUtils.getOldestInstantToRetainForCompaction: enough deltacommits stay for
// the trigger to schedule the next compaction.
std::optional<Instant> OldestToRetainForCompaction(const Timeline& all,
                                                   int32_t max_delta_commits) {
  const Timeline deltas = all.GetDeltaCommitTimeline();
  std::optional<Instant> last_compaction = all.GetCommitTimeline().FilterCompleted().LastInstant();
  Timeline window;
  Instant since;
  if (last_compaction) {
    window = deltas.FindInstantsAfter(last_compaction->timestamp);
    since = *last_compaction;
  } else if (std::optional<Instant> first = deltas.FirstInstant()) {
    window = deltas.FindInstantsAfterOrEquals(first->timestamp);
    since = *first;
  } else {
    return std::nullopt;
  }
  if (window.Count() < static_cast<size_t>(max_delta_commits)) return since;
  return window.NthInstant(static_cast<size_t>(max_delta_commits) - 1);
}

// ClusteringUtils.getOldestInstantToRetainForClustering: a replacecommit stays until the
// cleaner has passed it, and a pending one keeps the completed commit before it.
::arrow::Result<std::optional<Instant>> OldestToRetainForClustering(
    const ActiveTimeline& timeline) {
  const Timeline& all = timeline.timeline();
  const Timeline replaces = all.FilterByActions({Action::kReplaceCommit});
  if (replaces.Empty()) return std::nullopt;
  std::optional<Instant> oldest;
  std::optional<Instant> last_clean = all.GetCleanerTimeline().FilterCompleted().LastInstant();
  if (last_clean) {
    Instant requested{last_clean->timestamp, Action::kClean, State::kRequested};
    ARROW_ASSIGN_OR_RAISE(CleanerPlan plan, timeline.ReadAvro<CleanerPlan>(requested));
    // No earliest instant to retain means KEEP_LATEST_FILE_VERSIONS: the clean itself
    // is the bound.
    std::string bound = plan.earliest_instant_to_retain &&
                                !plan.earliest_instant_to_retain->timestamp.empty()
                            ? plan.earliest_instant_to_retain->timestamp
                            : last_clean->timestamp;
    oldest = replaces.FindInstantsAfterOrEquals(bound).FirstInstant();
  } else {
    oldest = replaces.FirstInstant();
  }
  if (std::optional<Instant> pending = replaces.FilterInflight().FirstInstant()) {
    std::optional<Instant> before = all.GetCommitsTimeline()
                                        .FilterCompleted()
                                        .FindInstantsBefore(pending->timestamp)
                                        .LastInstant();
    if (before && (!oldest || *oldest > *before)) oldest = before;
  }
  return oldest;
}

// getCommitInstantsToArchive's oldestCommitToRetain: the greatest completed commit
// before the oldest pending write, so the active timeline never starts with a hole.
std::optional<Instant> OldestCommitToRetain(const Timeline& all) {
  std::optional<Instant> pending =
      all.GetCommitsAndCompactionTimeline().FilterPending().FirstInstant();
  if (!pending) return std::nullopt;
  std::optional<Instant> before = all.GetCommitsTimeline()
                                      .FilterCompleted()
                                      .FindInstantsBefore(pending->timestamp)
                                      .LastInstant();
  return before ? before : pending;
}

// getCleanInstantsToArchive: per action, the oldest beyond keep.max down to keep.min.
std::vector<Instant> CleanAndRollbackToArchive(const Timeline& all, int32_t min, int32_t max) {
  std::vector<Instant> out;
  for (Action action : {Action::kClean, Action::kRollback}) {
    const Timeline completed = all.FilterByActions({action}).FilterCompleted();
    const std::vector<Instant>& instants = completed.instants();
    if (instants.size() <= static_cast<size_t>(max)) continue;
    out.insert(out.end(), instants.begin(), instants.end() - min);
  }
  return out;
}

::arrow::Result<std::vector<Instant>> CommitsToArchive(const TableMetaClient& table,
                                                       const ActiveTimeline& timeline,
                                                       const ArchiveOptions& options,
                                                       int32_t min, int32_t max) {
  const Timeline& all = timeline.timeline();
  const Timeline commits = all.GetCommitsTimeline().FilterCompleted();
  if (commits.Empty() || commits.Count() <= static_cast<size_t>(max)) return std::vector<Instant>{};
  const Timeline savepoints = all.GetSavepointTimeline().FilterCompleted();
  std::optional<Instant> first_savepoint = savepoints.FirstInstant();
  std::optional<Instant> pending_bound = OldestCommitToRetain(all);
  std::optional<Instant> compaction_bound;
  const CompactionTrigger* trigger = options.compaction.trigger.get();
  const std::string trigger_name = trigger ? std::string(trigger->name()) : "num_commits";
  if (table.table_type() == TableType::kMergeOnRead &&
      (trigger_name == "num_commits" || trigger_name == "num_and_time")) {
    compaction_bound = OldestToRetainForCompaction(all, options.compaction.max_delta_commits);
  }
  ARROW_ASSIGN_OR_RAISE(std::optional<Instant> clustering_bound,
                        OldestToRetainForClustering(timeline));
  std::vector<Instant> out;
  const size_t limit = commits.Count() - static_cast<size_t>(min);
  for (const Instant& commit : commits.instants()) {
    if (out.size() >= limit) break;
    const std::string& ts = commit.timestamp;
    if (options.proceed_savepoint) {
      if (savepoints.ContainsTimestamp(ts)) continue;
    } else if (first_savepoint && first_savepoint->timestamp <= ts) {
      continue;
    }
    if (pending_bound && !(ts < pending_bound->timestamp)) continue;
    if (compaction_bound && !(ts < compaction_bound->timestamp)) continue;
    if (clustering_bound && !(ts < clustering_bound->timestamp)) continue;
    out.push_back(commit);
  }
  return out;
}

// The latest compaction of the metadata table (HoodieTableMetadata
// .getLatestCompactionTime): its last completed commit.
::arrow::Result<std::optional<std::string>> LatestMetadataCompaction(
    const TableMetaClient& table) {
  const std::string mdt_meta = table.meta_path() + "/metadata/.hoodie";
  ARROW_ASSIGN_OR_RAISE(bool exists, table.storage()->Exists(mdt_meta));
  if (!exists) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline mdt, ActiveTimeline::Load(table.storage(), mdt_meta));
  std::optional<Instant> last = mdt.timeline().GetCommitTimeline().FilterCompleted().LastInstant();
  if (!last) return std::nullopt;
  return last->timestamp;
}

bool MetadataTableAvailable(const TableConfig& config) {
  return !config.GetOr(TableConfig::kMetadataPartitions, "").empty();
}

}  // namespace

::arrow::Result<ArchiveOptions> ArchiveOptions::FromConfig(const HoodieConfig& config) {
  ArchiveOptions options;
  ARROW_ASSIGN_OR_RAISE(options.min_commits, config.Get(CleanConfig::kKeepMinCommits));
  ARROW_ASSIGN_OR_RAISE(options.max_commits, config.Get(CleanConfig::kKeepMaxCommits));
  ARROW_ASSIGN_OR_RAISE(options.batch, config.Get(CleanConfig::kArchivalBatch));
  ARROW_ASSIGN_OR_RAISE(options.proceed_savepoint,
                        config.Get(CleanConfig::kArchiveProceedSavepoint));
  ARROW_ASSIGN_OR_RAISE(options.fail_on_error,
                        config.Get(CleanConfig::kFailOnTimelineArchiving));
  ARROW_ASSIGN_OR_RAISE(options.clean, CleanOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(options.compaction, CompactionTriggerOptions::FromConfig(config));
  if (options.max_commits <= options.min_commits) {
    return ::arrow::Status::Invalid("Increase ", kMaxKey, "=", options.max_commits,
                                    " to be greater than ", kMinKey, "=",
                                    options.min_commits, ".");
  }
  if (options.min_commits <= options.clean.commits_retained) {
    LogWarning("Increase " + kMinKey + "=" + std::to_string(options.min_commits) +
               " to be greater than " + std::string(CleanConfig::kCommitsRetained.key) +
               "=" + std::to_string(options.clean.commits_retained) +
               " (there is risk of incremental pull missing data from few instants based "
               "on the current configuration). The Hudi archiver will automatically "
               "adjust the configuration regardless.");
  }
  return options;
}

::arrow::Result<std::vector<Instant>> SelectInstantsToArchive(
    const TableMetaClient& table, const ActiveTimeline& timeline,
    const ArchiveOptions& options, ArchiveOutcome* outcome) {
  const Timeline& all = timeline.timeline();
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, table.table_config()->timeline_timezone());
  auto [min, max] = EffectiveMinMax(all, options, zone);
  outcome->min_commits = min;
  outcome->max_commits = max;
  std::vector<Instant> selected = CleanAndRollbackToArchive(all, min, max);
  ARROW_ASSIGN_OR_RAISE(std::vector<Instant> commits,
                        CommitsToArchive(table, timeline, options, min, max));
  selected.insert(selected.end(), commits.begin(), commits.end());
  if (options.archive_before) {
    std::erase_if(selected,
                  [&](const Instant& i) { return !(i.timestamp < *options.archive_before); });
  }
  if (!selected.empty() && MetadataTableAvailable(*table.table_config())) {
    ARROW_ASSIGN_OR_RAISE(std::optional<std::string> compaction, LatestMetadataCompaction(table));
    if (!compaction) {
      outcome->why_not = "Not archiving as there is no compaction yet on the metadata table";
      return std::vector<Instant>{};
    }
    std::erase_if(selected, [&](const Instant& i) { return !(i.timestamp < *compaction); });
  }
  if (selected.empty() && outcome->why_not.empty()) {
    const size_t commits_count = all.GetCommitsTimeline().FilterCompleted().Count();
    outcome->why_not = commits_count <= static_cast<size_t>(max)
                           ? std::to_string(commits_count) + " completed commits; " + kMaxKey +
                                 "=" + std::to_string(max) + " must be exceeded"
                           : "every commit beyond " + kMinKey + "=" + std::to_string(min) +
                                 " is held by a savepoint, a pending instant, a compaction "
                                 "or a replacecommit the cleaner has not passed";
  }
  return selected;
}

namespace {

// Every state file of `selected` (all of them leave the active timeline).
std::vector<Instant> StateFilesToArchive(const ActiveTimeline& timeline,
                                         const std::vector<Instant>& selected) {
  std::vector<Instant> states;
  for (const Instant& instant : selected) {
    for (Instant& state : timeline.StateFilesOf(instant)) states.push_back(std::move(state));
  }
  return states;
}

// The record of each of `states`, with its state; a state that cannot be converted is
// left out when fail_on_error is off.
::arrow::Result<std::vector<std::pair<Instant, ArchivedMetaEntry>>> MakeRecords(
    const std::shared_ptr<TableMetaClient>& table, const ActiveTimeline& timeline,
    const std::vector<Instant>& states, const ArchiveOptions& options) {
  std::vector<std::pair<Instant, ArchivedMetaEntry>> records;
  for (const Instant& state : states) {
    // deleteAnyLeftOverMarkers.
    ARROW_RETURN_NOT_OK(
        WriteMarkers(table->storage(), table->base_path(), state.timestamp).DeleteFolder());
    auto entry = [&]() -> ::arrow::Result<ArchivedMetaEntry> {
      ARROW_ASSIGN_OR_RAISE(std::string details, timeline.ReadDetails(state));
      return timeline.InFile(
          MakeArchivedMetaEntry(state, details, timeline.StateTransitionTime(state)), state);
    }();
    if (!entry.ok()) {
      if (options.fail_on_error) return entry.status();
      LogError("Failed to archive " + state.ToString() + ": " + entry.status().ToString());
      continue;
    }
    records.emplace_back(state, std::move(*entry));
  }
  return records;
}

// deleteArchivedInstants: pending files first, then completed ones in ascending order so
// a concurrent reader never sees a hole.
::arrow::Status DeleteArchived(const ActiveTimeline& timeline,
                               const std::vector<Instant>& archived) {
  for (const Instant& state : archived) {
    if (!state.IsCompleted()) ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(state));
  }
  std::vector<Instant> completed;
  for (const Instant& state : archived) {
    if (state.IsCompleted()) completed.push_back(state);
  }
  std::sort(completed.begin(), completed.end());
  for (const Instant& state : completed) {
    ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(state));
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<ArchiveOutcome> RunArchive(const std::shared_ptr<TableMetaClient>& table,
                                           const ArchiveOptions& options) {
  ArchiveOutcome outcome;
  // HoodieTimelineArchiver.archiveIfRequired runs under the table lock, on the
  // timeline as it is then: no other writer's instant completes meanwhile.
  ARROW_ASSIGN_OR_RAISE(LockedTimeline locked,
                        LockTimeline(*table, "archival", Action::kCommit));
  const ActiveTimeline& timeline = locked.timeline;
  ARROW_ASSIGN_OR_RAISE(std::vector<Instant> selected,
                        SelectInstantsToArchive(*table, timeline, options, &outcome));
  if (selected.empty()) return outcome;
  const std::vector<Instant> states = StateFilesToArchive(timeline, selected);
  // One batch of records at a time, each encoded as soon as it is made: memory holds
  // the archive file's bytes and hoodie.commits.archival.batch records, whatever the
  // number of instants archived.
  std::string bytes;
  std::vector<ArchivedMetaEntry> batch;
  auto flush = [&]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(LogBlock block, MakeArchiveLogBlock(batch));
    ARROW_ASSIGN_OR_RAISE(std::string encoded, EncodeLogBlocks({block}));
    bytes += encoded;
    batch.clear();
    return ::arrow::Status::OK();
  };
  for (const Instant& state : states) {
    ARROW_ASSIGN_OR_RAISE(auto records, MakeRecords(table, timeline, {state}, options));
    for (auto& [archived, entry] : records) {
      outcome.archived.push_back(archived);
      batch.push_back(std::move(entry));
    }
    if (batch.size() >= static_cast<size_t>(options.batch)) ARROW_RETURN_NOT_OK(flush());
  }
  if (!batch.empty()) ARROW_RETURN_NOT_OK(flush());
  // Storage that cannot append gets a new version per archival, as Hudi's log writer
  // rolls over there; the version is the next after every file present.
  const std::string archive_dir = table->archive_path();
  ARROW_RETURN_NOT_OK(table->storage()->CreateDir(archive_dir));
  ARROW_ASSIGN_OR_RAISE(int32_t latest, LatestArchiveVersion(table->storage(), archive_dir));
  outcome.archive_file = archive_dir + "/" + ArchiveFileName(latest + 1);
  if (!bytes.empty()) {
    ARROW_RETURN_NOT_OK(
        table->storage()->WriteAll(outcome.archive_file, bytes, /*overwrite=*/false));
  } else {
    outcome.archive_file.clear();
  }
  // Hudi deletes every state file it selected, converted or not.
  ARROW_RETURN_NOT_OK(DeleteArchived(timeline, states));
  return outcome;
}

}  // namespace hoodie
