// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/value_text_test.cc
/// \brief Text and JSON rendering of Arrow values.
#include <gtest/gtest.h>

#include <arrow/api.h>
#include <arrow/json/from_string.h>

#include "hoodie/cli/value_text.h"

namespace hoodie {
namespace {

std::shared_ptr<::arrow::Array> Make(const std::shared_ptr<::arrow::DataType>& type,
                                     const std::string& json) {
  return ::arrow::json::ArrayFromJSONString(type, json).ValueOrDie();
}

TEST(ValueTextTest, Scalars) {
  auto ints = Make(::arrow::int32(), "[1, null, -7]");
  EXPECT_EQ(ValueToText(*ints, 0), "1");
  EXPECT_EQ(ValueToText(*ints, 1), "null");
  EXPECT_EQ(ValueToText(*ints, 2), "-7");
  auto bools = Make(::arrow::boolean(), "[true, false]");
  EXPECT_EQ(ValueToText(*bools, 0), "true");
  EXPECT_EQ(ValueToText(*bools, 1), "false");
  auto doubles = Make(::arrow::float64(), "[3.14159, 1.0]");
  EXPECT_EQ(ValueToText(*doubles, 0), "3.14159");
  EXPECT_EQ(ValueToText(*doubles, 1), "1");
  auto strings = Make(::arrow::utf8(), R"(["Alice", "a\"b"])");
  EXPECT_EQ(ValueToText(*strings, 0), "Alice");
  EXPECT_EQ(ValueToJson(*strings, 1), R"("a\"b")");
  auto binary = Make(::arrow::binary(), R"(["binary"])");
  EXPECT_EQ(ValueToText(*binary, 0), "62696E617279");
}

TEST(ValueTextTest, DecimalsDatesTimestamps) {
  auto decimals = Make(::arrow::decimal128(10, 5), R"(["12345.67890"])");
  EXPECT_EQ(ValueToText(*decimals, 0), "12345.67890");
  auto dates = Make(::arrow::date32(), "[19448]");
  EXPECT_EQ(ValueToText(*dates, 0), "2023-04-01");
  auto micros = Make(::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC"),
                     "[1680368460000000]");
  EXPECT_EQ(ValueToText(*micros, 0), "2023-04-01T17:01:00.000000Z");
  EXPECT_EQ(ValueToJson(*micros, 0), "\"2023-04-01T17:01:00.000000Z\"");
  auto naive = Make(::arrow::timestamp(::arrow::TimeUnit::SECOND), "[-1]");
  EXPECT_EQ(ValueToText(*naive, 0), "1969-12-31T23:59:59");
}

TEST(ValueTextTest, NestedValuesAreJsonIsh) {
  auto type = ::arrow::list(::arrow::struct_(
      {::arrow::field("f1", ::arrow::utf8()), ::arrow::field("f2", ::arrow::int32())}));
  auto lists = Make(type, R"([[{"f1": "red", "f2": 100}, {"f1": "blue", "f2": null}]])");
  EXPECT_EQ(ValueToText(*lists, 0),
            R"([{"f1": "red", "f2": 100}, {"f1": "blue", "f2": null}])");
  auto maps = Make(::arrow::map(::arrow::utf8(), ::arrow::boolean()),
                   R"([[["key1", true], ["key2", false]]])");
  EXPECT_EQ(ValueToText(*maps, 0), R"({"key1": true, "key2": false})");
}

}  // namespace
}  // namespace hoodie
