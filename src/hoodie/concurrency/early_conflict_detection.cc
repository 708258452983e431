// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/early_conflict_detection.cc
/// \brief The direct-marker early conflict check.
#include "hoodie/concurrency/early_conflict_detection.h"

#include <mutex>
#include <utility>
#include <vector>

#include "hoodie/common/clock.h"
#include "hoodie/common/error.h"
#include "hoodie/concurrency/concurrency_control.h"
#include "hoodie/concurrency/conflict_resolution.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

namespace {

constexpr std::string_view kDirectStrategy =
    "org.apache.hudi.table.marker.SimpleDirectMarkerBasedDetectionStrategy";

// The file group of a marker's data file: a base file's or a log file's id.
std::string FileIdOf(const Marker& marker) {
  if (auto base = ParseBaseFileName(marker.file_name); base.ok()) return base->file_id;
  if (auto log = ParseLogFileName(marker.file_name); log.ok()) return log->file_id;
  return {};
}

::arrow::Status Conflict(const std::string& instant, const Marker& marker,
                         const std::string& file_id, const std::string& other) {
  return WithErrorCode(
      ::arrow::Status::Invalid(
          "write conflict (early conflict detection): instant ", instant,
          " is about to write file group ", file_id, " in partition '",
          marker.partition_path, "', which ", other, " writes too; ", instant,
          " is not committed and its files are rolled back. It can be run again from the "
          "table as it is now (hoodie write --retry-on-conflict N, or "
          "hoodie.write.num.retries.on.conflict.failures)"),
      ErrorCode::kWriteConflict);
}

}  // namespace

::arrow::Result<EarlyConflictDetectionOptions> EarlyConflictDetectionOptions::FromConfig(
    const HoodieConfig& config) {
  EarlyConflictDetectionOptions out;
  ARROW_ASSIGN_OR_RAISE(out.enabled, config.Get(LockConfig::kEarlyConflictDetection));
  if (!out.enabled) return out;
  ARROW_ASSIGN_OR_RAISE(ConcurrencyMode mode, ConcurrencyModeOf(config));
  if (mode != ConcurrencyMode::kOptimistic) {
    return ::arrow::Status::Invalid(
        "hoodie.write.concurrency.early.conflict.detection.enable=true needs optimistic "
        "concurrency control: set hoodie.write.concurrency.mode="
        "OPTIMISTIC_CONCURRENCY_CONTROL");
  }
  if (auto strategy = config.GetExplicit(LockConfig::kEarlyConflictStrategy);
      strategy && *strategy != kDirectStrategy &&
      *strategy != "SimpleDirectMarkerBasedDetectionStrategy") {
    return ::arrow::Status::Invalid(
        "hoodie.write.concurrency.early.conflict.detection.strategy=", *strategy,
        ": hoodie writes direct markers, whose strategy is ", kDirectStrategy,
        " (the timeline-server strategies need Spark's timeline server)");
  }
  ARROW_ASSIGN_OR_RAISE(out.check_commit_conflict,
                        config.Get(LockConfig::kEarlyConflictCheckCommits));
  ARROW_ASSIGN_OR_RAISE(out.heartbeat, HeartbeatOptions::FromConfig(config));
  return out;
}

WriteMarkers::BeforeCreate MakeMarkerConflictCheck(
    std::shared_ptr<TableMetaClient> table, std::string instant,
    std::shared_ptr<const ActiveTimeline> started_on, EarlyConflictDetectionOptions options) {
  auto guard = std::make_shared<std::mutex>();  // the meta client's listing is shared
  return [table, instant, started_on, options, guard](const Marker& marker) -> ::arrow::Status {
    const std::string file_id = FileIdOf(marker);
    if (file_id.empty()) return ::arrow::Status::OK();
    Storage& storage = *table->storage();
    const std::string temp = JoinPath(table->meta_path(), ".temp");
    ARROW_ASSIGN_OR_RAISE(bool any, storage.Exists(temp));
    if (any) {
      ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> folders, storage.List(temp, false));
      for (const FileStatus& folder : folders) {
        const std::string other(folder.name());
        if (!folder.is_directory || other == instant) continue;
        // A write whose heartbeat expired is a failed one, for the cleaner to roll back.
        ARROW_ASSIGN_OR_RAISE(bool dead, IsHeartbeatExpired(storage, table->base_path(), other,
                                                            options.heartbeat,
                                                            EpochMillisNow()));
        if (dead) continue;
        ARROW_ASSIGN_OR_RAISE(std::vector<Marker> markers,
                              WriteMarkers(table->storage(), table->base_path(), other).List());
        for (const Marker& theirs : markers) {
          if (theirs.partition_path == marker.partition_path && FileIdOf(theirs) == file_id) {
            return Conflict(instant, marker, file_id, "the live write " + other);
          }
        }
      }
    }
    if (!options.check_commit_conflict || started_on == nullptr) return ::arrow::Status::OK();
    // The commits completed since this write began, as the pre-commit check sees them.
    std::lock_guard<std::mutex> lock(*guard);
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline now, table->ReloadActiveTimeline());
    for (const Instant& done : CommitsCompletedAfter(now, LastCompletedCommit(*started_on))) {
      ARROW_ASSIGN_OR_RAISE(ConcurrentOperation operation, ConcurrentOperation::Of(now, done));
      if (operation.file_groups.count({marker.partition_path, file_id}) > 0) {
        return Conflict(instant, marker, file_id, "commit " + done.timestamp);
      }
    }
    return ::arrow::Status::OK();
  };
}

}  // namespace hoodie
