// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/archiver_test.cc
/// \brief Archival: what leaves the active timeline (keep.min/max, the cleaner's
/// adjustment, savepoints, pending writes), the archive file and its records, Hudi's
/// retention messages, and a record that cannot be made.

#include "hoodie/actions/archiver.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/archived_timeline.h"
#include "hoodie/timeline_avro/savepoint_metadata.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::TripConfig;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class ArchiverTest : public ::testing::Test {
 protected:
  // The data table's own rules, without a metadata table (whose compaction archival
  // also waits on: metadata-writer-test covers that rule).
  static HoodieConfig WriteConfig() {
    HoodieConfig config = TripConfig(false);
    config.Set("hoodie.metadata.enable", "false");
    return config;
  }

  void Write(int commits) {
    for (int i = 0; i < commits; ++i) {
      ASSERT_OK_AND_ASSIGN(
          WriteResult result,
          testing::UpsertWithNewClient(storage_, base_, WriteConfig(),
                                       {{"k1", "v" + std::to_string(i), i, "sf"}},
                                       /*commit=*/false));
      commits_.push_back(result.instant_time);
    }
  }

  std::shared_ptr<TableMetaClient> Table() {
    return TableMetaClient::Load(storage_, base_).ValueOrDie();
  }

  ArchiveOptions Options(std::vector<std::pair<std::string, std::string>> settings) {
    HoodieConfig config;
    config.Set("hoodie.keep.min.commits", "2");
    config.Set("hoodie.keep.max.commits", "3");
    config.Set("hoodie.cleaner.commits.retained", "1");
    for (const auto& [key, value] : settings) config.Set(key, value);
    return ArchiveOptions::FromConfig(config).ValueOrDie();
  }

  std::vector<std::string> CompletedCommits() {
    ActiveTimeline timeline = Table()->LoadActiveTimeline().ValueOrDie();
    return timeline.timeline().GetCommitsTimeline().FilterCompleted().Timestamps();
  }

  // Savepoints `instant` as Hudi does: T.savepoint.inflight, then T.savepoint.
  void Savepoint(const std::string& instant) {
    ActiveTimeline timeline = Table()->LoadActiveTimeline().ValueOrDie();
    Instant inflight{instant, Action::kSavepoint, State::kInflight};
    ASSERT_OK(timeline.CreateRequested(inflight));
    SavepointMetadata metadata;
    metadata.savepointed_by = "test";
    ASSERT_OK_AND_ASSIGN(std::string bytes, metadata.ToAvroBytes());
    ASSERT_OK(timeline.TransitionToComplete(inflight, bytes).status());
  }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::string base_ = dir_.Join("trips");
  std::vector<std::string> commits_;
};

// Hudi 0.15's incremental queries take their commits from the active timeline: those
// archived are not seen, and copy-on-write filters from the range's first active commit;
// hoodie.datasource.read.incr.fallback.fulltablescan.enable reads the latest snapshot
// filtered on (begin, end] instead when begin or end is before the active timeline.
TEST_F(ArchiverTest, IncrementalReadBeforeTheActiveTimelineMissesArchivedCommitsOrScans) {
  for (int i = 0; i < 5; ++i) {
    ASSERT_OK_AND_ASSIGN(WriteResult result,
                         testing::UpsertWithNewClient(
                             storage_, base_, WriteConfig(),
                             {{"k" + std::to_string(i), "v" + std::to_string(i), i, "sf"}},
                             /*commit=*/false));
    commits_.push_back(result.instant_time);
  }
  ASSERT_OK(RunArchive(Table(), Options({})).status());
  ASSERT_EQ(CompletedCommits(), (std::vector<std::string>{commits_[3], commits_[4]}));
  auto read = [&](const std::string& begin, const std::string& end, bool fallback) {
    ReadOptions options;
    options.query_type = QueryType::kIncremental;
    options.begin = begin;
    options.end = end;
    options.incremental_fallback_to_full_scan = fallback;
    return testing::ReadRows(storage_, base_, {"_hoodie_record_key"}, options);
  };
  EXPECT_EQ(read("000", commits_[4], false), (std::vector<std::string>{"k3", "k4"}));
  EXPECT_EQ(read("000", commits_[4], true),
            (std::vector<std::string>{"k0", "k1", "k2", "k3", "k4"}));
  EXPECT_TRUE(read(commits_[0], commits_[2], false).empty());
  EXPECT_EQ(read(commits_[0], commits_[2], true), (std::vector<std::string>{"k1", "k2"}));
  // Within the active timeline the fallback changes nothing.
  EXPECT_EQ(read(commits_[3], commits_[4], true), (std::vector<std::string>{"k4"}));
}

