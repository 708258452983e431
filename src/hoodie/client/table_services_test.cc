// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table_services_test.cc
/// \brief Inline compaction end to end: deltacommits through a write client with
/// hoodie.compact.inline, the compactions they trigger, and the rows read back.
#include "hoodie/client/table_services.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/compaction_test_util.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using testing::MorTable;

const std::vector<std::string> kColumns = {"_hoodie_commit_time", "_hoodie_record_key",
                                           "_hoodie_partition_path", "name", "ts"};

class InlineCompactionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(table_, MorTable::Create(Storage::Local(), dir_.Join("trips")));
  }

  // Replaces the table's client with one made from `settings` over the trips config.
  ::arrow::Status UseClient(
      const std::vector<std::pair<std::string, std::string>>& settings) {
    HoodieConfig config = testing::MorTripConfig();
    for (const auto& [key, value] : settings) config.Set(key, value);
    ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table_.table, config));
    table_.client = std::move(client);
    return ::arrow::Status::OK();
  }

  ::arrow::Result<Timeline> LoadTimeline() const {
    ARROW_ASSIGN_OR_RAISE(auto table, table_.Reload());
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
    return timeline.timeline();
  }

  // Completed compactions (completed `commit` instants) on the timeline.
  ::arrow::Result<std::vector<std::string>> Compactions() const {
    ARROW_ASSIGN_OR_RAISE(Timeline timeline, LoadTimeline());
    return timeline.GetCommitTimeline().FilterCompleted().Timestamps();
  }

  testing::TempDir dir_;
  MorTable table_;
};

TEST_F(InlineCompactionTest, SecondDeltaCommitCompactsWithMaxDeltaCommitsTwo) {
  ASSERT_OK(UseClient({{"hoodie.compact.inline", "true"},
                       {"hoodie.compact.inline.max.delta.commits", "2"}}));
  ASSERT_OK_AND_ASSIGN(
      std::string t1,
      table_.Upsert({{"1", "a", 1, "sf"}, {"2", "b", 1, "sf"}, {"3", "c", 1, "la"}}));
  EXPECT_EQ(*Compactions(), std::vector<std::string>{});
  ASSERT_OK_AND_ASSIGN(std::string t2,
                       table_.Upsert({{"1", "a2", 2, "sf"}, {"3", "c2", 2, "la"}}));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> compactions, Compactions());
  ASSERT_EQ(compactions.size(), 1u);
  const std::string c = compactions[0];
  EXPECT_GT(c, t2);
  // The plan took both file groups with log files; the compaction committed it.
  ASSERT_OK_AND_ASSIGN(auto table, table_.Reload());
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(
      std::string plan_bytes,
      timeline.ReadDetails(Instant{c, Action::kCompaction, State::kRequested}));
  ASSERT_OK_AND_ASSIGN(CompactionPlan plan, CompactionPlan::FromAvroBytes(plan_bytes));
  ASSERT_TRUE(plan.operations.has_value());
  EXPECT_EQ(plan.operations->size(), 2u);

  const std::vector<std::string> expected = {t1 + "|2|sf|b|1", t2 + "|1|sf|a2|2",
                                             t2 + "|3|la|c2|2"};
  EXPECT_EQ(*table_.Rows(QueryType::kSnapshot, std::nullopt, kColumns), expected);
  EXPECT_EQ(*table_.Rows(QueryType::kReadOptimized, std::nullopt, kColumns), expected);
  EXPECT_EQ(*table_.Rows(QueryType::kReadOptimized), *table_.Rows());
}

