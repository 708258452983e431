// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/clean_test.cc
/// \brief Cleaning: which slices each policy deletes, the plan and metadata it records,
/// what it never deletes, and a pending clean finished by the next pass.

#include "hoodie/actions/clean_executor.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/clean_planner.h"
#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/compaction_test_util.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/client/write_client.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::TripConfig;
using testing::TripRow;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class CleanTest : public ::testing::Test {
 protected:
  // `versions` upserts of key k1 (one file group, one new base file each), then k2.
  void Write(int versions, bool partitioned = false) {
    for (int i = 0; i < versions; ++i) {
      ASSERT_OK_AND_ASSIGN(
          WriteResult result,
          testing::UpsertWithNewClient(storage_, base_, TripConfig(partitioned),
                                       {{"k1", "v" + std::to_string(i), i, "sf"}},
                                       /*commit=*/false));  // auto.commit commits
      commits_.push_back(result.instant_time);
    }
  }

  std::shared_ptr<TableMetaClient> Table() {
    return TableMetaClient::Load(storage_, base_).ValueOrDie();
  }

  // Base file names of the table, sorted.
  std::vector<std::string> BaseFiles() {
    std::vector<std::string> names;
    for (const std::string& entry : testing::ListTree(base_)) {
      if (entry.find(".parquet") != std::string::npos) {
        names.push_back(entry.substr(0, entry.find(' ')));
      }
    }
    return names;
  }

  // The commit time each base file was written by, sorted.
  std::vector<std::string> BaseFileCommits() {
    std::vector<std::string> times;
    for (const std::string& name : BaseFiles()) {
      std::string file = std::string(FileName(name));
      times.push_back(file.substr(file.rfind('_') + 1, 17));
    }
    std::sort(times.begin(), times.end());
    return times;
  }

  CleanOptions Options(const std::vector<std::pair<std::string, std::string>>& settings) {
    HoodieConfig config;
    for (const auto& [key, value] : settings) config.Set(key, value);
    return CleanOptions::FromConfig(config).ValueOrDie();
  }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::string base_ = dir_.Join("trips");
  std::vector<std::string> commits_;
};

TEST_F(CleanTest, KeepLatestCommitsDeletesSlicesNoRetainedCommitReads) {
  Write(4);
  ASSERT_OK_AND_ASSIGN(CleanOutcome outcome,
                       RunClean(Table(), Options({{"hoodie.cleaner.commits.retained", "2"}})));
  ASSERT_EQ(outcome.completed.size(), 1u);
  const auto& [clean, metadata] = outcome.completed[0];
  // ECTR is the second newest commit; the slice before it still serves queries as of
  // it, so only the first version goes.
  EXPECT_EQ(metadata.earliest_commit_to_retain, commits_[2]);
  EXPECT_EQ(metadata.last_completed_commit_timestamp, commits_[3]);
  EXPECT_EQ(metadata.total_files_deleted, 1);
  EXPECT_EQ(BaseFileCommits(), (std::vector<std::string>{commits_[1], commits_[2], commits_[3]}));
  ASSERT_EQ(metadata.partition_metadata.count(""), 1u);
  const CleanPartitionMetadata& partition = metadata.partition_metadata.at("");
  EXPECT_EQ(partition.policy, "KEEP_LATEST_COMMITS");
  ASSERT_EQ(partition.success_delete_files.size(), 1u);
  EXPECT_THAT(partition.success_delete_files[0], HasSubstr(commits_[0]));
  EXPECT_EQ(partition.delete_path_patterns, partition.success_delete_files);
  // The instant went requested -> inflight -> completed, with Hudi's plan in it.
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, Table()->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().ContainsInstant(Instant{clean, Action::kClean,
                                                          State::kCompleted}));
  ASSERT_OK_AND_ASSIGN(std::string plan_bytes,
                       timeline.ReadDetails(Instant{clean, Action::kClean, State::kRequested}));
  ASSERT_OK_AND_ASSIGN(CleanerPlan plan, CleanerPlan::FromAvroBytes(plan_bytes));
  EXPECT_EQ(plan.version, 2);
  ASSERT_TRUE(plan.earliest_instant_to_retain.has_value());
  EXPECT_EQ(plan.earliest_instant_to_retain->timestamp, commits_[2]);
  EXPECT_EQ(plan.earliest_instant_to_retain->action, "commit");
  EXPECT_EQ(plan.earliest_instant_to_retain->state, "COMPLETED");
  ASSERT_TRUE(plan.file_paths_to_be_deleted_per_partition.has_value());
  const auto& files = plan.file_paths_to_be_deleted_per_partition->at("");
  ASSERT_EQ(files.size(), 1u);
  EXPECT_THAT(*files[0].file_path, ::testing::StartsWith("file:/"));
  // The snapshot and time travel to every retained commit read as before.
  EXPECT_EQ(testing::SnapshotRows(base_, {"_hoodie_record_key", "name"}).ValueOrDie(),
            (std::vector<std::string>{"k1|v3"}));
}

