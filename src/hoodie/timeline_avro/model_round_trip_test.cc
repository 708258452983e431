// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/model_round_trip_test.cc
/// \brief Every model: encode -> decode gives the same struct, Avro C reads our files,
/// and older writer schemas resolve through the reader defaults.

#include <gtest/gtest.h>

#include "hoodie/format/avro_codec/avro_c_reference_test_util.h"
#include "hoodie/format/avro_codec/avro_container.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/timeline_avro/rollback_metadata.h"
#include "hoodie/timeline_avro/savepoint_metadata.h"

namespace hoodie {
namespace {

/// Encodes, checks the framing and Avro C's view, decodes and compares.
template <typename T>
void ExpectRoundTrip(const T& model) {
  ASSERT_OK_AND_ASSIGN(std::string bytes, model.ToAvroBytes());
  ASSERT_OK_AND_ASSIGN(AvroEntries header, ReadContainerMetadata(bytes));
  ASSERT_EQ(header.size(), 1u);
  EXPECT_EQ(header[0].first, "avro.schema");
  ASSERT_OK_AND_ASSIGN(T back, T::FromAvroBytes(bytes));
  EXPECT_TRUE(back == model) << back.ToAvroValue().ToString() << "\n"
                             << model.ToAvroValue().ToString();
  // Avro C's decoding, field by field: what it read and wrote back decodes to the model.
  ASSERT_OK_AND_ASSIGN(std::string rewritten, testing::AvroCRewriteContainer(bytes));
  ASSERT_OK_AND_ASSIGN(T through_avro_c, T::FromAvroBytes(rewritten));
  EXPECT_TRUE(through_avro_c == model) << through_avro_c.ToAvroValue().ToString() << "\n"
                                       << model.ToAvroValue().ToString();
}

RollbackMetadata SampleRollback() {
  RollbackMetadata rollback;
  rollback.start_rollback_time = "20240101000000000";
  rollback.time_taken_in_millis = 12;
  rollback.total_files_deleted = 2;
  rollback.commits_rollback = {"20231231000000000"};
  rollback.partition_metadata["p=1"] = {"p=1", {"/t/p=1/a.parquet"}, {"/t/p=1/b.parquet"},
                                        std::map<std::string, int64_t>{{"/t/p=1/.a.log.2", 99}},
                                        std::nullopt};
  rollback.instants_rollback = {{"20231231000000000", "commit"}};
  return rollback;
}

TEST(ModelRoundTripTest, Rollback) {
  RollbackPlan plan;
  plan.instant_to_rollback = InstantInfo{"20231231000000000", "commit"};
  plan.rollback_requests = std::vector<RollbackRequest>{
      {"p=1", "f1", "20231230000000000", {"/t/p=1/a.parquet"},
       std::map<std::string, int64_t>{{"/t/p=1/.f1.log.1", 1024}}},
      {"p=2", std::nullopt, std::nullopt, {}, std::nullopt}};
  ExpectRoundTrip(plan);
  ExpectRoundTrip(RollbackPlan{});
  ExpectRoundTrip(SampleRollback());
}

TEST(ModelRoundTripTest, Clean) {
  CleanerPlan plan;
  plan.earliest_instant_to_retain = ActionInstant{"20240101000000000", "commit", "COMPLETED"};
  plan.last_completed_commit_timestamp = "20240102000000000";
  plan.policy = "KEEP_LATEST_COMMITS";
  plan.version = 2;
  plan.file_paths_to_be_deleted_per_partition =
      std::map<std::string, std::vector<CleanFileInfo>>{
          {"p=1", {{"/t/p=1/a.parquet", false}, {std::nullopt, std::nullopt}}}};
  plan.files_to_be_deleted_per_partition =
      std::map<std::string, std::vector<std::string>>{{"p=1", {"a.parquet"}}};
  plan.partitions_to_be_deleted = std::vector<std::string>{"p=9"};
  plan.extra_metadata = std::map<std::string, std::string>{{"k", "v"}};
  ExpectRoundTrip(plan);

  CleanMetadata clean;
  clean.start_clean_time = "20240103000000000";
  clean.time_taken_in_millis = 7;
  clean.total_files_deleted = 1;
  clean.earliest_commit_to_retain = "20240101000000000";
  clean.last_completed_commit_timestamp = "20240102000000000";
  clean.partition_metadata["p=1"] = {"p=1", "KEEP_LATEST_COMMITS", {"a.parquet"},
                                     {"a.parquet"}, {}, false};
  clean.version = 2;
  clean.bootstrap_partition_metadata =
      std::map<std::string, CleanPartitionMetadata>{{"p=2", {"p=2", "X", {}, {}, {}, {}}}};
  ExpectRoundTrip(clean);
}

TEST(ModelRoundTripTest, Compaction) {
  CompactionPlan plan;
  plan.version = 2;
  plan.operations = std::vector<CompactionOperation>{
      {"20240101000000000", std::vector<std::string>{".f1_20240101000000000.log.1_0-1-1"},
       "f1_0-1-1_20240101000000000.parquet", "f1", "p=1",
       std::map<std::string, double>{{"TOTAL_LOG_FILES", 1.0}}, std::nullopt}};
  plan.strategy = CompactionPlanStrategy{"org.x.Strategy", std::nullopt, 1};
  plan.extra_metadata = std::map<std::string, std::string>{};
  plan.preserve_hoodie_metadata = true;
  ExpectRoundTrip(plan);
  ExpectRoundTrip(CompactionPlan{});
}

TEST(ModelRoundTripTest, RequestedReplace) {
  RequestedReplaceMetadata cluster;
  cluster.operation_type = "CLUSTER";
  ClusteringPlan plan;
  ClusteringGroup group;
  group.slices = std::vector<SliceInfo>{
      {"a.parquet", std::vector<std::string>{}, "f1", "p=1", std::nullopt, 1}};
  group.metrics = std::map<std::string, double>{{"TOTAL_IO_MB", 2.5}};
  group.num_output_file_groups = 3;
  plan.input_groups = std::vector<ClusteringGroup>{group};
  plan.strategy = ClusteringStrategy{"org.x.Sort",
                                     std::map<std::string, std::string>{{"a", "b"}}, 1};
  plan.preserve_hoodie_metadata = true;
  cluster.clustering_plan = plan;
  ExpectRoundTrip(cluster);
  RequestedReplaceMetadata overwrite;  // insert_overwrite: every field null
  overwrite.version = std::nullopt;
  ExpectRoundTrip(overwrite);
}

TEST(ModelRoundTripTest, SavepointAndRestore) {
  SavepointMetadata savepoint;
  savepoint.savepointed_by = "admin";
  savepoint.savepointed_at = 1704067200000;
  savepoint.comments = "before backfill";
  savepoint.partition_metadata["p=1"] = {"p=1", {"a.parquet", "b.parquet"}};
  ExpectRoundTrip(savepoint);
  ASSERT_OK_AND_ASSIGN(std::string bytes, savepoint.ToAvroBytes());
  ASSERT_OK_AND_ASSIGN(std::string json, testing::AvroCContainerToJson(bytes));
  EXPECT_EQ(json,
            R"({"savepointedBy": "admin", "savepointedAt": 1704067200000, )"
            R"("comments": "before backfill", "partitionMetadata": {"p=1": )"
            R"({"partitionPath": "p=1", "savepointDataFile": ["a.parquet", "b.parquet"]}}, )"
            R"("version": {"int": 1}})");

  RestoreMetadata restore;
  restore.start_restore_time = "20240105000000000";
  restore.time_taken_in_millis = 30;
  restore.instants_to_rollback = {"20240104000000000"};
  restore.hoodie_restore_metadata["20240104000000000"] = {SampleRollback(), std::nullopt};
  restore.restore_instant_info = {{"20240104000000000", "deltacommit"}};
  ExpectRoundTrip(restore);
}

// A cleaner plan written with the 0.14.1 schema (no lastCompletedCommitTimestamp, no
// extraMetadata) reads with the 0.15 defaults.
TEST(ModelRoundTripTest, OlderWriterSchemaTakesReaderDefaults) {
  constexpr std::string_view kOldSchema =
      R"({"type":"record","name":"HoodieCleanerPlan","namespace":"org.apache.hudi.avro.model",)"
      R"("fields":[{"name":"earliestInstantToRetain","type":["null",{"type":"record",)"
      R"("name":"HoodieActionInstant","fields":[{"name":"timestamp","type":"string"},)"
      R"({"name":"action","type":"string"},{"name":"state","type":"string"}]}],"default":null},)"
      R"({"name":"policy","type":"string"},{"name":"version","type":["int","null"],"default":1},)"
      R"({"name":"obsolete","type":"long"}]})";
  const AvroValue old_plan = AvroValue::Record(
      "org.apache.hudi.avro.model.HoodieCleanerPlan",
      {{"earliestInstantToRetain", AvroValue::Null()},
       {"policy", AvroValue::String("KEEP_LATEST_FILE_VERSIONS")},
       {"version", AvroValue::Int(2)},
       {"obsolete", AvroValue::Long(5)}});
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteSingleRecordContainer(kOldSchema, old_plan));
  ASSERT_OK_AND_ASSIGN(CleanerPlan plan, CleanerPlan::FromAvroBytes(bytes));
  CleanerPlan expected;
  expected.policy = "KEEP_LATEST_FILE_VERSIONS";
  expected.version = 2;
  EXPECT_EQ(plan, expected);
  EXPECT_EQ(plan.last_completed_commit_timestamp, "");
  EXPECT_EQ(plan.extra_metadata, std::nullopt);
}

}  // namespace
}  // namespace hoodie
