// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/key_range_filter_test.cc
/// \brief List- and tree-based key range filters agree and honour Java string order.
#include <random>

#include <gtest/gtest.h>

#include "hoodie/index/key_range_filter_internal.h"

namespace hoodie::internal {
namespace {

std::vector<FileKeyRange> SampleRanges() {
  return {{0, "b", "d"},
          {1, "a", "c"},
          {2, std::nullopt, std::nullopt},
          {3, "e", "e"},
          {4, "c", "z"}};
}

TEST(KeyRangeFilterTest, ListAndTreeFindTheSameFiles) {
  for (bool tree : {false, true}) {
    auto filter = KeyRangeFilter::Make(tree, SampleRanges());
    EXPECT_EQ(filter->CandidateFiles("a"), (std::vector<size_t>{1, 2})) << tree;
    EXPECT_EQ(filter->CandidateFiles("c"), (std::vector<size_t>{0, 1, 2, 4})) << tree;
    EXPECT_EQ(filter->CandidateFiles("e"), (std::vector<size_t>{2, 3, 4})) << tree;
    EXPECT_EQ(filter->CandidateFiles("0"), (std::vector<size_t>{2})) << tree;
    EXPECT_EQ(filter->CandidateFiles("zz"), (std::vector<size_t>{2})) << tree;
  }
}

TEST(KeyRangeFilterTest, ComparesLikeJavaStringNotUtf8Bytes) {
  // U+1F600 (surrogate pair in UTF-16) sorts before U+FF21 in Java, after it in UTF-8.
  const std::string emoji = "\xF0\x9F\x98\x80";
  const std::string fullwidth_a = "\xEF\xBC\xA1";
  for (bool tree : {false, true}) {
    auto filter = KeyRangeFilter::Make(tree, {{0, "a", fullwidth_a}});
    EXPECT_EQ(filter->CandidateFiles(emoji), (std::vector<size_t>{0})) << tree;
  }
}

TEST(KeyRangeFilterTest, TreeMatchesListOnRandomRanges) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> digit(0, 999);
  auto key = [&] {
    char buffer[8];
    std::snprintf(buffer, sizeof(buffer), "%03d", digit(rng));
    return std::string(buffer);
  };
  std::vector<FileKeyRange> ranges;
  for (size_t i = 0; i < 200; ++i) {
    std::string a = key(), b = key();
    if (b < a) std::swap(a, b);
    if (i % 37 == 0) {
      ranges.push_back({i, std::nullopt, std::nullopt});
    } else {
      ranges.push_back({i, a, b});
    }
  }
  auto list = KeyRangeFilter::Make(false, ranges);
  auto tree = KeyRangeFilter::Make(true, ranges);
  for (int i = 0; i < 1000; ++i) {
    std::string probe = key();
    ASSERT_EQ(list->CandidateFiles(probe), tree->CandidateFiles(probe)) << probe;
  }
}

}  // namespace
}  // namespace hoodie::internal
