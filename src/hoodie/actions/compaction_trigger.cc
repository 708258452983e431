// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_trigger.cc
/// \brief Compaction trigger strategies over the timeline (needCompact).

#include "hoodie/actions/compaction_trigger.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "hoodie/config/compaction_config.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/timeline/timeline.h"

namespace hoodie {
namespace {

using Strategy = CompactionTriggerStrategy;

constexpr std::array<std::pair<std::string_view, Strategy>, 5> kStrategies = {{
    {"num_commits", Strategy::kNumCommits},
    {"num_commits_after_last_request", Strategy::kNumCommitsAfterLastRequest},
    {"time_elapsed", Strategy::kTimeElapsed},
    {"num_and_time", Strategy::kNumAndTime},
    {"num_or_time", Strategy::kNumOrTime},
}};

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
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

std::string_view CompactionTriggerStrategyName(CompactionTriggerStrategy strategy) {
  for (const auto& [name, value] : kStrategies) {
    if (value == strategy) return name;
  }
  return "";
}

::arrow::Result<CompactionTriggerStrategy> ParseCompactionTriggerStrategy(
    std::string_view name) {
  std::string lower = Lower(name);
  for (const auto& [known, value] : kStrategies) {
    if (known == lower) return value;
  }
  return ::arrow::Status::Invalid(
      "unknown compaction trigger strategy (num_commits, num_commits_after_last_request, "
      "time_elapsed, num_and_time or num_or_time): compaction.trigger.strategy=",
      name);
}

::arrow::Result<CompactionTriggerOptions> CompactionTriggerOptions::FromConfig(
    const HoodieConfig& config) {
  CompactionTriggerOptions options;
  ARROW_ASSIGN_OR_RAISE(std::string name,
                        config.Get(FlinkConfig::kCompactionTriggerStrategy));
  ARROW_ASSIGN_OR_RAISE(options.strategy, ParseCompactionTriggerStrategy(name));
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
  bool after_request = options.strategy == Strategy::kNumCommitsAfterLastRequest;
  std::optional<DeltaCommitsSinceCompaction> since =
      after_request ? DeltaCommitsSinceLatestCompactionRequest(timeline)
                    : DeltaCommitsSinceLatestCompaction(timeline);
  if (!since) {
    decision.reason = "no deltacommit and no compaction on the timeline";
    return decision;
  }
  decision.delta_commits = since->delta_commits;
  decision.since = since->since;
  bool uses_time = options.strategy == Strategy::kTimeElapsed ||
                   options.strategy == Strategy::kNumAndTime ||
                   options.strategy == Strategy::kNumOrTime;
  if (uses_time) {
    ARROW_ASSIGN_OR_RAISE(decision.elapsed_seconds,
                          ElapsedSeconds(options, since->since, compaction_instant_time));
  }
  bool enough_commits = options.max_delta_commits <= decision.delta_commits;
  bool enough_time = options.max_delta_seconds <= decision.elapsed_seconds;
  switch (options.strategy) {
    case Strategy::kNumCommits:
    case Strategy::kNumCommitsAfterLastRequest:
      decision.schedule = enough_commits;
      break;
    case Strategy::kTimeElapsed:
      decision.schedule = enough_time;
      break;
    case Strategy::kNumAndTime:
      decision.schedule = enough_commits && enough_time;
      break;
    case Strategy::kNumOrTime:
      decision.schedule = enough_commits || enough_time;
      break;
  }
  decision.reason = std::string(CompactionTriggerStrategyName(options.strategy)) +
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
  std::string have;
  std::string needs;
  switch (options.strategy) {
    case Strategy::kNumCommits:
    case Strategy::kNumCommitsAfterLastRequest:
      have = commits;
      needs = needs_commits;
      break;
    case Strategy::kTimeElapsed:
      have = seconds;
      needs = needs_seconds;
      break;
    case Strategy::kNumAndTime:
      have = commits + " and " + seconds;
      needs = needs_commits + " and " + needs_seconds;
      break;
    case Strategy::kNumOrTime:
      have = commits + " and " + seconds;
      needs = needs_commits + " or " + needs_seconds;
      break;
  }
  return prefix + have + " since " + decision.since + ", trigger " +
         std::string(CompactionTriggerStrategyName(options.strategy)) + " needs " + needs;
}

}  // namespace hoodie
