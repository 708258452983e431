// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_options.h
/// \brief The settings of rollbacks of failed writes, which every write client reads
/// before it starts (hoodie.cleaner.policy.failed.writes, hoodie.rollback.using.markers).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <arrow/result.h>

#include "hoodie/concurrency/heartbeat.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// hoodie.cleaner.policy.failed.writes (HoodieFailedWritesCleaningPolicy).
enum class FailedWritesPolicy {
  /// Every pending write is rolled back before a new one starts (single writer).
  kEager,
  /// Expired writes (by heartbeat) are rolled back by the cleaner (multi-writer).
  kLazy,
  /// Failed writes are never rolled back; their files stay, invisible to readers.
  kNever,
};

/// \brief Settings of rollbacks, built once by FromConfig. A value type.
struct HOODIE_EXPORT RollbackOptions {
  FailedWritesPolicy failed_writes_policy = FailedWritesPolicy::kEager;
  /// hoodie.rollback.using.markers. The seed documents default it to false (Hudi 0.15:
  /// true); either way a pending instant without a marker folder is planned by listing.
  bool using_markers = false;
  /// Whether an EAGER rollback checks that nothing completed or started after its
  /// target. Hudi skips the check in metadata tables, whose deltacommits are rolled back
  /// as their data instants are, in any order.
  bool check_commit_sequence = true;
  /// The time of the rollback instant; empty for a new one. A metadata table's rollback
  /// is named after the data-table instant that causes it, with suffix 006.
  std::string rollback_instant_time;
  /// Whether the rollback goes through the table's metadata-table step. A restore's
  /// rollbacks do not (Hudi runs them with skipTimelinePublish): the restore brings the
  /// metadata table back to its instant in one step.
  bool update_metadata_table = true;
  /// When a pending write counts as failed under LAZY: its heartbeat is older than
  /// heartbeat.MaxAgeMs().
  HeartbeatOptions heartbeat;
  /// Milliseconds since the epoch of "now" for heartbeat ages; null: the clock.
  std::function<int64_t()> clock;

  /// Under optimistic concurrency control the policy is LAZY unless set (Hudi sets it
  /// so); an explicit EAGER is refused, as it would roll back live writers' instants.
  /// \return Invalid naming the key for a bad value or OCC with EAGER.
  static ::arrow::Result<RollbackOptions> FromConfig(const HoodieConfig& config);
};

}  // namespace hoodie
