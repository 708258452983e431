// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/nesting_limit_test.cc
/// \brief The JSON nesting bound: depth counted outside strings only, exact at the limit.

#include "hoodie/common/nesting_limit.h"

#include <string>

#include <gtest/gtest.h>

namespace hoodie {
namespace {

std::string Nested(int depth, char open, char close) {
  return std::string(static_cast<size_t>(depth), open) +
         std::string(static_cast<size_t>(depth), close);
}

TEST(NestingLimitTest, AcceptsUpToTheLimitAndRefusesOneMore) {
  EXPECT_TRUE(CheckJsonNestingDepth(Nested(1000, '[', ']')).ok());
  ::arrow::Status deep = CheckJsonNestingDepth(Nested(1001, '[', ']'));
  ASSERT_TRUE(deep.IsInvalid());
  EXPECT_EQ(deep.message(), "JSON nested deeper than 1000 levels (at byte 1000)");
  EXPECT_TRUE(CheckJsonNestingDepth(Nested(3, '{', '}'), 3).ok());
  EXPECT_FALSE(CheckJsonNestingDepth(Nested(4, '{', '}'), 3).ok());
}

TEST(NestingLimitTest, DepthIsOfNestingNotOfCount) {
  std::string siblings;
  for (int i = 0; i < 5000; ++i) siblings += "[1],";
  EXPECT_TRUE(CheckJsonNestingDepth("[" + siblings + "[]]", 2).ok());
}

TEST(NestingLimitTest, BracketsInStringsAndEscapedQuotesDoNotCount) {
  EXPECT_TRUE(CheckJsonNestingDepth(R"({"a": "[[[[{{{{"})", 1).ok());
  EXPECT_TRUE(CheckJsonNestingDepth(R"({"a": "x\"[[[[", "b": 1})", 1).ok());
  EXPECT_FALSE(CheckJsonNestingDepth(R"({"a": "x\\", "b": [1]})", 1).ok());
}

TEST(NestingLimitTest, UnbalancedTextIsLeftToTheParser) {
  EXPECT_TRUE(CheckJsonNestingDepth("]]]}}}", 1).ok());
  EXPECT_TRUE(CheckJsonNestingDepth("\"unterminated [[[[", 1).ok());
  EXPECT_TRUE(CheckJsonNestingDepth("", 1).ok());
}

}  // namespace
}  // namespace hoodie
