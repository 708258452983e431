// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/clean_planner.h
/// \brief Which file slices a clean deletes (Hudi 0.15's CleanPlanActionExecutor and
/// CleanPlanner): the earliest commit to retain, the partitions to scan, the files of
/// each policy, and the HoodieCleanerPlan that records them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/config/clean_config.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/write/rollback_options.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class HoodieConfig;
class TableMetaClient;

/// hoodie.cleaner.policy (HoodieCleaningPolicy).
enum class CleanerPolicy {
  /// Keep every slice a query of the last `commits_retained` commits may read.
  kKeepLatestCommits,
  /// Keep the newest `file_versions_retained` slices of each file group.
  kKeepLatestFileVersions,
  /// Keep every slice a query of the last `hours_retained` hours may read.
  kKeepLatestByHours,
};

/// The names of hoodie.cleaner.policy (Hudi's HoodieCleaningPolicy).
inline constexpr EnumChoice<CleanerPolicy> kCleanerPolicyNames[] = {
    {"KEEP_LATEST_COMMITS", CleanerPolicy::kKeepLatestCommits},
    {"KEEP_LATEST_FILE_VERSIONS", CleanerPolicy::kKeepLatestFileVersions},
    {"KEEP_LATEST_BY_HOURS", CleanerPolicy::kKeepLatestByHours},
};

/// "KEEP_LATEST_COMMITS", ... as the plan and metadata record the policy.
HOODIE_EXPORT std::string_view CleanerPolicyName(CleanerPolicy policy);

/// \brief Settings of the cleaner, built once by FromConfig. A value type; members start
/// at their keys' declared defaults (DefaultOf).
struct HOODIE_EXPORT CleanOptions {
  CleanerPolicy policy = DefaultEnum(CleanConfig::kCleanerPolicy, kCleanerPolicyNames);
  int32_t commits_retained = DefaultOf(CleanConfig::kCommitsRetained);
  int32_t hours_retained = DefaultOf(CleanConfig::kHoursRetained);
  int32_t file_versions_retained = DefaultOf(CleanConfig::kFileVersionsRetained);
  /// hoodie.clean.max.commits: completed commits since the last clean before a new one.
  int32_t max_commits = DefaultOf(CleanConfig::kCleanMaxCommits);
  /// hoodie.cleaner.incremental.mode: scan only the partitions written since the last
  /// clean's earliest commit to retain.
  bool incremental = DefaultOf(CleanConfig::kIncrementalMode);
  /// The time of a new clean instant; empty for a new one. A metadata table's clean is
  /// named after its latest deltacommit, with suffix 002.
  std::string instant_time;
  /// Milliseconds since the epoch of "now" for KEEP_LATEST_BY_HOURS; null: the clock.
  std::function<int64_t()> clock;
  /// How failed writes are rolled back: under LAZY, every clean first rolls back the
  /// pending writes whose heartbeat expired (CleanerUtils.rollbackFailedWrites).
  RollbackOptions rollback;

  /// Reads the policy (inferred, as Hudi does, from the one retention key set when
  /// hoodie.cleaner.policy is not), the three retentions, hoodie.clean.max.commits,
  /// hoodie.clean.trigger.strategy (NUM_COMMITS only), hoodie.cleaner.incremental.mode and
  /// the rollback options (RollbackOptions::FromConfig).
  /// \return Invalid naming the key for a bad value.
  static ::arrow::Result<CleanOptions> FromConfig(const HoodieConfig& config);

  /// `clock()`, or the system clock when it is null.
  int64_t NowMillis() const;
};

/// The earliest commit whose file slices the cleaner keeps
/// (CleanerUtils.getEarliestCommitToRetain) among `writes`, the instants of the actions
/// the caller passes (the cleaner: commits and compactions; archival: commits), as of
/// `now_ms` for KEEP_LATEST_BY_HOURS. KEEP_LATEST_COMMITS caps it below the first
/// pending instant of `writes`. nullopt when there is too little history, and always for
/// KEEP_LATEST_FILE_VERSIONS.
HOODIE_EXPORT
std::optional<Instant> EarliestCommitToRetain(const Timeline& writes,
                                              const CleanOptions& options, int64_t now_ms,
                                              TimelineTimeZone zone);

/// \brief What PlanClean decided: the plan, or why there is none.
struct HOODIE_EXPORT CleanDecision {
  /// The plan to write as `T.clean.requested`; nullopt when nothing is to be deleted.
  std::optional<CleanerPlan> plan;
  /// Why there is no plan ("2 commits since the last clean, hoodie.clean.max.commits
  /// needs 3"); empty with a plan.
  std::string why_not;
};

/// Plans a clean of `table` as of `timeline` (CleanPlanActionExecutor.requestClean):
/// checks the trigger, finds the earliest commit to retain, scans the partitions
/// (incrementally when it can) and lists, per partition, the full paths of every file
/// of the slices the policy lets go. Files of savepointed slices, of the latest slice of
/// each file group, of slices a pending compaction reads and of the last slice before
/// the earliest commit to retain are never listed.
/// \return IOError from storage; Invalid for unreadable timeline files.
HOODIE_EXPORT ::arrow::Result<CleanDecision> PlanClean(const TableMetaClient& table,
                                                       const ActiveTimeline& timeline,
                                                       const CleanOptions& options);

}  // namespace hoodie
