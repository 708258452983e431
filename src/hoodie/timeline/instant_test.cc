// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/instant_test.cc
/// \brief Instant file names, parsing and ordering.
#include "hoodie/timeline/instant.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

constexpr char kTs[] = "20240418173550988";

struct FileNameCase {
  Action action;
  State state;
  const char* file_name;  // nullptr: no such file
};

// HoodieTimeline.make*FileName for every action x state (format spec section 3.1).
const std::vector<FileNameCase>& FileNameCases() {
  static const std::vector<FileNameCase> cases = {
      {Action::kCommit, State::kRequested, "20240418173550988.commit.requested"},
      {Action::kCommit, State::kInflight, "20240418173550988.inflight"},
      {Action::kCommit, State::kCompleted, "20240418173550988.commit"},
      {Action::kDeltaCommit, State::kRequested,
       "20240418173550988.deltacommit.requested"},
      {Action::kDeltaCommit, State::kInflight, "20240418173550988.deltacommit.inflight"},
      {Action::kDeltaCommit, State::kCompleted, "20240418173550988.deltacommit"},
      {Action::kClean, State::kRequested, "20240418173550988.clean.requested"},
      {Action::kClean, State::kInflight, "20240418173550988.clean.inflight"},
      {Action::kClean, State::kCompleted, "20240418173550988.clean"},
      {Action::kRollback, State::kRequested, "20240418173550988.rollback.requested"},
      {Action::kRollback, State::kInflight, "20240418173550988.rollback.inflight"},
      {Action::kRollback, State::kCompleted, "20240418173550988.rollback"},
      {Action::kSavepoint, State::kRequested, nullptr},
      {Action::kSavepoint, State::kInflight, "20240418173550988.savepoint.inflight"},
      {Action::kSavepoint, State::kCompleted, "20240418173550988.savepoint"},
      {Action::kReplaceCommit, State::kRequested,
       "20240418173550988.replacecommit.requested"},
      {Action::kReplaceCommit, State::kInflight,
       "20240418173550988.replacecommit.inflight"},
      {Action::kReplaceCommit, State::kCompleted, "20240418173550988.replacecommit"},
      {Action::kCompaction, State::kRequested, "20240418173550988.compaction.requested"},
      {Action::kCompaction, State::kInflight, "20240418173550988.compaction.inflight"},
      {Action::kCompaction, State::kCompleted, "20240418173550988.commit"},
      {Action::kLogCompaction, State::kRequested,
       "20240418173550988.logcompaction.requested"},
      {Action::kLogCompaction, State::kInflight,
       "20240418173550988.logcompaction.inflight"},
      {Action::kLogCompaction, State::kCompleted, "20240418173550988.deltacommit"},
      {Action::kRestore, State::kRequested, "20240418173550988.restore.requested"},
      {Action::kRestore, State::kInflight, "20240418173550988.restore.inflight"},
      {Action::kRestore, State::kCompleted, "20240418173550988.restore"},
      {Action::kIndexing, State::kRequested, "20240418173550988.indexing.requested"},
      {Action::kIndexing, State::kInflight, "20240418173550988.indexing.inflight"},
      {Action::kIndexing, State::kCompleted, "20240418173550988.indexing"},
      {Action::kSchemaCommit, State::kRequested,
       "20240418173550988.schemacommit.requested"},
      {Action::kSchemaCommit, State::kInflight,
       "20240418173550988.schemacommit.inflight"},
      {Action::kSchemaCommit, State::kCompleted, "20240418173550988.schemacommit"},
  };
  return cases;
}

TEST(InstantTest, FileNameForEveryActionAndState) {
  ASSERT_EQ(FileNameCases().size(), 33u);
  for (const FileNameCase& c : FileNameCases()) {
    Instant instant{kTs, c.action, c.state};
    SCOPED_TRACE(instant.ToString());
    if (c.file_name == nullptr) {
      ASSERT_RAISES(Invalid, instant.FileName());
    } else {
      ASSERT_OK_AND_ASSIGN(std::string name, instant.FileName());
      EXPECT_EQ(name, c.file_name);
    }
  }
}

TEST(InstantTest, ParsesEveryFileNameBack) {
  for (const FileNameCase& c : FileNameCases()) {
    if (c.file_name == nullptr) continue;
    SCOPED_TRACE(c.file_name);
    ASSERT_OK_AND_ASSIGN(auto parsed, Instant::FromFileName(c.file_name));
    ASSERT_TRUE(parsed.has_value());
    // Completed compactions are commits on disk and read back as such.
    Instant expected{kTs, c.action, c.state};
    if (c.state == State::kCompleted) expected.action = ComparableAction(c.action);
    EXPECT_EQ(*parsed, expected);
    ASSERT_OK_AND_ASSIGN(std::string again, parsed->FileName());
    EXPECT_EQ(again, c.file_name);
  }
}