TEST_F(ArchiverTest, KeepMaxMustExceedKeepMinWithHudisMessage) {
  HoodieConfig config;
  config.Set("hoodie.keep.min.commits", "5");
  config.Set("hoodie.keep.max.commits", "5");
  EXPECT_THAT(ArchiveOptions::FromConfig(config).status().message(),
              HasSubstr("Increase hoodie.keep.max.commits=5 to be greater than "
                        "hoodie.keep.min.commits=5."));
}

TEST_F(ArchiverTest, ArchivesDownToKeepMinEveryStateFileIntoOneArchiveFile) {
  Write(5);
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome outcome, RunArchive(Table(), Options({})));
  // 5 completed commits > keep.max 3: the oldest 3 go, keep.min 2 stay (one retained
  // commit needs 0 + 2).
  EXPECT_EQ(outcome.min_commits, 2);
  EXPECT_EQ(outcome.max_commits, 3);
  EXPECT_EQ(CompletedCommits(), (std::vector<std::string>{commits_[3], commits_[4]}));
  ASSERT_EQ(outcome.archived.size(), 9u);  // requested, inflight, completed of each
  EXPECT_EQ(outcome.archive_file, Table()->archive_path() + "/.commits_.archive.1_1-0-1");
  ASSERT_OK_AND_ASSIGN(ArchivedTimeline archived,
                       ArchivedTimeline::Load(storage_, Table()->archive_path()));
  ASSERT_OK_AND_ASSIGN(Timeline instants, archived.ToTimeline());
  EXPECT_EQ(instants.FilterCompleted().Timestamps(),
            (std::vector<std::string>{commits_[0], commits_[1], commits_[2]}));
  for (const ArchivedMetaEntry& entry : archived.entries()) {
    ASSERT_TRUE(entry.metadata.has_value()) << entry.commit_time;
    EXPECT_EQ(entry.metadata->first, "hoodieCommitMetadata");
    EXPECT_EQ(entry.action_type, "commit");
    EXPECT_TRUE(entry.state_transition_time.has_value());
  }
  // Nothing is due until keep.max is exceeded again; the next archival writes version 2.
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome idle, RunArchive(Table(), Options({})));
  EXPECT_TRUE(idle.archived.empty());
  EXPECT_THAT(idle.why_not, HasSubstr("2 completed commits; hoodie.keep.max.commits=3"));
  Write(2);
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome next, RunArchive(Table(), Options({})));
  EXPECT_EQ(next.archive_file, Table()->archive_path() + "/.commits_.archive.2_1-0-1");
  ASSERT_OK_AND_ASSIGN(ArchivedTimeline both,
                       ArchivedTimeline::Load(storage_, Table()->archive_path()));
  EXPECT_EQ(both.files().size(), 2u);
  EXPECT_EQ(both.entries().size(), 15u);
}

TEST_F(ArchiverTest, TheCleanersRetentionRaisesKeepMinAndKeepMax) {
  Write(6);
  // Three retained commits need 2 after the earliest commit to retain + 2 = 4.
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome outcome,
                       RunArchive(Table(), Options({{"hoodie.cleaner.commits.retained", "3"}})));
  EXPECT_EQ(outcome.min_commits, 4);
  EXPECT_EQ(outcome.max_commits, 5);
  EXPECT_EQ(CompletedCommits(), (std::vector<std::string>(commits_.begin() + 2, commits_.end())));
}

TEST_F(ArchiverTest, StopsAtTheFirstSavepointUnlessProceedSavepointSkipsOnlyIt) {
  Write(6);
  Savepoint(commits_[1]);
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome stopped, RunArchive(Table(), Options({})));
  EXPECT_EQ(CompletedCommits(), (std::vector<std::string>(commits_.begin() + 1, commits_.end())));
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome beyond,
                       RunArchive(Table(), Options({{"hoodie.archive.proceed.savepoint", "true"}})));
  // 5 commits left > 3: three go, but never the savepointed one.
  EXPECT_EQ(CompletedCommits(), (std::vector<std::string>{commits_[1], commits_[5]}));
  EXPECT_FALSE(beyond.archived.empty());
}

