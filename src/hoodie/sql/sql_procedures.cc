// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_procedures.cc
/// \brief `CALL <procedure>(...)`: Hudi 0.15's Spark SQL procedures (parameters, output
/// columns, checks) on hoodie's actions, the same calls the CLI and the Python package run.
#include "hoodie/sql/sql_procedures_internal.h"

#include "hoodie/sql/procedure_arguments_internal.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <arrow/builder.h>
#include <arrow/type.h>

#include "hoodie/actions/archiver.h"
#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/clean_planner.h"
#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/restore.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/client/table.h"
#include "hoodie/common/error.h"
#include "hoodie/common/java_compat.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/metadata_config.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/write/rollback_options.h"

namespace hoodie::internal {
namespace {

// ---------------------------------------------------------------------------------
// show_commits, show_commits_metadata (ShowCommitsProcedure).

// HoodieCommitMetadata.fetchTotalFilesInsert / fetchTotalFilesUpdated: a stat whose
// prevCommit is the string "null" (any case) added a file, any other non-null one
// updated one.
int64_t CountFiles(const CommitMetadata& metadata, bool inserted) {
  int64_t count = 0;
  for (const WriteStat& stat : metadata.AllWriteStats()) {
    if (!stat.prev_commit) continue;
    if ((ToLowerAscii(*stat.prev_commit) == "null") == inserted) ++count;
  }
  return count;
}

int64_t TotalWriteErrors(const CommitMetadata& metadata) {
  int64_t total = 0;
  for (const WriteStat& stat : metadata.AllWriteStats()) total += stat.total_write_errors;
  return total;
}

// Completed commits, deltacommits and replacecommits, newest first (HoodieInstant
// .COMPARATOR reversed).
std::vector<Instant> CompletedCommitsNewestFirst(const ActiveTimeline& timeline) {
  std::vector<Instant> commits =
      timeline.timeline().GetCommitsTimeline().FilterCompleted().instants();
  std::sort(commits.begin(), commits.end(),
            [](const Instant& a, const Instant& b) { return b < a; });
  return commits;
}

void AddCommitRow(const ActiveTimeline& timeline, const Instant& commit,
                  const CommitMetadata& metadata, ResultRows* rows) {
  rows->Add({commit.timestamp, OrNull(timeline.StateTransitionTime(commit)),
             std::string(ActionName(commit.action)), metadata.TotalBytesWritten(),
             CountFiles(metadata, /*inserted=*/true),
             CountFiles(metadata, /*inserted=*/false),
             static_cast<int64_t>(metadata.partition_to_write_stats.size()),
             metadata.TotalRecordsWritten(), metadata.TotalUpdateRecordsWritten(),
             TotalWriteErrors(metadata)});
}

void AddWriteStatRows(const ActiveTimeline& timeline, const Instant& commit,
                      const CommitMetadata& metadata, ResultRows* rows) {
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    for (const WriteStat& stat : stats) {
      rows->Add({commit.timestamp, OrNull(timeline.StateTransitionTime(commit)),
                 std::string(ActionName(commit.action)), OrNull(stat.partition_path),
                 OrNull(stat.file_id), OrNull(stat.prev_commit), stat.num_writes,
                 stat.num_inserts, stat.num_deletes, stat.num_update_writes,
                 stat.total_write_errors, stat.total_log_blocks,
                 stat.total_corrupt_log_block, stat.total_rollback_blocks,
                 stat.total_log_records, stat.total_updated_records_compacted,
                 stat.total_write_bytes});
    }
  }
}

TableResult ShowCommitsWith(const Arguments& args, const ProcedureContext& context,
                            bool per_write_stat) {
  ARROW_ASSIGN_OR_RAISE(size_t limit, args.Limit());
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ResultRows rows = per_write_stat
                  ? ResultRows({{"commit_time", ValueType::kString},
                          {"state_transition_time", ValueType::kString},
                          {"action", ValueType::kString},
                          {"partition", ValueType::kString},
                          {"file_id", ValueType::kString},
                          {"previous_commit", ValueType::kString},
                          {"num_writes", ValueType::kLong},
                          {"num_inserts", ValueType::kLong},
                          {"num_deletes", ValueType::kLong},
                          {"num_update_writes", ValueType::kLong},
                          {"total_errors", ValueType::kLong},
                          {"total_log_blocks", ValueType::kLong},
                          {"total_corrupt_log_blocks", ValueType::kLong},
                          {"total_rollback_blocks", ValueType::kLong},
                          {"total_log_records", ValueType::kLong},
                          {"total_updated_records_compacted", ValueType::kLong},
                          {"total_bytes_written", ValueType::kLong}})
                  : ResultRows({{"commit_time", ValueType::kString},
                          {"state_transition_time", ValueType::kString},
                          {"action", ValueType::kString},
                          {"total_bytes_written", ValueType::kLong},
                          {"total_files_added", ValueType::kLong},
                          {"total_files_updated", ValueType::kLong},
                          {"total_partitions_written", ValueType::kLong},
                          {"total_records_written", ValueType::kLong},
                          {"total_update_records_written", ValueType::kLong},
                          {"total_errors", ValueType::kLong}});
  // Hudi keeps the first `limit` rows; commits past them are not read.
  for (const Instant& commit : CompletedCommitsNewestFirst(timeline)) {
    if (rows.size() >= limit) break;
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline.ReadCommitMetadata(commit));
    if (per_write_stat) {
      AddWriteStatRows(timeline, commit, metadata, &rows);
    } else {
      AddCommitRow(timeline, commit, metadata, &rows);
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto all, rows.Finish());
  return all->Slice(0, std::min<int64_t>(all->num_rows(), static_cast<int64_t>(limit)));
}

TableResult ShowCommits(const Arguments& args, const ProcedureContext& context) {
  return ShowCommitsWith(args, context, /*per_write_stat=*/false);
}

TableResult ShowCommitsMetadata(const Arguments& args, const ProcedureContext& context) {
  return ShowCommitsWith(args, context, /*per_write_stat=*/true);
}

// ---------------------------------------------------------------------------------
// show_table_properties (ShowTablePropertiesProcedure).

// The order a java.util.Properties loaded with `entries` iterates them on Java 9 and
// later, where it is backed by a ConcurrentHashMap made with capacity 8: 16 bins,
// doubled whenever the count reaches three quarters of them, walked bin by bin
// (spread hash: h ^ h >>> 16). Within a bin insertion order is kept, which a resize's
// split can reverse for colliding keys; hoodie.properties keys rarely collide.
PropertyList OrderLikeJavaProperties(PropertyList entries) {
  size_t bins = 16;
  for (size_t count = 1; count <= entries.size(); ++count) {
    if (count >= bins - bins / 4) bins *= 2;
  }
  auto bin = [bins](const std::string& key) {
    auto h = static_cast<uint32_t>(JavaStringHashCode(key));
    return static_cast<size_t>((h ^ (h >> 16)) & 0x7fffffffu) & (bins - 1);
  };
  std::stable_sort(entries.begin(), entries.end(),
                   [&bin](const auto& a, const auto& b) { return bin(a.first) < bin(b.first); });
  return entries;
}

TableResult ShowTableProperties(const Arguments& args, const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(size_t limit, args.Limit());
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ResultRows rows({{"key", ValueType::kString}, {"value", ValueType::kString}});
  for (const auto& [key, value] :
       OrderLikeJavaProperties(table->table_config()->entries())) {
    if (rows.size() >= limit) break;
    rows.Add({key, value});
  }
  return rows.Finish();
}

// ---------------------------------------------------------------------------------
// run_clean (RunCleanProcedure).

// JsonUtils' rendering of getBootstrapPartitionMetadata: hoodie bootstraps no table,
// so the map is null or empty; other entries are named with a null value.
std::string BootstrapPartitionJson(const CleanMetadata& metadata) {
  if (!metadata.bootstrap_partition_metadata) return "null";
  std::string out = "{";
  for (const auto& [partition, unused] : *metadata.bootstrap_partition_metadata) {
    if (out.size() > 1) out += ",";
    out += "\"" + partition + "\":null";
  }
  return out + "}";
}

::arrow::Result<HoodieConfig> CleanConfigOf(const Arguments& args,
                                            const ProcedureContext& context) {
  HoodieConfig config = context.config;
  SetIfGiven(args, "clean_policy", CleanConfig::kCleanerPolicy.key, &config);
  SetIfGiven(args, "retain_commits", CleanConfig::kCommitsRetained.key, &config);
  SetIfGiven(args, "hours_retained", CleanConfig::kHoursRetained.key, &config);
  SetIfGiven(args, "file_versions_retained", CleanConfig::kFileVersionsRetained.key,
             &config);
  SetIfGiven(args, "trigger_strategy", CleanConfig::kCleanTriggerStrategy.key, &config);
  SetIfGiven(args, "trigger_max_commits", CleanConfig::kCleanMaxCommits.key, &config);
  ARROW_RETURN_NOT_OK(AddOptions(args, &config));
  return config;
}

// With schedule_in_line false, only the pending cleans run (Hudi's clean() without
// scheduling); either way the result is the last clean completed, as
// CleanActionExecutor.execute returns it.
::arrow::Result<std::optional<CleanMetadata>> RunCleans(
    const std::shared_ptr<TableMetaClient>& table, const CleanOptions& clean,
    bool schedule) {
  std::optional<CleanMetadata> last;
  if (schedule) {
    ARROW_ASSIGN_OR_RAISE(CleanOutcome outcome, RunClean(table, clean));
    if (!outcome.completed.empty()) last = outcome.completed.back().second;
    return last;
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  // The filtered timeline is kept: a range-for over a temporary's instants() dangles.
  const Timeline pending_cleans = timeline.timeline().GetCleanerTimeline().FilterPending();
  for (const Instant& pending : pending_cleans.instants()) {
    ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata, ExecuteClean(table, pending));
    last = std::move(metadata);
  }
  return last;
}

TableResult RunCleanProcedure(const Arguments& args, const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CleanConfigOf(args, context));
  ARROW_ASSIGN_OR_RAISE(CleanOptions clean, CleanOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, config));
  if (args.GetBool("skip_locking")) {
    // Accepting it would pretend: hoodie's clean always commits through the table's
    // Transaction, which takes the configured lock.
    return args.Invalid("skip_locking",
                        "hoodie's clean always takes the table's configured lock "
                        "(hoodie.write.lock.provider); leave skip_locking false");
  }
  ARROW_ASSIGN_OR_RAISE(auto last, RunCleans(table, clean, args.GetBool("schedule_in_line")));
  ResultRows rows({{"start_clean_time", ValueType::kString},
             {"time_taken_in_millis", ValueType::kLong},
             {"total_files_deleted", ValueType::kInt},
             {"earliest_commit_to_retain", ValueType::kString},
             {"bootstrap_part_metadata", ValueType::kString},
             {"version", ValueType::kInt}});
  if (last) {
    Cell version = std::monostate();
    if (last->version) version = static_cast<int64_t>(*last->version);
    rows.Add({last->start_clean_time, last->time_taken_in_millis,
              static_cast<int64_t>(last->total_files_deleted),
              last->earliest_commit_to_retain, BootstrapPartitionJson(*last), version});
  }
  return rows.Finish();
}

