// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/instant_description_test.cc
/// \brief DescribeAvroInstant on the sample rollback table and on written plans.

#include "hoodie/cli/instant_description.h"

#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/compaction_plan.h"

namespace hoodie {
namespace {

TEST(InstantDescriptionTest, DescribesSampleRollback) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable("hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
                          dir.path()));
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(Storage::Local(), base + "/.hoodie"));
  const std::string t = "20250126040936578";
  ASSERT_OK_AND_ASSIGN(std::string done, DescribeAvroInstant(
                                             timeline, {t, Action::kRollback, State::kCompleted}));
  EXPECT_EQ(done,
            "rollback of 20250126040826878 (deltacommit): 1 file deleted, rollback blocks in "
            "1 log file");
  const std::string plan_line =
      "rollback plan for 20250126040826878 (deltacommit): 2 requests, 1 file to delete, "
      "1 log file to roll back";
  ASSERT_OK_AND_ASSIGN(std::string requested, DescribeAvroInstant(
                                                  timeline, {t, Action::kRollback, State::kRequested}));
  EXPECT_EQ(requested, plan_line);
  // The inflight file is empty; the plan comes from the requested file.
  ASSERT_OK_AND_ASSIGN(std::string inflight, DescribeAvroInstant(
                                                 timeline, {t, Action::kRollback, State::kInflight}));
  EXPECT_EQ(inflight, plan_line);
  ASSERT_RAISES(Invalid, DescribeAvroInstant(timeline, {"20250126040823628",
                                                        Action::kDeltaCommit, State::kCompleted}));
}

TEST(InstantDescriptionTest, DescribesWrittenCleanAndCompaction) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  const std::string meta = dir.Join(".hoodie");
  ASSERT_OK(storage->CreateDir(meta));
  ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(storage, meta));
  CleanerPlan plan;
  plan.policy = "KEEP_LATEST_COMMITS";
  plan.version = 2;
  plan.earliest_instant_to_retain = ActionInstant{"20240101000000000", "commit", "COMPLETED"};
  plan.file_paths_to_be_deleted_per_partition =
      std::map<std::string, std::vector<CleanFileInfo>>{
          {"p=1", {{"/t/p=1/a.parquet", false}, {"/t/p=1/b.parquet", false}}},
          {"p=2", {{"/t/p=2/c.parquet", false}}}};
  ASSERT_OK_AND_ASSIGN(std::string clean_bytes, plan.ToAvroBytes());
  const Instant clean{"20240102000000000", Action::kClean, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(clean, clean_bytes));
  ASSERT_OK_AND_ASSIGN(std::string clean_line, DescribeAvroInstant(timeline, clean));
  EXPECT_EQ(clean_line,
            "clean plan (KEEP_LATEST_COMMITS): 3 files in 2 partitions, earliest instant to "
            "retain 20240101000000000");

  CompactionPlan compaction;
  compaction.operations = std::vector<CompactionOperation>{
      {"1", std::vector<std::string>{"a.log", "b.log"}, std::nullopt, "f1", "p", {}, {}}};
  ASSERT_OK_AND_ASSIGN(std::string compaction_bytes, compaction.ToAvroBytes());
  const Instant requested{"20240103000000000", Action::kCompaction, State::kRequested};
  ASSERT_OK(timeline.CreateRequested(requested, compaction_bytes));
  ASSERT_OK_AND_ASSIGN(std::string line, DescribeAvroInstant(timeline, requested));
  EXPECT_EQ(line, "compaction plan: 1 file slice, 2 log files");
}

}  // namespace
}  // namespace hoodie
