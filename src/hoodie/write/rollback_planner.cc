// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_planner.cc
/// \brief Rollback plans from markers or from listing the partitions.

#include "hoodie/write/rollback_planner.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "hoodie/config/clean_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/write_config.h"
#include "hoodie/format/parquet/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/jackson_json_internal.h"
#include "hoodie/write/markers.h"

namespace hoodie {
namespace {

// BaseRollbackPlanActionExecutor.LATEST_ROLLBACK_PLAN_VERSION.
constexpr int32_t kRollbackPlanVersion = 1;

// A request deleting one base file. Hudi fills fileId and latestBaseInstant with
// EMPTY_STRING for these (MarkerBasedRollbackStrategy, ListingBasedRollbackStrategy).
RollbackRequest DeleteRequest(std::string partition, std::string full_path) {
  RollbackRequest request;
  request.partition_path = std::move(partition);
  request.file_id = "";
  request.latest_base_instant = "";
  request.files_to_be_deleted = {std::move(full_path)};
  request.log_blocks_to_be_deleted = std::map<std::string, int64_t>{};
  return request;
}

::arrow::Result<std::vector<RollbackRequest>> RequestsFromMarkers(
    const TableMetaClient& table, const Instant& instant,
    const std::vector<Marker>& markers) {
  // Hudi collects the marker paths in a HashSet and plans them in its iteration order.
  std::vector<std::pair<std::string, const Marker*>> ordered;
  for (const Marker& marker : markers)
    ordered.emplace_back(marker.RelativePath(), &marker);
  internal::OrderLikeJavaHashMap(&ordered);
  std::vector<RollbackRequest> requests;
  for (const auto& [relative, marker] : ordered) {
    if (marker->io_type == IoType::kAppend) {
      return ::arrow::Status::NotImplemented(
          "rolling back ", instant.ToString(), " needs a rollback command block for the ",
          "log file of APPEND marker ", relative,
          ", which hoodie does not write yet; roll it back with Hudi");
    }
    requests.push_back(
        DeleteRequest(marker->partition_path,
                      JoinPath(table.base_path(), marker->DataFileRelativePath())));
  }
  return requests;
}

::arrow::Result<std::vector<RollbackRequest>> RequestsFromListing(
    const TableMetaClient& table, const Instant& instant) {
  if (instant.action == Action::kDeltaCommit) {
    return ::arrow::Status::NotImplemented(
        "rolling back deltacommit ", instant.timestamp,
        " by listing needs log-file rollback blocks, which hoodie does not write yet; ",
        "roll it back with Hudi");
  }
  Storage* storage = table.storage().get();
  const std::string extension = "." + table.table_config()->base_file_format();
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions,
                        ListAllPartitionPaths(storage, table.base_path()));
  std::vector<RollbackRequest> requests;
  for (const std::string& partition : partitions) {
    std::string folder = JoinPath(table.base_path(), partition);
    ARROW_ASSIGN_OR_RAISE(auto entries, storage->List(folder, /*recursive=*/false));
    for (const FileStatus& entry : entries) {
      if (entry.is_directory) continue;
      auto name = ParseBaseFileName(entry.name());
      if (!name.ok() || name->instant_time != instant.timestamp) continue;
      std::string lower_extension = name->extension;
      std::transform(lower_extension.begin(), lower_extension.end(),
                     lower_extension.begin(), ::tolower);
      std::string wanted = extension;
      std::transform(wanted.begin(), wanted.end(), wanted.begin(), ::tolower);
      if (lower_extension != wanted) continue;
      requests.push_back(
          DeleteRequest(partition, JoinPath(folder, std::string(entry.name()))));
    }
  }
  return requests;
}

}  // namespace

::arrow::Result<RollbackOptions> RollbackOptions::FromConfig(const HoodieConfig& config) {
  RollbackOptions out;
  ARROW_ASSIGN_OR_RAISE(std::string policy, config.Get(CleanConfig::kFailedWritesPolicy));
  std::transform(policy.begin(), policy.end(), policy.begin(), ::toupper);
  if (policy == "EAGER") {
    out.failed_writes_policy = FailedWritesPolicy::kEager;
  } else if (policy == "NEVER") {
    out.failed_writes_policy = FailedWritesPolicy::kNever;
  } else {
    return ::arrow::Status::NotImplemented(
        "hoodie.cleaner.policy.failed.writes=", policy,
        " is not implemented: LAZY needs heartbeat files that hoodie does not write, "
        "so other LAZY writers would roll back hoodie's running writes; use EAGER "
        "(single writer) or NEVER");
  }
  ARROW_ASSIGN_OR_RAISE(out.using_markers,
                        config.Get(WriteConfig::kRollbackUsingMarkers));
  return out;
}

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
  ARROW_ASSIGN_OR_RAISE(*plan.rollback_requests, RequestsFromListing(table, instant));
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
