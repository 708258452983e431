// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/rollback_planner.cc
/// \brief Rollback plans from markers or from listing the partitions.

#include "hoodie/actions/rollback_planner.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include <arrow/filesystem/filesystem.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/java_compat.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/write_config.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie {
namespace {

// BaseRollbackPlanActionExecutor.LATEST_ROLLBACK_PLAN_VERSION.
constexpr int32_t kRollbackPlanVersion = 1;

// A request deleting one file. `file_id` and `latest_base_instant` are what Hudi fills
// in: the base file's for CREATE / MERGE markers, EMPTY_STRING for listed files.
RollbackRequest DeleteRequest(std::string partition, std::string full_path,
                              std::string file_id = "",
                              std::string latest_base_instant = "") {
  RollbackRequest request;
  request.partition_path = std::move(partition);
  request.file_id = std::move(file_id);
  request.latest_base_instant = std::move(latest_base_instant);
  request.files_to_be_deleted = {std::move(full_path)};
  request.log_blocks_to_be_deleted = std::map<std::string, int64_t>{};
  return request;
}

// A request appending a rollback command block to the file slice (file_id,
// latest_base_instant); `log_blocks` is what Hudi records of the logs the failed write
// touched (it only lands in the rollback metadata as logFilesFromFailedCommit).
RollbackRequest AppendRequest(std::string partition, std::string file_id,
                              std::string latest_base_instant,
                              std::map<std::string, int64_t> log_blocks) {
  RollbackRequest request;
  request.partition_path = std::move(partition);
  request.file_id = std::move(file_id);
  request.latest_base_instant = std::move(latest_base_instant);
  request.log_blocks_to_be_deleted = std::move(log_blocks);
  return request;
}

std::string PartitionFolder(const TableMetaClient& table, const std::string& partition) {
  return partition.empty() ? table.base_path() : JoinPath(table.base_path(), partition);
}

}  // namespace

::arrow::Result<std::optional<SliceLogFile>> LatestSliceLogFile(
    Storage* storage, const std::string& folder, const std::string& file_id,
    const std::string& base_instant) {
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(folder));
  if (!exists) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(auto entries, storage->List(folder, /*recursive=*/false));
  std::optional<SliceLogFile> latest;
  for (const FileStatus& entry : entries) {
    std::string name(entry.name());
    // Hadoop's local file system hides its `.crc` checksum files from listings.
    if (entry.is_directory || name.ends_with(".crc")) continue;
    auto parsed = ParseLogFileName(name);
    if (!parsed.ok() || parsed->file_id != file_id ||
        parsed->base_instant_time != base_instant ||
        name.find(kLogExtension) == std::string::npos) {
      continue;
    }
    // HoodieLogFile.LogFileComparator: base instant, version, write token, suffix.
    auto key = [](const LogFileName& n) {
      return std::tie(n.base_instant_time, n.version, n.write_token, n.suffix);
    };
    if (!latest || key(latest->name) < key(*parsed)) {
      latest = SliceLogFile{std::move(*parsed), entry.path, entry.size};
    }
  }
  return latest;
}

