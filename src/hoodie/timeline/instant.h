// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/instant.h
/// \brief Instant: one (timestamp, action, state) of the Hudi timeline and its file name.
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Timeline actions of table version 6 (HoodieTimeline.*_ACTION).
enum class Action {
  kCommit,
  kDeltaCommit,
  kClean,
  kRollback,
  kSavepoint,
  kReplaceCommit,
  kCompaction,
  kLogCompaction,
  kRestore,
  kIndexing,
  kSchemaCommit,
};

/// Instant states in their order (HoodieInstant.State).
enum class State { kRequested, kInflight, kCompleted };

/// The action name Hudi writes in file names ("commit", "deltacommit", ...).
HOODIE_EXPORT std::string_view ActionName(Action action);
/// Parses an action name; Invalid for anything else.
HOODIE_EXPORT ::arrow::Result<Action> ParseAction(std::string_view name);
/// Hudi's state name ("REQUESTED", "INFLIGHT", "COMPLETED").
HOODIE_EXPORT std::string_view StateName(State state);

/// The action an instant is grouped and ordered by: a compaction completes as a commit
/// and a log compaction as a delta commit (HoodieInstant.getComparableAction).
HOODIE_EXPORT Action ComparableAction(Action action);

/// \brief One instant of the timeline. A small immutable value; thread-compatible.
///
/// Ordering follows HoodieInstant.COMPARATOR: timestamp as a string, then the name of
/// the comparable action, then the state.
struct HOODIE_EXPORT Instant {
  std::string timestamp;
  Action action = Action::kCommit;
  State state = State::kCompleted;

  bool IsRequested() const { return state == State::kRequested; }
  bool IsInflight() const { return state == State::kInflight; }
  bool IsCompleted() const { return state == State::kCompleted; }

  /// The instant file name exactly as Hudi writes it in `.hoodie/` (layout 1), e.g.
  /// `T.inflight` for an inflight commit and `T.commit` for a completed compaction.
  /// Savepoints have no requested file: a requested savepoint gives Invalid.
  ::arrow::Result<std::string> FileName() const;

  /// `[T__action__STATE]`, with `==>` before T when pending (HoodieInstant.toString).
  std::string ToString() const;

  /// Parses an instant file name (not a path) with HoodieInstant's rule: the name must
  /// match `^(\d+)(\.\w+)(\.\D+)?$` and its extension must be one Hudi loads
  /// (HoodieActiveTimeline.VALID_EXTENSIONS_IN_ACTIVE_TIMELINE).
  /// \return the instant; std::nullopt when the name does not start with a digit (not
  ///   an instant file at all: hoodie.properties, .aux, .DS_Store); Invalid naming the
  ///   file when it starts with digits but is not a valid instant file name.
  static ::arrow::Result<std::optional<Instant>> FromFileName(std::string_view name);

  bool operator==(const Instant& other) const = default;
  std::strong_ordering operator<=>(const Instant& other) const;
};

}  // namespace hoodie