// Hudi 0.15's IncrementalRelation opens the last file each group got in the range: a
// cleaned one fails the read (HoodieIncrementalPathNotFoundException) unless
// hoodie.datasource.read.incr.fallback.fulltablescan.enable turns it into a scan of the
// latest snapshot filtered on commit time.
TEST_F(CleanTest, IncrementalReadOfCleanedFilesFailsOrFallsBackToAFullScan) {
  Write(4);
  ASSERT_OK(RunClean(Table(), Options({{"hoodie.cleaner.commits.retained", "1"}})).status());
  // commits_[3] is the earliest commit to retain; commits_[2]'s slice still serves it.
  ASSERT_EQ(BaseFileCommits(), (std::vector<std::string>{commits_[2], commits_[3]}));
  auto read = [&](int begin, int end, bool fallback) {
    ReadOptions options;
    options.query_type = QueryType::kIncremental;
    options.begin = commits_[begin];
    options.end = commits_[end];
    options.incremental_fallback_to_full_scan = fallback;
    return testing::ReadRows(storage_, base_, {"_hoodie_commit_time", "name"}, options);
  };
  std::vector<std::string> failed = read(0, 1, false);
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_THAT(failed[0], HasSubstr("error: IOError: incremental read of (" + commits_[0] +
                                   ", " + commits_[1] + "] needs "));
  EXPECT_THAT(failed[0], HasSubstr(commits_[1] + ".parquet, which a commit in the range "
                                   "wrote but the cleaner has deleted"));
  EXPECT_THAT(failed[0],
              HasSubstr("hoodie.datasource.read.incr.fallback.fulltablescan.enable=true"));
  // The latest snapshot holds v3 of commits_[3], outside (commits_[0], commits_[1]].
  EXPECT_TRUE(read(0, 1, true).empty());
  // Only the range's last file of the group is opened: commits_[2]'s is still there.
  EXPECT_EQ(read(0, 2, false), (std::vector<std::string>{commits_[2] + "|v2"}));
  EXPECT_EQ(read(1, 3, false), (std::vector<std::string>{commits_[3] + "|v3"}));
  EXPECT_EQ(read(1, 3, true), (std::vector<std::string>{commits_[3] + "|v3"}));
}

