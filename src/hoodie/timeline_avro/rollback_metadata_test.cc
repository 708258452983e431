// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/rollback_metadata_test.cc
/// \brief Decodes the rollback files of a real Hudi 0.15 table; round-trips both records.

#include "hoodie/timeline_avro/rollback_metadata.h"

#include <gtest/gtest.h>

#include "hoodie/format/avro_codec/avro_container.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

constexpr char kTable[] =
    "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip";
constexpr char kRolledBack[] = "20250126040826878";
constexpr char kBasePath[] = "/opt/data/external_tables/v6_nonpartitioned_rollback/";
constexpr char kDeletedBaseFile[] =
    "cd329d8f-0ce4-4654-84ab-2f769aae5034-0_1-33-44_20250126040826878.parquet";
constexpr char kRollbackLog[] =
    ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1";
constexpr char kFailedCommitLog[] =
    ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.1_0-33-43";

class RollbackSampleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(base_, testing::UnzipTable(kTable, dir_.path()));
    ASSERT_OK_AND_ASSIGN(auto timeline,
                         ActiveTimeline::Load(Storage::Local(), base_ + "/.hoodie"));
    timeline_ = std::make_unique<ActiveTimeline>(std::move(timeline));
  }

  std::string Details(State state) {
    Instant instant{"20250126040936578", Action::kRollback, state};
    auto bytes = timeline_->ReadDetails(instant);
    EXPECT_OK(bytes.status());
    return bytes.ok() ? *bytes : "";
  }

  testing::TempDir dir_;
  std::string base_;
  std::unique_ptr<ActiveTimeline> timeline_;
};

TEST_F(RollbackSampleTest, DecodesRequestedRollbackPlan) {
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan,
                       RollbackPlan::FromAvroBytes(Details(State::kRequested)));
  ASSERT_TRUE(plan.instant_to_rollback.has_value());
  EXPECT_EQ(*plan.instant_to_rollback, (InstantInfo{kRolledBack, "deltacommit"}));
  EXPECT_EQ(plan.version, 1);
  ASSERT_TRUE(plan.rollback_requests.has_value());
  ASSERT_EQ(plan.rollback_requests->size(), 2u);
  const RollbackRequest& base_request = (*plan.rollback_requests)[0];
  EXPECT_EQ(base_request.partition_path, "");
  // Hudi fills both with EMPTY_STRING for a base-file delete request.
  EXPECT_EQ(base_request.file_id, "");
  EXPECT_EQ(base_request.latest_base_instant, "");
  EXPECT_EQ(base_request.files_to_be_deleted,
            (std::vector<std::string>{std::string(kBasePath) + kDeletedBaseFile}));
  EXPECT_EQ(base_request.log_blocks_to_be_deleted, (std::map<std::string, int64_t>{}));
  const RollbackRequest& log_request = (*plan.rollback_requests)[1];
  EXPECT_EQ(log_request.partition_path, "");
  EXPECT_EQ(log_request.file_id, "0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0");
  EXPECT_EQ(log_request.latest_base_instant, "20250126040823628");
  EXPECT_TRUE(log_request.files_to_be_deleted.empty());
  EXPECT_EQ(log_request.log_blocks_to_be_deleted,
            (std::map<std::string, int64_t>{
                {std::string("file:") + kBasePath + kFailedCommitLog, 11828}}));
}

TEST_F(RollbackSampleTest, DecodesCompletedRollbackMetadata) {
  ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata,
                       RollbackMetadata::FromAvroBytes(Details(State::kCompleted)));
  EXPECT_EQ(metadata.start_rollback_time, "20250126040936578");
  EXPECT_EQ(metadata.commits_rollback, (std::vector<std::string>{kRolledBack}));
  EXPECT_EQ(metadata.instants_rollback,
            (std::vector<InstantInfo>{{kRolledBack, "deltacommit"}}));
  EXPECT_EQ(metadata.total_files_deleted, 1);
  EXPECT_EQ(metadata.time_taken_in_millis, 195);
  ASSERT_EQ(metadata.partition_metadata.size(), 1u);
  const RollbackPartitionMetadata& partition = metadata.partition_metadata.at("");
  EXPECT_EQ(partition.partition_path, "");
  EXPECT_EQ(partition.success_delete_files,
            (std::vector<std::string>{std::string(kBasePath) + kDeletedBaseFile}));
  EXPECT_TRUE(partition.failed_delete_files.empty());
  // The command block went into a new log file (105 bytes, as in the zip); the failed
  // deltacommit's own log file is recorded with its size.
  EXPECT_EQ(partition.rollback_log_files,
            (std::map<std::string, int64_t>{
                {std::string("file:") + kBasePath + kRollbackLog, 105}}));
  EXPECT_EQ(partition.log_files_from_failed_commit,
            (std::map<std::string, int64_t>{
                {std::string("file:") + kBasePath + kFailedCommitLog, 11828}}));
}