TEST_F(ArchiverTest, NeverPassesTheOldestPendingWrite) {
  Write(6);
  // A failed write between the third and fourth commits: requested and inflight only.
  ActiveTimeline timeline = Table()->LoadActiveTimeline().ValueOrDie();
  const std::string pending = commits_[2] + "0";
  Instant requested{pending, Action::kCommit, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested));
  ASSERT_OK(timeline.TransitionToInflight(requested).status());
  // Under KEEP_LATEST_COMMITS the pending write caps the cleaner's earliest commit to
  // retain, which raises keep.min over everything after it; with no such commit
  // (KEEP_LATEST_FILE_VERSIONS) the pending write is what stops archival.
  ASSERT_OK_AND_ASSIGN(
      ArchiveOutcome outcome,
      RunArchive(Table(), Options({{"hoodie.cleaner.policy", "KEEP_LATEST_FILE_VERSIONS"}})));
  EXPECT_EQ(outcome.why_not, "");
  // The greatest completed commit before the pending one stays, and all after it.
  EXPECT_EQ(CompletedCommits(), (std::vector<std::string>(commits_.begin() + 2, commits_.end())));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline after, Table()->LoadActiveTimeline());
  EXPECT_TRUE(after.timeline().ContainsTimestamp(pending));
}

TEST_F(ArchiverTest, AnInstantThatCannotBeArchivedFailsUnlessFailOnTimelineArchivingIsOff) {
  Write(5);
  ActiveTimeline timeline = Table()->LoadActiveTimeline().ValueOrDie();
  const std::string path = timeline.InstantPath(Instant{commits_[0], Action::kCommit,
                                                        State::kInflight}).ValueOrDie();
  ASSERT_OK(storage_->DeleteFile(path));
  ASSERT_OK(storage_->WriteAll(path, "{not json", /*overwrite=*/true));
  auto failed = RunArchive(Table(), Options({}));
  ASSERT_FALSE(failed.ok());
  EXPECT_THAT(failed.status().message(), HasSubstr("cannot archive [==>" + commits_[0]));
  EXPECT_EQ(CompletedCommits().size(), 5u);  // nothing moved
  ASSERT_OK_AND_ASSIGN(ArchiveOutcome skipped,
                       RunArchive(Table(), Options({{"hoodie.fail.on.timeline.archiving", "false"}})));
  // The bad inflight file has no record but goes with its instant, as in Hudi.
  EXPECT_EQ(skipped.archived.size(), 8u);
  EXPECT_FALSE(storage_->Exists(path).ValueOrDie());
  EXPECT_EQ(CompletedCommits(), (std::vector<std::string>{commits_[3], commits_[4]}));
}

// The promise of hoodie.clean.automatic and hoodie.archive.automatic, both on by
// default: 300 upserts of two keys with nothing but the table's keys set leave at most
// hoodie.keep.max.commits (128) commits in the active timeline and at most 25 versions
// of the file group (the slices of the hoodie.cleaner.commits.retained=24 retained
// commits and the one before them), while the snapshot stays exact.
TEST(DefaultServicesTest, HundredsOfCommitsWithDefaultSettingsStayBounded) {
  std::shared_ptr<Storage> storage = Storage::InMemory();
  const std::string base = "/memory/bounded";
  size_t most_commits = 0;
  size_t most_versions = 0;
  for (int i = 0; i < 300; ++i) {
    ASSERT_OK(testing::UpsertWithNewClient(
                  storage, base, TripConfig(false),
                  {{i % 2 ? "k1" : "k2", "v" + std::to_string(i), i, "sf"}},
                  /*commit=*/false)
                  .status());
    ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage, base));
    ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
    most_commits = std::max(
        most_commits,
        timeline.timeline().GetCommitsTimeline().FilterCompleted().Timestamps().size());
    ASSERT_OK_AND_ASSIGN(std::vector<FileStatus> files,
                         storage->List(base, /*recursive=*/false));
    size_t versions = 0;
    for (const FileStatus& file : files) versions += file.name().ends_with(".parquet");
    most_versions = std::max(most_versions, versions);
  }
  EXPECT_EQ(most_commits, 128u);
  EXPECT_EQ(most_versions, 25u);
  EXPECT_EQ(testing::QueryRows(storage, base, {"_hoodie_record_key", "name"}),
            (std::vector<std::string>{"k1|v299", "k2|v298"}));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage, base));
  ASSERT_OK_AND_ASSIGN(ArchivedTimeline archived,
                       ArchivedTimeline::Load(storage, table->archive_path()));
  ASSERT_OK_AND_ASSIGN(Timeline archived_instants, archived.ToTimeline());
  // Every commit is either active or archived.
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
  EXPECT_EQ(archived_instants.GetCommitsTimeline().FilterCompleted().Timestamps().size() +
                timeline.timeline().GetCommitsTimeline().FilterCompleted().Timestamps().size(),
            300u);
}

}  // namespace
}  // namespace hoodie