// Hudi 0.15 (HUDI-7104) records a partitioned table's savepoints in each clean's
// extraMetadata; once one is deleted, the next incremental clean looks again at the
// partitions of the savepointed commit, whose old slices it passed while they were kept.
TEST_F(CleanTest, IncrementalCleanRevisitsThePartitionsOfADeletedSavepoint) {
  Write(4, /*partitioned=*/true);  // commits_[0..3]: k1 in sf
  SavepointRequest request;
  request.instant = commits_[1];
  ASSERT_OK(CreateSavepoint(Table(), request).status());
  auto write_la = [&](int i) {
    ASSERT_OK_AND_ASSIGN(WriteResult result,
                         testing::UpsertWithNewClient(storage_, base_, TripConfig(true),
                                                      {{"k2", "w" + std::to_string(i), i, "la"}},
                                                      /*commit=*/false));
    commits_.push_back(result.instant_time);
  };
  CleanOptions options = Options({{"hoodie.cleaner.commits.retained", "1"}});
  ASSERT_OK_AND_ASSIGN(CleanOutcome first, RunClean(Table(), options));
  ASSERT_EQ(first.completed.size(), 1u);
  const CleanMetadata& metadata = first.completed[0].second;
  ASSERT_TRUE(metadata.extra_metadata.has_value());
  EXPECT_EQ(metadata.extra_metadata->at("savepointed_timestamps"), commits_[1]);
  write_la(4);
  ASSERT_OK(RunClean(Table(), options).status());
  // The savepoint keeps commits_[1]'s file in sf; commits_[2]'s is gone.
  EXPECT_EQ(BaseFileCommits(),
            (std::vector<std::string>{commits_[1], commits_[3], commits_[4]}));
  ASSERT_OK_AND_ASSIGN(bool deleted, DeleteSavepoint(*Table(), commits_[1]));
  ASSERT_TRUE(deleted);
  write_la(5);
  // Only la was written since the last clean's earliest commit to retain; sf is cleaned
  // because of the deleted savepoint.
  ASSERT_OK_AND_ASSIGN(CleanOutcome third, RunClean(Table(), options));
  ASSERT_EQ(third.completed.size(), 1u);
  EXPECT_EQ(third.completed[0].second.partition_metadata.count("sf"), 1u);
  EXPECT_FALSE(third.completed[0].second.extra_metadata.has_value() &&
               third.completed[0].second.extra_metadata->count("savepointed_timestamps"));
  EXPECT_EQ(BaseFileCommits(),
            (std::vector<std::string>{commits_[3], commits_[4], commits_[5]}));
}

TEST_F(CleanTest, NoNewCommitMeansNoNewClean) {
  Write(4);
  CleanOptions options = Options({{"hoodie.cleaner.commits.retained", "2"}});
  ASSERT_OK(RunClean(Table(), options).status());
  ASSERT_OK_AND_ASSIGN(CleanOutcome again, RunClean(Table(), options));
  EXPECT_TRUE(again.completed.empty());
  EXPECT_THAT(again.why_not, HasSubstr("0 commits since the last clean"));
  // One more commit: the next clean lets the next version go, reading only the
  // partitions written since the last clean's earliest commit to retain.
  Write(1);
  ASSERT_OK_AND_ASSIGN(CleanOutcome next, RunClean(Table(), options));
  ASSERT_EQ(next.completed.size(), 1u);
  EXPECT_EQ(next.completed[0].second.earliest_commit_to_retain, commits_[3]);
  EXPECT_EQ(BaseFileCommits(), (std::vector<std::string>{commits_[2], commits_[3], commits_[4]}));
}

TEST_F(CleanTest, FewerCommitsThanRetainedCleanNothing) {
  Write(3);
  ASSERT_OK_AND_ASSIGN(CleanOutcome outcome, RunClean(Table(), Options({})));
  EXPECT_TRUE(outcome.completed.empty());
  EXPECT_THAT(outcome.why_not, HasSubstr("hoodie.cleaner.commits.retained"));
  EXPECT_EQ(BaseFiles().size(), 3u);
}

TEST_F(CleanTest, KeepLatestFileVersionsKeepsTheNewestVersions) {
  Write(4);
  // The policy is inferred from the only retention key set, as Hudi infers it.
  CleanOptions options = Options({{"hoodie.cleaner.fileversions.retained", "1"}});
  EXPECT_EQ(options.policy, CleanerPolicy::kKeepLatestFileVersions);
  ASSERT_OK_AND_ASSIGN(CleanOutcome outcome, RunClean(Table(), options));
  ASSERT_EQ(outcome.completed.size(), 1u);
  EXPECT_EQ(outcome.completed[0].second.total_files_deleted, 3);
  EXPECT_EQ(outcome.completed[0].second.earliest_commit_to_retain, "");
  EXPECT_EQ(BaseFileCommits(), (std::vector<std::string>{commits_[3]}));
}

