// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/active_timeline_test.cc
/// \brief ActiveTimeline on local disk and on the Hudi-written sample tables.
#include "hoodie/timeline/active_timeline.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "hoodie/common/logging.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using testing::HasErrorCode;
using testing::StatusMessageHas;

class ActiveTimelineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage_ = Storage::Local();
    meta_ = dir_.Join(".hoodie");
    ASSERT_OK(storage_->CreateDir(meta_));
  }

  void Touch(const std::string& name, std::string_view content = "") {
    ASSERT_OK(storage_->WriteAll(meta_ + "/" + name, content, /*overwrite=*/false));
  }

  std::vector<std::string> Load() {
    auto timeline = ActiveTimeline::Load(storage_, meta_);
    EXPECT_OK(timeline.status());
    std::vector<std::string> out;
    if (!timeline.ok()) return out;
    for (const Instant& i : timeline->timeline().instants()) out.push_back(i.ToString());
    return out;
  }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_;
  std::string meta_;
};

TEST_F(ActiveTimelineTest, RequestedInflightComplete) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  EXPECT_TRUE(timeline.timeline().Empty());
  Instant requested{"20240101000000000", Action::kCommit, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested));
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[==>20240101000000000__commit__REQUESTED]"}));

  ASSERT_OK_AND_ASSIGN(Instant inflight, timeline.TransitionToInflight(requested, "{}"));
  EXPECT_EQ(inflight, (Instant{"20240101000000000", Action::kCommit, State::kInflight}));
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[==>20240101000000000__commit__INFLIGHT]"}));

  ASSERT_OK_AND_ASSIGN(Instant done, timeline.TransitionToComplete(inflight, "done"));
  EXPECT_EQ(Load(), (std::vector<std::string>{"[20240101000000000__commit__COMPLETED]"}));

  // Every state file stays, each with its own content; nothing was renamed.
  ASSERT_OK_AND_ASSIGN(auto entries, storage_->List(meta_, false));
  std::vector<std::string> names;
  for (const auto& e : entries) names.emplace_back(e.name());
  EXPECT_EQ(names, (std::vector<std::string>{"20240101000000000.commit",
                                             "20240101000000000.commit.requested",
                                             "20240101000000000.inflight"}));
  ASSERT_OK_AND_ASSIGN(auto reloaded, timeline.Reload());
  ASSERT_OK_AND_ASSIGN(std::string details, reloaded.ReadDetails(done));
  EXPECT_EQ(details, "done");
  ASSERT_OK_AND_ASSIGN(std::string inflight_details, reloaded.ReadDetails(inflight));
  EXPECT_EQ(inflight_details, "{}");
  ASSERT_OK_AND_ASSIGN(std::string requested_details, reloaded.ReadDetails(requested));
  EXPECT_EQ(requested_details, "");
  EXPECT_TRUE(reloaded.StateTransitionTime(done).has_value());
  EXPECT_EQ(reloaded.StateTransitionTime(done)->size(), 17u);
}

TEST_F(ActiveTimelineTest, CompactionCompletesAsCommit) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  Instant requested{"20240101000000001", Action::kCompaction, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested, "avro plan"));
  ASSERT_OK_AND_ASSIGN(Instant inflight, timeline.TransitionToInflight(requested));
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[==>20240101000000001__compaction__INFLIGHT]"}));
  ASSERT_OK_AND_ASSIGN(Instant done, timeline.TransitionToComplete(inflight, "{}"));
  EXPECT_EQ(done, (Instant{"20240101000000001", Action::kCommit, State::kCompleted}));
  EXPECT_EQ(Load(), (std::vector<std::string>{"[20240101000000001__commit__COMPLETED]"}));
  ASSERT_OK_AND_ASSIGN(bool exists,
                       storage_->Exists(meta_ + "/20240101000000001.commit"));
  EXPECT_TRUE(exists);
}

