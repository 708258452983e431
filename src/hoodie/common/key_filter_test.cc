// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/key_filter_test.cc
/// \brief KeyFilter never turns away a key it holds, and turns away most others.
#include "hoodie/common/key_filter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hoodie {
namespace {

TEST(KeyFilterTest, HoldsEveryAddedKeyAndTurnsAwayMostOthers) {
  std::vector<std::string> keys;
  for (int i = 0; i < 50000; ++i) keys.push_back("key-" + std::to_string(i * 2));
  KeyFilter filter;
  filter.Reset(keys.size());
  for (const std::string& key : keys) filter.Add(key);
  for (const std::string& key : keys) ASSERT_TRUE(filter.MayHold(key)) << key;
  int maybe = 0;
  for (int i = 0; i < 100000; ++i) maybe += filter.MayHold("key-" + std::to_string(i * 2 + 1));
  // 16 bits a key: about one absent key in 16 gets a "maybe".
  EXPECT_LT(maybe, 100000 / 8);
}

TEST(KeyFilterTest, ResetForgetsAndAnUnsizedFilterHoldsNothing) {
  KeyFilter filter;
  EXPECT_FALSE(filter.MayHold("a"));
  filter.Reset(1);
  filter.Add("a");
  EXPECT_TRUE(filter.MayHold("a"));
  filter.Reset(1);
  EXPECT_FALSE(filter.MayHold("a"));
}

}  // namespace
}  // namespace hoodie
