// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/clean_planner.cc
/// \brief The cleaner's plan: trigger, earliest commit to retain, partitions, files.

#include "hoodie/actions/clean_planner.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "hoodie/common/clock.h"
#include "hoodie/common/java_compat.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/bootstrap_guard.h"
#include "hoodie/table/file_name_internal.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/timeline_avro/pending_plans.h"
#include "hoodie/timeline_avro/savepoint_metadata.h"

namespace hoodie {
namespace {

constexpr int64_t kMillisPerHour = 3600 * 1000;

// What the planner knows of the table besides its files.
struct Guards {
  std::set<std::string> savepointed_files;  // base and log file names
  std::map<FileGroupId, std::string> compaction_bases;  // group -> operation base instant
};

::arrow::Result<Guards> LoadGuards(const ActiveTimeline& timeline) {
  Guards guards;
  const Timeline savepoints = timeline.timeline().GetSavepointTimeline().FilterCompleted();
  for (const Instant& savepoint : savepoints.instants()) {
    ARROW_ASSIGN_OR_RAISE(SavepointMetadata metadata,
                          timeline.ReadAvro<SavepointMetadata>(savepoint));
    for (const auto& [partition, files] : metadata.partition_metadata) {
      guards.savepointed_files.insert(files.savepoint_data_file.begin(),
                                      files.savepoint_data_file.end());
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto compactions, PendingCompactionPlans(timeline));
  for (const auto& [pending, plan] : compactions) {
    for (const CompactionOperation& op :
         plan.operations.value_or(std::vector<CompactionOperation>{})) {
      guards.compaction_bases[{op.partition_path.value_or(""), op.file_id.value_or("")}] =
          op.base_instant_time.value_or("");
    }
  }
  return guards;
}

bool Savepointed(const Guards& guards, const FileSlice& slice) {
  if (slice.base_file && guards.savepointed_files.count(slice.base_file->file_name) > 0) {
    return true;
  }
  return std::any_of(slice.log_files.begin(), slice.log_files.end(), [&](const LogFile& log) {
    return guards.savepointed_files.count(log.file_name) > 0;
  });
}

// isFileSliceNeededForPendingMajorOrMinorCompaction.
bool NeededByPendingCompaction(const Guards& guards, const FileSlice& slice) {
  auto it = guards.compaction_bases.find(slice.group);
  return it != guards.compaction_bases.end() && slice.base_instant >= it->second;
}

// getCleanFileInfoForSlice: the base file and every log file, as Hadoop names them.
void AddSliceFiles(const Storage& storage, const FileSlice& slice,
                   std::vector<CleanFileInfo>* out) {
  if (slice.base_file) {
    out->push_back(CleanFileInfo{QualifiedPath(storage, slice.base_file->path), false});
  }
  for (const LogFile& log : slice.log_files) {
    out->push_back(CleanFileInfo{QualifiedPath(storage, log.path), false});
  }
}

// The last completed clean's metadata, if there is a clean and its file is not empty.
::arrow::Result<std::optional<CleanMetadata>> LastClean(const ActiveTimeline& timeline) {
  std::optional<Instant> last =
      timeline.timeline().GetCleanerTimeline().FilterCompleted().LastInstant();
  if (!last) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(*last));
  if (bytes.empty()) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata,
                        timeline.InFile(CleanMetadata::FromAvroBytes(bytes), *last));
  return metadata;
}

// Appends `partition` unless `out` holds it: partition lists keep their first-seen
// order, as Hudi's distinct() does.
void AddPartition(const std::string& partition, std::vector<std::string>* out) {
  if (std::find(out->begin(), out->end(), partition) == out->end()) out->push_back(partition);
}

// The partitions the completed writes in [from, to) touched, in timeline order
// (CleanPlanner.getPartitionsForInstants).
::arrow::Result<std::vector<std::string>> PartitionsWrittenBetween(
    const ActiveTimeline& timeline, const std::string& from, const std::string& to) {
  std::vector<std::string> out;
  auto add = [&](const std::string& partition) { AddPartition(partition, &out); };
  Timeline writes = timeline.timeline().GetCommitsTimeline().FilterCompleted();
  for (const Instant& instant : writes.instants()) {
    if (instant.timestamp < from || instant.timestamp >= to) continue;
    if (instant.action == Action::kReplaceCommit) {
      ARROW_ASSIGN_OR_RAISE(ReplaceCommitMetadata metadata,
                            timeline.ReadReplaceCommitMetadata(instant));
      for (const auto& [partition, stats] : metadata.partition_to_write_stats) add(partition);
      for (const auto& [partition, ids] : metadata.partition_to_replace_file_ids) {
        add(partition);
      }
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline.ReadCommitMetadata(instant));
    for (const auto& [partition, stats] : metadata.partition_to_write_stats) add(partition);
  }
  return out;
}

constexpr std::string_view kSavepointedTimestamps = "savepointed_timestamps";

// CleanPlanner.savepointedTimestamps as 0.15 records them in a plan's extraMetadata:
// the completed savepoints of a partitioned table, in the order of the Java HashSet
// Collectors.toSet() collects them into; empty for a table without partitions.
std::vector<std::string> TrackedSavepoints(const TableMetaClient& table,
                                           const ActiveTimeline& timeline) {
  if (table.table_config()->partition_fields().empty()) return {};
  std::vector<std::pair<std::string, bool>> set;
  const Timeline savepoints = timeline.timeline().GetSavepointTimeline().FilterCompleted();
  for (const Instant& savepoint : savepoints.instants()) {
    set.emplace_back(savepoint.timestamp, true);
  }
  OrderLikeJavaHashMap(&set);
  std::vector<std::string> out;
  for (auto& [timestamp, unused] : set) out.push_back(std::move(timestamp));
  return out;
}

// getPartitionsFromDeletedSavepoint (0.15.0, HUDI-7104): the partitions of the commits
// whose savepoint the last clean tracked and which is gone since. Incremental cleaning
// passed their slices while the savepoint kept them, so they are looked at again; a
// commit archived since is skipped, with Hudi's warning.
::arrow::Result<std::vector<std::string>> PartitionsOfRemovedSavepoints(
    const ActiveTimeline& timeline, const CleanMetadata& last,
    const std::vector<std::string>& tracked) {
  std::vector<std::string> out;
  if (!last.extra_metadata) return out;
  auto it = last.extra_metadata->find(std::string(kSavepointedTimestamps));
  if (it == last.extra_metadata->end()) return out;
  Timeline writes = timeline.timeline().GetCommitsTimeline().FilterCompleted();
  for (const std::string& removed : SplitAtCommas(it->second)) {
    if (removed.empty() || std::count(tracked.begin(), tracked.end(), removed) > 0) continue;
    if (!writes.ContainsTimestamp(removed)) {
      LogWarning("Skipping to process a commit for which savepoint was removed as the "
                 "instant moved to archived timeline already: " + removed);
      continue;
    }
    // The one commit at `removed`: [removed, removed + "0") holds nothing else.
    ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions,
                          PartitionsWrittenBetween(timeline, removed, removed + "0"));
    for (const std::string& partition : partitions) AddPartition(partition, &out);
  }
  return out;
}