TEST_F(ActiveTimelineTest, RejectsConflictingTransitions) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  Instant requested{"20240101000000000", Action::kDeltaCommit, State::kRequested};
  Instant inflight{"20240101000000000", Action::kDeltaCommit, State::kInflight};
  // No requested file yet.
  auto no_source = timeline.TransitionToInflight(requested);
  EXPECT_THAT(no_source, HasErrorCode(ErrorCode::kInstantStateConflict));
  EXPECT_THAT(no_source, StatusMessageHas("20240101000000000"));
  ASSERT_OK(timeline.CreateRequested(requested));
  // The same instant cannot be requested twice.
  EXPECT_THAT(timeline.CreateRequested(requested),
              HasErrorCode(ErrorCode::kInstantStateConflict));
  // Completing needs the inflight file.
  EXPECT_THAT(timeline.TransitionToComplete(inflight, "{}"),
              HasErrorCode(ErrorCode::kInstantStateConflict));
  ASSERT_OK(timeline.TransitionToInflight(requested).status());
  // Inflight twice.
  EXPECT_THAT(timeline.TransitionToInflight(requested),
              HasErrorCode(ErrorCode::kInstantStateConflict));
  ASSERT_OK(timeline.TransitionToComplete(inflight, "{}").status());
  EXPECT_THAT(timeline.TransitionToComplete(inflight, "{}"),
              HasErrorCode(ErrorCode::kInstantStateConflict));
  // Wrong source states are caller bugs, reported as Invalid.
  ASSERT_RAISES(Invalid, timeline.TransitionToInflight(inflight));
  ASSERT_RAISES(Invalid, timeline.TransitionToComplete(requested, ""));
  ASSERT_RAISES(Invalid, timeline.CreateRequested(inflight));
  ASSERT_RAISES(Invalid,
                timeline.CreateRequested(
                    {"20240101000000005", Action::kSavepoint, State::kRequested}));
  // The completed content was written once, never overwritten.
  ASSERT_OK_AND_ASSIGN(auto reloaded, timeline.Reload());
  EXPECT_EQ(reloaded.timeline().Count(), 1u);
}

TEST_F(ActiveTimelineTest, ReadsCommitMetadataAndDeletesPendingFiles) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  Instant requested{"20240101000000000", Action::kCommit, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested));
  ASSERT_OK_AND_ASSIGN(auto empty, timeline.ReadCommitMetadata(requested));
  EXPECT_TRUE(empty.partition_to_write_stats.empty());
  ASSERT_OK_AND_ASSIGN(Instant inflight,
                       timeline.TransitionToInflight(requested, "{\"compacted\" : "));
  auto bad = timeline.ReadCommitMetadata(inflight);
  ASSERT_RAISES(Invalid, bad);
  EXPECT_THAT(bad, StatusMessageHas("20240101000000000.inflight"));

  // Rolling back: inflight file first, then the requested one.
  ASSERT_OK(timeline.DeletePending(inflight));
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[==>20240101000000000__commit__REQUESTED]"}));
  ASSERT_OK(timeline.DeletePending(requested));
  EXPECT_TRUE(Load().empty());
  ASSERT_RAISES(Invalid, timeline.DeletePending(
                             {"20240101000000000", Action::kCommit, State::kCompleted}));
}

TEST_F(ActiveTimelineTest, OneOfTwoRacingCompletionsWins) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  Instant requested{"20240101000000000", Action::kDeltaCommit, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested));
  ASSERT_OK_AND_ASSIGN(Instant inflight, timeline.TransitionToInflight(requested));
  std::vector<::arrow::Status> results(4);
  std::vector<std::thread> writers;
  for (size_t i = 0; i < results.size(); ++i) {
    writers.emplace_back([&, i] {
      results[i] =
          timeline.TransitionToComplete(inflight, "writer " + std::to_string(i)).status();
    });
  }
  for (auto& writer : writers) writer.join();
  int winners = 0;
  for (const auto& st : results) {
    if (st.ok()) {
      ++winners;
    } else {
      EXPECT_TRUE(HasErrorCode(st, ErrorCode::kInstantStateConflict)) << st.ToString();
    }
  }
  EXPECT_EQ(winners, 1);
  ASSERT_OK_AND_ASSIGN(std::string content,
                       timeline.ReadDetails({"20240101000000000", Action::kDeltaCommit,
                                             State::kCompleted}));
  EXPECT_TRUE(content.starts_with("writer "));
}

