// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/timeline.cc
/// \brief Timeline filters (HoodieDefaultTimeline).
#include "hoodie/timeline/timeline.h"

#include <algorithm>
#include <set>

namespace hoodie {

Timeline::Timeline(std::vector<Instant> instants) : instants_(std::move(instants)) {
  std::stable_sort(instants_.begin(), instants_.end());
}

Timeline Timeline::Filter(const std::function<bool(const Instant&)>& keep) const {
  std::vector<Instant> kept;
  for (const Instant& instant : instants_) {
    if (keep(instant)) kept.push_back(instant);
  }
  // Already sorted: a subsequence of a sorted vector stays sorted.
  Timeline result;
  result.instants_ = std::move(kept);
  return result;
}

Timeline Timeline::FilterByState(State state) const {
  return Filter([state](const Instant& i) { return i.state == state; });
}

Timeline Timeline::FilterCompleted() const { return FilterByState(State::kCompleted); }

Timeline Timeline::FilterPending() const {
  return Filter([](const Instant& i) { return !i.IsCompleted(); });
}

Timeline Timeline::FilterInflight() const { return FilterByState(State::kInflight); }

Timeline Timeline::FilterRequested() const { return FilterByState(State::kRequested); }

Timeline Timeline::FilterPendingExcludingCompaction() const {
  return Filter([](const Instant& i) {
    return !i.IsCompleted() && i.action != Action::kCompaction &&
           i.action != Action::kLogCompaction;
  });
}

Timeline Timeline::FilterCompletedAndCompaction() const {
  return Filter([](const Instant& i) {
    return i.IsCompleted() || i.action == Action::kCompaction ||
           i.action == Action::kLogCompaction;
  });
}

Timeline Timeline::FilterByActions(std::initializer_list<Action> actions) const {
  return FilterByActions(std::vector<Action>(actions));
}

Timeline Timeline::FilterByActions(const std::vector<Action>& actions) const {
  return Filter([&actions](const Instant& i) {
    return std::find(actions.begin(), actions.end(), i.action) != actions.end();
  });
}

Timeline Timeline::GetCommitsTimeline() const {
  return FilterByActions({Action::kCommit, Action::kDeltaCommit, Action::kReplaceCommit});
}

Timeline Timeline::GetCommitsAndCompactionTimeline() const {
  return FilterByActions({Action::kCommit, Action::kDeltaCommit, Action::kReplaceCommit,
                          Action::kCompaction, Action::kLogCompaction});
}

Timeline Timeline::GetCommitTimeline() const {
  return FilterByActions({Action::kCommit});
}

Timeline Timeline::GetDeltaCommitTimeline() const {
  return FilterByActions({Action::kDeltaCommit});
}

Timeline Timeline::GetCleanerTimeline() const {
  return FilterByActions({Action::kClean});
}

Timeline Timeline::GetRollbackTimeline() const {
  return FilterByActions({Action::kRollback});
}

Timeline Timeline::GetSavepointTimeline() const {
  return FilterByActions({Action::kSavepoint});
}

Timeline Timeline::GetRestoreTimeline() const {
  return FilterByActions({Action::kRestore});
}

Timeline Timeline::FilterPendingCompaction() const {
  return Filter([](const Instant& i) {
    return i.action == Action::kCompaction && !i.IsCompleted();
  });
}

Timeline Timeline::FilterPendingLogCompaction() const {
  return Filter([](const Instant& i) {
    return i.action == Action::kLogCompaction && !i.IsCompleted();
  });
}

Timeline Timeline::FilterPendingReplace() const {
  return Filter([](const Instant& i) {
    return i.action == Action::kReplaceCommit && !i.IsCompleted();
  });
}

Timeline Timeline::GetCompletedReplaceTimeline() const {
  return Filter([](const Instant& i) {
    return i.action == Action::kReplaceCommit && i.IsCompleted();
  });
}

Timeline Timeline::FindInstantsInRange(std::string_view start,
                                       std::string_view end) const {
  return Filter(
      [&](const Instant& i) { return i.timestamp > start && i.timestamp <= end; });
}

Timeline Timeline::FindInstantsInClosedRange(std::string_view start,
                                             std::string_view end) const {
  return Filter(
      [&](const Instant& i) { return i.timestamp >= start && i.timestamp <= end; });
}

Timeline Timeline::FindInstantsAfter(std::string_view ts) const {
  return Filter([&](const Instant& i) { return i.timestamp > ts; });
}

Timeline Timeline::FindInstantsAfterOrEquals(std::string_view ts) const {
  return Filter([&](const Instant& i) { return i.timestamp >= ts; });
}

Timeline Timeline::FindInstantsBefore(std::string_view ts) const {
  return Filter([&](const Instant& i) { return i.timestamp < ts; });
}

Timeline Timeline::FindInstantsBeforeOrEquals(std::string_view ts) const {
  return Filter([&](const Instant& i) { return i.timestamp <= ts; });
}

std::optional<Instant> Timeline::FirstInstant() const {
  if (instants_.empty()) return std::nullopt;
  return instants_.front();
}

std::optional<Instant> Timeline::LastInstant() const {
  if (instants_.empty()) return std::nullopt;
  return instants_.back();
}

std::optional<Instant> Timeline::NthInstant(size_t n) const {
  if (n >= instants_.size()) return std::nullopt;
  return instants_[n];
}

std::optional<Instant> Timeline::LastCompletedInstant() const {
  return FilterCompleted().LastInstant();
}

std::optional<Instant> Timeline::FirstNonSavepointCommit() const {
  std::set<std::string_view> savepoints;
  for (const Instant& i : instants_) {
    if (i.action == Action::kSavepoint) savepoints.insert(i.timestamp);
  }
  // Archival and savepoints can leave holes, so the active timeline starts at the
  // first instant that is not at a savepoint's timestamp.
  for (const Instant& i : instants_) {
    if (!savepoints.contains(i.timestamp)) return i;
  }
  return std::nullopt;
}

bool Timeline::ContainsInstant(const Instant& instant) const {
  return std::binary_search(instants_.begin(), instants_.end(), instant);
}

bool Timeline::ContainsTimestamp(std::string_view ts) const {
  return std::any_of(instants_.begin(), instants_.end(),
                     [ts](const Instant& i) { return i.timestamp == ts; });
}

bool Timeline::ContainsOrBeforeTimelineStarts(std::string_view ts) const {
  return ContainsTimestamp(ts) || IsBeforeTimelineStarts(ts);
}

bool Timeline::IsBeforeTimelineStarts(std::string_view ts) const {
  std::optional<Instant> first = FirstNonSavepointCommit();
  return first.has_value() && ts < first->timestamp;
}

std::vector<std::string> Timeline::Timestamps() const {
  std::vector<std::string> out;
  out.reserve(instants_.size());
  for (const Instant& i : instants_) out.push_back(i.timestamp);
  return out;
}

std::string Timeline::ToString() const {
  std::string out;
  for (const Instant& i : instants_) {
    if (!out.empty()) out += "\n";
    out += i.ToString();
  }
  return out;
}

}  // namespace hoodie