TEST_F(InlineCompactionTest, CountsDeltaCommitsFromTheLastCompaction) {
  ASSERT_OK(
      UseClient({{"hoodie.compact.inline", "true"}, {"compaction.delta_commits", "2"}}));
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}}).status());
  ASSERT_OK(table_.Upsert({{"1", "a2", 2, "sf"}}).status());
  ASSERT_EQ(Compactions()->size(), 1u);
  ASSERT_OK_AND_ASSIGN(std::string t3, table_.Upsert({{"1", "a3", 3, "sf"}}));
  EXPECT_EQ(Compactions()->size(), 1u);  // one deltacommit since the compaction
  ASSERT_OK_AND_ASSIGN(std::string t4, table_.Upsert({{"1", "a4", 4, "sf"}}));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> compactions, Compactions());
  ASSERT_EQ(compactions.size(), 2u);
  EXPECT_GT(compactions[1], t4);
  EXPECT_EQ(*table_.Rows(QueryType::kReadOptimized, std::nullopt, kColumns),
            (std::vector<std::string>{t4 + "|1|sf|a4|4"}));
}

TEST_F(InlineCompactionTest, EveryDeltaCommitCompactsWithMaxOne) {
  ASSERT_OK(UseClient({{"hoodie.compact.inline", "true"},
                       {"hoodie.compact.inline.max.delta.commits", "1"}}));
  // The first deltacommit writes base files only: the trigger is met, but no slice
  // has log files, so nothing is scheduled.
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> instants, testing::WriteHistory(&table_));
  ASSERT_OK_AND_ASSIGN(Timeline timeline, LoadTimeline());
  std::vector<std::string> shape;
  const Timeline completed = timeline.FilterCompleted();
  for (const Instant& instant : completed.instants()) {
    shape.push_back(std::string(ActionName(instant.action)));
  }
  EXPECT_EQ(shape,
            (std::vector<std::string>{"deltacommit", "deltacommit", "commit",
                                      "deltacommit", "commit", "deltacommit", "commit"}));
  EXPECT_EQ(timeline.FilterPendingCompaction().Count(), 0u);
  const std::string& t1 = instants[0];
  const std::string& t2 = instants[1];
  const std::string& t4 = instants[3];
  const std::vector<std::string> expected = {t1 + "|5|ny|e|1", t2 + "|3|la|c2|2",
                                             t2 + "|4|sf|d|2", t4 + "|1|sf|a3|4"};
  EXPECT_EQ(*table_.Rows(QueryType::kSnapshot, std::nullopt, kColumns), expected);
  EXPECT_EQ(*table_.Rows(QueryType::kReadOptimized, std::nullopt, kColumns), expected);
}

TEST_F(InlineCompactionTest, InlineOffWritesNoCompaction) {
  ASSERT_OK(UseClient({{"hoodie.compact.inline.max.delta.commits", "1"}}));
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}}).status());
  ASSERT_OK(table_.Upsert({{"1", "a2", 2, "sf"}}).status());
  EXPECT_EQ(*Compactions(), std::vector<std::string>{});
}

TEST_F(InlineCompactionTest, PendingCompactionRunsBeforeANewOne) {
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}, {"3", "c", 1, "la"}}).status());
  ASSERT_OK(table_.Upsert({{"1", "a2", 2, "sf"}}).status());
  HoodieConfig schedule = testing::MorTripConfig();
  schedule.Set("hoodie.compact.inline.max.delta.commits", "2");
  ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table_.table, schedule));
  ASSERT_TRUE(scheduled.has_value());
  ASSERT_OK(UseClient({{"hoodie.compact.inline", "true"},
                       {"hoodie.compact.inline.max.delta.commits", "1"}}));
  ASSERT_OK_AND_ASSIGN(std::string t3, table_.client->StartCommit());
  auto input = testing::TripReader({{"3", "c3", 3, "la"}});
  ASSERT_OK_AND_ASSIGN(WriteResult written, table_.client->Upsert(t3, input.get()));
  // The pending plan completed first, then t3's log was compacted by a new one.
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> compactions, Compactions());
  ASSERT_EQ(compactions.size(), 2u);
  EXPECT_EQ(compactions[0], scheduled->instant_time);
  EXPECT_GT(compactions[1], t3);
  EXPECT_EQ(written.compactions, compactions);
  EXPECT_EQ(*table_.Rows(QueryType::kReadOptimized), *table_.Rows());
}