// CleanPlanner.getPartitionPathsToClean: the partitions written since the last clean's
// earliest commit to retain, plus those of savepoints removed since (incremental mode),
// or nullopt for all of them (a listing).
::arrow::Result<std::optional<std::vector<std::string>>> PartitionsToClean(
    const ActiveTimeline& timeline, const CleanOptions& options,
    const std::optional<Instant>& ectr, const std::optional<CleanMetadata>& last,
    const std::vector<std::string>& tracked) {
  if (options.policy == CleanerPolicy::kKeepLatestFileVersions) return std::nullopt;
  if (!ectr) return std::vector<std::string>{};
  if (options.incremental) {
    std::optional<Instant> first = timeline.timeline().GetCommitsTimeline().FirstInstant();
    if (last && !last->earliest_commit_to_retain.empty() && first &&
        last->earliest_commit_to_retain >= first->timestamp) {
      ARROW_ASSIGN_OR_RAISE(
          std::vector<std::string> partitions,
          PartitionsWrittenBetween(timeline, last->earliest_commit_to_retain,
                                   ectr->timestamp));
      ARROW_ASSIGN_OR_RAISE(std::vector<std::string> removed,
                            PartitionsOfRemovedSavepoints(timeline, *last, tracked));
      for (const std::string& partition : removed) AddPartition(partition, &partitions);
      return partitions;
    }
  }
  return std::nullopt;
}

