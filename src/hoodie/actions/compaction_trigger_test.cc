// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_trigger_test.cc
/// \brief Trigger decisions on crafted timelines; the compaction instant time is the
/// injected clock.
#include "hoodie/actions/compaction_trigger.h"

#include <memory>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/timeline.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using A = Action;
using S = State;
// The builtin triggers by name, as the tests pick them.
namespace T {
constexpr std::string_view kNumCommits = "num_commits";
constexpr std::string_view kNumCommitsAfterLastRequest = "num_commits_after_last_request";
constexpr std::string_view kTimeElapsed = "time_elapsed";
constexpr std::string_view kNumAndTime = "num_and_time";
constexpr std::string_view kNumOrTime = "num_or_time";
}  // namespace T

CompactionTriggerOptions Options(std::string_view trigger, int32_t commits,
                                 int32_t seconds) {
  CompactionTriggerOptions options;
  options.trigger = MakeCompactionTrigger(trigger).ValueOrDie();
  options.max_delta_commits = commits;
  options.max_delta_seconds = seconds;
  options.time_zone = TimelineTimeZone::kUtc;
  return options;
}

bool Decide(const CompactionTriggerOptions& options, const Timeline& timeline,
            const std::string& now) {
  auto decision = DecideCompaction(options, timeline, now);
  EXPECT_TRUE(decision.ok()) << decision.status().ToString();
  return decision.ok() && decision->schedule;
}

// Two completed deltacommits ten minutes apart, nothing compacted yet.
Timeline TwoDeltaCommits() {
  return Timeline({{"20240101000000000", A::kDeltaCommit, S::kCompleted},
                   {"20240101001000000", A::kDeltaCommit, S::kCompleted}});
}

// A compaction completed at 01:00 between deltacommits; one more deltacommit pending.
Timeline AfterCompaction() {
  return Timeline({{"20240101000000000", A::kDeltaCommit, S::kCompleted},
                   {"20240101010000000", A::kCommit, S::kCompleted},
                   {"20240101011000000", A::kDeltaCommit, S::kCompleted},
                   {"20240101012000000", A::kDeltaCommit, S::kCompleted},
                   {"20240101013000000", A::kDeltaCommit, S::kInflight},
                   {"20240101014000000", A::kClean, S::kCompleted}});
}

TEST(CompactionTriggerTest, CountsDeltaCommitsFromTheFirstWithoutCompaction) {
  auto since = DeltaCommitsSinceLatestCompaction(TwoDeltaCommits());
  ASSERT_TRUE(since.has_value());
  EXPECT_EQ(since->delta_commits, 2);
  EXPECT_EQ(since->since, "20240101000000000");
  EXPECT_FALSE(DeltaCommitsSinceLatestCompaction(Timeline()).has_value());
}

TEST(CompactionTriggerTest, CountsEveryDeltaCommitAfterTheLastCompaction) {
  auto since = DeltaCommitsSinceLatestCompaction(AfterCompaction());
  ASSERT_TRUE(since.has_value());
  EXPECT_EQ(since->delta_commits, 3);  // the inflight one counts, as in Hudi
  EXPECT_EQ(since->since, "20240101010000000");
}

TEST(CompactionTriggerTest, NumCommitsNeedsTheThreshold) {
  EXPECT_TRUE(
      Decide(Options(T::kNumCommits, 2, 3600), TwoDeltaCommits(), "20240101002000000"));
  EXPECT_FALSE(
      Decide(Options(T::kNumCommits, 3, 3600), TwoDeltaCommits(), "20240101002000000"));
  EXPECT_TRUE(
      Decide(Options(T::kNumCommits, 3, 3600), AfterCompaction(), "20240101015000000"));
  EXPECT_FALSE(
      Decide(Options(T::kNumCommits, 4, 3600), AfterCompaction(), "20240101015000000"));
  EXPECT_FALSE(Decide(Options(T::kNumCommits, 1, 3600), Timeline(), "20240101015000000"));
}

TEST(CompactionTriggerTest, NumCommitsAfterLastRequestCountsFromAPendingCompaction) {
  Timeline timeline({{"001", A::kDeltaCommit, S::kCompleted},
                     {"002", A::kDeltaCommit, S::kCompleted},
                     {"003", A::kCompaction, S::kRequested},
                     {"004", A::kDeltaCommit, S::kCompleted}});
  auto since = DeltaCommitsSinceLatestCompactionRequest(timeline);
  ASSERT_TRUE(since.has_value());
  EXPECT_EQ(since->delta_commits, 1);
  EXPECT_EQ(since->since, "003");
  // num_commits ignores the pending compaction and counts all three.
  EXPECT_EQ(DeltaCommitsSinceLatestCompaction(timeline)->delta_commits, 3);
  EXPECT_FALSE(Decide(Options(T::kNumCommitsAfterLastRequest, 2, 1), timeline, "005"));
  EXPECT_TRUE(Decide(Options(T::kNumCommits, 2, 1), timeline, "005"));
}