TEST(ActiveTimelineInMemoryTest, WorksOnAnyStorage) {
  std::shared_ptr<Storage> storage = Storage::InMemory();
  ASSERT_OK(storage->CreateDir("t/.hoodie"));
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage, "t/.hoodie/"));
  ASSERT_OK_AND_ASSIGN(std::string ts, timeline.CreateNewInstantTime());
  Instant requested{ts, Action::kReplaceCommit, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested, "plan"));
  ASSERT_OK_AND_ASSIGN(Instant inflight, timeline.TransitionToInflight(requested, "{}"));
  ASSERT_OK(timeline.TransitionToComplete(inflight, "{}").status());
  ASSERT_OK_AND_ASSIGN(auto reloaded, timeline.Reload());
  EXPECT_EQ(reloaded.timeline().instants(),
            (std::vector<Instant>{{ts, Action::kReplaceCommit, State::kCompleted}}));
  EXPECT_EQ(reloaded.timeline().GetCompletedReplaceTimeline().Count(), 1u);
  ASSERT_OK_AND_ASSIGN(std::string next, reloaded.CreateNewInstantTime());
  EXPECT_GT(next, ts);
}

TEST_F(ActiveTimelineTest, SavepointStartsInflight) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  Instant inflight{"20240101000000000", Action::kSavepoint, State::kInflight};
  ASSERT_OK(timeline.CreateRequested(inflight));
  ASSERT_OK(timeline.TransitionToComplete(inflight, "avro").status());
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[20240101000000000__savepoint__COMPLETED]"}));
}

TEST_F(ActiveTimelineTest, SkipsNonInstantFilesAndWarnsOnMalformedOnes) {
  Touch("hoodie.properties", "hoodie.table.name=t\n");
  Touch(".DS_Store");
  ASSERT_OK(storage_->CreateDir(meta_ + "/archived"));
  ASSERT_OK(storage_->CreateDir(meta_ + "/.aux"));
  Touch("20240101000000000.commit.requested");
  Touch("20240101000000000.inflight");
  Touch("20240101000000000.commit");
  Touch("20240101000000000.commit.6f1c0d1e-tmp");
  Touch("20240101000000001.unknownaction");
  Touch("20240101000000002.deltacommit.requested");

  std::vector<std::string> warnings;
  LogSink old = SetLogSink([&](LogLevel level, std::string_view message) {
    if (level == LogLevel::kWarning) warnings.emplace_back(message);
  });
  std::vector<std::string> loaded = Load();
  SetLogSink(old);

  EXPECT_EQ(loaded,
            (std::vector<std::string>{"[20240101000000000__commit__COMPLETED]",
                                      "[==>20240101000000002__deltacommit__REQUESTED]"}));
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("20240101000000000.commit.6f1c0d1e-tmp"), std::string::npos);
  EXPECT_NE(warnings[1].find("20240101000000001.unknownaction"), std::string::npos);
}

TEST_F(ActiveTimelineTest, HighestStateWinsPerComparableAction) {
  Touch("20240101000000000.compaction.requested");
  Touch("20240101000000000.compaction.inflight");
  Touch("20240101000000000.commit");
  Touch("20240101000000001.logcompaction.requested");
  Touch("20240101000000001.logcompaction.inflight");
  Touch("20240101000000002.clean.requested");
  Touch("20240101000000002.clean.inflight");
  Touch("20240101000000002.deltacommit.requested");
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[20240101000000000__commit__COMPLETED]",
                                      "[==>20240101000000001__logcompaction__INFLIGHT]",
                                      "[==>20240101000000002__clean__INFLIGHT]",
                                      "[==>20240101000000002__deltacommit__REQUESTED]"}));
}

TEST_F(ActiveTimelineTest, SchemaCommitsLiveInSchemaFolder) {
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  Instant requested{"20240101000000003", Action::kSchemaCommit, State::kRequested};
  ASSERT_OK_AND_ASSIGN(std::string path, timeline.InstantPath(requested));
  EXPECT_EQ(path, meta_ + "/.schema/20240101000000003.schemacommit.requested");
  ASSERT_OK(timeline.CreateRequested(requested));
  ASSERT_OK_AND_ASSIGN(Instant inflight, timeline.TransitionToInflight(requested));
  ASSERT_OK(timeline.TransitionToComplete(inflight, R"({"schemas":[]})").status());
  EXPECT_EQ(Load(),
            (std::vector<std::string>{"[20240101000000003__schemacommit__COMPLETED]"}));
  ASSERT_OK_AND_ASSIGN(auto reloaded, timeline.Reload());
  ASSERT_OK_AND_ASSIGN(std::string t, reloaded.CreateNewInstantTime());
  EXPECT_GT(t, "20240101000000003");
}

