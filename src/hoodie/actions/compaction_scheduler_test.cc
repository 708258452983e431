// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_scheduler_test.cc
/// \brief ScheduleCompaction: which slices a plan holds, its fields and bytes, and the
/// checks that refuse a schedule.
#include "hoodie/actions/compaction_scheduler.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_strategy.h"
#include "hoodie/actions/compaction_test_util.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant_time.h"

namespace hoodie {
namespace {

using testing::MorTable;

class CompactionSchedulerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(table_, MorTable::Create(Storage::Local(), dir_.Join("trips")));
  }

  testing::TempDir dir_;
  MorTable table_;
};

TEST_F(CompactionSchedulerTest, OneOperationPerLatestSliceWithLogFiles) {
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> instants, testing::WriteHistory(&table_));
  ASSERT_OK_AND_ASSIGN(auto view, FileSystemView::Load(*table_.table));
  std::vector<FileSlice> with_logs;
  for (const FileSlice& slice : view->LatestFileSlices()) {
    if (slice.HasLogFiles()) with_logs.push_back(slice);
  }
  ASSERT_EQ(with_logs.size(), 2u);  // la's group (1 log) and sf's first group (2 logs)

  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
  ASSERT_TRUE(scheduled.has_value());
  EXPECT_GT(scheduled->instant_time, instants.back());
  const CompactionPlan& plan = scheduled->plan;
  EXPECT_EQ(plan.version, 2);
  EXPECT_EQ(plan.strategy, std::nullopt);
  EXPECT_EQ(plan.extra_metadata, std::nullopt);
  EXPECT_EQ(plan.preserve_hoodie_metadata, false);
  ASSERT_TRUE(plan.operations.has_value());
  ASSERT_EQ(plan.operations->size(), 2u);
  // LogFileSizeBasedCompactionStrategy (the default) puts the largest logs first: sf's
  // three log files, then la's one.
  std::swap(with_logs[0], with_logs[1]);
  for (size_t i = 0; i < 2; ++i) {
    const FileSlice& slice = with_logs[i];
    const CompactionOperation& op = (*plan.operations)[i];
    EXPECT_EQ(op.partition_path, slice.group.partition_path);
    EXPECT_EQ(op.file_id, slice.group.file_id);
    EXPECT_EQ(op.base_instant_time, instants[0]);
    EXPECT_EQ(op.data_file_path, slice.base_file->file_name);
    std::vector<std::string> names;
    int64_t log_bytes = 0;
    for (const LogFile& log : slice.log_files) {
      names.push_back(log.file_name);
      log_bytes += log.size;
    }
    EXPECT_EQ(op.delta_file_paths, names);
    EXPECT_EQ(op.bootstrap_file_path, std::nullopt);
    // Tiny files: every MiB figure rounds down to 0.
    EXPECT_EQ(op.metrics, (std::map<std::string, double>{
                              {"TOTAL_IO_MB", 0.0},
                              {"TOTAL_IO_READ_MB", 0.0},
                              {"TOTAL_IO_WRITE_MB", 0.0},
                              {"TOTAL_LOG_FILES", double(names.size())},
                              {"TOTAL_LOG_FILES_SIZE", double(log_bytes)}}));
  }
  EXPECT_EQ((*plan.operations)[0].partition_path, "sf");
  EXPECT_EQ((*plan.operations)[1].partition_path, "la");
  EXPECT_EQ((*plan.operations)[0].delta_file_paths->size(), 3u);  // t2, t3, t4

  // Saved as the requested file, decoding to the same plan.
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_.table->LoadActiveTimeline());
  Instant requested{scheduled->instant_time, Action::kCompaction, State::kRequested};
  ASSERT_TRUE(timeline.timeline().ContainsInstant(requested));
  ASSERT_OK_AND_ASSIGN(std::string bytes, timeline.ReadDetails(requested));
  ASSERT_OK_AND_ASSIGN(CompactionPlan decoded, CompactionPlan::FromAvroBytes(bytes));
  EXPECT_EQ(decoded, plan);
  ASSERT_OK_AND_ASSIGN(auto pending, PendingCompactionPlans(timeline));
  ASSERT_EQ(pending.size(), 1u);
  EXPECT_EQ(pending[0].first, requested);
}

// The base strategy: every strategy's metrics are the same.
CompactionStrategy UnBoundedStrategyLike(CompactionStrategyOptions options) {
  return CompactionStrategy(std::move(options));
}

