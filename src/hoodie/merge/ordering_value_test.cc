// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/ordering_value_test.cc
/// \brief Ordering values compare like Java's compareTo on the Avro values Hudi reads.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "hoodie/merge/merge_test_util.h"
#include "hoodie/merge/ordering_value_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using testing::BatchOf;

// Compares row `a` with row `b` of a one-column batch of `type` holding `json_values`.
::arrow::Result<int> CompareRows(const std::shared_ptr<::arrow::DataType>& type,
                                 const std::string& json_values, int64_t a, int64_t b) {
  ARROW_ASSIGN_OR_RAISE(auto values,
                        ::arrow::json::ArrayFromJSONString(type, json_values));
  auto batch = ::arrow::RecordBatch::Make(::arrow::schema({::arrow::field("v", type)}),
                                          values->length(), {values});
  ARROW_ASSIGN_OR_RAISE(OrderingValue x,
                        RequireOrderingValue({batch.get(), a}, "v", "a"));
  ARROW_ASSIGN_OR_RAISE(OrderingValue y,
                        RequireOrderingValue({batch.get(), b}, "v", "b"));
  return CompareOrderingValues(x, y);
}

struct CompareCase {
  std::shared_ptr<::arrow::DataType> type;
  const char* values;  // two values: the result is compare(values[0], values[1])
  int expected;
};

TEST(OrderingValueTest, ComparesLikeJava) {
  const std::vector<CompareCase> cases = {
      {::arrow::int8(), "[-1, 1]", -1},
      {::arrow::int32(), "[7, 7]", 0},
      {::arrow::int64(), "[9007199254740993, 9007199254740992]", 1},
      {::arrow::uint32(), "[4294967295, 1]", 1},
      {::arrow::float32(), "[1.5, 1.25]", 1},
      {::arrow::float64(), "[-0.0, 0.0]", -1},
      {::arrow::float64(), "[0.0, 0.0]", 0},
      {::arrow::boolean(), "[false, true]", -1},
      {::arrow::boolean(), "[true, true]", 0},
      {::arrow::utf8(), R"(["a", "b"])", -1},
      {::arrow::utf8(), R"(["ab", "a"])", 1},
      {::arrow::utf8(), R"(["Z", "a"])", -1},
      // Avro Utf8.compareTo orders by UTF-8 bytes: U+FF5E (EF BD 9E) sorts before
      // U+1F600 (F0 9F 98 80), although java.lang.String (UTF-16) would sort it after.
      {::arrow::utf8(), "[\"\xEF\xBD\x9E\", \"\xF0\x9F\x98\x80\"]", -1},
      {::arrow::utf8(), "[\"\xC3\xA9\", \"z\"]", 1},
      {::arrow::large_utf8(), R"(["b", "a"])", 1},
      {::arrow::date32(), "[19000, 19001]", -1},
      {::arrow::date64(), "[86400000, 86399999]", 1},
      {::arrow::timestamp(::arrow::TimeUnit::MICRO),
       "[1700000000000001, 1700000000000000]", 1},
      {::arrow::decimal128(10, 2), R"(["12.34", "12.35"])", -1},
      {::arrow::decimal256(40, 3), R"(["-1.000", "-1.001"])", 1},
  };
  for (const CompareCase& c : cases) {
    SCOPED_TRACE(c.type->ToString() + " " + c.values);
    ASSERT_OK_AND_ASSIGN(int result, CompareRows(c.type, c.values, 0, 1));
    EXPECT_EQ(result, c.expected);
  }
}

TEST(OrderingValueTest, JavaDoubleCompareOrdersNaNLast) {
  double nan = std::nan("");
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(JavaDoubleCompare(nan, inf), 1);
  EXPECT_EQ(JavaDoubleCompare(inf, nan), -1);
  EXPECT_EQ(JavaDoubleCompare(nan, -nan), 0);
  EXPECT_EQ(JavaDoubleCompare(-0.0, 0.0), -1);
  EXPECT_EQ(JavaDoubleCompare(0.0, -0.0), 1);
  EXPECT_EQ(JavaDoubleCompare(-inf, -1e308), -1);
}