// ---------------------------------------------------------------------------------
// run_compaction, show_compaction (RunCompactionProcedure, ShowCompactionProcedure,
// HoodieProcedureUtils).

struct CompactionOperationChoice {
  bool schedule = false;
  bool execute = false;
};

// HoodieProcedureUtils.Operation: "run" is the old name of scheduleandexecute.
::arrow::Result<CompactionOperationChoice> ParseCompactionOp(const Arguments& args,
                                                             const std::string& op) {
  if (op == "schedule") return CompactionOperationChoice{true, false};
  if (op == "execute") return CompactionOperationChoice{false, true};
  if (op == "scheduleandexecute" || op == "run") return CompactionOperationChoice{true, true};
  return args.Invalid("op", "Invalid value " + op +
                                "; accepted: schedule, execute, scheduleandexecute, run");
}

// The pending compactions of the timeline, oldest first.
std::vector<std::string> PendingCompactions(const ActiveTimeline& timeline) {
  std::vector<std::string> out;
  for (const Instant& instant : timeline.timeline().instants()) {
    if (instant.action == Action::kCompaction && !instant.IsCompleted()) {
      out.push_back(instant.timestamp);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// checkAndFilterPendingInstants: every instant given must be a pending compaction.
::arrow::Result<std::vector<std::string>> GivenPendingInstants(
    const Arguments& args, const std::string& instants,
    const std::vector<std::string>& pending) {
  std::vector<std::string> out = SplitList(instants);
  std::string missing;
  for (const std::string& instant : out) {
    if (std::find(pending.begin(), pending.end(), instant) == pending.end()) {
      missing += (missing.empty() ? "" : ",") + instant;
    }
  }
  if (!missing.empty()) {
    return args.Invalid("instants", "specific " + missing + " instants is not exist");
  }
  std::sort(out.begin(), out.end());
  return out;
}

::arrow::Result<int64_t> CompactionOperationCount(const ActiveTimeline& timeline,
                                                  const std::string& instant) {
  Instant requested{instant, Action::kCompaction, State::kRequested};
  ARROW_ASSIGN_OR_RAISE(CompactionPlan plan, timeline.ReadAvro<CompactionPlan>(requested));
  return static_cast<int64_t>(plan.operations ? plan.operations->size() : 0);
}

ResultRows CompactionRows() {
  return ResultRows({{"timestamp", ValueType::kString},
               {"operation_size", ValueType::kInt},
               {"state", ValueType::kString}});
}

// One row per instant of `timeline` that `keep` accepts, newest first, up to `limit`.
::arrow::Result<ResultRows> CompactionRowsOf(const ActiveTimeline& timeline,
                                       const std::function<bool(const Instant&)>& keep,
                                       size_t limit) {
  std::vector<Instant> instants = timeline.timeline().Filter(keep).instants();
  std::sort(instants.begin(), instants.end(), [](const Instant& a, const Instant& b) {
    return a.timestamp > b.timestamp;
  });
  ResultRows rows = CompactionRows();
  for (const Instant& instant : instants) {
    if (rows.size() >= limit) break;
    ARROW_ASSIGN_OR_RAISE(int64_t operations,
                          CompactionOperationCount(timeline, instant.timestamp));
    rows.Add({instant.timestamp, operations, std::string(StateName(instant.state))});
  }
  return rows;
}

::arrow::Result<std::vector<std::string>> CompactionsToRun(
    const Arguments& args, const std::optional<std::string>& specific,
    const CompactionOperationChoice& choice, const ActiveTimeline& timeline) {
  std::vector<std::string> pending = PendingCompactions(timeline);
  if (specific) return GivenPendingInstants(args, *specific, pending);
  if (choice.execute) return pending;
  return std::vector<std::string>();
}

TableResult RunCompactionProcedure(const Arguments& args, const ProcedureContext& context) {
  std::string op = ToLowerAscii(Trim(args.GetString("op")));
  std::optional<std::string> specific = args.Get("instants");
  if (args.Get("timestamp") && !specific) {
    // The long's text, as Hudi's instantTimestamp.toString gives it.
    specific = std::to_string(args.GetInteger("timestamp"));
    op = "execute";
  }
  if (specific && op != "execute") {
    return args.Invalid("instants",
                        "specific instants only can be used in 'execute' op or not "
                        "specific op");
  }
  ARROW_ASSIGN_OR_RAISE(CompactionOperationChoice choice, ParseCompactionOp(args, op));
  HoodieConfig config = context.config;
  ARROW_RETURN_NOT_OK(AddOptions(args, &config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline before, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> instants,
                        CompactionsToRun(args, specific, choice, before));
  if (choice.schedule && !specific) {
    // As Hudi: a new plan replaces the pending ones as what this call runs.
    ARROW_ASSIGN_OR_RAISE(auto scheduled, ScheduleCompaction(*table, config));
    if (scheduled) instants = {scheduled->instant_time};
  }
  if (choice.execute) {
    for (const std::string& instant : instants) {
      ARROW_RETURN_NOT_OK(RunCompaction(table, config, instant).status());
    }
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline after, table->ReloadActiveTimeline());
  std::set<std::string> ran(instants.begin(), instants.end());
  ARROW_ASSIGN_OR_RAISE(
      ResultRows rows,
      CompactionRowsOf(
          after, [&ran](const Instant& i) { return ran.count(i.timestamp) > 0; },
          ran.size()));
  return rows.Finish();
}

TableResult ShowCompaction(const Arguments& args, const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(size_t limit, args.Limit());
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  if (table->table_type() != TableType::kMergeOnRead) {
    return ::arrow::Status::Invalid(
        "show_compaction: Cannot show compaction on a Non Merge On Read table: ",
        table->base_path());
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  // Completed compactions are `commit` instants; a merge-on-read table writes no other.
  auto compaction = [](const Instant& i) {
    return i.action == Action::kCompaction || i.action == Action::kCommit;
  };
  ARROW_ASSIGN_OR_RAISE(ResultRows rows, CompactionRowsOf(timeline, compaction, limit));
  return rows.Finish();
}

// ---------------------------------------------------------------------------------
// Savepoints (CreateSavepointProcedure, ShowSavepointsProcedure,
// DeleteSavepointProcedure, RollbackToSavepointProcedure).

TableResult CreateSavepointProcedure(const Arguments& args,
                                     const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Timeline completed = timeline.timeline().GetCommitsTimeline().FilterCompleted();
  std::string commit = args.GetString("commit_time");
  if (commit.empty()) {
    std::optional<Instant> last = completed.LastInstant();
    if (!last) return args.Invalid("commit_time", "the table has no completed commit");
    commit = last->timestamp;
  } else if (!completed.ContainsTimestamp(commit)) {
    return args.Invalid("commit_time",
                        "Commit " + commit + " not found in Commits " + completed.ToString());
  }
  SavepointRequest request;
  request.instant = commit;
  request.user = args.GetString("user");
  request.comment = args.GetString("comments");
  auto created = CreateSavepoint(table, request);
  // Hudi answers false for what its savepoint refuses (HoodieSavepointException).
  if (created.status().IsInvalid() || created.status().IsAlreadyExists()) {
    return OneBoolean("create_savepoint_result", false);
  }
  ARROW_RETURN_NOT_OK(created.status());
  return OneBoolean("create_savepoint_result", true);
}

TableResult ShowSavepoints(const Arguments& args, const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  std::vector<std::string> savepoints =
      timeline.timeline().GetSavepointTimeline().FilterCompleted().Timestamps();
  ResultRows rows({{"savepoint_time", ValueType::kString}});
  for (auto it = savepoints.rbegin(); it != savepoints.rend(); ++it) rows.Add({*it});
  return rows.Finish();
}

// The completed savepoint `instant_time` names (the latest when empty), as Delete- and
// RollbackToSavepointProcedure check it.
::arrow::Result<std::string> ChosenSavepoint(const Arguments& args,
                                             const ActiveTimeline& timeline) {
  const Timeline savepoints = timeline.timeline().GetSavepointTimeline().FilterCompleted();
  if (savepoints.Empty()) {
    return args.Invalid("instant_time", "There are no completed savepoint to run delete");
  }
  std::string instant = args.GetString("instant_time");
  if (instant.empty()) return savepoints.LastInstant()->timestamp;
  if (!savepoints.ContainsTimestamp(instant)) {
    return args.Invalid("instant_time", "Commit " + instant + " not found in Commits " +
                                            savepoints.ToString());
  }
  return instant;
}

TableResult DeleteSavepointProcedure(const Arguments& args,
                                     const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::string instant, ChosenSavepoint(args, timeline));
  ARROW_ASSIGN_OR_RAISE(bool deleted, DeleteSavepoint(*table, instant));
  return OneBoolean("delete_savepoint_result", deleted);
}

TableResult RollbackToSavepoint(const Arguments& args, const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(bool proceed,
                        context.config.Get(CleanConfig::kArchiveProceedSavepoint));
  ARROW_ASSIGN_OR_RAISE(RollbackOptions rollback,
                        RollbackOptions::FromConfig(context.config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::string instant, ChosenSavepoint(args, timeline));
  // Hudi's restoreToSavepoint: a restore to the savepointed commit.
  ARROW_RETURN_NOT_OK(RestoreToInstant(table, instant, proceed, rollback).status());
  return OneBoolean("rollback_savepoint_result", true);
}

// ---------------------------------------------------------------------------------
// rollback_to_instant (RollbackToInstantTimeProcedure), archive_commits
// (ArchiveCommitsProcedure, ArchiveExecutorUtils).

TableResult RollbackToInstant(const Arguments& args, const ProcedureContext& context) {
  ARROW_ASSIGN_OR_RAISE(RollbackOptions rollback,
                        RollbackOptions::FromConfig(context.config));
  // As the procedure sets hoodie.rollback.using.markers=false: planned by listing.
  rollback.using_markers = false;
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, context.config));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  std::string instant(Trim(args.GetString("instant_time")));
  if (!timeline.timeline().ContainsTimestamp(instant)) {
    return args.Invalid("instant_time", "Commit " + instant + " not found in Commits " +
                                            timeline.timeline().ToString());
  }
  // Hudi's rollback(instant) answers false for an instant that is no commit,
  // deltacommit or replacecommit.
  if (!timeline.timeline().GetCommitsTimeline().ContainsTimestamp(instant)) {
    return OneBoolean("rollback_result", false);
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<RollbackMetadata> done,
                        RollbackOnRequest(*table, instant, rollback));
  return OneBoolean("rollback_result", !done.empty());
}

TableResult ArchiveCommits(const Arguments& args, const ProcedureContext& context) {
  HoodieConfig config = context.config;
  config.Set(CleanConfig::kKeepMinCommits.key, std::to_string(args.GetInteger("min_commits")));
  config.Set(CleanConfig::kKeepMaxCommits.key, std::to_string(args.GetInteger("max_commits")));
  config.Set(CleanConfig::kCommitsRetained.key,
             std::to_string(args.GetInteger("retain_commits")));
  config.Set(MetadataConfig::kEnable.key, args.GetBool("enable_metadata") ? "true" : "false");
  ARROW_ASSIGN_OR_RAISE(ArchiveOptions archive, ArchiveOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto table, OpenTable(args, context, config));
  auto outcome = RunArchive(table, archive);
  // ArchiveExecutorUtils.archive answers -1 for an IOException, 0 otherwise.
  int64_t result = 0;
  if (outcome.status().IsIOError()) {
    result = -1;
  } else {
    ARROW_RETURN_NOT_OK(outcome.status());
  }
  ResultRows rows({{"result", ValueType::kInt}});
  rows.Add({result});
  return rows.Finish();
}

// ---------------------------------------------------------------------------------
// The procedures.

const std::vector<ProcedureSpec>& Served() {
  using V = ValueType;
  static const std::vector<ProcedureSpec> kServed = {
      {"archive_commits",
       {OptionalParameter("table", V::kString), OptionalParameter("path", V::kString),
        OptionalParameter("min_commits", V::kInt, "20"), OptionalParameter("max_commits", V::kInt, "30"),
        OptionalParameter("retain_commits", V::kInt, "10"),
        OptionalParameter("enable_metadata", V::kBool, "true")},
       &ArchiveCommits},
      {"create_savepoint",
       {OptionalParameter("table", V::kString), OptionalParameter("commit_time", V::kString, ""),
        OptionalParameter("user", V::kString, ""), OptionalParameter("comments", V::kString, ""),
        OptionalParameter("path", V::kString)},
       &CreateSavepointProcedure},
      {"delete_savepoint",
       {OptionalParameter("table", V::kString), OptionalParameter("instant_time", V::kString, ""),
        OptionalParameter("path", V::kString)},
       &DeleteSavepointProcedure},
      {"rollback_to_instant",
       {RequiredParameter("table", V::kString), RequiredParameter("instant_time", V::kString)},
       &RollbackToInstant},
      {"rollback_to_savepoint",
       {OptionalParameter("table", V::kString), OptionalParameter("instant_time", V::kString, ""),
        OptionalParameter("path", V::kString)},
       &RollbackToSavepoint},
      {"run_clean",
       {RequiredParameter("table", V::kString), OptionalParameter("skip_locking", V::kBool, "false"),
        OptionalParameter("schedule_in_line", V::kBool, "true"),
        OptionalParameter("clean_policy", V::kString), OptionalParameter("retain_commits", V::kInt),
        OptionalParameter("hours_retained", V::kInt), OptionalParameter("file_versions_retained", V::kInt),
        OptionalParameter("trigger_strategy", V::kString),
        OptionalParameter("trigger_max_commits", V::kInt), OptionalParameter("options", V::kString)},
       &RunCleanProcedure},
      {"run_compaction",
       {RequiredParameter("op", V::kString), OptionalParameter("table", V::kString),
        OptionalParameter("path", V::kString), OptionalParameter("timestamp", V::kLong),
        OptionalParameter("options", V::kString), OptionalParameter("instants", V::kString)},
       &RunCompactionProcedure},
      {"show_commits",
       {RequiredParameter("table", V::kString), OptionalParameter("limit", V::kInt, "10")},
       &ShowCommits},
      {"show_commits_metadata",
       {RequiredParameter("table", V::kString), OptionalParameter("limit", V::kInt, "10")},
       &ShowCommitsMetadata},
      {"show_compaction",
       {OptionalParameter("table", V::kString), OptionalParameter("path", V::kString),
        OptionalParameter("limit", V::kInt, "20")},
       &ShowCompaction},
      {"show_savepoints",
       {OptionalParameter("table", V::kString), OptionalParameter("path", V::kString)},
       &ShowSavepoints},
      {"show_table_properties",
       {OptionalParameter("table", V::kString), OptionalParameter("path", V::kString),
        OptionalParameter("limit", V::kInt, "10")},
       &ShowTableProperties},
  };
  return kServed;
}

// Every other procedure of Hudi 0.15's HoodieProcedures, with what it would need.
const std::vector<std::pair<std::string_view, std::string_view>>& RefusedProcedures() {
  constexpr std::string_view kClustering = "clustering is not built in hoodie yet";
  constexpr std::string_view kBootstrap = "bootstrap is not built in hoodie yet";
  constexpr std::string_view kSync =
      "meta sync is not run from hoodie's SQL session yet; it needs a catalog client";
  constexpr std::string_view kVersion =
      "hoodie reads and writes table version 6 only; it has no upgrade or downgrade";
  constexpr std::string_view kMetadata =
      "maintenance of the metadata table is not served as a procedure yet";
  constexpr std::string_view kRepair = "table repairs are not built in hoodie yet";
  constexpr std::string_view kSpark = "it needs Spark's catalog and DataFrames";
  constexpr std::string_view kLater = "not served as a procedure in hoodie yet";
  static const std::vector<std::pair<std::string_view, std::string_view>> kRefused = {
      {"run_clustering", kClustering},
      {"show_clustering", kClustering},
      {"show_archived_commits", kLater},
      {"show_archived_commits_metadata", kLater},
      {"show_commit_files", kLater},
      {"show_commit_partitions", kLater},
      {"show_commit_write_stats", kLater},
      {"commits_compare", kLater},
      {"delete_marker", kLater},
      {"show_rollbacks", kLater},
      {"show_rollback_detail", kLater},
      {"export_instants", kLater},
      {"show_fsview_all", kLater},
      {"show_fsview_latest", kLater},
      {"show_logfile_metadata", kLater},
      {"show_logfile_records", kLater},
      {"stats_wa", kLater},
      {"stats_file_sizes", kLater},
      {"hdfs_parquet_import", kSpark},
      {"run_bootstrap", kBootstrap},
      {"show_bootstrap_mapping", kBootstrap},
      {"show_bootstrap_partitions", kBootstrap},
      {"upgrade_table", kVersion},
      {"downgrade_table", kVersion},
      {"show_metadata_table_files", kMetadata},
      {"show_metadata_table_partitions", kMetadata},
      {"create_metadata_table", kMetadata},
      {"delete_metadata_table", kMetadata},
      {"init_metadata_table", kMetadata},
      {"show_metadata_table_stats", kMetadata},
      {"validate_metadata_table_files", kMetadata},
      {"show_fs_path_detail", kLater},
      {"copy_to_table", kSpark},
      {"repair_add_partition_meta", kRepair},
      {"repair_corrupted_clean_files", kRepair},
      {"repair_deduplicate", kRepair},
      {"repair_migrate_partition_meta", kRepair},
      {"repair_overwrite_hoodie_props", kRepair},
      {"sync_validate", kSync},
      {"show_invalid_parquet", kLater},
      {"hive_sync", kSync},
      {"copy_to_temp_view", kSpark},
      {"show_commit_extra_metadata", kLater},
      {"help", kLater},
  };
  return kRefused;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::Table>> RunProcedure(
    const ProcedureCall& call, const ProcedureContext& context) {
  std::string name = ToLowerAscii(Trim(call.name));
  for (const ProcedureSpec& spec : Served()) {
    if (spec.name != name) continue;
    ARROW_ASSIGN_OR_RAISE(Arguments args, Arguments::Bind(spec, call));
    return spec.run(args, context);
  }
  for (const auto& [refused, reason] : RefusedProcedures()) {
    if (refused == name) return ::arrow::Status::NotImplemented(refused, ": ", reason);
  }
  return ::arrow::Status::Invalid("unknown procedure ", name,
                                  "; hoodie serves: ", JoinNames(ServedProcedures()));
}

std::vector<std::string> ServedProcedures() {
  std::vector<std::string> names;
  for (const ProcedureSpec& spec : Served()) names.emplace_back(spec.name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace hoodie::internal
