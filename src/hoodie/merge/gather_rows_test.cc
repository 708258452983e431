// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/gather_rows_test.cc
/// \brief GatherRows against Arrow's own Concatenate + Take, over every column kind.
#include <random>

#include <arrow/array.h>
#include <arrow/array/concatenate.h>
#include <arrow/builder.h>
#include <arrow/compute/api_vector.h>
#include <arrow/datum.h>
#include <arrow/record_batch.h>
#include <gtest/gtest.h>

#include "hoodie/merge/merge_test_util.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BatchOf;

// Every kind of column the gather treats apart: fixed width (with and without nulls),
// booleans, strings, binaries of 64-bit offsets, decimals, fixed-size binaries, and a
// nested type it leaves to Take.
::arrow::FieldVector Fields() {
  return {::arrow::field("id", ::arrow::utf8()),
          ::arrow::field("n", ::arrow::int64()),
          ::arrow::field("x", ::arrow::float64()),
          ::arrow::field("flag", ::arrow::boolean()),
          ::arrow::field("ts", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
          ::arrow::field("big", ::arrow::large_utf8()),
          ::arrow::field("price", ::arrow::decimal128(10, 2)),
          ::arrow::field("code", ::arrow::fixed_size_binary(3)),
          ::arrow::field("tags", ::arrow::list(::arrow::int32())),
          ::arrow::field("dense", ::arrow::int32(), /*nullable=*/false)};
}

// `rows` rows of Fields() from `seed`, about a fifth of the nullable values null.
std::shared_ptr<::arrow::RecordBatch> RandomBatch(int64_t rows, uint32_t seed) {
  std::mt19937 random(seed);
  auto null = [&] { return random() % 5 == 0; };
  std::string json = "[";
  for (int64_t row = 0; row < rows; ++row) {
    const uint32_t v = random();
    json += row == 0 ? "{" : ",{";
    json += "\"id\":" + (null() ? std::string("null")
                                : "\"k" + std::to_string(v % 1000) +
                                      std::string(v % 7, 'z') + "\"");
    json += ",\"n\":" + (null() ? std::string("null") : std::to_string(v));
    json += ",\"x\":" + std::to_string(v % 100) + ".5";
    json += ",\"flag\":" + (null() ? std::string("null") : (v % 2 ? "true" : "false"));
    json += ",\"ts\":" + std::to_string(v);
    json += ",\"big\":" + (null() ? std::string("null") : "\"" + std::string(v % 5, 'b') + "\"");
    json += ",\"price\":\"" + std::to_string(v % 1000) + ".25\"";
    json += ",\"code\":\"c" + std::to_string(10 + v % 90) + "\"";
    json += ",\"tags\":" + (null() ? std::string("null") : "[" + std::to_string(v % 9) + "]");
    json += ",\"dense\":" + std::to_string(v % 1000) + "}";
  }
  json += "]";
  auto batch = BatchOf(Fields(), json);
  EXPECT_TRUE(batch.ok()) << batch.status().ToString();
  return batch.ok() ? *batch : nullptr;
}

std::shared_ptr<::arrow::Array> Int32s(const std::vector<int32_t>& values) {
  ::arrow::Int32Builder builder;
  EXPECT_TRUE(builder.AppendValues(values).ok());
  return builder.Finish().ValueOrDie();
}

// What GatherRows must equal: the two batches concatenated, then taken in order.
std::shared_ptr<::arrow::RecordBatch> Reference(
    const std::shared_ptr<::arrow::RecordBatch>& base,
    const std::shared_ptr<::arrow::RecordBatch>& built, const ::arrow::Array& sources) {
  auto joined = ::arrow::ConcatenateRecordBatches({base, built}).ValueOrDie();
  return ::arrow::compute::Take(::arrow::Datum(joined), ::arrow::Datum(sources.data()))
      .ValueOrDie()
      .record_batch();
}

TEST(GatherRowsTest, PicksRowsOfBothBatchesInOrder) {
  ::arrow::FieldVector fields = {::arrow::field("id", ::arrow::utf8()),
                                 ::arrow::field("n", ::arrow::int64())};
  ASSERT_OK_AND_ASSIGN(auto base, BatchOf(fields, R"([
    {"id":"a","n":1},{"id":"b","n":null},{"id":"c","n":3},{"id":"d","n":4}])"));
  ASSERT_OK_AND_ASSIGN(auto built, BatchOf(fields, R"([
    {"id":"B2","n":20},{"id":null,"n":40}])"));
  // a, built B2 in b's place, c dropped, built null id, d twice.
  ASSERT_OK_AND_ASSIGN(auto gathered, GatherRows(base, built, *Int32s({0, 4, 5, 3, 3})));
  ASSERT_OK_AND_ASSIGN(auto expected, BatchOf(fields, R"([
    {"id":"a","n":1},{"id":"B2","n":20},{"id":null,"n":40},{"id":"d","n":4},
    {"id":"d","n":4}])"));
  EXPECT_TRUE(gathered->Equals(*expected)) << gathered->ToString();
  EXPECT_EQ(gathered->column(0)->null_count(), 1);
  EXPECT_EQ(gathered->column(1)->null_count(), 0);
}

TEST(GatherRowsTest, EqualsConcatenateAndTakeForEveryColumnKind) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    std::mt19937 random(seed);
    // Slices, so that arrays with offsets are read from their offset on.
    auto base = RandomBatch(700, seed)->Slice(random() % 50, 600);
    auto built = RandomBatch(120, seed + 1000)->Slice(random() % 10, 100);
    // Mostly base rows in order, some replaced by built rows, some dropped or repeated.
    std::vector<int32_t> picks;
    for (int32_t row = 0; row < 600; ++row) {
      const uint32_t roll = random() % 20;
      if (roll == 0) continue;
      if (roll == 1) picks.push_back(600 + static_cast<int32_t>(random() % 100));
      else picks.push_back(row);
      if (roll == 2) picks.push_back(row);
    }
    auto sources = Int32s(picks);
    ASSERT_OK_AND_ASSIGN(auto gathered, GatherRows(base, built, *sources));
    ASSERT_OK(gathered->ValidateFull());
    auto expected = Reference(base, built, *sources);
    ASSERT_EQ(gathered->num_rows(), expected->num_rows());
    for (int i = 0; i < gathered->num_columns(); ++i) {
      SCOPED_TRACE(gathered->schema()->field(i)->name());
      EXPECT_TRUE(gathered->column(i)->Equals(*expected->column(i)));
      EXPECT_EQ(gathered->column(i)->null_count(), expected->column(i)->null_count());
    }
  }
}