TEST(CompactionTriggerTest, TimeElapsedRunsFromTheLastCompactionToTheNewInstant) {
  CompactionTriggerOptions options = Options(T::kTimeElapsed, 100, 3600);
  // From the first deltacommit (00:00:00) when nothing was compacted.
  EXPECT_FALSE(Decide(options, TwoDeltaCommits(), "20240101005959999"));
  EXPECT_TRUE(Decide(options, TwoDeltaCommits(), "20240101010000000"));
  // From the compaction at 01:00:00.
  EXPECT_FALSE(Decide(options, AfterCompaction(), "20240101015959000"));
  ASSERT_OK_AND_ASSIGN(CompactionTriggerDecision decision,
                       DecideCompaction(options, AfterCompaction(), "20240101020000000"));
  EXPECT_TRUE(decision.schedule);
  EXPECT_EQ(decision.elapsed_seconds, 3600);
  EXPECT_EQ(decision.reason,
            "time_elapsed met: 3 deltacommits (threshold 100), 3600s elapsed "
            "(threshold 3600s) since 20240101010000000");
}

TEST(CompactionTriggerTest, SecondsAreTruncatedBeforeTheDifference) {
  // Hudi converts each instant to whole seconds first: 00:00:00.900 to 01:00:00.100
  // is 3600 seconds, not 3599.2.
  Timeline timeline({{"20240101000000900", A::kDeltaCommit, S::kCompleted}});
  EXPECT_TRUE(Decide(Options(T::kTimeElapsed, 1, 3600), timeline, "20240101010000100"));
}

TEST(CompactionTriggerTest, NumAndTimeNeedsBothNumOrTimeEither) {
  Timeline timeline = TwoDeltaCommits();
  const std::string early = "20240101002000000";  // 1200 s after the first
  const std::string late = "20240101020000000";   // 7200 s after the first
  EXPECT_FALSE(Decide(Options(T::kNumAndTime, 2, 3600), timeline, early));
  EXPECT_FALSE(Decide(Options(T::kNumAndTime, 3, 3600), timeline, late));
  EXPECT_TRUE(Decide(Options(T::kNumAndTime, 2, 3600), timeline, late));
  EXPECT_TRUE(Decide(Options(T::kNumOrTime, 2, 3600), timeline, early));
  EXPECT_TRUE(Decide(Options(T::kNumOrTime, 3, 3600), timeline, late));
  EXPECT_FALSE(Decide(Options(T::kNumOrTime, 3, 3600), timeline, early));
}

TEST(CompactionTriggerTest, BadInstantTimeIsAnError) {
  EXPECT_THAT(DecideCompaction(Options(T::kTimeElapsed, 1, 1), TwoDeltaCommits(), "soon"),
              StatusMessageHas("soon"));
}

TEST(CompactionTriggerTest, ParsesFlinkAndHudiNames) {
  EXPECT_EQ(MakeCompactionTrigger("num_or_time").ValueOrDie()->name(), T::kNumOrTime);
  EXPECT_EQ(MakeCompactionTrigger("NUM_AND_TIME").ValueOrDie()->name(), T::kNumAndTime);
  EXPECT_EQ(MakeCompactionTrigger("Time_Elapsed").ValueOrDie()->name(), T::kTimeElapsed);
  EXPECT_THAT(MakeCompactionTrigger("hourly"),
              StatusMessageHas("compaction.trigger.strategy=hourly: unknown compaction "
                               "trigger strategy 'hourly'"));
}

// A trigger registered by name decides like a builtin.
TEST(CompactionTriggerTest, AUserTriggerRegisteredByNameDecides) {
  class Never : public CompactionTrigger {
   public:
    std::string_view name() const override { return "never"; }
    bool Due(bool, bool) const override { return false; }
  };
  ASSERT_OK(CompactionTriggerRegistry::Global()->Register(
      "never", {}, []() -> ::arrow::Result<std::unique_ptr<CompactionTrigger>> {
        return std::make_unique<Never>();
      }));
  HoodieConfig config;
  config.Set("compaction.trigger.strategy", "never");
  config.Set("compaction.delta_commits", "1");
  ASSERT_OK_AND_ASSIGN(CompactionTriggerOptions options,
                       CompactionTriggerOptions::FromConfig(config));
  EXPECT_FALSE(Decide(options, TwoDeltaCommits(), "20240101001000000"));
  EXPECT_TRUE(Decide(Options(T::kNumCommits, 1, 1), TwoDeltaCommits(), "20240101001000000"));
}