// getFilesToCleanKeepingLatestCommits (KEEP_LATEST_BY_HOURS with `retained` 0).
std::vector<CleanFileInfo> FilesKeepingLatestCommits(const Storage& storage,
                                                     const std::vector<FileGroupSlices>& groups,
                                                     const Guards& guards,
                                                     const std::string& ectr) {
  std::vector<CleanFileInfo> out;
  for (const FileGroupSlices& group : groups) {
    if (group.replaced_by) {
      // Replaced before the earliest commit to retain: no query needs it any more.
      if (*group.replaced_by >= ectr) continue;
      for (const FileSlice& slice : group.slices) {
        if (!Savepointed(guards, slice)) AddSliceFiles(storage, slice, &out);
      }
      continue;
    }
    const std::string& latest = group.slices.front().base_instant;
    // The last slice before the earliest commit to retain serves queries as of then.
    std::string last_before_ectr;
    for (const FileSlice& slice : group.slices) {
      if (slice.base_instant < ectr) {
        last_before_ectr = slice.base_instant;
        break;
      }
    }
    for (const FileSlice& slice : group.slices) {
      if (Savepointed(guards, slice) || slice.base_instant == latest ||
          slice.base_instant == last_before_ectr ||
          NeededByPendingCompaction(guards, slice) || !(ectr > slice.base_instant)) {
        continue;
      }
      AddSliceFiles(storage, slice, &out);
    }
  }
  return out;
}

// getFilesToCleanKeepingLatestVersions.
std::vector<CleanFileInfo> FilesKeepingLatestVersions(const Storage& storage,
                                                      const std::vector<FileGroupSlices>& groups,
                                                      const Guards& guards,
                                                      int32_t versions) {
  std::vector<CleanFileInfo> out;
  for (const FileGroupSlices& group : groups) {
    if (group.replaced_by) {
      for (const FileSlice& slice : group.slices) {
        if (!Savepointed(guards, slice)) AddSliceFiles(storage, slice, &out);
      }
      continue;
    }
    int32_t keep = versions;
    if (guards.compaction_bases.count(group.id) > 0) --keep;  // its last version is kept
    for (const FileSlice& slice : group.slices) {
      if (NeededByPendingCompaction(guards, slice)) continue;
      if (keep > 0) {
        --keep;
        continue;
      }
      if (!Savepointed(guards, slice)) AddSliceFiles(storage, slice, &out);
    }
  }
  return out;
}

// hasPendingFiles: a data file the view does not show belongs to a pending write.
::arrow::Result<bool> HasPendingFiles(const TableMetaClient& table,
                                      const std::string& partition) {
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries,
                        table.storage()->List(JoinPath(table.base_path(), partition), false));
  return std::any_of(entries.begin(), entries.end(), [](const FileStatus& entry) {
    return !entry.is_directory && (internal::ParseBaseFileName(entry.name()).has_value() ||
                                   internal::ParseLogFileName(entry.name()).has_value());
  });
}

// noSubsequentReplaceCommit: no replacecommit at or after the earliest commit to retain
// replaced a file group of the partition.
bool NoReplaceSince(const std::vector<FileGroupSlices>& groups, const std::string& ectr) {
  return std::none_of(groups.begin(), groups.end(), [&](const FileGroupSlices& group) {
    return group.replaced_by && *group.replaced_by >= ectr;
  });
}

size_t CountFiles(const std::map<std::string, std::vector<CleanFileInfo>>& files) {
  size_t count = 0;
  for (const auto& [partition, infos] : files) count += infos.size();
  return count;
}

// Why a due clean has nothing to delete.
std::string NothingToClean(const CleanOptions& options, const std::optional<Instant>& ectr) {
  if (ectr || options.policy == CleanerPolicy::kKeepLatestFileVersions) {
    return "nothing to clean: every file slice is still retained";
  }
  if (options.policy == CleanerPolicy::kKeepLatestCommits) {
    return "nothing to clean: not more than " + std::to_string(options.commits_retained) +
           " completed commits (" + std::string(CleanConfig::kCommitsRetained.key) + ")";
  }
  return "nothing to clean: no completed commit within the last " +
         std::to_string(options.hours_retained) + " hours (" +
         std::string(CleanConfig::kHoursRetained.key) + ")";
}

}  // namespace