namespace {

// MarkerBasedRollbackStrategy.getRollbackRequestForAppend. A 0.15 APPEND marker names
// the log file written; an older one (0.14) names a phony base file of the slice, whose
// latest log file is then rolled back (deleted when the slice is the failed write's own).
::arrow::Result<RollbackRequest> RequestForAppend(const TableMetaClient& table,
                                                  const Instant& instant,
                                                  const Marker& marker) {
  const std::string folder = PartitionFolder(table, marker.partition_path);
  if (auto base = ParseBaseFileName(marker.file_name); base.ok()) {
    ARROW_ASSIGN_OR_RAISE(auto latest,
                          LatestSliceLogFile(table.storage().get(), folder, base->file_id,
                                             base->instant_time));
    std::map<std::string, int64_t> log_blocks;
    if (latest && base->instant_time == instant.timestamp) {
      return DeleteRequest(marker.partition_path,
                           JoinPath(folder, std::string(FileName(latest->path))));
    }
    if (latest) log_blocks[QualifiedPath(*table.storage(), latest->path)] = latest->size;
    return AppendRequest(marker.partition_path, base->file_id, base->instant_time,
                         std::move(log_blocks));
  }
  auto log = ParseLogFileName(marker.file_name);
  if (!log.ok()) {
    return ::arrow::Status::Invalid("APPEND marker ", marker.RelativePath(), " of ",
                                    instant.ToString(),
                                    " names neither a base file nor a log file");
  }
  // Markers do not say how much the write appended: Hudi stubs the size as 1.
  return AppendRequest(marker.partition_path, log->file_id, log->base_instant_time,
                       {{marker.file_name, 1}});
}

::arrow::Result<std::vector<RollbackRequest>> RequestsFromMarkers(
    const TableMetaClient& table, const Instant& instant,
    const std::vector<Marker>& markers) {
  // Hudi collects the marker paths in a HashSet and plans them in its iteration order.
  std::vector<std::pair<std::string, const Marker*>> ordered;
  for (const Marker& marker : markers)
    ordered.emplace_back(marker.RelativePath(), &marker);
  OrderLikeJavaHashMap(&ordered);
  std::vector<RollbackRequest> requests;
  for (const auto& [relative, marker] : ordered) {
    if (marker->io_type == IoType::kAppend) {
      ARROW_ASSIGN_OR_RAISE(RollbackRequest request,
                            RequestForAppend(table, instant, *marker));
      requests.push_back(std::move(request));
      continue;
    }
    auto base = ParseBaseFileName(marker->file_name);
    if (!base.ok()) {
      return ::arrow::Status::Invalid(
          ParseLogFileName(marker->file_name).ok()
              ? "log files should have only APPEND markers, but "
              : "cannot find a valid file id in marker ",
          relative, " of ", instant.ToString());
    }
    requests.push_back(
        DeleteRequest(marker->partition_path,
                      JoinPath(table.base_path(), marker->DataFileRelativePath()),
                      base->file_id, base->instant_time));
  }
  return requests;
}

// ListingBasedRollbackStrategy's path filters: base files of the instant (by extension,
// `base_only`: compactions) and, unless base_only, log files of slices it began.
bool WrittenByInstant(std::string_view name, const std::string& extension,
                      const Instant& instant, bool base_only) {
  if (name.ends_with(".crc")) return false;
  auto base = ParseBaseFileName(name);
  if (base.ok()) {
    return ToLowerAscii(base->extension) == extension &&
           base->instant_time == instant.timestamp;
  }
  if (base_only) return false;
  auto log = ParseLogFileName(name);
  return log.ok() && log->base_instant_time == instant.timestamp;
}

// The base instant of the latest committed file slice at or before `instant` of each
// file group in a partition listing (getLatestFileSlicesBeforeOrOn with the slices of
// pending compactions: a slice counts when its base instant is on the completed
// commits-and-compaction timeline, or before it starts).
std::map<std::string, std::string> LatestSliceBaseInstants(
    const std::vector<FileStatus>& entries, const Timeline& visible,
    const Instant& instant) {
  std::optional<Instant> last = visible.LastInstant();
  std::map<std::string, std::string> latest;
  for (const FileStatus& entry : entries) {
    std::string name(entry.name());
    if (entry.is_directory || name.ends_with(".crc")) continue;
    std::string file_id, base_instant;
    if (auto base = ParseBaseFileName(name); base.ok()) {
      file_id = base->file_id;
      base_instant = base->instant_time;
    } else if (auto log = ParseLogFileName(name); log.ok()) {
      file_id = log->file_id;
      base_instant = log->base_instant_time;
    } else {
      continue;
    }
    if (!last || base_instant > last->timestamp || base_instant > instant.timestamp ||
        !visible.ContainsOrBeforeTimelineStarts(base_instant)) {
      continue;
    }
    std::string& slot = latest[file_id];
    if (base_instant > slot) slot = base_instant;
  }
  return latest;
}

// The file ids per partition that completed replacecommits at or before `instant`
// replaced: the file-system view leaves those groups out of
// getLatestFileSlicesBeforeOrOn (isFileGroupReplacedBeforeOrOn), so a deltacommit's
// stats naming them plan no rollback block.
::arrow::Result<std::map<std::string, std::set<std::string>>> ReplacedFileGroups(
    const ActiveTimeline& timeline, const Instant& instant) {
  std::map<std::string, std::set<std::string>> out;
  const Timeline replaces =
      timeline.timeline().GetCompletedReplaceTimeline().FindInstantsBeforeOrEquals(
          instant.timestamp);
  for (const Instant& replace : replaces.instants()) {
    ARROW_ASSIGN_OR_RAISE(ReplaceCommitMetadata metadata,
                          timeline.ReadReplaceCommitMetadata(replace));
    for (const auto& [partition, file_ids] : metadata.partition_to_replace_file_ids) {
      out[partition].insert(file_ids.begin(), file_ids.end());
    }
  }
  return out;
}

// ListingBasedRollbackStrategy.getRollbackRequestToAppend: a rollback block for every
// file group the deltacommit's (inflight or completed) metadata says it wrote to, that
// was not replaced by then, and whose latest slice began before it.
std::vector<RollbackRequest> AppendRequestsFromMetadata(
    const TableMetaClient& table, const std::string& partition,
    const std::vector<WriteStat>& stats, const std::map<std::string, std::string>& slices,
    const std::set<std::string>& replaced, const Instant& instant) {
  std::vector<RollbackRequest> requests;
  for (const WriteStat& stat : stats) {
    if (!stat.prev_commit || *stat.prev_commit == "null") continue;
    if (!stat.file_id || stat.file_id->empty()) continue;
    if (replaced.contains(*stat.file_id)) continue;
    auto slice = slices.find(*stat.file_id);
    if (slice == slices.end() || slice->second >= instant.timestamp) continue;
    // A workload profile's stats carry no path: Hudi then names the base path.
    std::string log_path = stat.path && !stat.path->empty()
                               ? JoinPath(table.base_path(), *stat.path)
                               : table.base_path();
    int64_t size = stat.total_write_bytes > 0 ? stat.total_write_bytes : 1;
    requests.push_back(
        AppendRequest(partition, *stat.file_id, slice->second, {{log_path, size}}));
  }
  return requests;
}

::arrow::Result<std::vector<RollbackRequest>> RequestsFromListing(
    const TableMetaClient& table, const ActiveTimeline& timeline,
    const Instant& instant) {
  Storage* storage = table.storage().get();
  // Only the extension is needed: a metadata table's HFiles are rolled back as well.
  ARROW_ASSIGN_OR_RAISE(std::string_view ext,
                        BaseFileExtension(table.table_config()->base_file_format()));
  const std::string extension(ext);
  const bool mor = table.table_type() == TableType::kMergeOnRead;
  // What the instant is: a completed compaction is a commit whose operation is COMPACT.
  CommitMetadata metadata;
  if (instant.action == Action::kCommit || instant.action == Action::kDeltaCommit) {
    ARROW_ASSIGN_OR_RAISE(metadata, timeline.ReadCommitMetadata(instant));
  }
  bool compaction = instant.action == Action::kCompaction ||
                    metadata.operation_type == WriteOperationType::kCompact;
  if (mor && !compaction && instant.action != Action::kCommit &&
      instant.action != Action::kReplaceCommit &&
      instant.action != Action::kDeltaCommit) {
    return ::arrow::Status::Invalid("cannot roll back ", instant.ToString(),
                                    " by listing: unknown action");
  }
  const Timeline visible = timeline.timeline()
                               .GetCommitsAndCompactionTimeline()
                               .FilterCompletedAndCompaction();
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions,
                        ListAllPartitionPaths(storage, table.base_path()));
  std::vector<RollbackRequest> requests;
  std::optional<std::map<std::string, std::set<std::string>>> replaced;  // read once
  for (const std::string& partition : partitions) {
    std::string folder = PartitionFolder(table, partition);
    ARROW_ASSIGN_OR_RAISE(auto entries, storage->List(folder, /*recursive=*/false));
    for (const FileStatus& entry : entries) {
      if (entry.is_directory) continue;
      // Copy-on-write tables only ever have base files of the instant.
      if (!WrittenByInstant(entry.name(), extension, instant, compaction || !mor))
        continue;
      requests.push_back(
          DeleteRequest(partition, JoinPath(folder, std::string(entry.name()))));
    }
    if (!mor || instant.action != Action::kDeltaCommit || compaction) continue;
    const std::vector<WriteStat>* stats = nullptr;
    for (const auto& [name, partition_stats] : metadata.partition_to_write_stats) {
      if (name == partition) stats = &partition_stats;
    }
    if (stats == nullptr) continue;
    if (!replaced) {
      ARROW_ASSIGN_OR_RAISE(replaced, ReplacedFileGroups(timeline, instant));
    }
    auto appends = AppendRequestsFromMetadata(
        table, partition, *stats, LatestSliceBaseInstants(entries, visible, instant),
        (*replaced)[partition], instant);
    requests.insert(requests.end(), std::make_move_iterator(appends.begin()),
                    std::make_move_iterator(appends.end()));
  }
  return requests;
}

}  // namespace