TEST(CompactionTriggerTest, ReadsFlinkKeysAndHudiAliases) {
  ASSERT_OK_AND_ASSIGN(CompactionTriggerOptions defaults,
                       CompactionTriggerOptions::FromConfig(HoodieConfig()));
  EXPECT_EQ(defaults.trigger->name(), T::kNumCommits);
  EXPECT_EQ(defaults.max_delta_commits, 10);
  EXPECT_EQ(defaults.max_delta_seconds, 3600);
  HoodieConfig flink;
  flink.Set("compaction.trigger.strategy", "num_or_time");
  flink.Set("compaction.delta_commits", "3");
  flink.Set("compaction.delta_seconds", "60");
  ASSERT_OK_AND_ASSIGN(CompactionTriggerOptions options,
                       CompactionTriggerOptions::FromConfig(flink));
  EXPECT_EQ(options.trigger->name(), T::kNumOrTime);
  EXPECT_EQ(options.max_delta_commits, 3);
  EXPECT_EQ(options.max_delta_seconds, 60);
  HoodieConfig hudi;
  hudi.Set("hoodie.compact.inline.trigger.strategy", "NUM_AND_TIME");
  hudi.Set("hoodie.compact.inline.max.delta.commits", "2");
  hudi.Set("hoodie.compact.inline.max.delta.seconds", "30");
  ASSERT_OK_AND_ASSIGN(options, CompactionTriggerOptions::FromConfig(hudi));
  EXPECT_EQ(options.trigger->name(), T::kNumAndTime);
  EXPECT_EQ(options.max_delta_commits, 2);
  EXPECT_EQ(options.max_delta_seconds, 30);
  hudi.Set("compaction.trigger.strategy", "weekly");
  ASSERT_RAISES(Invalid, CompactionTriggerOptions::FromConfig(hudi));
}

// The line the CLI prints when nothing is scheduled names the figures, the thresholds
// and the keys that set them.
TEST(CompactionTriggerTest, NotDueMessagesNameTheFiguresAndTheKeys) {
  const std::string now = "20240101002000000";  // 20 minutes after the first deltacommit
  auto message = [&](std::string_view strategy, const Timeline& timeline) {
    CompactionTriggerOptions options = Options(strategy, 5, 3600);
    auto decision = DecideCompaction(options, timeline, now);
    EXPECT_TRUE(decision.ok());
    EXPECT_FALSE(decision->schedule);
    return CompactionNotDueMessage(options, *decision);
  };
  EXPECT_EQ(message(T::kNumCommits, TwoDeltaCommits()),
            "no compaction scheduled: 2 delta commits since 20240101000000000, trigger "
            "num_commits needs 5 (hoodie.compact.inline.max.delta.commits)");
  EXPECT_EQ(message(T::kNumCommitsAfterLastRequest, TwoDeltaCommits()),
            "no compaction scheduled: 2 delta commits since 20240101000000000, trigger "
            "num_commits_after_last_request needs 5 "
            "(hoodie.compact.inline.max.delta.commits)");
  EXPECT_EQ(message(T::kTimeElapsed, TwoDeltaCommits()),
            "no compaction scheduled: 1200 seconds since 20240101000000000, trigger "
            "time_elapsed needs 3600 (compaction.delta_seconds)");
  EXPECT_EQ(
      message(T::kNumAndTime, TwoDeltaCommits()),
      "no compaction scheduled: 2 delta commits and 1200 seconds since "
      "20240101000000000, trigger num_and_time needs 5 "
      "(hoodie.compact.inline.max.delta.commits) and 3600 (compaction.delta_seconds)");
  EXPECT_EQ(
      message(T::kNumOrTime, TwoDeltaCommits()),
      "no compaction scheduled: 2 delta commits and 1200 seconds since "
      "20240101000000000, trigger num_or_time needs 5 "
      "(hoodie.compact.inline.max.delta.commits) or 3600 (compaction.delta_seconds)");
  EXPECT_EQ(message(T::kNumCommits, Timeline()),
            "no compaction scheduled: no deltacommit and no compaction on the timeline");
}

}  // namespace
}  // namespace hoodie