TEST_F(ActiveTimelineTest, NewInstantTimeIsAboveEveryInstant) {
  // A far-future instant (another writer's clock) must still be exceeded.
  Touch("29990101000000000.deltacommit.requested");
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage_, meta_));
  ASSERT_OK_AND_ASSIGN(std::string t, timeline.CreateNewInstantTime());
  EXPECT_GT(t, "29990101000000000");
  InstantTimeGenerator::ResetForTesting();
}

TEST_F(ActiveTimelineTest, MissingMetaFolderIsAnError) {
  ASSERT_RAISES(IOError, ActiveTimeline::Load(storage_, dir_.Join("nope/.hoodie")));
}

// -- the Hudi-written v6 sample tables -------------------------------------------------

struct SampleTable {
  const char* zip;
  std::vector<std::string> completed;  // from testdata/hudi-rs-tables/README.md
};

std::vector<SampleTable> V6SampleTables() {
  return {
      {"sample_table/cow/v6_complexkeygen_hivestyle.zip",
       {"[20240418173213674__commit__COMPLETED]",
        "[20240418173235694__commit__COMPLETED]"}},
      {"sample_table/cow/v6_empty.zip", {}},
      {"sample_table/cow/v6_nonpartitioned.zip",
       {"[20240418173550988__commit__COMPLETED]",
        "[20240418173551906__commit__COMPLETED]"}},
      {"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
       {"[20240426205419518__commit__COMPLETED]"}},
      {"sample_table/cow/v6_simplekeygen_nonhivestyle.zip",
       {"[20240418172802262__commit__COMPLETED]",
        "[20240418172804498__commit__COMPLETED]"}},
      {"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
       {"[20240418181355771__commit__COMPLETED]",
        "[20240418181357522__commit__COMPLETED]"}},
      {"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
       {"[20250331030642808__deltacommit__COMPLETED]",
        "[20250331030645735__deltacommit__COMPLETED]"}},
      {"sample_table/mor/parquet/v6_empty.zip", {}},
      {"sample_table/mor/parquet/v6_nonpartitioned.zip",
       {"[20250117083125837__deltacommit__COMPLETED]",
        "[20250117083136333__deltacommit__COMPLETED]"}},
      {"sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
       {"[20250126040823628__deltacommit__COMPLETED]",
        "[20250126040936578__rollback__COMPLETED]",
        "[20250126060846931__deltacommit__COMPLETED]"}},
      {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
       {"[20250121000547796__deltacommit__COMPLETED]",
        "[20250121000557095__deltacommit__COMPLETED]"}},
      {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip",
       {"[20250121000647668__deltacommit__COMPLETED]",
        "[20250121000656060__deltacommit__COMPLETED]",
        "[20250121000702475__replacecommit__COMPLETED]"}},
  };
}

TEST(ActiveTimelineSampleTest, LoadsEveryV6SampleTable) {
  for (const SampleTable& table : V6SampleTables()) {
    SCOPED_TRACE(table.zip);
    testing::TempDir dir;
    ASSERT_OK_AND_ASSIGN(
        std::string base,
        testing::UnzipTable(std::string("hudi-rs-tables/") + table.zip, dir.path()));
    ASSERT_OK_AND_ASSIGN(auto timeline,
                         ActiveTimeline::Load(Storage::Local(), base + "/.hoodie"));
    std::vector<std::string> all;
    for (const Instant& i : timeline.timeline().instants()) all.push_back(i.ToString());
    // None of the tables has a pending instant: the whole timeline is completed.
    EXPECT_EQ(all, table.completed);
    EXPECT_EQ(timeline.timeline().FilterCompleted().Count(), table.completed.size());
    EXPECT_TRUE(timeline.timeline().FilterPending().Empty());
  }
}

}  // namespace
}  // namespace hoodie