::arrow::Result<RollbackPlan> PlanRollback(const TableMetaClient& table,
                                           const Instant& instant, bool using_markers) {
  RollbackPlan plan;
  plan.instant_to_rollback =
      InstantInfo{instant.timestamp, std::string(ActionName(instant.action))};
  plan.version = kRollbackPlanVersion;
  plan.rollback_requests = std::vector<RollbackRequest>{};
  if (instant.IsRequested()) return plan;  // nothing was written yet
  if (using_markers && !instant.IsCompleted()) {
    WriteMarkers markers(table.storage(), table.base_path(), instant.timestamp);
    ARROW_ASSIGN_OR_RAISE(bool exists, markers.Exists());
    // Hudi plans nothing when the marker folder is missing, which leaves any file the
    // write made behind; listing finds them.
    if (exists) {
      ARROW_ASSIGN_OR_RAISE(std::vector<Marker> written, markers.List());
      ARROW_ASSIGN_OR_RAISE(*plan.rollback_requests,
                            RequestsFromMarkers(table, instant, written));
      return plan;
    }
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(*plan.rollback_requests,
                        RequestsFromListing(table, timeline, instant));
  return plan;
}

::arrow::Status RequestRollback(const ActiveTimeline& timeline,
                                const std::string& rollback_time,
                                const RollbackPlan& plan) {
  ARROW_ASSIGN_OR_RAISE(std::string bytes, plan.ToAvroBytes());
  return timeline.CreateRequested(
      Instant{rollback_time, Action::kRollback, State::kRequested}, bytes);
}

}  // namespace hoodie
