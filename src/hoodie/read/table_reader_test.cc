// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/table_reader_test.cc
/// \brief Copy-on-write v6 sample tables read against the expectations of
/// testdata/hudi-rs-tables/README.md: snapshot, time travel, file slices, incremental
/// ranges, projection, filters, partition pruning.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/read/sample_table_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BaseFileNames;
using testing::SampleTable;
using testing::TextRows;

const std::vector<std::string> kIdNameActive = {"id", "name", "isActive"};

ReadOptions AsOf(const std::string& instant) {
  ReadOptions options;
  options.as_of = instant;
  return options;
}

ReadOptions Incremental(const std::string& begin, std::optional<std::string> end) {
  ReadOptions options;
  options.query_type = QueryType::kIncremental;
  options.begin = begin;
  options.end = std::move(end);
  return options;
}

class NonPartitionedCowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(table_, SampleTable::Open("sample_table/cow/v6_nonpartitioned.zip"));
  }
  std::unique_ptr<SampleTable> table_;
};

TEST_F(NonPartitionedCowTest, SnapshotRowsAndMetaColumns) {
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table_->Rows(ReadOptions(), {"id", "name", "isActive", "byteField", "shortField",
                                   "_hoodie_commit_time", "_hoodie_record_key",
                                   "_hoodie_partition_path", "timestampField"}));
  EXPECT_EQ(rows, (TextRows{
                      {"1", "Alice", "false", "1", "300", "20240418173551906", "1", "",
                       "2023-04-01T17:01:00.000000Z"},
                      {"2", "Bob", "false", "0", "100", "20240418173550988", "2", "",
                       "2023-04-02T18:02:00.000000Z"},
                      {"3", "Carol", "true", "1", "200", "20240418173550988", "3", "",
                       "2023-04-03T19:03:00.000000Z"},
                      {"4", "Diana", "true", "1", "500", "20240418173551906", "4", "",
                       "2023-04-04T20:04:00.000000Z"},
                  }));
}

TEST_F(NonPartitionedCowTest, FirstRowAllColumnsAsStored) {
  ReadOptions options;
  options.filters = {{"_hoodie_record_key", CompareOp::kEqual, "1"}};
  ASSERT_OK_AND_ASSIGN(auto result, table_->reader->ReadTable(options));
  ASSERT_EQ(result->num_rows(), 1);
  ASSERT_EQ(result->num_columns(), 21);
  EXPECT_EQ(result->schema()->field(0)->name(), "_hoodie_commit_time");
  EXPECT_EQ(result->schema()->field(5)->name(), "id");
  ASSERT_OK_AND_ASSIGN(TextRows rows,
                       table_->Rows(options, {"_hoodie_file_name", "intField", "longField",
                                              "floatField", "doubleField", "decimalField",
                                              "dateField", "binaryField", "arrayField",
                                              "mapField", "structField"}));
  EXPECT_EQ(
      rows,
      (TextRows{{"a079bdb3-731c-4894-b855-abfcd6921007-0_0-203-274_20240418173551906.parquet",
                 "15000", "1234567890", "1", "3.14159", "12345.67890", "2023-04-01",
                 "62696E6172792064617461",
                 R"([{"arr_struct_f1": "red", "arr_struct_f2": 100}, )"
                 R"({"arr_struct_f1": "blue", "arr_struct_f2": 200}, )"
                 R"({"arr_struct_f1": "green", "arr_struct_f2": 300}])",
                 R"({"key1": {"map_field_value_struct_f1": 123.456, )"
                 R"("map_field_value_struct_f2": true}, "key2": )"
                 R"({"map_field_value_struct_f1": 789.012, "map_field_value_struct_f2": false}})",
                 R"({"field1": "Alice", "field2": 30, "child_struct": )"
                 R"({"child_field1": 123.456, "child_field2": true}})"}}));
}

TEST_F(NonPartitionedCowTest, TimeTravel) {
  TextRows first = {{"1", "Alice", "true"}, {"2", "Bob", "false"}, {"3", "Carol", "true"}};
  ASSERT_OK_AND_ASSIGN(TextRows rows,
                       table_->Rows(AsOf("20240418173550988"), kIdNameActive));
  EXPECT_EQ(rows, first);
  // yyyyMMddHHmmss: the second 17:35:51 starts before the second commit (…551906).
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(AsOf("20240418173551"), kIdNameActive));
  EXPECT_EQ(rows, first);
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(AsOf("19700101000000"), kIdNameActive));
  EXPECT_TRUE(rows.empty());
  ASSERT_RAISES(Invalid, table_->Rows(AsOf("2024-04-18"), kIdNameActive));
}