TEST(InstantTest, NamesNotStartingWithDigitsAreNotInstants) {
  for (const char* name : {"hoodie.properties", ".DS_Store", ".aux", "archived",
                           ".hoodie_partition_metadata", "", "commit"}) {
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(auto parsed, Instant::FromFileName(name));
    EXPECT_FALSE(parsed.has_value());
  }
}

TEST(InstantTest, RejectsMalformedInstantNames) {
  for (const char* name :
       {"20240418173550988", "20240418173550988.", "20240418173550988.commit.",
        "20240418173550988.commit.requested1",
        "20240418173550988.commit.9b8f6c2e-41a5-4c6b-8b1a-2b9c1d7e3f00",
        "20240418173550988.commit.inflight", "20240418173550988.savepoint.requested",
        "20240418173550988.compaction", "20240418173550988.logcompaction",
        "20240418173550988.unknownaction", "20240418173550988.commit.done",
        "2024x0418.commit", "20240418173550988.commit.requested.crc"}) {
    SCOPED_TRACE(name);
    auto parsed = Instant::FromFileName(name);
    ASSERT_RAISES(Invalid, parsed);
    EXPECT_THAT(parsed, testing::StatusMessageHas(name));
  }
}

TEST(InstantTest, ParsesLegacyAndMetadataTableTimestamps) {
  ASSERT_OK_AND_ASSIGN(auto legacy, Instant::FromFileName("20170101193025.commit"));
  EXPECT_EQ(*legacy, (Instant{"20170101193025", Action::kCommit, State::kCompleted}));
  ASSERT_OK_AND_ASSIGN(
      auto mdt, Instant::FromFileName("20240418173550988001.deltacommit.inflight"));
  EXPECT_EQ(*mdt,
            (Instant{"20240418173550988001", Action::kDeltaCommit, State::kInflight}));
}

TEST(InstantTest, ToStringLikeHudi) {
  EXPECT_EQ((Instant{kTs, Action::kCommit, State::kCompleted}).ToString(),
            "[20240418173550988__commit__COMPLETED]");
  EXPECT_EQ((Instant{kTs, Action::kDeltaCommit, State::kInflight}).ToString(),
            "[==>20240418173550988__deltacommit__INFLIGHT]");
  EXPECT_EQ((Instant{kTs, Action::kClean, State::kRequested}).ToString(),
            "[==>20240418173550988__clean__REQUESTED]");
}

TEST(InstantTest, OrdersByTimestampThenComparableActionThenState) {
  std::vector<Instant> instants = {
      {"20240102000000000", Action::kCommit, State::kCompleted},
      {"20240101000000000", Action::kDeltaCommit, State::kRequested},
      {"20240101000000000", Action::kCompaction, State::kInflight},
      {"20240101000000000", Action::kClean, State::kCompleted},
      {"20240101000000000", Action::kCommit, State::kRequested},
      {"2024010100000000", Action::kRollback, State::kCompleted},
  };
  std::sort(instants.begin(), instants.end());
  std::vector<Instant> expected = {
      // String comparison: the shorter prefix sorts first.
      {"2024010100000000", Action::kRollback, State::kCompleted},
      // "clean" < "commit" (compaction compares as commit) < "deltacommit".
      {"20240101000000000", Action::kClean, State::kCompleted},
      {"20240101000000000", Action::kCommit, State::kRequested},
      {"20240101000000000", Action::kCompaction, State::kInflight},
      {"20240101000000000", Action::kDeltaCommit, State::kRequested},
      {"20240102000000000", Action::kCommit, State::kCompleted},
  };
  EXPECT_EQ(instants, expected);
}

TEST(InstantTest, CompactionSortsWithCommitAtEqualTimestamp) {
  Instant compaction{kTs, Action::kCompaction, State::kRequested};
  Instant commit{kTs, Action::kCommit, State::kCompleted};
  Instant clean{kTs, Action::kClean, State::kCompleted};
  Instant replace{kTs, Action::kReplaceCommit, State::kRequested};
  EXPECT_LT(compaction, commit);  // same comparable action, REQUESTED < COMPLETED
  EXPECT_LT(clean, compaction);
  EXPECT_LT(compaction, replace);
  Instant log_compaction{kTs, Action::kLogCompaction, State::kInflight};
  Instant delta{kTs, Action::kDeltaCommit, State::kCompleted};
  EXPECT_LT(log_compaction, delta);
  EXPECT_LT(commit, log_compaction);
}

TEST(InstantTest, ActionNamesRoundTrip) {
  for (const FileNameCase& c : FileNameCases()) {
    ASSERT_OK_AND_ASSIGN(Action action, ParseAction(ActionName(c.action)));
    EXPECT_EQ(action, c.action);
  }
  ASSERT_RAISES(Invalid, ParseAction("cluster"));
}

}  // namespace
}  // namespace hoodie