// Hudi writes the metrics map in java.util.HashMap order (seen in a Spark 0.15 plan).
TEST(CompactionPlanBytesTest, MetricsInJavaHashMapOrder) {
  FileSlice slice;
  slice.group = {"p", "f-0"};
  slice.base_instant = "20260101000000000";
  CompactionPlan plan;
  plan.version = 2;
  CompactionStrategyOptions options;
  options.parquet_max_file_size = 1 << 20;
  plan.operations = {
      BuildCompactionOperation(slice, UnBoundedStrategyLike(options).CaptureMetrics(slice))};
  ASSERT_OK_AND_ASSIGN(std::string bytes, plan.ToAvroBytes());
  std::vector<size_t> at;
  for (const char* key : {"TOTAL_LOG_FILES", "TOTAL_IO_MB", "TOTAL_IO_READ_MB",
                          "TOTAL_LOG_FILES_SIZE", "TOTAL_IO_WRITE_MB"}) {
    // Avro strings are length-prefixed: search for the length byte plus the key.
    std::string key_text(key);
    std::string encoded(1, static_cast<char>(key_text.size() * 2));
    encoded += key_text;
    size_t pos = bytes.rfind(encoded);
    ASSERT_NE(pos, std::string::npos) << key_text;
    at.push_back(pos);
  }
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end()));
  // The writer schema is the text Java's generated class embeds.
  EXPECT_NE(bytes.find(R"({"name":"baseInstantTime","type":["null",{"type":"string",)"
                       R"("avro.java.string":"String"}]})"),
            std::string::npos);
  // One MiB written for a slice without base file (parquet max size 1 MiB here).
  EXPECT_EQ(plan.operations->at(0).metrics->at("TOTAL_IO_WRITE_MB"), 1.0);
  EXPECT_EQ(plan.operations->at(0).metrics->at("TOTAL_IO_MB"), 1.0);
}

TEST_F(CompactionSchedulerTest, TheConfiguredStrategyOrdersAndFilters) {
  ASSERT_OK(testing::WriteHistory(&table_).status());
  HoodieConfig config = testing::CompactEveryDeltaCommit();
  config.Set("hoodie.compaction.strategy",
             "org.apache.hudi.table.action.compact.strategy.UnBoundedCompactionStrategy");
  ASSERT_OK_AND_ASSIGN(auto unbounded, ScheduleCompaction(*table_.table, config));
  ASSERT_TRUE(unbounded.has_value());
  // UnBounded keeps the listing order: partitions sorted, la before sf.
  ASSERT_EQ(unbounded->plan.operations->size(), 2u);
  EXPECT_EQ(unbounded->plan.operations->at(0).partition_path, "la");
  EXPECT_EQ(unbounded->plan.operations->at(1).partition_path, "sf");

  config.Set("hoodie.compaction.strategy", "com.example.MyStrategy");
  auto unknown = ScheduleCompaction(*table_.table, config);
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(unknown.status().message(), ::testing::HasSubstr("com.example.MyStrategy"));
}

TEST_F(CompactionSchedulerTest, NothingToCompactSchedulesNothing) {
  ASSERT_OK(table_.Upsert({{"1", "a", 1, "sf"}}).status());
  CompactionScheduleDecision decision;
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit(), std::nullopt,
                         &decision));
  EXPECT_FALSE(scheduled.has_value());
  EXPECT_TRUE(decision.trigger.schedule);
  EXPECT_EQ(decision.why_not, "nothing to compact: no file slice has log files");
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_.table->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().FilterPendingCompaction().Empty());
}

TEST_F(CompactionSchedulerTest, NothingIsPlannedUntilTheTriggerIsDue) {
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> instants, testing::WriteHistory(&table_));
  HoodieConfig config;
  config.Set("hoodie.compact.inline.max.delta.commits", "5");
  CompactionScheduleDecision decision;
  ASSERT_OK_AND_ASSIGN(
      auto none, ScheduleCompaction(*table_.table, config, std::nullopt, &decision));
  EXPECT_FALSE(none.has_value());
  EXPECT_FALSE(decision.trigger.schedule);
  EXPECT_EQ(decision.blocking_write, std::nullopt);
  EXPECT_EQ(
      decision.why_not,
      "no compaction scheduled: 4 delta commits since " + instants[0] +
          ", trigger num_commits needs 5 (hoodie.compact.inline.max.delta.commits)");
  EXPECT_EQ(decision.trigger.delta_commits, 4);
  EXPECT_EQ(decision.trigger.since, instants[0]);
  ASSERT_OK_AND_ASSIGN(auto trigger, CompactionTriggerOptions::FromConfig(config));
  EXPECT_EQ(
      CompactionNotDueMessage(trigger, decision.trigger),
      "no compaction scheduled: 4 delta commits since " + instants[0] +
          ", trigger num_commits needs 5 (hoodie.compact.inline.max.delta.commits)");
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_.table->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().FilterByActions({Action::kCompaction}).Empty());
  // The default trigger (10 here, the seed's default) is not due either.
  ASSERT_OK_AND_ASSIGN(auto by_default, ScheduleCompaction(*table_.table, HoodieConfig(),
                                                           std::nullopt, &decision));
  EXPECT_FALSE(by_default.has_value());
  EXPECT_EQ(decision.trigger.reason,
            "num_commits not met: 4 deltacommits (threshold 10) since " + instants[0]);

  ASSERT_OK(table_.Upsert({{"3", "c3", 5, "la"}}).status());
  ASSERT_OK_AND_ASSIGN(
      auto due, ScheduleCompaction(*table_.table, config, std::nullopt, &decision));
  ASSERT_TRUE(due.has_value());
  EXPECT_TRUE(decision.trigger.schedule);
  EXPECT_EQ(decision.why_not, "");
  EXPECT_EQ(decision.trigger.delta_commits, 5);
  EXPECT_EQ(due->plan.operations->size(), 2u);
}