TEST_F(InlineCompactionTest, PendingWriteDelaysTheCompaction) {
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}}).status());
  ASSERT_OK(table_.Upsert({{"1", "a2", 2, "sf"}}).status());
  ASSERT_OK_AND_ASSIGN(std::string pending, table_.client->StartCommit());
  HoodieConfig config = testing::MorTripConfig();
  config.Set("hoodie.compact.inline.max.delta.commits", "1");
  ASSERT_OK_AND_ASSIGN(auto table, table_.Reload());
  ASSERT_OK_AND_ASSIGN(InlineCompactionOutcome outcome,
                       RunInlineCompaction(table, config));
  // As in Hudi, the pending write blocks before the trigger is asked.
  EXPECT_FALSE(outcome.decision.schedule);
  EXPECT_EQ(outcome.decision.reason, "");
  EXPECT_FALSE(outcome.compacted.has_value());
  const std::string skipped = outcome.skipped;
  EXPECT_EQ(skipped.substr(0, skipped.find(" and every")),
            "no compaction scheduled: the write [==>" + pending +
                "__deltacommit__REQUESTED] is pending");
  EXPECT_EQ(*Compactions(), std::vector<std::string>{});
}

TEST_F(InlineCompactionTest, TriggerDecidesWithTheFlinkKeys) {
  // num_and_time with an hour to wait: two deltacommits are not enough.
  ASSERT_OK(UseClient({{"hoodie.compact.inline", "true"},
                       {"compaction.trigger.strategy", "num_and_time"},
                       {"compaction.delta_commits", "2"},
                       {"compaction.delta_seconds", "3600"}}));
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}}).status());
  ASSERT_OK(table_.Upsert({{"1", "a2", 2, "sf"}}).status());
  EXPECT_EQ(*Compactions(), std::vector<std::string>{});
  // num_or_time: the count alone is enough.
  ASSERT_OK(UseClient({{"hoodie.compact.inline", "true"},
                       {"hoodie.compact.inline.trigger.strategy", "NUM_OR_TIME"},
                       {"compaction.delta_commits", "3"}}));
  ASSERT_OK(table_.Upsert({{"1", "a3", 3, "sf"}}).status());
  EXPECT_EQ(Compactions()->size(), 1u);
}

// A compaction left inflight by a killed run is finished by the next write with
// inline compaction (Hudi's runAnyPendingCompactions -> compact()): rolled back with
// a rollback instant after the write, then run from its plan.
TEST(InlineCompactionRecoveryTest, TheNextInlineWriteRecoversAnInflightCompaction) {
  testing::TempDir dir;
  auto storage = std::make_shared<FaultInjectingStorage>(Storage::Local());
  ASSERT_OK_AND_ASSIGN(MorTable table, MorTable::Create(storage, dir.Join("trips")));
  ASSERT_OK_AND_ASSIGN(std::string t1,
                       table.Upsert({{"1", "a", 1, "sf"}, {"3", "c", 1, "la"}}));
  ASSERT_OK_AND_ASSIGN(std::string t2, table.Upsert({{"1", "a2", 2, "sf"}}));
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table.table, testing::CompactEveryDeltaCommit()));
  ASSERT_TRUE(scheduled.has_value());
  const std::string c = scheduled->instant_time;
  storage->FailPathsEndingWith(c + ".commit");
  ASSERT_FALSE(RunCompaction(table.table, HoodieConfig(), c).ok());
  storage->ClearFaults();

  HoodieConfig config = testing::MorTripConfig();
  config.Set("hoodie.compact.inline", "true");  // the default trigger: not due again
  ASSERT_OK_AND_ASSIGN(table.client, WriteClient::Make(table.table, config));
  ASSERT_OK_AND_ASSIGN(std::string t3, table.client->StartCommit());
  auto input = testing::TripReader({{"3", "c3", 3, "la"}});
  ASSERT_OK_AND_ASSIGN(WriteResult written, table.client->Upsert(t3, input.get()));
  EXPECT_EQ(written.compactions, std::vector<std::string>{c});
  ASSERT_OK_AND_ASSIGN(auto reloaded, table.Reload());
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, reloaded->LoadActiveTimeline());
  std::vector<std::string> shape;
  for (const Instant& instant : timeline.timeline().instants()) {
    shape.push_back(instant.ToString());
  }
  ASSERT_EQ(timeline.timeline().GetRollbackTimeline().Count(), 1u);
  const std::string r = timeline.timeline().GetRollbackTimeline().instants()[0].timestamp;
  EXPECT_GT(r, t3);
  EXPECT_EQ(shape, (std::vector<std::string>{"[" + t1 + "__deltacommit__COMPLETED]",
                                             "[" + t2 + "__deltacommit__COMPLETED]",
                                             "[" + c + "__commit__COMPLETED]",
                                             "[" + t3 + "__deltacommit__COMPLETED]",
                                             "[" + r + "__rollback__COMPLETED]"}));
  EXPECT_EQ(*table.Rows(QueryType::kSnapshot, std::nullopt, kColumns),
            (std::vector<std::string>{t2 + "|1|sf|a2|2", t3 + "|3|la|c3|3"}));
  EXPECT_EQ(*table.Rows(QueryType::kReadOptimized, std::nullopt, kColumns),
            (std::vector<std::string>{t1 + "|3|la|c|1", t2 + "|1|sf|a2|2"}));
}

