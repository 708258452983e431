// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_clustering_test.cc
/// \brief Writes beside a pending clustering, as Hudi 0.15's default update strategy
/// (SparkRejectUpdateStrategy) has them: updates and deletes of a file group in the
/// plan are refused before anything is written; other file groups take updates, and
/// inserts never pad a file group in the plan.

#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;
using testing::TripConfig;
using testing::TripRow;

class WriteClusteringTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    config_ = TripConfig(true);
    if (GetParam()) config_.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
    ASSERT_OK_AND_ASSIGN(WriteResult first,
                         Upsert({{"k1", "a", 1, "sf"}, {"k2", "b", 1, "sf"},
                                 {"k3", "c", 1, "la"}}));
    for (const WriteStat& stat : first.stats) {
      (stat.partition_path == "sf" ? sf_group_ : la_group_) = stat.file_id.value_or("");
    }
    ASSERT_FALSE(sf_group_.empty());
    ASSERT_FALSE(la_group_.empty());
  }

  ::arrow::Result<WriteResult> Upsert(const std::vector<TripRow>& rows) {
    // Auto-commit (the default) commits inside the write.
    return testing::UpsertWithNewClient(storage_, base_, config_, rows, /*commit=*/false);
  }

  // What Spark's `CALL run_clustering(op => 'schedule')` leaves: a requested
  // replacecommit whose plan rewrites the sf file group.
  std::string ScheduleClusteringOfSf() {
    auto table = TableMetaClient::Load(storage_, base_).ValueOrDie();
    ActiveTimeline timeline = table->LoadActiveTimeline().ValueOrDie();
    std::string instant = timeline.CreateNewInstantTime().ValueOrDie();
    SliceInfo slice;
    slice.file_id = sf_group_;
    slice.partition_path = "sf";
    slice.data_file_path = "sf/" + sf_group_ + "_0-1-0_x.parquet";
    ClusteringGroup group;
    group.slices = std::vector<SliceInfo>{slice};
    ClusteringPlan plan;
    plan.input_groups = std::vector<ClusteringGroup>{group};
    RequestedReplaceMetadata requested;
    requested.operation_type = "CLUSTER";
    requested.clustering_plan = plan;
    EXPECT_OK(timeline.CreateRequested(
        Instant{instant, Action::kReplaceCommit, State::kRequested},
        requested.ToAvroBytes().ValueOrDie()));
    return instant;
  }

  std::vector<std::string> Rows() {
    return testing::QueryRows(storage_, base_, {"_hoodie_file_name", "id", "name"});
  }

  testing::TempDir dir_;
  std::string base_ = dir_.Join("t");
  std::shared_ptr<Storage> storage_ = Storage::Local();
  HoodieConfig config_;
  std::string sf_group_, la_group_;
};

TEST_P(WriteClusteringTest, UpdatesAndDeletesOfTheGroupAreRefusedBeforeAnythingIsWritten) {
  const std::string clustering = ScheduleClusteringOfSf();
  const std::vector<std::string> before = Rows();
  const std::vector<std::string> tree = testing::ListTree(base_ + "/sf");
  for (WriteOperationType operation : {WriteOperationType::kUpsert, WriteOperationType::kDelete}) {
    const TripRow row = operation == WriteOperationType::kUpsert ? TripRow{"k1", "a2", 2, "sf"}
                                                                 : TripRow{"k2", "b", 2, "sf"};
    SCOPED_TRACE(row.id);
    ASSERT_OK_AND_ASSIGN(auto client, testing::NewWriterClient(storage_, base_, config_));
    ASSERT_OK_AND_ASSIGN(std::string instant, client->StartCommit(operation));
    auto reader = testing::TripReader({row});
    auto result = client->Write(instant, operation, reader.get());
    ASSERT_RAISES(Invalid, result);
    ASSERT_OK(client->Abort(instant));
    EXPECT_THAT(result.status().message(),
                HasSubstr("record key '" + row.id + "' is in file group " + sf_group_ +
                          " of partition 'sf', which pending clustering " + clustering +
                          " is rewriting"));
    EXPECT_THAT(result.status().message(), HasSubstr("Run clustering " + clustering + " first"));
    EXPECT_EQ(Rows(), before);
    EXPECT_EQ(testing::ListTree(base_ + "/sf"), tree);
  }
}

TEST_P(WriteClusteringTest, OtherGroupsTakeUpdatesAndInsertsSkipTheGroup) {
  ScheduleClusteringOfSf();
  // Without the plan, k4 would pad the small sf file group.
  ASSERT_OK_AND_ASSIGN(WriteResult result,
                       Upsert({{"k3", "c2", 2, "la"}, {"k4", "d", 2, "sf"}}));
  std::set<std::string> sf_groups;
  for (const WriteStat& stat : result.stats) {
    if (stat.partition_path == "sf") sf_groups.insert(stat.file_id.value_or(""));
    if (stat.partition_path == "la") EXPECT_EQ(stat.file_id, la_group_);
  }
  ASSERT_EQ(sf_groups.size(), 1u);
  EXPECT_NE(*sf_groups.begin(), sf_group_);
  std::vector<std::string> names;
  for (const std::string& row : Rows()) names.push_back(row.substr(row.find('|') + 1));
  EXPECT_THAT(names, ::testing::UnorderedElementsAre("k1|a", "k2|b", "k3|c2", "k4|d"));
}

INSTANTIATE_TEST_SUITE_P(TableTypes, WriteClusteringTest, ::testing::Bool(),
                         [](const auto& info) {
                           return info.param ? "MergeOnRead" : "CopyOnWrite";
                         });

}  // namespace
}  // namespace hoodie
