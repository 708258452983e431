// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/jackson_json_test.cc
/// \brief Jackson DefaultPrettyPrinter layout and java.util.HashMap ordering.
#include "hoodie/timeline/jackson_json_internal.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace hoodie::internal {
namespace {

using Json = nlohmann::ordered_json;

TEST(JacksonJsonTest, ScalarsAndEmptyContainers) {
  EXPECT_EQ(ToJacksonPrettyJson(Json(nullptr)), "null");
  EXPECT_EQ(ToJacksonPrettyJson(Json(true)), "true");
  EXPECT_EQ(ToJacksonPrettyJson(Json(-42)), "-42");
  EXPECT_EQ(ToJacksonPrettyJson(Json::object()), "{ }");
  EXPECT_EQ(ToJacksonPrettyJson(Json::array()), "[ ]");
}

TEST(JacksonJsonTest, NestedLayout) {
  Json value = Json::parse(R"({"a":[],"b":[1,[2,3],{}],"c":{"d":[{"e":1},{"f":{}}]}})");
  EXPECT_EQ(ToJacksonPrettyJson(value), R"({
  "a" : [ ],
  "b" : [ 1, [ 2, 3 ], { } ],
  "c" : {
    "d" : [ {
      "e" : 1
    }, {
      "f" : { }
    } ]
  }
})");
}

TEST(JacksonJsonTest, EscapesLikeJackson) {
  Json value = std::string("q\"b\\s/\x7f\x1f\r\b\f");
  EXPECT_EQ(ToJacksonPrettyJson(value), "\"q\\\"b\\\\s/\x7f\\u001F\\r\\b\\f\"");
}

TEST(JacksonJsonTest, DoublesLikeJavaDoubleToString) {
  auto text = [](double d) { return ToJacksonPrettyJson(Json(d)); };
  EXPECT_EQ(text(1.0), "1.0");
  EXPECT_EQ(text(100.0), "100.0");
  EXPECT_EQ(text(123.456), "123.456");
  EXPECT_EQ(text(0.001), "0.001");
  EXPECT_EQ(text(0.0001), "1.0E-4");
  EXPECT_EQ(text(1.0e7), "1.0E7");
  EXPECT_EQ(text(1234567.5), "1234567.5");
  EXPECT_EQ(text(-2.5e-10), "-2.5E-10");
  EXPECT_EQ(text(0.0), "0.0");
}

TEST(JacksonJsonTest, HashMapOrderMatchesJava) {
  // Buckets in a 16-slot table: "a" 97 -> 1, "b" 98 -> 2, "q" 113 -> 1, "p" 112 -> 0.
  std::vector<std::pair<std::string, int>> entries = {
      {"b", 0}, {"q", 1}, {"a", 2}, {"p", 3}};
  OrderLikeJavaHashMap(&entries);
  EXPECT_EQ(entries, (std::vector<std::pair<std::string, int>>{
                         {"p", 3}, {"q", 1}, {"a", 2}, {"b", 0}}));
  // Growing past 12 entries doubles the table to 32 slots: "a" (97 -> 1) and "q"
  // (113 -> 17) now land in different buckets.
  std::vector<std::pair<std::string, int>> many;
  for (char c : std::string("qabcdefghijkl")) many.emplace_back(std::string(1, c), 0);
  OrderLikeJavaHashMap(&many);
  EXPECT_EQ(many.front().first, "a");
  EXPECT_EQ(many.back().first, "q");
}

}  // namespace
}  // namespace hoodie::internal
