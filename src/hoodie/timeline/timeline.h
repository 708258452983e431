// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/timeline.h
/// \brief Timeline: an immutable, sorted set of instants with Hudi's filters.
#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief An immutable view of instants sorted by Instant's order
/// (HoodieDefaultTimeline). Every filter returns a new Timeline. Thread-safe for
/// concurrent readers. Timestamps are compared as strings, as Hudi 0.x does.
class HOODIE_EXPORT Timeline {
 public:
  Timeline() = default;
  /// Sorts `instants`; duplicates are kept as given.
  explicit Timeline(std::vector<Instant> instants);

  const std::vector<Instant>& instants() const { return instants_; }
  size_t Count() const { return instants_.size(); }
  bool Empty() const { return instants_.empty(); }

  // -- filters ----------------------------------------------------------------------
  Timeline Filter(const std::function<bool(const Instant&)>& keep) const;
  Timeline FilterByState(State state) const;
  Timeline FilterCompleted() const;
  /// Requested and inflight instants.
  Timeline FilterPending() const;
  Timeline FilterInflight() const;
  Timeline FilterRequested() const;
  /// Pending instants except compactions and log compactions
  /// (filterPendingExcludingCompaction).
  Timeline FilterPendingExcludingCompaction() const;
  /// Completed instants plus every compaction / log compaction instant
  /// (filterCompletedAndCompactionInstants).
  Timeline FilterCompletedAndCompaction() const;
  Timeline FilterByActions(std::initializer_list<Action> actions) const;
  Timeline FilterByActions(const std::vector<Action>& actions) const;

  /// commit, deltacommit, replacecommit (getCommitsTimeline).
  Timeline GetCommitsTimeline() const;
  /// commit, deltacommit, replacecommit, compaction, logcompaction
  /// (getCommitsAndCompactionTimeline).
  Timeline GetCommitsAndCompactionTimeline() const;
  /// commit only (getCommitTimeline).
  Timeline GetCommitTimeline() const;
  Timeline GetDeltaCommitTimeline() const;
  Timeline GetCleanerTimeline() const;
  Timeline GetRollbackTimeline() const;
  Timeline GetSavepointTimeline() const;
  Timeline GetRestoreTimeline() const;
  /// Requested or inflight compactions (filterPendingCompactionTimeline).
  Timeline FilterPendingCompaction() const;
  /// Requested or inflight log compactions.
  Timeline FilterPendingLogCompaction() const;
  /// Requested or inflight replacecommits, i.e. pending clustering / insert overwrite
  /// (filterPendingReplaceTimeline).
  Timeline FilterPendingReplace() const;
  /// Completed replacecommits (getCompletedReplaceTimeline).
  Timeline GetCompletedReplaceTimeline() const;

  // -- ranges (string comparison of timestamps) ---------------------------------------
  /// Instants with start < timestamp <= end (findInstantsInRange).
  Timeline FindInstantsInRange(std::string_view start, std::string_view end) const;
  /// Instants with start <= timestamp <= end (findInstantsInClosedRange).
  Timeline FindInstantsInClosedRange(std::string_view start, std::string_view end) const;
  /// Instants with timestamp > ts (findInstantsAfter).
  Timeline FindInstantsAfter(std::string_view ts) const;
  /// Instants with timestamp >= ts (findInstantsAfterOrEquals).
  Timeline FindInstantsAfterOrEquals(std::string_view ts) const;
  /// Instants with timestamp < ts (findInstantsBefore).
  Timeline FindInstantsBefore(std::string_view ts) const;
  /// Instants with timestamp <= ts (findInstantsBeforeOrEquals).
  Timeline FindInstantsBeforeOrEquals(std::string_view ts) const;

  // -- single instants --------------------------------------------------------------
  std::optional<Instant> FirstInstant() const;
  std::optional<Instant> LastInstant() const;
  std::optional<Instant> NthInstant(size_t n) const;
  /// The latest completed instant of the whole timeline (lastInstant of
  /// filterCompletedInstants).
  std::optional<Instant> LastCompletedInstant() const;
  /// The first instant whose timestamp is not a savepoint's (getFirstNonSavepointCommit).
  std::optional<Instant> FirstNonSavepointCommit() const;

  bool ContainsInstant(const Instant& instant) const;
  /// True if some instant has timestamp `ts` (containsInstant(String)).
  bool ContainsTimestamp(std::string_view ts) const;
  /// True when `ts` is on the timeline or older than its start: data written at such an
  /// instant counts as committed (containsOrBeforeTimelineStarts).
  bool ContainsOrBeforeTimelineStarts(std::string_view ts) const;
  /// True when `ts` is older than the first non-savepoint instant
  /// (isBeforeTimelineStarts).
  bool IsBeforeTimelineStarts(std::string_view ts) const;

  /// Timestamps of all instants, in order.
  std::vector<std::string> Timestamps() const;
  /// One line per instant ("[T__action__STATE]"), for logs.
  std::string ToString() const;

 private:
  std::vector<Instant> instants_;
};

}  // namespace hoodie