TEST_F(NonPartitionedCowTest, FileSlicesLatestAndAsOf) {
  ASSERT_OK_AND_ASSIGN(auto view, table_->View());
  EXPECT_EQ(view->partitions(), (std::vector<std::string>{""}));
  const std::string latest =
      "a079bdb3-731c-4894-b855-abfcd6921007-0_0-203-274_20240418173551906.parquet";
  EXPECT_EQ(BaseFileNames(view->LatestFileSlices()), (std::vector<std::string>{latest}));
  EXPECT_EQ(BaseFileNames(view->LatestFileSlices("20240418173551906")),
            (std::vector<std::string>{latest}));
  EXPECT_EQ(BaseFileNames(view->LatestFileSlices("20240418173551905")),
            (std::vector<std::string>{
                "a079bdb3-731c-4894-b855-abfcd6921007-0_0-182-253_20240418173550988.parquet"}));
  ASSERT_OK_AND_ASSIGN(std::string epoch, NormalizeInstantTime("19700101000000"));
  EXPECT_TRUE(view->LatestFileSlices(epoch).empty());
}

TEST_F(NonPartitionedCowTest, IncrementalRanges) {
  ASSERT_OK_AND_ASSIGN(TextRows rows,
                       table_->Rows(Incremental("0", "20240418173550988"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(
      rows, table_->Rows(Incremental("20240418173550988", "20240418173551906"),
                         kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(rows,
                       table_->Rows(Incremental("20240418173551906", {}), kIdNameActive));
  EXPECT_TRUE(rows.empty());
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(Incremental("000", {}), kIdNameActive));
  EXPECT_EQ(rows.size(), 4u);
  // Time travel and incremental options do not mix.
  ReadOptions mixed = Incremental("0", {});
  mixed.as_of = "20240418173550988";
  ASSERT_RAISES(Invalid, table_->Rows(mixed, kIdNameActive));
  ASSERT_RAISES(Invalid, table_->Rows(Incremental("yesterday", {}), kIdNameActive));
}

TEST_F(NonPartitionedCowTest, ProjectionPutsMetaColumnsFirst) {
  ReadOptions options;
  options.columns = {"id", "name"};
  ASSERT_OK_AND_ASSIGN(auto result, table_->reader->ReadTable(options));
  EXPECT_EQ(result->num_columns(), 2);
  EXPECT_EQ(result->num_rows(), 4);
  EXPECT_EQ(result->schema()->field(0)->name(), "id");
  options.columns = {"name", "_hoodie_record_key", "id", "_hoodie_commit_time"};
  ASSERT_OK_AND_ASSIGN(result, table_->reader->ReadTable(options));
  EXPECT_EQ(result->schema()->field_names(),
            (std::vector<std::string>{"_hoodie_commit_time", "_hoodie_record_key", "name",
                                      "id"}));
}

TEST_F(NonPartitionedCowTest, MissingColumnsAreInvalidAndNamed) {
  ReadOptions options;
  options.filters = {{"rider_idd", CompareOp::kEqual, "x"}};
  auto missing_filter = table_->reader->Read(options);
  ASSERT_RAISES(Invalid, missing_filter);
  EXPECT_THAT(missing_filter.status().message(), ::testing::HasSubstr("'rider_idd'"));
  ReadOptions projection;
  projection.columns = {"id", "rider_idd"};
  auto missing_column = table_->reader->Read(projection);
  ASSERT_RAISES(Invalid, missing_column);
  EXPECT_THAT(missing_column.status().message(), ::testing::HasSubstr("'rider_idd'"));
  ReadOptions bad_literal;
  bad_literal.filters = {{"id", CompareOp::kEqual, "one"}};
  ASSERT_RAISES(Invalid, table_->reader->Read(bad_literal));
}

TEST_F(NonPartitionedCowTest, FiltersAndLimit) {
  ReadOptions options;
  ASSERT_OK_AND_ASSIGN(auto active, ColumnFilter::Parse("isActive = true"));
  options.filters = {active};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table_->Rows(options, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"3", "Carol", "true"}, {"4", "Diana", "true"}}));
  ASSERT_OK_AND_ASSIGN(auto nonempty, ColumnFilter::Parse("_hoodie_record_key != ''"));
  options.filters = {nonempty};
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(options, kIdNameActive));
  EXPECT_EQ(rows.size(), 4u);
  ASSERT_OK_AND_ASSIGN(auto key, ColumnFilter::Parse("_hoodie_record_key=2"));
  options.filters = {key};
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(options, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"2", "Bob", "false"}}));
  ReadOptions limited;
  limited.limit = 3;
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(limited, kIdNameActive));
  EXPECT_EQ(rows.size(), 3u);
  limited.limit = 0;
  ASSERT_OK_AND_ASSIGN(rows, table_->Rows(limited, kIdNameActive));
  EXPECT_TRUE(rows.empty());
}

