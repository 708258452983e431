// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table_test.cc
/// \brief Table: a table created or opened in one call, an Arrow stream written in one
/// call returning its instant, typed options converted to their keys, exact rows read.
#include "hoodie/client/table.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client_test_util.h"
#include "hoodie/common/error.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

using testing::RenderRows;
using testing::TripReader;
using testing::TripRow;
using ::testing::ElementsAre;

TableOptions Trips(TableType type) {
  TableOptions options;
  options.table_name = "trips";
  options.table_type = type;
  options.record_key_field = "id";
  options.partition_path_field = "city";
  options.precombine_field = "ts";
  return options;
}

std::vector<std::string> Rows(const Table& table) {
  auto rows = table.ReadTable({.columns = {"id", "name", "ts", "city"}});
  EXPECT_OK(rows.status());
  return rows.ok() ? RenderRows(**rows, {"id", "name", "ts", "city"})
                   : std::vector<std::string>{};
}

TEST(TableOptionsTest, TypedFieldsBecomeTheirKeysOverTheRest) {
  TableOptions options = Trips(TableType::kMergeOnRead);
  options.config.Set("hoodie.datasource.write.recordkey.field", "other");
  options.config.Set("hoodie.parquet.max.file.size", "1000");
  options.precombine_field.reset();
  HoodieConfig config = options.ToConfig();
  EXPECT_EQ(config.GetRaw("hoodie.table.name"), "trips");
  EXPECT_EQ(config.GetRaw("hoodie.datasource.write.table.type"), "MERGE_ON_READ");
  EXPECT_EQ(config.GetRaw("hoodie.datasource.write.recordkey.field"), "id");
  EXPECT_EQ(config.GetRaw("hoodie.datasource.write.partitionpath.field"), "city");
  // Unset fields leave the key to `config` and the registry's default.
  EXPECT_EQ(config.GetRaw("hoodie.datasource.write.precombine.field"), std::nullopt);
  EXPECT_EQ(config.GetRaw("hoodie.parquet.max.file.size"), "1000");
}

TEST(TableTest, OneCallCreatesOneCallWritesAndTheResultNamesTheInstant) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      auto table, Table::OpenOrCreate(dir.Join("trips"), Trips(TableType::kMergeOnRead)));
  EXPECT_EQ(table->meta_client()->table_type(), TableType::kMergeOnRead);
  ASSERT_OK_AND_ASSIGN(WriteResult first,
                       table->Upsert(TripReader({{"a", "ann", 1, "sf"},
                                                 {"b", "bob", 1, "sf"},
                                                 {"c", "cy", 1, "nyc"}})));
  EXPECT_TRUE(first.committed);
  EXPECT_EQ(first.inserted, 3);
  ASSERT_OK_AND_ASSIGN(
      WriteResult second,
      table->Upsert(TripReader({{"b", "bo", 2, "sf"}, {"d", "di", 2, "la"}})));
  EXPECT_EQ(second.updated, 1);
  EXPECT_EQ(second.inserted, 1);
  EXPECT_LT(first.instant_time, second.instant_time);
  // Both instants are completed deltacommits on the table's timeline.
  ASSERT_OK_AND_ASSIGN(auto timeline, table->meta_client()->LoadActiveTimeline());
  std::vector<std::string> completed;
  const Timeline completed_instants = timeline.timeline().FilterCompleted();
  for (const Instant& each : completed_instants.instants()) {
    completed.push_back(each.timestamp + "." + std::string(ActionName(each.action)));
  }
  EXPECT_THAT(completed, ElementsAre(first.instant_time + ".deltacommit",
                                     second.instant_time + ".deltacommit"));
  EXPECT_THAT(Rows(*table),
              ElementsAre("a|ann|1|sf", "b|bo|2|sf", "c|cy|1|nyc", "d|di|2|la"));
}

TEST(TableTest, InsertBulkInsertAndDeleteEachWriteOneInstant) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      auto table, Table::OpenOrCreate(dir.Join("trips"), Trips(TableType::kCopyOnWrite)));
  ASSERT_OK_AND_ASSIGN(
      WriteResult bulk,
      table->BulkInsert(TripReader({{"a", "ann", 1, "sf"}, {"b", "bob", 1, "la"}})));
  EXPECT_EQ(bulk.operation, WriteOperationType::kBulkInsert);
  ASSERT_OK_AND_ASSIGN(WriteResult insert,
                       table->Insert(TripReader({{"c", "cy", 1, "sf"}})));
  EXPECT_EQ(insert.inserted, 1);
  ASSERT_OK_AND_ASSIGN(WriteResult deleted,
                       table->Delete(TripReader({{"a", "", 9, "sf"}})));
  EXPECT_EQ(deleted.deleted, 1);
  EXPECT_THAT(Rows(*table), ElementsAre("b|bob|1|la", "c|cy|1|sf"));
  // Opened again to be read, the table needs no options.
  ASSERT_OK_AND_ASSIGN(auto reopened, Table::Open(dir.Join("trips")));
  EXPECT_THAT(Rows(*reopened), ElementsAre("b|bob|1|la", "c|cy|1|sf"));
}

TEST(TableTest, OpeningWhereNoTableIsIsRefused) {
  testing::TempDir dir;
  auto opened = Table::Open(dir.Join("nothing"));
  ASSERT_FALSE(opened.ok());
  EXPECT_TRUE(IsNotATable(opened.status())) << opened.status().ToString();
}

TEST(TableTest, CreatingWithoutATableNameIsRefused) {
  testing::TempDir dir;
  TableOptions options = Trips(TableType::kCopyOnWrite);
  options.table_name.reset();
  auto made = Table::OpenOrCreate(dir.Join("trips"), options);
  ASSERT_FALSE(made.ok());
  EXPECT_TRUE(made.status().IsInvalid()) << made.status().ToString();
  EXPECT_THAT(made.status().message(), ::testing::HasSubstr("hoodie.table.name"));
}

TEST(TableTest, WithoutAutoCommitTheWriteWaitsForCommit) {
  testing::TempDir dir;
  TableOptions options = Trips(TableType::kCopyOnWrite);
  options.config.Set("hoodie.auto.commit", "false");
  ASSERT_OK_AND_ASSIGN(auto table, Table::OpenOrCreate(dir.Join("trips"), options));
  ASSERT_OK_AND_ASSIGN(WriteResult result,
                       table->Upsert(TripReader({{"a", "ann", 1, "sf"}})));
  EXPECT_FALSE(result.committed);
  ASSERT_OK_AND_ASSIGN(auto before, table->ReadTable());
  EXPECT_EQ(before->num_rows(), 0);
  ASSERT_OK(table->Commit(&result));
  EXPECT_THAT(Rows(*table), ElementsAre("a|ann|1|sf"));
}

}  // namespace
}  // namespace hoodie