// The time-based triggers measure from the first deltacommit to the compaction
// instant time, here given explicitly.
TEST_F(CompactionSchedulerTest, TheTimeElapsedTriggerWaitsForItsSeconds) {
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> instants, testing::WriteHistory(&table_));
  HoodieConfig config;
  config.Set("compaction.trigger.strategy", "time_elapsed");
  config.Set("compaction.delta_seconds", "60");
  ASSERT_OK_AND_ASSIGN(auto zone, table_.table->table_config()->timeline_timezone());
  ASSERT_OK_AND_ASSIGN(int64_t first,
                       InstantTimeGenerator::ParseToEpochMillis(instants[0], zone));
  // Whole seconds: at first + 59.999 s only 59 (or 58) seconds have elapsed.
  const std::string early = InstantTimeGenerator::FormatMillis(first + 59'000, zone);
  CompactionScheduleDecision decision;
  ASSERT_OK_AND_ASSIGN(auto none,
                       ScheduleCompaction(*table_.table, config, early, &decision));
  EXPECT_FALSE(none.has_value());
  ASSERT_OK_AND_ASSIGN(auto trigger, CompactionTriggerOptions::FromConfig(config));
  EXPECT_EQ(CompactionNotDueMessage(trigger, decision.trigger),
            "no compaction scheduled: 59 seconds since " + instants[0] +
                ", trigger time_elapsed needs 60 (compaction.delta_seconds)");
  const std::string late = InstantTimeGenerator::FormatMillis(first + 61'000, zone);
  ASSERT_OK_AND_ASSIGN(auto due, ScheduleCompaction(*table_.table, config, late));
  ASSERT_TRUE(due.has_value());
  EXPECT_EQ(due->instant_time, late);
}

TEST_F(CompactionSchedulerTest, FileGroupsOfAPendingCompactionAreLeftOut) {
  ASSERT_OK(testing::WriteHistory(&table_).status());
  ASSERT_OK_AND_ASSIGN(
      auto first, ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
  ASSERT_TRUE(first.has_value());
  ASSERT_OK_AND_ASSIGN(
      auto second, ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit()));
  EXPECT_FALSE(second.has_value());
}

// Hudi 0.15 (Spark, single writer) logs a warning and schedules nothing while a write
// earlier than the compaction is pending; the trigger is not even asked.
TEST_F(CompactionSchedulerTest, APendingWriteSchedulesNothing) {
  ASSERT_OK(testing::WriteHistory(&table_).status());
  ASSERT_OK_AND_ASSIGN(std::string pending, table_.client->StartCommit());
  CompactionScheduleDecision decision;
  ASSERT_OK_AND_ASSIGN(
      auto scheduled,
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit(), std::nullopt,
                         &decision));
  EXPECT_FALSE(scheduled.has_value());
  EXPECT_EQ(decision.blocking_write,
            (Instant{pending, Action::kDeltaCommit, State::kRequested}));
  EXPECT_EQ(decision.trigger.reason, "");
  EXPECT_THAT(decision.why_not,
              ::testing::StartsWith("no compaction scheduled: the write [==>" + pending +
                                    "__deltacommit__REQUESTED] is pending and every "
                                    "pending write must be later than the compaction "));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table_.table->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().FilterByActions({Action::kCompaction}).Empty());
}

TEST_F(CompactionSchedulerTest, RefusedAtOrBeforeACompletedInstant) {
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> instants, testing::WriteHistory(&table_));
  auto scheduled =
      ScheduleCompaction(*table_.table, testing::CompactEveryDeltaCommit(), instants[2]);
  ASSERT_FALSE(scheduled.ok());
  EXPECT_THAT(scheduled.status().message(),
              ::testing::HasSubstr("is at or after it; a compaction must be later"));
}

TEST(CompactionSchedulerCowTest, RefusedOnCopyOnWrite) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto table,
                       WriteClient::OpenOrCreateTable(Storage::Local(), dir.Join("cow"),
                                                      testing::TripConfig(true)));
  auto scheduled = ScheduleCompaction(*table, testing::CompactEveryDeltaCommit());
  ASSERT_FALSE(scheduled.ok());
  EXPECT_THAT(scheduled.status().message(),
              ::testing::HasSubstr("compaction applies to MERGE_ON_READ tables only"));
}

}  // namespace
}  // namespace hoodie