std::string_view CleanerPolicyName(CleanerPolicy policy) {
  return EnumName(policy, kCleanerPolicyNames, "KEEP_LATEST_COMMITS");
}

::arrow::Result<CleanOptions> CleanOptions::FromConfig(const HoodieConfig& config) {
  CleanOptions out;
  if (config.GetExplicit(CleanConfig::kCleanerPolicy)) {
    ARROW_ASSIGN_OR_RAISE(out.policy, GetEnum(config, CleanConfig::kCleanerPolicy, kCleanerPolicyNames));
  } else if (config.GetExplicit(CleanConfig::kHoursRetained) &&
             !config.GetExplicit(CleanConfig::kCommitsRetained) &&
             !config.GetExplicit(CleanConfig::kFileVersionsRetained)) {
    // HoodieCleanConfig's inference: the one retention key given picks the policy.
    out.policy = CleanerPolicy::kKeepLatestByHours;
  } else if (config.GetExplicit(CleanConfig::kFileVersionsRetained) &&
             !config.GetExplicit(CleanConfig::kCommitsRetained) &&
             !config.GetExplicit(CleanConfig::kHoursRetained)) {
    out.policy = CleanerPolicy::kKeepLatestFileVersions;
  }
  ARROW_ASSIGN_OR_RAISE(out.commits_retained, config.Get(CleanConfig::kCommitsRetained));
  ARROW_ASSIGN_OR_RAISE(out.hours_retained, config.Get(CleanConfig::kHoursRetained));
  ARROW_ASSIGN_OR_RAISE(out.file_versions_retained,
                        config.Get(CleanConfig::kFileVersionsRetained));
  ARROW_ASSIGN_OR_RAISE(out.max_commits, config.Get(CleanConfig::kCleanMaxCommits));
  ARROW_ASSIGN_OR_RAISE(out.incremental, config.Get(CleanConfig::kIncrementalMode));
  ARROW_ASSIGN_OR_RAISE(out.rollback, RollbackOptions::FromConfig(config));
  // NUM_COMMITS is Hudi's only trigger; the registry refuses any other value.
  ARROW_RETURN_NOT_OK(config.Get(CleanConfig::kCleanTriggerStrategy).status());
  return out;
}

std::optional<Instant> EarliestCommitToRetain(const Timeline& writes,
                                              const CleanOptions& options, int64_t now_ms,
                                              TimelineTimeZone zone) {
  const Timeline completed_writes = writes.FilterCompleted();
  const std::vector<Instant>& completed = completed_writes.instants();
  if (options.policy == CleanerPolicy::kKeepLatestCommits) {
    const size_t retained = static_cast<size_t>(options.commits_retained);
    if (completed.size() <= retained) return std::nullopt;
    Instant candidate = completed[completed.size() - retained];
    std::optional<Instant> pending = writes.FilterPending().FirstInstant();
    if (pending && candidate.timestamp > pending->timestamp) {
      // A pending write, compaction or clustering caps what the cleaner may let go.
      return completed_writes.FindInstantsBefore(pending->timestamp).LastInstant();
    }
    return candidate;
  }
  if (options.policy == CleanerPolicy::kKeepLatestByHours) {
    std::string cutoff = InstantTimeGenerator::FormatMillis(
        now_ms - int64_t{options.hours_retained} * kMillisPerHour, zone);
    for (const Instant& instant : completed) {
      if (instant.timestamp >= cutoff) return instant;
    }
  }
  return std::nullopt;
}

int64_t CleanOptions::NowMillis() const { return EpochMillisNow(clock); }