TEST_F(CleanTest, KeepLatestByHoursKeepsWhatTheLastHoursWrote) {
  Write(4);
  CleanOptions options = Options({{"hoodie.cleaner.hours.retained", "1"}});
  EXPECT_EQ(options.policy, CleanerPolicy::kKeepLatestByHours);
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, Table()->LoadActiveTimeline());
  // "Now" is one hour after the third commit: the cutoff falls on it, so it is the
  // earliest commit to retain, the second serves queries as of then, the first goes.
  ASSERT_OK_AND_ASSIGN(int64_t third, InstantTimeGenerator::ParseToEpochMillis(
                                          commits_[2], TimelineTimeZone::kLocal));
  options.clock = [third] { return third + 3600 * 1000; };
  ASSERT_OK_AND_ASSIGN(CleanDecision due, PlanClean(*Table(), timeline, options));
  ASSERT_TRUE(due.plan.has_value()) << due.why_not;
  EXPECT_EQ(due.plan->earliest_instant_to_retain->timestamp, commits_[2]);
  const auto& files = due.plan->file_paths_to_be_deleted_per_partition->at("");
  ASSERT_EQ(files.size(), 1u);
  EXPECT_THAT(*files[0].file_path, HasSubstr(commits_[0]));
  // Two hours after the last commit no commit is within the hour: Hudi plans nothing.
  ASSERT_OK_AND_ASSIGN(int64_t last, InstantTimeGenerator::ParseToEpochMillis(
                                         commits_[3], TimelineTimeZone::kLocal));
  options.clock = [last] { return last + 2 * 3600 * 1000; };
  ASSERT_OK_AND_ASSIGN(CleanDecision late, PlanClean(*Table(), timeline, options));
  EXPECT_FALSE(late.plan.has_value());
  EXPECT_THAT(late.why_not, HasSubstr("hoodie.cleaner.hours.retained"));
}

TEST_F(CleanTest, APendingCleanIsFinishedBeforeANewOneIsPlanned) {
  Write(4);
  auto table = Table();
  CleanOptions options = Options({{"hoodie.cleaner.commits.retained", "2"}});
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(CleanDecision decision, PlanClean(*table, timeline, options));
  ASSERT_TRUE(decision.plan.has_value());
  // A cleaner that died right after saving its plan.
  ASSERT_OK_AND_ASSIGN(std::string instant, timeline.CreateNewInstantTime());
  ASSERT_OK(timeline.CreateRequested(Instant{instant, Action::kClean, State::kRequested},
                                     decision.plan->ToAvroBytes().ValueOrDie()));
  EXPECT_EQ(BaseFiles().size(), 4u);
  ASSERT_OK_AND_ASSIGN(CleanOutcome outcome, RunClean(Table(), options));
  ASSERT_EQ(outcome.completed.size(), 1u);
  EXPECT_EQ(outcome.completed[0].first, instant);
  EXPECT_EQ(BaseFiles().size(), 3u);
}

// A clean that died after some deletes runs its plan again: the files already gone
// are "not deleted", not an error, and the clean completes.
TEST_F(CleanTest, ARerunPlanCountsFilesAlreadyGoneAsNotDeleted) {
  Write(4);
  auto table = Table();
  CleanOptions options = Options({{"hoodie.cleaner.commits.retained", "2"}});
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(CleanDecision decision, PlanClean(*table, timeline, options));
  ASSERT_TRUE(decision.plan.has_value());
  ASSERT_OK_AND_ASSIGN(std::string instant, timeline.CreateNewInstantTime());
  Instant requested{instant, Action::kClean, State::kRequested};
  std::string bytes = decision.plan->ToAvroBytes().ValueOrDie();
  ASSERT_OK(timeline.CreateRequested(requested, bytes));
  ASSERT_OK(timeline.TransitionToInflight(requested, bytes).status());
  for (const CleanFileInfo& file : decision.plan->file_paths_to_be_deleted_per_partition->at("")) {
    ASSERT_OK(storage_->DeleteFile(StoragePathOf(*file.file_path)));
  }
  ASSERT_OK_AND_ASSIGN(CleanMetadata metadata,
                       ExecuteClean(table, Instant{instant, Action::kClean, State::kInflight}));
  EXPECT_EQ(metadata.total_files_deleted, 0);
  EXPECT_EQ(metadata.partition_metadata.at("").failed_delete_files.size(), 1u);
  ASSERT_OK_AND_ASSIGN(ActiveTimeline after, Table()->LoadActiveTimeline());
  EXPECT_TRUE(after.timeline().ContainsInstant(
      Instant{instant, Action::kClean, State::kCompleted}));
}

