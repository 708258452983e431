// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/timeline_test.cc
/// \brief Timeline filters on a hand-built timeline.
#include "hoodie/timeline/timeline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hoodie {
namespace {

using S = State;
using A = Action;

// A MOR-like timeline with every kind of instant, given out of order on purpose.
Timeline MakeTimeline() {
  return Timeline({
      {"008", A::kDeltaCommit, S::kInflight},
      {"001", A::kDeltaCommit, S::kCompleted},
      {"002", A::kClean, S::kCompleted},
      {"003", A::kSavepoint, S::kCompleted},
      {"003", A::kDeltaCommit, S::kCompleted},
      {"004", A::kCompaction, S::kRequested},
      {"005", A::kReplaceCommit, S::kInflight},
      {"006", A::kCommit, S::kCompleted},
      {"007", A::kRollback, S::kCompleted},
      {"009", A::kLogCompaction, S::kInflight},
      {"010", A::kReplaceCommit, S::kCompleted},
      {"011", A::kCommit, S::kRequested},
  });
}

std::vector<std::string> Names(const Timeline& timeline) {
  std::vector<std::string> out;
  for (const Instant& i : timeline.instants()) out.push_back(i.ToString());
  return out;
}

TEST(TimelineTest, SortsInstants) {
  EXPECT_EQ(MakeTimeline().Timestamps(),
            (std::vector<std::string>{"001", "002", "003", "003", "004", "005", "006",
                                      "007", "008", "009", "010", "011"}));
  // "deltacommit" < "savepoint" at the same timestamp.
  EXPECT_EQ(MakeTimeline().NthInstant(2)->action, A::kDeltaCommit);
  EXPECT_EQ(MakeTimeline().Count(), 12u);
}

TEST(TimelineTest, FiltersByState) {
  Timeline t = MakeTimeline();
  EXPECT_EQ(t.FilterCompleted().Timestamps(),
            (std::vector<std::string>{"001", "002", "003", "003", "006", "007", "010"}));
  EXPECT_EQ(t.FilterPending().Timestamps(),
            (std::vector<std::string>{"004", "005", "008", "009", "011"}));
  EXPECT_EQ(t.FilterInflight().Timestamps(),
            (std::vector<std::string>{"005", "008", "009"}));
  EXPECT_EQ(t.FilterRequested().Timestamps(), (std::vector<std::string>{"004", "011"}));
  EXPECT_EQ(t.FilterByState(S::kRequested).Timestamps(),
            t.FilterRequested().Timestamps());
  EXPECT_EQ(t.FilterPendingExcludingCompaction().Timestamps(),
            (std::vector<std::string>{"005", "008", "011"}));
  EXPECT_EQ(t.FilterCompletedAndCompaction().Timestamps(),
            (std::vector<std::string>{"001", "002", "003", "003", "004", "006", "007",
                                      "009", "010"}));
}

TEST(TimelineTest, FiltersByAction) {
  Timeline t = MakeTimeline();
  EXPECT_EQ(Names(t.GetCommitsTimeline()),
            (std::vector<std::string>{
                "[001__deltacommit__COMPLETED]", "[003__deltacommit__COMPLETED]",
                "[==>005__replacecommit__INFLIGHT]", "[006__commit__COMPLETED]",
                "[==>008__deltacommit__INFLIGHT]", "[010__replacecommit__COMPLETED]",
                "[==>011__commit__REQUESTED]"}));
  EXPECT_EQ(t.GetCommitsAndCompactionTimeline().Timestamps(),
            (std::vector<std::string>{"001", "003", "004", "005", "006", "008", "009",
                                      "010", "011"}));
  EXPECT_EQ(t.GetCommitTimeline().Timestamps(), (std::vector<std::string>{"006", "011"}));
  EXPECT_EQ(t.GetDeltaCommitTimeline().Timestamps(),
            (std::vector<std::string>{"001", "003", "008"}));
  EXPECT_EQ(t.GetCleanerTimeline().Timestamps(), (std::vector<std::string>{"002"}));
  EXPECT_EQ(t.GetRollbackTimeline().Timestamps(), (std::vector<std::string>{"007"}));
  EXPECT_EQ(t.GetSavepointTimeline().Timestamps(), (std::vector<std::string>{"003"}));
  EXPECT_TRUE(t.GetRestoreTimeline().Empty());
  EXPECT_EQ(t.FilterByActions({A::kClean, A::kRollback}).Timestamps(),
            (std::vector<std::string>{"002", "007"}));
  EXPECT_EQ(Names(t.FilterPendingCompaction()),
            (std::vector<std::string>{"[==>004__compaction__REQUESTED]"}));
  EXPECT_EQ(Names(t.FilterPendingLogCompaction()),
            (std::vector<std::string>{"[==>009__logcompaction__INFLIGHT]"}));
  EXPECT_EQ(Names(t.FilterPendingReplace()),
            (std::vector<std::string>{"[==>005__replacecommit__INFLIGHT]"}));
  EXPECT_EQ(Names(t.GetCompletedReplaceTimeline()),
            (std::vector<std::string>{"[010__replacecommit__COMPLETED]"}));
}

TEST(TimelineTest, SingleInstants) {
  Timeline t = MakeTimeline();
  EXPECT_EQ(t.FirstInstant()->ToString(), "[001__deltacommit__COMPLETED]");
  EXPECT_EQ(t.LastInstant()->ToString(), "[==>011__commit__REQUESTED]");
  EXPECT_EQ(t.LastCompletedInstant()->ToString(), "[010__replacecommit__COMPLETED]");
  EXPECT_EQ(t.GetCommitsTimeline().FilterCompleted().LastInstant()->timestamp, "010");
  EXPECT_FALSE(t.NthInstant(12).has_value());
  EXPECT_FALSE(Timeline().FirstInstant().has_value());
  EXPECT_FALSE(Timeline().LastCompletedInstant().has_value());
  EXPECT_TRUE(t.ContainsInstant({"006", A::kCommit, S::kCompleted}));
  EXPECT_FALSE(t.ContainsInstant({"006", A::kCommit, S::kInflight}));
  EXPECT_TRUE(t.ContainsTimestamp("009"));
  EXPECT_FALSE(t.ContainsTimestamp("012"));
}

TEST(TimelineTest, RangesCompareTimestampsAsStrings) {
  Timeline t = MakeTimeline();
  EXPECT_EQ(t.FindInstantsInRange("003", "006").Timestamps(),
            (std::vector<std::string>{"004", "005", "006"}));
  EXPECT_EQ(t.FindInstantsInClosedRange("003", "004").Timestamps(),
            (std::vector<std::string>{"003", "003", "004"}));
  EXPECT_EQ(t.FindInstantsAfter("008").Timestamps(),
            (std::vector<std::string>{"009", "010", "011"}));
  EXPECT_EQ(t.FindInstantsAfterOrEquals("010").Timestamps(),
            (std::vector<std::string>{"010", "011"}));
  EXPECT_EQ(t.FindInstantsBefore("003").Timestamps(),
            (std::vector<std::string>{"001", "002"}));
  EXPECT_EQ(t.FindInstantsBeforeOrEquals("002").Timestamps(),
            (std::vector<std::string>{"001", "002"}));
  // "0100" > "010" as strings although shorter numbers would sort differently.
  EXPECT_EQ(t.FindInstantsAfter("0100").Timestamps(), (std::vector<std::string>{"011"}));
}

TEST(TimelineTest, TimelineStartSkipsSavepointedInstants) {
  Timeline archived_holes({
      {"003", A::kSavepoint, S::kCompleted},
      {"003", A::kCommit, S::kCompleted},
      {"005", A::kCommit, S::kCompleted},
      {"006", A::kCommit, S::kInflight},
  });
  EXPECT_EQ(archived_holes.FirstNonSavepointCommit()->timestamp, "005");
  EXPECT_TRUE(archived_holes.IsBeforeTimelineStarts("004"));
  EXPECT_TRUE(archived_holes.IsBeforeTimelineStarts("001"));
  EXPECT_FALSE(archived_holes.IsBeforeTimelineStarts("005"));
  EXPECT_TRUE(archived_holes.ContainsOrBeforeTimelineStarts("003"));
  EXPECT_TRUE(archived_holes.ContainsOrBeforeTimelineStarts("004"));
  EXPECT_TRUE(archived_holes.ContainsOrBeforeTimelineStarts("006"));
  EXPECT_FALSE(archived_holes.ContainsOrBeforeTimelineStarts("0055"));
  EXPECT_FALSE(archived_holes.ContainsOrBeforeTimelineStarts("007"));

  Timeline plain = MakeTimeline().GetCommitsTimeline().FilterCompleted();
  EXPECT_TRUE(plain.IsBeforeTimelineStarts("000"));
  EXPECT_FALSE(plain.IsBeforeTimelineStarts("001"));
  EXPECT_FALSE(plain.ContainsOrBeforeTimelineStarts("002"));
  EXPECT_FALSE(Timeline().IsBeforeTimelineStarts("000"));
}

}  // namespace
}  // namespace hoodie
