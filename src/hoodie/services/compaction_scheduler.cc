// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/services/compaction_scheduler.cc
/// \brief ScheduleCompaction: the plan generator and the checks Hudi makes before it
/// saves `T.compaction.requested`.
#include "hoodie/services/compaction_scheduler.h"

#include <algorithm>

#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/read/file_system_view.h"
#include "hoodie/read/read_options.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"

namespace hoodie {
namespace {

constexpr int32_t kLatestCompactionPlanVersion = 2;  // CompactionUtils
constexpr int64_t kBytesPerMiB = 1024 * 1024;        // FSUtils.getSizeInMB

// Which of the candidate operations the plan keeps, in plan order (the strategy's
// orderAndFilter). Until the configured strategies are wired in, every candidate in
// partition and file id order is kept, which is what UnBoundedCompactionStrategy does.
std::vector<CompactionOperation> SelectOperations(std::vector<CompactionOperation> ops) {
  return ops;
}

// Hudi's single-writer checks (ScheduleCompactionActionExecutor.execute).
::arrow::Status CheckInstantTime(const ActiveTimeline& timeline,
                                 const std::string& instant_time) {
  const Timeline& all = timeline.timeline();
  std::optional<Instant> pending =
      all.GetCommitsTimeline().FilterPendingExcludingCompaction().FirstInstant();
  if (pending && pending->timestamp <= instant_time) {
    return ::arrow::Status::Invalid(
        "cannot schedule a compaction at ", instant_time, ": the write ",
        pending->ToString(),
        " is still pending and Hudi requires every pending write to be later than the "
        "compaction; roll it back first (hoodie rollback --table ...)");
  }
  const Timeline writes =
      all.GetCommitsAndCompactionTimeline().FilterCompletedAndCompaction();
  for (const Instant& instant : writes.instants()) {
    if (instant.timestamp >= instant_time) {
      return ::arrow::Status::Invalid(
          "cannot schedule a compaction at ", instant_time, ": ", instant.ToString(),
          " is at or after it; a compaction must be later than every completed write "
          "and pending compaction");
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<CompactionScheduleOptions> CompactionScheduleOptions::FromConfig(
    const HoodieConfig& config) {
  CompactionScheduleOptions out;
  HOODIE_ASSIGN_OR_RAISE(out.parquet_max_file_size,
                         config.Get(StorageConfig::kParquetMaxFileSize));
  return out;
}

std::map<std::string, double> CaptureSliceMetrics(const FileSlice& slice,
                                                  int64_t parquet_max_file_size) {
  int64_t log_bytes = 0;
  for (const LogFile& file : slice.log_files)
    log_bytes += std::max<int64_t>(file.size, 0);
  int64_t base_bytes = slice.base_file ? slice.base_file->size : 0;
  int64_t read_mb = (base_bytes + log_bytes) / kBytesPerMiB;
  int64_t write_mb = (base_bytes > 0 ? base_bytes : parquet_max_file_size) / kBytesPerMiB;
  return {{"TOTAL_IO_READ_MB", static_cast<double>(read_mb)},
          {"TOTAL_IO_WRITE_MB", static_cast<double>(write_mb)},
          {"TOTAL_IO_MB", static_cast<double>(read_mb + write_mb)},
          {"TOTAL_LOG_FILES_SIZE", static_cast<double>(log_bytes)},
          {"TOTAL_LOG_FILES", static_cast<double>(slice.log_files.size())}};
}

CompactionOperation BuildCompactionOperation(const FileSlice& slice,
                                             std::map<std::string, double> metrics) {
  CompactionOperation op;
  op.base_instant_time = slice.base_instant;
  std::vector<LogFile> logs = slice.log_files;
  std::sort(logs.begin(), logs.end(), LogFileLess);
  std::vector<std::string> names;
  for (const LogFile& file : logs) names.push_back(file.file_name);
  op.delta_file_paths = std::move(names);
  if (slice.base_file) op.data_file_path = slice.base_file->file_name;
  op.file_id = slice.group.file_id;
  op.partition_path = slice.group.partition_path;
  op.metrics = std::move(metrics);
  return op;
}

::arrow::Result<std::vector<std::pair<Instant, CompactionPlan>>> PendingCompactionPlans(
    const ActiveTimeline& timeline) {
  std::vector<std::pair<Instant, CompactionPlan>> out;
  const Timeline pending = timeline.timeline().FilterPendingCompaction();
  for (const Instant& instant : pending.instants()) {
    // The plan lives in the requested file whatever the state.
    Instant requested{instant.timestamp, Action::kCompaction, State::kRequested};
    HOODIE_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(requested));
    auto plan = CompactionPlan::FromAvroBytes(bytes);
    if (!plan.ok()) {
      return plan.status().WithMessage("compaction plan ", *requested.FileName(), ": ",
                                       plan.status().message());
    }
    out.emplace_back(instant, *std::move(plan));
  }
  return out;
}

::arrow::Result<std::set<FileGroupId>> FileGroupsInPendingServices(
    const ActiveTimeline& timeline) {
  std::set<FileGroupId> out;
  HOODIE_ASSIGN_OR_RAISE(auto plans, PendingCompactionPlans(timeline));
  for (const auto& [instant, plan] : plans) {
    if (!plan.operations) continue;
    for (const CompactionOperation& op : *plan.operations) {
      out.insert({op.partition_path.value_or(""), op.file_id.value_or("")});
    }
  }
  const Timeline replaces = timeline.timeline().FilterPendingReplace();
  for (const Instant& instant : replaces.instants()) {
    Instant requested{instant.timestamp, Action::kReplaceCommit, State::kRequested};
    HOODIE_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(requested));
    if (bytes.empty()) continue;  // an insert overwrite, not a clustering
    HOODIE_ASSIGN_OR_RAISE(RequestedReplaceMetadata metadata,
                           RequestedReplaceMetadata::FromAvroBytes(bytes));
    if (!metadata.clustering_plan) continue;
    if (!metadata.clustering_plan->input_groups) continue;
    for (const ClusteringGroup& group : *metadata.clustering_plan->input_groups) {
      if (!group.slices) continue;
      for (const SliceInfo& slice : *group.slices) {
        out.insert({slice.partition_path.value_or(""), slice.file_id.value_or("")});
      }
    }
  }
  return out;
}

::arrow::Result<std::optional<ScheduledCompaction>> ScheduleCompaction(
    const TableMetaClient& table, const HoodieConfig& config,
    std::optional<std::string> instant_time) {
  if (table.table_type() != TableType::kMergeOnRead) {
    return ::arrow::Status::Invalid("compaction applies to MERGE_ON_READ tables only; ",
                                    table.base_path(), " is COPY_ON_WRITE");
  }
  HOODIE_ASSIGN_OR_RAISE(CompactionScheduleOptions options,
                         CompactionScheduleOptions::FromConfig(config));
  HOODIE_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  if (instant_time) {
    HOODIE_ASSIGN_OR_RAISE(*instant_time, NormalizeInstantTime(*instant_time));
  } else {
    HOODIE_ASSIGN_OR_RAISE(instant_time, timeline.CreateNewInstantTime());
  }
  HOODIE_RETURN_NOT_OK(CheckInstantTime(timeline, *instant_time));
  HOODIE_ASSIGN_OR_RAISE(std::set<FileGroupId> busy,
                         FileGroupsInPendingServices(timeline));
  HOODIE_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline));
  std::vector<CompactionOperation> candidates;
  for (const FileSlice& slice : view->LatestFileSlices()) {
    if (!slice.HasLogFiles() || busy.count(slice.group) != 0) continue;
    candidates.push_back(BuildCompactionOperation(
        slice, CaptureSliceMetrics(slice, options.parquet_max_file_size)));
  }
  std::vector<CompactionOperation> selected = SelectOperations(std::move(candidates));
  if (selected.empty()) return std::nullopt;
  ScheduledCompaction out;
  out.instant_time = *instant_time;
  out.plan.operations = std::move(selected);
  out.plan.version = kLatestCompactionPlanVersion;
  out.plan.strategy = std::nullopt;
  out.plan.extra_metadata = std::nullopt;
  HOODIE_ASSIGN_OR_RAISE(std::string bytes, out.plan.ToAvroBytes());
  HOODIE_RETURN_NOT_OK(timeline.CreateRequested(
      Instant{out.instant_time, Action::kCompaction, State::kRequested}, bytes));
  return out;
}

}  // namespace hoodie