TEST_F(InlineCompactionTest, BadSettingsFailWhenTheClientIsMade) {
  EXPECT_THAT(UseClient({{"hoodie.compact.inline", "true"},
                         {"hoodie.compaction.strategy", "com.acme.Strategy"}}),
              StatusMessageHas("hoodie.compaction.strategy=com.acme.Strategy: unknown "
                               "compaction strategy 'com.acme.Strategy'"));
  EXPECT_THAT(UseClient({{"hoodie.compact.inline", "true"},
                         {"compaction.trigger.strategy", "hourly"}}),
              StatusMessageHas("compaction.trigger.strategy"));
  // Without inline compaction the strategy is only read when a compaction is
  // scheduled, as in Hudi.
  EXPECT_OK(UseClient({{"hoodie.compaction.strategy", "com.acme.Strategy"}}));
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

// hoodie.clean.async / hoodie.archive.async: the services start with each write and
// its commit waits for them, so the table ends as a synchronous run leaves it, one
// write later (the async clean sees the timeline the write began on).
TEST_F(InlineCompactionTest, AsyncCleanAndArchiveRunBesideEachWrite) {
  // Without the metadata table, whose compaction would hold archival back as Hudi's
  // does (metadata-writer-test): the bound below is the data table's own.
  ASSERT_OK(UseClient({{"hoodie.metadata.enable", "false"},
                       {"hoodie.compact.inline", "true"},
                       {"hoodie.compact.inline.max.delta.commits", "1"},
                       {"hoodie.clean.async", "true"},
                       {"hoodie.archive.async", "true"},
                       {"hoodie.cleaner.commits.retained", "1"},
                       {"hoodie.keep.min.commits", "2"},
                       {"hoodie.keep.max.commits", "3"}}));
  for (int i = 0; i < 6; ++i) {
    ASSERT_OK(table_.Upsert({{"1", "a" + std::to_string(i), i, "sf"}}).status());
  }
  ASSERT_OK_AND_ASSIGN(Timeline timeline, LoadTimeline());
  EXPECT_GE(timeline.GetCleanerTimeline().FilterCompleted().Count(), 1u);
  EXPECT_EQ(timeline.FilterPending().Count(), 0u);
  // Archival kept the active timeline within keep.max commits, plus what the last
  // write added beside its archiver: its deltacommit and its inline compaction's
  // commit, when the archiver read the timeline before them (it races the write, as
  // Hudi's async archiver does).
  EXPECT_LE(timeline.GetCommitsTimeline().FilterCompleted().Count(), 3u + 2u);
  ASSERT_OK_AND_ASSIGN(auto rows, table_.Rows(QueryType::kSnapshot, std::nullopt,
                                              {"_hoodie_record_key", "name"}));
  EXPECT_EQ(rows, std::vector<std::string>{"1|a5"});
}

}  // namespace
}  // namespace hoodie
