// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/early_conflict_detection.h
/// \brief Early conflict detection (Hudi 0.13+, SimpleDirectMarkerBasedDetectionStrategy):
/// before a write creates the marker of a data file, it looks for the same file group
/// among the markers of the other live writes (those whose heartbeat is fresh) and,
/// with hoodie.write.concurrency.early.conflict.check.commit.conflict, among the commits
/// completed since it began. A hit fails the write at once with kWriteConflict, instead
/// of after all its files are written.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/concurrency/heartbeat.h"
#include "hoodie/table/markers.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class HoodieConfig;
class TableMetaClient;

/// \brief hoodie.write.concurrency.early.conflict.detection.* (HoodieWriteConfig).
struct HOODIE_EXPORT EarlyConflictDetectionOptions {
  bool enabled = false;
  /// hoodie.write.concurrency.early.conflict.check.commit.conflict.
  bool check_commit_conflict = false;
  /// Which other writes are live.
  HeartbeatOptions heartbeat;

  /// \return Invalid when enabled without optimistic concurrency control (Hudi's
  ///   validation) or with a strategy other than the direct-marker one hoodie's
  ///   markers need.
  static ::arrow::Result<EarlyConflictDetectionOptions> FromConfig(const HoodieConfig& config);
};

/// The check each marker of `instant`, a write that began on `started_on`, passes
/// before it is created (WriteMarkers::SetBeforeCreate). Thread-safe.
HOODIE_EXPORT WriteMarkers::BeforeCreate MakeMarkerConflictCheck(
    std::shared_ptr<TableMetaClient> table, std::string instant,
    std::shared_ptr<const ActiveTimeline> started_on, EarlyConflictDetectionOptions options);

}  // namespace hoodie