TEST_F(RollbackSampleTest, ReEncodedFilesDecodeToTheSameRecords) {
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan,
                       RollbackPlan::FromAvroBytes(Details(State::kRequested)));
  ASSERT_OK_AND_ASSIGN(std::string plan_bytes, plan.ToAvroBytes());
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan_again, RollbackPlan::FromAvroBytes(plan_bytes));
  EXPECT_EQ(plan_again, plan);
  ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata,
                       RollbackMetadata::FromAvroBytes(Details(State::kCompleted)));
  ASSERT_OK_AND_ASSIGN(std::string bytes, metadata.ToAvroBytes());
  ASSERT_OK_AND_ASSIGN(RollbackMetadata again, RollbackMetadata::FromAvroBytes(bytes));
  EXPECT_EQ(again, metadata);
  ASSERT_OK_AND_ASSIGN(AvroEntries header, ReadContainerMetadata(bytes));
  ASSERT_EQ(header.size(), 1u);
  EXPECT_EQ(header[0].first, "avro.schema");
}

// Java's DataFileWriter picks a random sync marker; with the file's own marker our
// encoder must give back Hudi's file byte for byte (header schema text included).
// The file's header carries the writer schema; ToAvroBytes must put Hudi's text there.
template <typename Model>
std::string ReEncodeWithSync(const Model& model, const std::string& original) {
  AvroSyncMarker sync;
  std::copy(original.end() - 16, original.end(), sync.begin());
  std::string ours = model.ToAvroBytes().ValueOrDie();
  std::string schema(
      ReadContainerMetadata(ours).ValueOrDie().at(0).second.AsString().ValueOrDie());
  return WriteSingleRecordContainer(schema, model.ToAvroValue(), sync).ValueOrDie();
}

TEST_F(RollbackSampleTest, EncoderReproducesHudiFilesByteForByte) {
  std::string plan_file = Details(State::kRequested);
  ASSERT_OK_AND_ASSIGN(RollbackPlan plan, RollbackPlan::FromAvroBytes(plan_file));
  EXPECT_EQ(ReEncodeWithSync(plan, plan_file), plan_file);
  std::string metadata_file = Details(State::kCompleted);
  ASSERT_OK_AND_ASSIGN(RollbackMetadata metadata,
                       RollbackMetadata::FromAvroBytes(metadata_file));
  EXPECT_EQ(ReEncodeWithSync(metadata, metadata_file), metadata_file);
}

TEST(RollbackMetadataTest, PartitionsAreWrittenInJavaHashMapOrder) {
  RollbackMetadata metadata;
  metadata.start_rollback_time = "20250101000000000";
  for (const char* partition : {"city=sf", "city=la", "city=nyc", "2024/01/02", ""}) {
    metadata.partition_metadata[partition].partition_path = partition;
  }
  AvroValue value = metadata.ToAvroValue();
  const AvroValue* partitions = value.Field("partitionMetadata").ValueOrDie();
  std::vector<std::string> keys;
  for (const auto& [key, entry] : partitions->entries()) keys.push_back(key);
  // java.util.HashMap iteration order of these keys (bucket = spread hashCode & 15).
  EXPECT_EQ(keys, (std::vector<std::string>{"", "city=sf", "city=la", "2024/01/02",
                                            "city=nyc"}));
  ASSERT_OK_AND_ASSIGN(std::string bytes, metadata.ToAvroBytes());
  ASSERT_OK_AND_ASSIGN(RollbackMetadata again, RollbackMetadata::FromAvroBytes(bytes));
  EXPECT_EQ(again, metadata);
}

TEST(RollbackMetadataTest, RejectsOtherRecords) {
  RollbackPlan plan;
  ASSERT_OK_AND_ASSIGN(std::string bytes, plan.ToAvroBytes());
  ASSERT_RAISES(Invalid, RollbackMetadata::FromAvroBytes(bytes));
  ASSERT_RAISES(Invalid, RollbackPlan::FromAvroBytes("not avro"));
}

}  // namespace
}  // namespace hoodie