// hoodie.clean.automatic (the default): every commit is followed by a clean, at its own
// instant time, as Hudi's autoCleanOnCommit runs it.
TEST_F(CleanTest, EveryCommitCleansWhenAutomatic) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.cleaner.commits.retained", "2");
  std::vector<WriteResult> results;
  for (int i = 0; i < 4; ++i) {
    ASSERT_OK_AND_ASSIGN(
        WriteResult result,
        testing::UpsertWithNewClient(storage_, base_, config,
                                     {{"k1", "v" + std::to_string(i), i, "sf"}}, false));
    commits_.push_back(result.instant_time);
    results.push_back(std::move(result));
  }
  // The third commit leaves nothing to clean; the fourth frees the first version.
  EXPECT_TRUE(results[2].cleans.empty());
  ASSERT_EQ(results[3].cleans.size(), 1u);
  EXPECT_GT(results[3].cleans[0], commits_[3]);
  EXPECT_EQ(BaseFileCommits(), (std::vector<std::string>{commits_[1], commits_[2], commits_[3]}));
  // Off, nothing is cleaned.
  config.Set("hoodie.clean.automatic", "false");
  ASSERT_OK_AND_ASSIGN(WriteResult off, testing::UpsertWithNewClient(
                                            storage_, base_, config, {{"k1", "v9", 9, "sf"}},
                                            false));
  EXPECT_TRUE(off.cleans.empty());
  EXPECT_EQ(BaseFiles().size(), 4u);
}

TEST_F(CleanTest, MaxCommitsWaitsForThatManyCommitsSinceTheLastClean) {
  Write(4);
  CleanOptions options = Options({{"hoodie.cleaner.commits.retained", "2"},
                                  {"hoodie.clean.max.commits", "2"}});
  ASSERT_OK(RunClean(Table(), options).status());
  Write(1);
  ASSERT_OK_AND_ASSIGN(CleanOutcome one, RunClean(Table(), options));
  EXPECT_TRUE(one.completed.empty());
  EXPECT_THAT(one.why_not, HasSubstr("1 commits since the last clean; "
                                     "hoodie.clean.max.commits needs 2"));
  Write(1);
  ASSERT_OK_AND_ASSIGN(CleanOutcome two, RunClean(Table(), options));
  EXPECT_EQ(two.completed.size(), 1u);
}

// Incremental mode lists only the partitions written since the last clean's earliest
// commit to retain, found in commit metadata; a full clean lists every partition.
TEST_F(CleanTest, IncrementalModeListsOnlyPartitionsWrittenSince) {
  for (bool incremental : {true, false}) {
    SCOPED_TRACE(incremental);
    testing::TempDir dir;
    base_ = dir.Join("trips");
    auto faults = std::make_shared<FaultInjectingStorage>(Storage::Local());
    storage_ = faults;
    auto upsert = [&](const std::string& key, const std::string& city, int ts) {
      ASSERT_OK(testing::UpsertWithNewClient(storage_, base_, TripConfig(true),
                                             {{key, "n" + std::to_string(ts), ts, city}},
                                             /*commit=*/false)
                    .status());
    };
    upsert("la1", "la", 1);
    for (int ts = 2; ts <= 5; ++ts) upsert("sf1", "sf", ts);
    std::string mode = incremental ? "true" : "false";
    CleanOptions options = Options({{"hoodie.cleaner.commits.retained", "2"},
                                    {"hoodie.cleaner.incremental.mode", mode}});
    ASSERT_OK_AND_ASSIGN(CleanOutcome first, RunClean(Table(), options));
    ASSERT_EQ(first.completed.size(), 1u);
    upsert("sf1", "sf", 6);
    auto table = Table();
    faults->FailPathsEndingWith("/la", StorageOperation::kList);
    auto second = RunClean(table, options);
    if (incremental) {
      // sf alone was written since: la is not even listed.
      ASSERT_OK(second.status());
      ASSERT_EQ(second->completed.size(), 1u);
      EXPECT_EQ(second->completed[0].second.partition_metadata.count("sf"), 1u);
    } else {
      EXPECT_THAT(second.status().message(), HasSubstr("/la"));
    }
    faults->ClearFaults();
  }
}

