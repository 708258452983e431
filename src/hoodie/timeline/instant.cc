// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/instant.cc
/// \brief Instant file names, parsing and ordering (HoodieInstant, HoodieTimeline).
#include "hoodie/timeline/instant.h"

#include <array>
#include <cctype>
#include <string>

namespace hoodie {
namespace {

constexpr std::array<Action, 11> kAllActions = {
    Action::kCommit,     Action::kDeltaCommit,   Action::kClean,
    Action::kRollback,   Action::kSavepoint,     Action::kReplaceCommit,
    Action::kCompaction, Action::kLogCompaction, Action::kRestore,
    Action::kIndexing,   Action::kSchemaCommit};

constexpr std::array<State, 3> kAllStates = {State::kRequested, State::kInflight,
                                             State::kCompleted};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// The part of an instant file name after the timestamp, e.g. ".commit.requested".
// Empty when the (action, state) pair has no file (requested savepoint).
std::string Extension(Action action, State state) {
  // HoodieTimeline: a completed compaction is a commit and a completed log compaction
  // a delta commit; an inflight commit is the legacy ".inflight".
  if (state == State::kCompleted) {
    if (action == Action::kCompaction) return ".commit";
    if (action == Action::kLogCompaction) return ".deltacommit";
    return "." + std::string(ActionName(action));
  }
  if (state == State::kInflight) {
    if (action == Action::kCommit) return ".inflight";
    return "." + std::string(ActionName(action)) + ".inflight";
  }
  if (action == Action::kSavepoint) return "";
  return "." + std::string(ActionName(action)) + ".requested";
}

// Maps a valid extension back to its instant. Completed compactions are read back as
// commits (there is no ".compaction" completed file), as Hudi does.
std::optional<std::pair<Action, State>> FromExtension(std::string_view extension) {
  for (Action action : kAllActions) {
    if (action == Action::kCompaction || action == Action::kLogCompaction) continue;
    for (State state : kAllStates) {
      if (Extension(action, state) == extension) return std::make_pair(action, state);
    }
  }
  for (Action action : {Action::kCompaction, Action::kLogCompaction}) {
    for (State state : {State::kRequested, State::kInflight}) {
      if (Extension(action, state) == extension) return std::make_pair(action, state);
    }
  }
  return std::nullopt;
}

// HoodieInstant.NAME_FORMAT `^(\d+)(\.\w+)(\.\D+)?$`; returns the digit prefix length
// when the name matches, 0 otherwise. Greedy groups cannot backtrack here because
// neither \d nor \w matches the '.' that must follow them.
size_t MatchNameFormat(std::string_view name) {
  size_t i = 0;
  while (i < name.size() && IsDigit(name[i])) ++i;
  const size_t digits = i;
  if (digits == 0 || i >= name.size() || name[i] != '.') return 0;
  ++i;
  const size_t word_start = i;
  while (i < name.size() && IsWordChar(name[i])) ++i;
  if (i == word_start) return 0;
  if (i == name.size()) return digits;
  if (name[i] != '.' || i + 1 == name.size()) return 0;
  for (size_t j = i + 1; j < name.size(); ++j) {
    if (IsDigit(name[j])) return 0;
  }
  return digits;
}

}  // namespace

std::string_view ActionName(Action action) {
  switch (action) {
    case Action::kCommit:
      return "commit";
    case Action::kDeltaCommit:
      return "deltacommit";
    case Action::kClean:
      return "clean";
    case Action::kRollback:
      return "rollback";
    case Action::kSavepoint:
      return "savepoint";
    case Action::kReplaceCommit:
      return "replacecommit";
    case Action::kCompaction:
      return "compaction";
    case Action::kLogCompaction:
      return "logcompaction";
    case Action::kRestore:
      return "restore";
    case Action::kIndexing:
      return "indexing";
    case Action::kSchemaCommit:
      return "schemacommit";
  }
  return "unknown";
}

::arrow::Result<Action> ParseAction(std::string_view name) {
  for (Action action : kAllActions) {
    if (ActionName(action) == name) return action;
  }
  return ::arrow::Status::Invalid("Unknown timeline action: '", name, "'");
}

std::string_view StateName(State state) {
  switch (state) {
    case State::kRequested:
      return "REQUESTED";
    case State::kInflight:
      return "INFLIGHT";
    case State::kCompleted:
      return "COMPLETED";
  }
  return "INVALID";
}

Action ComparableAction(Action action) {
  if (action == Action::kCompaction) return Action::kCommit;
  if (action == Action::kLogCompaction) return Action::kDeltaCommit;
  return action;
}

::arrow::Result<std::string> Instant::FileName() const {
  std::string extension = Extension(action, state);
  if (extension.empty()) {
    return ::arrow::Status::Invalid("Savepoint instants have no requested state file: ",
                                    ToString());
  }
  return timestamp + extension;
}

std::string Instant::ToString() const {
  std::string out = "[";
  if (!IsCompleted()) out += "==>";
  out += timestamp;
  out += "__";
  out += ActionName(action);
  out += "__";
  out += StateName(state);
  out += "]";
  return out;
}

::arrow::Result<std::optional<Instant>> Instant::FromFileName(std::string_view name) {
  if (name.empty() || !IsDigit(name[0])) return std::nullopt;
  const size_t digits = MatchNameFormat(name);
  if (digits == 0) {
    return ::arrow::Status::Invalid("Malformed instant file name: ", name);
  }
  auto parsed = FromExtension(name.substr(digits));
  if (!parsed) {
    return ::arrow::Status::Invalid("Unknown instant file extension in timeline file: ",
                                    name);
  }
  return Instant{std::string(name.substr(0, digits)), parsed->first, parsed->second};
}

std::strong_ordering Instant::operator<=>(const Instant& other) const {
  if (auto c = timestamp <=> other.timestamp; c != 0) return c;
  // Java compares the comparable action *names* as strings, not enum positions.
  if (auto c = ActionName(ComparableAction(action)) <=>
               ActionName(ComparableAction(other.action));
      c != 0) {
    return c;
  }
  if (auto c = state <=> other.state; c != 0) return c;
  // Tie-break so that the order is consistent with ==; Java would treat a compaction
  // and a commit with equal timestamp and state as equal here.
  return action <=> other.action;
}

}  // namespace hoodie
