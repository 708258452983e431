// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_trigger.cc
/// \brief Compaction trigger strategies over the timeline (needCompact).

#include "hoodie/actions/compaction_trigger.h"

#include <memory>
#include <utility>

#include "hoodie/common/macros.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/timeline/timeline.h"

namespace hoodie {
namespace {

class NumCommits : public CompactionTrigger {
 public:
  std::string_view name() const override { return "num_commits"; }
  bool Due(bool enough_commits, bool) const override { return enough_commits; }
};

class NumCommitsAfterLastRequest : public NumCommits {
 public:
  std::string_view name() const override { return "num_commits_after_last_request"; }
  bool CountsFromLastRequest() const override { return true; }
};

class TimeElapsed : public CompactionTrigger {
 public:
  std::string_view name() const override { return "time_elapsed"; }
  bool UsesCommits() const override { return false; }
  bool UsesTime() const override { return true; }
  bool Due(bool, bool enough_time) const override { return enough_time; }
};

class NumAndTime : public CompactionTrigger {
 public:
  std::string_view name() const override { return "num_and_time"; }
  bool UsesTime() const override { return true; }
  bool Due(bool enough_commits, bool enough_time) const override {
    return enough_commits && enough_time;
  }
};

class NumOrTime : public CompactionTrigger {
 public:
  std::string_view name() const override { return "num_or_time"; }
  bool UsesTime() const override { return true; }
  bool Due(bool enough_commits, bool enough_time) const override {
    return enough_commits || enough_time;
  }
  std::string_view Joiner() const override { return "or"; }
};

template <typename Trigger>
void RegisterBuiltin(CompactionTriggerRegistry* registry) {
  // A failure means a user trigger took a builtin name first; it stays in force.
  HOODIE_WARN_NOT_OK(
      registry->Register(std::string(Trigger().name()), {},
                         []() -> ::arrow::Result<std::unique_ptr<CompactionTrigger>> {
                           return std::make_unique<Trigger>();
                         }),
      "builtin compaction trigger not registered");
}

const CompactionTrigger& TriggerOf(const CompactionTriggerOptions& options) {
  static const NumCommits kDefault;
  return options.trigger != nullptr ? *options.trigger : kDefault;
}

// The deltacommits after `since` (or from it on, when `inclusive`), in every state,
// as Hudi counts getDeltaCommitTimeline().findInstantsAfter[OrEquals].
DeltaCommitsSinceCompaction CountSince(const Timeline& timeline, std::string since,
                                       bool inclusive) {
  Timeline deltas = timeline.GetDeltaCommitTimeline();
  Timeline after = inclusive ? deltas.FindInstantsAfterOrEquals(since)
                             : deltas.FindInstantsAfter(since);
  return {static_cast<int32_t>(after.Count()), std::move(since)};
}

std::optional<DeltaCommitsSinceCompaction> CountFrom(const Timeline& timeline,
                                                     const std::optional<Instant>& last) {
  if (last) return CountSince(timeline, last->timestamp, /*inclusive=*/false);
  std::optional<Instant> first = timeline.GetDeltaCommitTimeline().FirstInstant();
  if (!first) return std::nullopt;
  return CountSince(timeline, first->timestamp, /*inclusive=*/true);
}

::arrow::Result<int64_t> ElapsedSeconds(const CompactionTriggerOptions& options,
                                        std::string_view since, std::string_view now) {
  // parsedToSeconds: each instant to whole seconds first, then the difference.
  ARROW_ASSIGN_OR_RAISE(int64_t since_ms, InstantTimeGenerator::ParseToEpochMillis(
                                              since, options.time_zone));
  ARROW_ASSIGN_OR_RAISE(int64_t now_ms,
                        InstantTimeGenerator::ParseToEpochMillis(now, options.time_zone));
  return now_ms / 1000 - since_ms / 1000;
}

std::string Figures(const CompactionTriggerOptions& options,
                    const CompactionTriggerDecision& d, bool uses_time) {
  std::string text = std::to_string(d.delta_commits) + " deltacommits (threshold " +
                     std::to_string(options.max_delta_commits) + ")";
  if (uses_time) {
    text += ", " + std::to_string(d.elapsed_seconds) + "s elapsed (threshold " +
            std::to_string(options.max_delta_seconds) + "s)";
  }
  return text + " since " + d.since;
}

}  // namespace

CompactionTriggerRegistry* CompactionTriggerRegistry::Global() {
  static CompactionTriggerRegistry* registry = [] {
    auto* made = new CompactionTriggerRegistry();
    RegisterBuiltin<NumCommits>(made);
    RegisterBuiltin<NumCommitsAfterLastRequest>(made);
    RegisterBuiltin<TimeElapsed>(made);
    RegisterBuiltin<NumAndTime>(made);
    RegisterBuiltin<NumOrTime>(made);
    return made;
  }();
  return registry;
}

::arrow::Result<std::shared_ptr<const CompactionTrigger>> MakeCompactionTrigger(
    std::string_view name) {
  auto made = CompactionTriggerRegistry::Global()->Make(name);
  if (!made.ok()) {
    return made.status().WithMessage("compaction.trigger.strategy=", name, ": ",
                                     made.status().message());
  }
  return std::shared_ptr<const CompactionTrigger>(*std::move(made));
}

::arrow::Result<CompactionTriggerOptions> CompactionTriggerOptions::FromConfig(
    const HoodieConfig& config) {
  CompactionTriggerOptions options;
  ARROW_ASSIGN_OR_RAISE(std::string name,
                        config.Get(FlinkConfig::kCompactionTriggerStrategy));
  ARROW_ASSIGN_OR_RAISE(options.trigger, MakeCompactionTrigger(name));
  ARROW_ASSIGN_OR_RAISE(options.max_delta_commits,
                        config.Get(CompactionConfig::kInlineCompactMaxDeltaCommits));
  ARROW_ASSIGN_OR_RAISE(options.max_delta_seconds,
                        config.Get(FlinkConfig::kCompactionDeltaSeconds));
  return options;
}

std::optional<DeltaCommitsSinceCompaction> DeltaCommitsSinceLatestCompaction(
    const Timeline& timeline) {
  return CountFrom(timeline,
                   timeline.GetCommitTimeline().FilterCompleted().LastInstant());
}

std::optional<DeltaCommitsSinceCompaction> DeltaCommitsSinceLatestCompactionRequest(
    const Timeline& timeline) {
  std::optional<Instant> last = timeline.FilterPendingCompaction().LastInstant();
  if (!last) last = timeline.GetCommitTimeline().FilterCompleted().LastInstant();
  return CountFrom(timeline, last);
}

::arrow::Result<CompactionTriggerDecision> DecideCompaction(
    const CompactionTriggerOptions& options, const Timeline& timeline,
    std::string_view compaction_instant_time) {
  CompactionTriggerDecision decision;
  const CompactionTrigger& trigger = TriggerOf(options);
  bool after_request = trigger.CountsFromLastRequest();
  std::optional<DeltaCommitsSinceCompaction> since =
      after_request ? DeltaCommitsSinceLatestCompactionRequest(timeline)
                    : DeltaCommitsSinceLatestCompaction(timeline);
  if (!since) {
    decision.reason = "no deltacommit and no compaction on the timeline";
    return decision;
  }
  decision.delta_commits = since->delta_commits;
  decision.since = since->since;
  bool uses_time = trigger.UsesTime();
  if (uses_time) {
    ARROW_ASSIGN_OR_RAISE(decision.elapsed_seconds,
                          ElapsedSeconds(options, since->since, compaction_instant_time));
  }
  bool enough_commits = options.max_delta_commits <= decision.delta_commits;
  bool enough_time = options.max_delta_seconds <= decision.elapsed_seconds;
  decision.schedule = trigger.Due(enough_commits, enough_time);
  decision.reason = std::string(trigger.name()) +
                    (decision.schedule ? " met: " : " not met: ") +
                    Figures(options, decision, uses_time);
  return decision;
}

std::string CompactionNotDueMessage(const CompactionTriggerOptions& options,
                                    const CompactionTriggerDecision& decision) {
  const std::string prefix = "no compaction scheduled: ";
  if (decision.since.empty()) {
    return prefix + "no deltacommit and no compaction on the timeline";
  }
  const std::string commits = std::to_string(decision.delta_commits) + " delta commits";
  const std::string seconds = std::to_string(decision.elapsed_seconds) + " seconds";
  const std::string needs_commits =
      std::to_string(options.max_delta_commits) + " (" +
      std::string(CompactionConfig::kInlineCompactMaxDeltaCommits.key) + ")";
  const std::string needs_seconds =
      std::to_string(options.max_delta_seconds) + " (" +
      std::string(FlinkConfig::kCompactionDeltaSeconds.key) + ")";
  const CompactionTrigger& trigger = TriggerOf(options);
  std::string have;
  std::string needs;
  if (trigger.UsesCommits() && trigger.UsesTime()) {
    have = commits + " and " + seconds;
    needs = needs_commits + " " + std::string(trigger.Joiner()) + " " + needs_seconds;
  } else if (trigger.UsesTime()) {
    have = seconds;
    needs = needs_seconds;
  } else {
    have = commits;
    needs = needs_commits;
  }
  return prefix + have + " since " + decision.since + ", trigger " +
         std::string(trigger.name()) + " needs " + needs;
}

}  // namespace hoodie