// Merge-on-read: a cleaned slice takes its log files with it; the slices the retained
// commits read keep theirs.
TEST(MorCleanTest, ACleanedSliceTakesItsLogFiles) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(testing::MorTable table,
                       testing::MorTable::Create(Storage::Local(), dir.Join("trips")));
  HoodieConfig compact = testing::CompactEveryDeltaCommit();
  auto compact_now = [&]() {
    auto scheduled = ScheduleCompaction(*table.Reload().ValueOrDie(), compact, std::nullopt);
    ASSERT_OK(scheduled.status());
    ASSERT_TRUE(scheduled->has_value());
    ASSERT_OK(RunCompaction(table.Reload().ValueOrDie(), compact, (*scheduled)->instant_time)
                  .status());
  };
  ASSERT_OK(table.Upsert({{"1", "a", 1, "sf"}}).status());   // base file
  ASSERT_OK(table.Upsert({{"1", "a2", 2, "sf"}}).status());  // its log
  compact_now();
  ASSERT_OK(table.Upsert({{"1", "a3", 3, "sf"}}).status());
  compact_now();
  ASSERT_OK(table.Upsert({{"1", "a4", 4, "sf"}}).status());
  auto files = [&]() {
    std::vector<std::string> out;
    for (const std::string& entry : testing::ListTree(JoinPath(table.base, "sf"))) {
      if (entry.find(".parquet") != std::string::npos || entry.find(".log.") != std::string::npos) {
        out.push_back(entry);
      }
    }
    return out;
  };
  const size_t before = files().size();  // 3 base files and 3 log files
  EXPECT_EQ(before, 6u);
  HoodieConfig config;
  config.Set("hoodie.cleaner.commits.retained", "2");
  ASSERT_OK_AND_ASSIGN(CleanOutcome outcome,
                       RunClean(table.Reload().ValueOrDie(),
                                CleanOptions::FromConfig(config).ValueOrDie()));
  ASSERT_EQ(outcome.completed.size(), 1u);
  // The first slice: its base file and the log file on it.
  EXPECT_EQ(outcome.completed[0].second.total_files_deleted, 2);
  EXPECT_EQ(files().size(), before - 2);
  ASSERT_OK_AND_ASSIGN(auto rows, table.Rows(QueryType::kSnapshot, std::nullopt,
                                             {"_hoodie_record_key", "name"}));
  EXPECT_THAT(rows, ElementsAre("1|a4"));
}

TEST(CleanOptionsTest, ReadsPoliciesAndRetentions) {
  ASSERT_OK_AND_ASSIGN(CleanOptions defaults, CleanOptions::FromConfig(HoodieConfig()));
  EXPECT_EQ(defaults.policy, CleanerPolicy::kKeepLatestCommits);
  EXPECT_EQ(defaults.file_versions_retained, 3);
  EXPECT_EQ(defaults.max_commits, 1);
  EXPECT_TRUE(defaults.incremental);
  HoodieConfig config;
  config.Set("hoodie.cleaner.policy", "keep_latest_file_versions");
  config.Set("hoodie.cleaner.commits.retained", "5");
  ASSERT_OK_AND_ASSIGN(CleanOptions explicit_policy, CleanOptions::FromConfig(config));
  EXPECT_EQ(explicit_policy.policy, CleanerPolicy::kKeepLatestFileVersions);
  EXPECT_EQ(explicit_policy.commits_retained, 5);
  config.Set("hoodie.clean.trigger.strategy", "NUM_COMMITS");
  ASSERT_OK(CleanOptions::FromConfig(config).status());
  config.Set("hoodie.clean.trigger.strategy", "TIME_ELAPSED");
  EXPECT_THAT(CleanOptions::FromConfig(config),
              testing::StatusMessageHas("hoodie.clean.trigger.strategy"));
  config.Set("hoodie.clean.trigger.strategy", "NUM_COMMITS");
  config.Set("hoodie.cleaner.policy", "KEEP_LATEST_FILE_VERSIONS");
  config.Set("hoodie.cleaner.policy", "KEEP_EVERYTHING");
  EXPECT_THAT(CleanOptions::FromConfig(config),
              testing::StatusMessageHas("hoodie.cleaner.policy"));
}

}  // namespace
}  // namespace hoodie