OrderingValue Decimal(int64_t unscaled, int32_t scale) {
  OrderingValue value;
  value.family = OrderingFamily::kDecimal;
  value.decimal = ::arrow::Decimal256(unscaled);
  value.scale = scale;
  return value;
}

TEST(OrderingValueTest, DecimalsIgnoreScaleLikeBigDecimal) {
  ASSERT_OK_AND_ASSIGN(int same, CompareOrderingValues(Decimal(10, 1), Decimal(100, 2)));
  EXPECT_EQ(same, 0);
  ASSERT_OK_AND_ASSIGN(int less, CompareOrderingValues(Decimal(10, 1), Decimal(101, 2)));
  EXPECT_EQ(less, -1);
  ASSERT_OK_AND_ASSIGN(int more, CompareOrderingValues(Decimal(2, 0), Decimal(199, 2)));
  EXPECT_EQ(more, 1);
}

TEST(OrderingValueTest, WidensIntegersAndTimestampUnits) {
  OrderingValue int_value{.family = OrderingFamily::kInteger, .integer = 5};
  OrderingValue long_value{.family = OrderingFamily::kInteger, .integer = 6};
  ASSERT_OK_AND_ASSIGN(int c, CompareOrderingValues(int_value, long_value));
  EXPECT_EQ(c, -1);
  OrderingValue millis{.family = OrderingFamily::kTimestamp,
                       .integer = 1000,
                       .unit = ::arrow::TimeUnit::MILLI};
  OrderingValue micros{.family = OrderingFamily::kTimestamp,
                       .integer = 1000000,
                       .unit = ::arrow::TimeUnit::MICRO};
  ASSERT_OK_AND_ASSIGN(c, CompareOrderingValues(millis, micros));
  EXPECT_EQ(c, 0);
  micros.integer = 1000001;
  ASSERT_OK_AND_ASSIGN(c, CompareOrderingValues(millis, micros));
  EXPECT_EQ(c, -1);
}

TEST(OrderingValueTest, MixedTypesAreInvalid) {
  OrderingValue integer{.family = OrderingFamily::kInteger, .integer = 1};
  OrderingValue text{.family = OrderingFamily::kString, .string = "1"};
  ASSERT_RAISES(Invalid, CompareOrderingValues(integer, text));
}

TEST(OrderingValueTest, MissingAndNullValuesReadAsAbsent) {
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf({::arrow::field("ts", ::arrow::int64())},
                                           R"([{"ts":null},{"ts":3}])"));
  ASSERT_OK_AND_ASSIGN(auto null_value, ReadOrderingValue({batch.get(), 0}, "ts"));
  EXPECT_FALSE(null_value.has_value());
  ASSERT_OK_AND_ASSIGN(auto missing, ReadOrderingValue({batch.get(), 1}, "other"));
  EXPECT_FALSE(missing.has_value());
  ASSERT_OK_AND_ASSIGN(auto present, ReadOrderingValue({batch.get(), 1}, "ts"));
  ASSERT_TRUE(present.has_value());
  EXPECT_EQ(present->integer, 3);
  ASSERT_RAISES(NotImplemented, ReadOrderingValue({batch.get(), 1}, "a.b"));
  ASSERT_RAISES(Invalid, RequireOrderingValue({batch.get(), 0}, "ts", "incoming"));
  ASSERT_RAISES(Invalid, RequireOrderingValue({batch.get(), 1}, "other", "incoming"));
}

TEST(OrderingValueTest, UnsupportedTypeIsInvalid) {
  ASSERT_OK_AND_ASSIGN(
      auto batch, BatchOf({::arrow::field("b", ::arrow::binary())}, R"([{"b":"x"}])"));
  ASSERT_RAISES(Invalid, ReadOrderingValue({batch.get(), 0}, "b"));
}

}  // namespace
}  // namespace hoodie::internal