TEST_F(NonPartitionedCowTest, StreamsSmallBatches) {
  ReadOptions options;
  options.batch_size = 1;
  options.columns = {"id"};
  ASSERT_OK_AND_ASSIGN(auto stream, table_->reader->Read(options));
  int batches = 0;
  int64_t rows = 0;
  std::shared_ptr<::arrow::RecordBatch> batch;
  while (true) {
    ASSERT_OK(stream->ReadNext(&batch));
    if (batch == nullptr) break;
    ++batches;
    rows += batch->num_rows();
  }
  EXPECT_EQ(rows, 4);
  EXPECT_EQ(batches, 4);
}

TEST(ComplexKeyCowTest, SnapshotTimeTravelFilesAndPartitionPruning) {
  ASSERT_OK_AND_ASSIGN(auto table,
                       SampleTable::Open("sample_table/cow/v6_complexkeygen_hivestyle.zip"));
  const std::vector<std::string> columns = {
      "id", "name", "isActive", "byteField", "shortField", "_hoodie_commit_time",
      "_hoodie_record_key", "_hoodie_partition_path"};
  ASSERT_OK_AND_ASSIGN(TextRows rows, table->Rows(ReadOptions(), columns));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false", "10", "300", "20240418173235694",
                             "id:1,name:Alice", "byteField=10/shortField=300"},
                            {"2", "Bob", "false", "20", "100", "20240418173213674",
                             "id:2,name:Bob", "byteField=20/shortField=100"},
                            {"3", "Carol", "true", "10", "300", "20240418173213674",
                             "id:3,name:Carol", "byteField=10/shortField=300"},
                            {"4", "Diana", "true", "30", "100", "20240418173235694",
                             "id:4,name:Diana", "byteField=30/shortField=100"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(AsOf("20240418173213674"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  EXPECT_EQ(view->partitions(),
            (std::vector<std::string>{"byteField=10/shortField=300",
                                      "byteField=20/shortField=100",
                                      "byteField=30/shortField=100"}));
  EXPECT_EQ(BaseFileNames(view->LatestFileSlices()),
            (std::vector<std::string>{
                "a22e8257-e249-45e9-ba46-115bc85adcba-0_0-161-223_20240418173235694.parquet",
                "bb7c3a45-387f-490d-aab2-981c3f1a8ada-0_0-140-198_20240418173213674.parquet",
                "4668e35e-bff8-4be9-9ff2-e7fb17ecb1a7-0_1-161-224_20240418173235694.parquet"}));
  ReadOptions pruned;
  pruned.partitions = {"byteField=10"};
  ASSERT_OK_AND_ASSIGN(ReadPlan plan, table->reader->Plan(pruned));
  ASSERT_EQ(plan.slices.size(), 1u);
  EXPECT_EQ(plan.slices[0].group.file_id, "a22e8257-e249-45e9-ba46-115bc85adcba-0");
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(pruned, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"3", "Carol", "true"}}));
  // One split of a distributed read: one file group, with the whole read's schema.
  ReadOptions split;
  split.file_groups = {FileGroupId{"byteField=30/shortField=100",
                                   "4668e35e-bff8-4be9-9ff2-e7fb17ecb1a7-0"}};
  ASSERT_OK_AND_ASSIGN(plan, table->reader->Plan(split));
  ASSERT_EQ(plan.slices.size(), 1u);
  EXPECT_EQ(plan.schema_file.substr(plan.schema_file.rfind('/') + 1),
            "a22e8257-e249-45e9-ba46-115bc85adcba-0_0-161-223_20240418173235694.parquet");
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(split, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"4", "Diana", "true"}}));
}

TEST(SimpleKeyCowTest, SnapshotTimeTravelFilesAndPartitionPruning) {
  ASSERT_OK_AND_ASSIGN(auto table,
                       SampleTable::Open("sample_table/cow/v6_simplekeygen_nonhivestyle.zip"));
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table->Rows(ReadOptions(), {"id", "name", "isActive", "byteField", "shortField",
                                  "_hoodie_commit_time", "_hoodie_record_key",
                                  "_hoodie_partition_path"}));
  EXPECT_EQ(rows,
            (TextRows{{"1", "Alice", "false", "10", "300", "20240418172804498", "1", "10"},
                      {"2", "Bob", "false", "20", "100", "20240418172802262", "2", "20"},
                      {"3", "Carol", "true", "10", "200", "20240418172802262", "3", "10"},
                      {"4", "Diana", "true", "30", "500", "20240418172804498", "4", "30"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(AsOf("20240418172802262"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  EXPECT_EQ(BaseFileNames(view->LatestFileSlices()),
            (std::vector<std::string>{
                "97de74b1-2a8e-4bb7-874c-0a74e1f42a77-0_0-119-166_20240418172804498.parquet",
                "76e0556b-390d-4249-b7ad-9059e2bc2cbd-0_0-98-141_20240418172802262.parquet",
                "6db57019-98ee-480e-8eb1-fb3de48e1c24-0_1-119-167_20240418172804498.parquet"}));
  ReadOptions pruned;
  pruned.partitions = {"10"};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(pruned, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"3", "Carol", "true"}}));
  ASSERT_OK_AND_ASSIGN(
      rows, table->Rows(Incremental("20240418172802262", "20240418172804498"),
                        kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}, {"4", "Diana", "true"}}));
}