::arrow::Result<CleanDecision> PlanClean(const TableMetaClient& table,
                                         const ActiveTimeline& timeline,
                                         const CleanOptions& options) {
  ARROW_RETURN_NOT_OK(RefuseMetadataBootstrap(table, "clean"));
  CleanDecision decision;
  const Timeline& all = timeline.timeline();
  // needsCleaning (NUM_COMMITS): completed commits since the last clean.
  ARROW_ASSIGN_OR_RAISE(std::optional<CleanMetadata> last, LastClean(timeline));
  Timeline commits = all.GetCommitsTimeline().FilterCompleted();
  size_t since = last ? commits.FindInstantsAfter(last->last_completed_commit_timestamp).Count()
                      : commits.Count();
  if (since < static_cast<size_t>(options.max_commits)) {
    decision.why_not = std::to_string(since) + " commits since the last clean; " +
                       std::string(CleanConfig::kCleanMaxCommits.key) + " needs " +
                       std::to_string(options.max_commits);
    return decision;
  }
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, table.table_config()->timeline_timezone());
  std::optional<Instant> ectr = EarliestCommitToRetain(
      all.GetCommitsAndCompactionTimeline(), options, options.NowMillis(), zone);
  FileSystemViewOptions view_options;
  const std::vector<std::string> tracked = TrackedSavepoints(table, timeline);
  ARROW_ASSIGN_OR_RAISE(view_options.partitions,
                        PartitionsToClean(timeline, options, ectr, last, tracked));
  // After most commits nothing is old enough to clean: no listing, no plan reads.
  if (view_options.partitions && view_options.partitions->empty()) {
    decision.why_not = NothingToClean(options, ectr);
    return decision;
  }
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline, view_options));
  ARROW_ASSIGN_OR_RAISE(Guards guards, LoadGuards(timeline));
  const std::vector<std::string>& partitions = view->partitions();
  const bool by_commits = options.policy != CleanerPolicy::kKeepLatestFileVersions;
  const size_t retained = options.policy == CleanerPolicy::kKeepLatestCommits
                              ? static_cast<size_t>(options.commits_retained)
                              : 0;
  CleanerPlan plan;
  if (ectr) {
    plan.earliest_instant_to_retain =
        ActionInstant{ectr->timestamp, std::string(ActionName(ectr->action)), "COMPLETED"};
  }
  std::optional<Instant> last_commit = commits.LastInstant();
  plan.last_completed_commit_timestamp = last_commit ? last_commit->timestamp : "";
  plan.policy = std::string(CleanerPolicyName(options.policy));
  plan.files_to_be_deleted_per_partition = std::map<std::string, std::vector<std::string>>{};
  plan.version = 2;
  plan.file_paths_to_be_deleted_per_partition =
      std::map<std::string, std::vector<CleanFileInfo>>{};
  plan.partitions_to_be_deleted = std::vector<std::string>{};
  plan.extra_metadata = std::map<std::string, std::string>{};
  if (!tracked.empty()) {
    (*plan.extra_metadata)[std::string(kSavepointedTimestamps)] = JoinWithCommas(tracked);
  }
  for (const std::string& partition : partitions) {
    std::vector<FileGroupSlices> groups = view->FileGroupsInPartition(partition);
    std::vector<CleanFileInfo> files;
    if (!by_commits) {
      files = FilesKeepingLatestVersions(*table.storage(), groups, guards,
                                         options.file_versions_retained);
    } else if (commits.Count() > retained) {
      files = FilesKeepingLatestCommits(*table.storage(), groups, guards, ectr->timestamp);
    }
    if (groups.empty() && !partition.empty()) {
      ARROW_ASSIGN_OR_RAISE(bool pending, HasPendingFiles(table, partition));
      if (!pending && (!by_commits || NoReplaceSince(groups, ectr->timestamp))) {
        plan.partitions_to_be_deleted->push_back(partition);
      }
    }
    // Hudi 0.15 leaves partitions with nothing to delete out of the plan (checked
    // against its cleaner's plans).
    if (!files.empty()) {
      (*plan.file_paths_to_be_deleted_per_partition)[partition] = std::move(files);
    }
  }
  // requestClean persists a plan only when it deletes a file.
  if (CountFiles(*plan.file_paths_to_be_deleted_per_partition) == 0) {
    decision.why_not = NothingToClean(options, ectr);
    return decision;
  }
  decision.plan = std::move(plan);
  return decision;
}

}  // namespace hoodie
