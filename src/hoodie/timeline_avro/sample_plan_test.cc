// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/sample_plan_test.cc
/// \brief Decodes plans of real tables: the insert_overwrite replacecommit.requested of a
/// v6 table (all nulls) and a Hudi 1.1 compaction plan (extra writer field skipped).


#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"

namespace hoodie {
namespace {

TEST(SamplePlanTest, InsertOverwriteRequestedReplaceIsAllNull) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip",
          dir.path()));
  const std::string bytes = testing::ReadBinaryFile(base + "/.hoodie/20250121000702475.replacecommit.requested");
  ASSERT_EQ(bytes.size(), 2522u);
  ASSERT_OK_AND_ASSIGN(RequestedReplaceMetadata metadata,
                       RequestedReplaceMetadata::FromAvroBytes(bytes));
  EXPECT_EQ(metadata.operation_type, std::nullopt);
  EXPECT_EQ(metadata.clustering_plan, std::nullopt);
  EXPECT_EQ(metadata.extra_metadata, std::nullopt);
  EXPECT_EQ(metadata.version, std::nullopt);  // written as null, not the default 1
  // The datum is four null branches (index 0 of three ["null", T] unions, index 1 of
  // version's ["int", "null"]); our encoding of the decoded record is the same 4 bytes.
  const std::string datum("\x00\x00\x00\x02", 4);
  EXPECT_EQ(bytes.substr(bytes.size() - 16 - 4, 4), datum);
  ASSERT_OK_AND_ASSIGN(std::string ours, metadata.ToAvroBytes());
  EXPECT_EQ(ours.substr(ours.size() - 16 - 4, 4), datum);
}

TEST(SamplePlanTest, HudiOneOneCompactionPlanResolves) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable("hudi-rs-tables/sample_table/mor/avro/v9_txns_simple_nometa.zip",
                          dir.path()));
  const std::string bytes =
      testing::ReadBinaryFile(base + "/.hoodie/timeline/20260307135839895.compaction.requested");
  ASSERT_OK_AND_ASSIGN(CompactionPlan plan, CompactionPlan::FromAvroBytes(bytes));
  EXPECT_EQ(plan.version, 2);
  ASSERT_TRUE(plan.operations.has_value());
  ASSERT_GE(plan.operations->size(), 2u);
  const CompactionOperation& first = (*plan.operations)[0];
  EXPECT_EQ(first.base_instant_time, "20260307135827749");
  EXPECT_EQ(first.file_id, "db2fca8f-03b7-4da7-b042-4b617ab79b9d-0");
  EXPECT_EQ(first.partition_path, "region=us");
  EXPECT_EQ(first.data_file_path,
            "db2fca8f-03b7-4da7-b042-4b617ab79b9d-0_1-3-7_20260307135827749.parquet");
  EXPECT_EQ(first.delta_file_paths,
            (std::vector<std::string>{
                ".db2fca8f-03b7-4da7-b042-4b617ab79b9d-0_20260307135830801.log.1_0-10-23",
                ".db2fca8f-03b7-4da7-b042-4b617ab79b9d-0_20260307135832616.log.1_0-17-38"}));
  ASSERT_TRUE(first.metrics.has_value());
  EXPECT_EQ(first.metrics->at("TOTAL_LOG_FILES"), 2.0);
  const CompactionOperation& second = (*plan.operations)[1];
  EXPECT_EQ(second.file_id, "9c6ed25b-6c9d-4793-ad27-1c8518086b6a-0");
  EXPECT_EQ(second.partition_path, "region=apac");
}

}  // namespace
}  // namespace hoodie