TEST(TimestampKeyCowTest, SnapshotAndTimeTravel) {
  ASSERT_OK_AND_ASSIGN(
      auto table, SampleTable::Open("sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip"));
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table->Rows(ReadOptions(), {"id", "name", "isActive", "_hoodie_commit_time",
                                  "_hoodie_record_key", "_hoodie_partition_path", "ts_str"}));
  // The partition column is the partition path text, as Spark (Hudi 0.15) reads it:
  // a timestamp-based key makes it a string partition column filled from the path.
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false", "20240418181357522", "1",
                             "2023/04/01/12", "2023/04/01/12"},
                            {"2", "Bob", "false", "20240418181355771", "2", "2023/04/02/12",
                             "2023/04/02/12"},
                            {"3", "Carol", "true", "20240418181355771", "3",
                             "2023/04/03/12", "2023/04/03/12"},
                            {"4", "Diana", "true", "20240418181357522", "4",
                             "2023/04/04/13", "2023/04/04/13"}}));
  // Incremental reads return the stored values (checked against Spark).
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(Incremental("000", std::nullopt), {"id", "ts_str"}));
  EXPECT_EQ(rows, (TextRows{{"1", "2023-04-01T12:01:00.123Z"},
                            {"2", "2023-04-02T12:01:00.123Z"},
                            {"3", "2023-04-03T12:01:00.123Z"},
                            {"4", "2023-04-04T13:01:00.123Z"}}));
  ReadOptions by_text;
  by_text.filters = {{"ts_str", CompareOp::kEqual, "2023/04/02/12"}};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(by_text, {"id", "ts_str"}));
  EXPECT_EQ(rows, (TextRows{{"2", "2023/04/02/12"}}));
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(AsOf("20240418181355771"), kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "true"}, {"2", "Bob", "false"},
                            {"3", "Carol", "true"}}));
  ReadOptions pruned;
  pruned.partitions = {"2023/04/01"};
  ASSERT_OK_AND_ASSIGN(rows, table->Rows(pruned, kIdNameActive));
  EXPECT_EQ(rows, (TextRows{{"1", "Alice", "false"}}));
}

TEST(NoMetaFieldsCowTest, SnapshotHasNullMetaColumnsAndNoIncremental) {
  ASSERT_OK_AND_ASSIGN(
      auto table,
      SampleTable::Open("sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip"));
  ASSERT_OK_AND_ASSIGN(
      TextRows rows,
      table->Rows(ReadOptions(), {"id", "name", "isActive", "byteField", "shortField",
                                  "_hoodie_commit_time", "_hoodie_record_key",
                                  "_hoodie_file_name"}));
  EXPECT_EQ(
      rows,
      (TextRows{
          {"1", "Alice", "false", "10", "300", "null", "null",
           "1ebfc908-fcc7-4229-b368-664440f7663c-0_0-35-78_20240426205419518.parquet"},
          {"2", "Bob", "false", "20", "100", "null", "null",
           "3345afaa-7014-49b3-bfd7-8b89385e6c87-0_1-35-79_20240426205419518.parquet"},
          {"3", "Carol", "true", "10", "200", "null", "null",
           "1ebfc908-fcc7-4229-b368-664440f7663c-0_0-35-78_20240426205419518.parquet"},
          {"4", "Diana", "true", "30", "500", "null", "null",
           "6b107d08-e901-4d2c-96e0-d0ae9d2cbd94-0_2-35-80_20240426205419518.parquet"}}));
  ASSERT_RAISES(Invalid, table->Rows(Incremental("0", {}), kIdNameActive));
}

TEST(EmptyCowTest, NoRowsNoSlices) {
  ASSERT_OK_AND_ASSIGN(auto table, SampleTable::Open("sample_table/cow/v6_empty.zip"));
  ASSERT_OK_AND_ASSIGN(auto result, table->reader->ReadTable(ReadOptions()));
  EXPECT_EQ(result->num_rows(), 0);
  ASSERT_OK_AND_ASSIGN(auto view, table->View());
  EXPECT_TRUE(view->LatestFileSlices().empty());
  ASSERT_OK_AND_ASSIGN(result, table->reader->ReadTable(Incremental("0", {})));
  EXPECT_EQ(result->num_rows(), 0);
}

}  // namespace
}  // namespace hoodie
