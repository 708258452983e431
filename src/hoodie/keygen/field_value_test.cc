// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/field_value_test.cc
/// \brief Java string rendering of key values (Double.toString, BigDecimal,
/// LocalDate...).
#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "hoodie/keygen/field_value_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Optional;

std::vector<std::optional<std::string>> Render(
    const std::shared_ptr<::arrow::DataType>& type, const std::string& json) {
  auto array = ::arrow::json::ArrayFromJSONString(type, json).ValueOrDie();
  return FieldValuesAsStrings(*array, "f").ValueOrDie();
}

TEST(FieldValueTest, JavaDoubleToString) {
  const std::vector<std::pair<double, std::string>> cases = {
      {1.0, "1.0"},
      {3.14159, "3.14159"},
      {100.0, "100.0"},
      {1234567.0, "1234567.0"},
      {1e7, "1.0E7"},
      {123456789.0, "1.23456789E8"},
      {0.001, "0.001"},
      {0.0001, "1.0E-4"},
      {-2.5e-5, "-2.5E-5"},
      {0.1 + 0.2, "0.30000000000000004"},
      {-0.0, "-0.0"},
      {0.0, "0.0"},
      {1.7976931348623157e308, "1.7976931348623157E308"},
      {std::numeric_limits<double>::infinity(), "Infinity"},
      {-std::numeric_limits<double>::infinity(), "-Infinity"},
      {std::nan(""), "NaN"},
  };
  for (const auto& [value, expected] : cases) {
    EXPECT_EQ(JavaDoubleToString(value), expected) << value;
  }
}

TEST(FieldValueTest, JavaFloatToString) {
  EXPECT_EQ(JavaFloatToString(0.1f), "0.1");
  EXPECT_EQ(JavaFloatToString(1.0f), "1.0");
  EXPECT_EQ(JavaFloatToString(1.0e10f), "1.0E10");
  EXPECT_EQ(JavaFloatToString(3.4028235e38f), "3.4028235E38");
  EXPECT_EQ(JavaFloatToString(123.456f), "123.456");
}

TEST(FieldValueTest, JavaLocalDateToString) {
  EXPECT_EQ(JavaLocalDateToString(19448), "2023-04-01");
  EXPECT_EQ(JavaLocalDateToString(0), "1970-01-01");
  EXPECT_EQ(JavaLocalDateToString(-1), "1969-12-31");
  EXPECT_EQ(JavaLocalDateToString(2932897), "+10000-01-01");
  EXPECT_EQ(JavaLocalDateToString(-719528), "0000-01-01");
}

TEST(FieldValueTest, RendersEachSupportedType) {
  EXPECT_THAT(Render(::arrow::int8(), "[-5, null]"), ElementsAre("-5", std::nullopt));
  EXPECT_THAT(Render(::arrow::int64(), "[9876543210]"), ElementsAre("9876543210"));
  EXPECT_THAT(Render(::arrow::boolean(), "[true, false]"), ElementsAre("true", "false"));
  EXPECT_THAT(Render(::arrow::utf8(), R"(["a,b:c", ""])"), ElementsAre("a,b:c", ""));
  EXPECT_THAT(Render(::arrow::large_utf8(), R"(["x"])"), ElementsAre("x"));
  EXPECT_THAT(Render(::arrow::float32(), "[2.0]"), ElementsAre("2.0"));
  EXPECT_THAT(Render(::arrow::decimal128(10, 5), R"(["12345.67890", "-0.00001"])"),
              ElementsAre("12345.67890", "-0.00001"));
  // BigDecimal switches to E notation when the adjusted exponent is below -6.
  EXPECT_THAT(Render(::arrow::decimal128(12, 9), R"(["0.000000123"])"),
              ElementsAre("1.23E-7"));
  EXPECT_THAT(Render(::arrow::date32(), "[19448]"), ElementsAre("2023-04-01"));
  EXPECT_THAT(
      Render(::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC"), "[1680368460000000]"),
      ElementsAre("1680368460000000"));
  EXPECT_THAT(Render(::arrow::timestamp(::arrow::TimeUnit::MILLI), "[1680368460000]"),
              ElementsAre("1680368460000"));
}

TEST(FieldValueTest, DecodesDictionaries) {
  auto array = ::arrow::json::DictArrayFromJSONString(
                   ::arrow::dictionary(::arrow::int32(), ::arrow::int32()),
                   "[1, 0, null, 1]", "[10, 20]")
                   .ValueOrDie();
  ASSERT_OK_AND_ASSIGN(auto values, FieldValuesAsStrings(*array, "byteField"));
  EXPECT_THAT(values, ElementsAre("20", "10", std::nullopt, "20"));
}

TEST(FieldValueTest, RejectsTypesThatCannotBeKeys) {
  for (const auto& type :
       {::arrow::binary(), ::arrow::uint32(), ::arrow::list(::arrow::int32()),
        ::arrow::timestamp(::arrow::TimeUnit::NANO),
        ::arrow::timestamp(::arrow::TimeUnit::SECOND)}) {
    auto array = ::arrow::MakeArrayOfNull(type, 1).ValueOrDie();
    auto result = FieldValuesAsStrings(*array, "payload");
    ASSERT_RAISES(Invalid, result);
    EXPECT_THAT(result.status().message(), HasSubstr("key field 'payload' has type"));
  }
}

}  // namespace
}  // namespace hoodie::internal