TEST(GatherRowsTest, WithoutBuiltRowsGathersBaseAlone) {
  auto base = RandomBatch(50, 7);
  auto sources = Int32s({49, 0, 1, 2, 10});
  ASSERT_OK_AND_ASSIGN(auto gathered, GatherRows(base, nullptr, *sources));
  ASSERT_OK_AND_ASSIGN(auto empty, ::arrow::RecordBatch::MakeEmpty(base->schema()));
  EXPECT_TRUE(gathered->Equals(*Reference(base, empty, *sources)));
}

TEST(GatherRowsTest, RefusesSourcesOutOfRangeAndMismatchedTypes) {
  auto base = RandomBatch(10, 3);
  auto built = RandomBatch(2, 4);
  auto out_of_range = GatherRows(base, built, *Int32s({0, 12}));
  EXPECT_TRUE(out_of_range.status().IsIndexError()) << out_of_range.status().ToString();
  EXPECT_NE(out_of_range.status().message().find("row source 12 out of range"),
            std::string::npos);
  ASSERT_OK_AND_ASSIGN(auto other, BatchOf({::arrow::field("id", ::arrow::int64())},
                                           R"([{"id":1}])"));
  ASSERT_OK_AND_ASSIGN(auto one_column, base->SelectColumns({0}));
  auto mismatch = GatherRows(one_column, other, *Int32s({0}));
  EXPECT_TRUE(mismatch.status().IsInvalid());
  EXPECT_NE(mismatch.status().message().find("cannot gather column id"), std::string::npos);
}

}  // namespace
}  // namespace hoodie
