// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/path_test.cc
/// \brief JoinPath, ParentPath and FileName on the edge cases callers hit.
#include "hoodie/storage/path.h"

#include <gtest/gtest.h>

namespace hoodie {
namespace {

TEST(PathTest, JoinPathPutsExactlyOneSlashAtTheSeam) {
  EXPECT_EQ(JoinPath("/t", ".hoodie"), "/t/.hoodie");
  EXPECT_EQ(JoinPath("/t/", ".hoodie"), "/t/.hoodie");
  EXPECT_EQ(JoinPath("/t//", "/.hoodie"), "/t/.hoodie");
  EXPECT_EQ(JoinPath("bucket/t", "year=2024/month=01"), "bucket/t/year=2024/month=01");
}

TEST(PathTest, JoinPathSkipsEmptyParts) {
  EXPECT_EQ(JoinPath("/t", ""), "/t");  // non-partitioned: empty partition path
  EXPECT_EQ(JoinPath("/t/", ""), "/t");
  EXPECT_EQ(JoinPath("", "f.parquet"), "f.parquet");
  EXPECT_EQ(JoinPath("", ""), "");
  EXPECT_EQ(JoinPath("/", "a"), "/a");
  EXPECT_EQ(JoinPath("/", ""), "/");
}

TEST(PathTest, ParentPathDropsTheLastComponent) {
  EXPECT_EQ(ParentPath("/t/.hoodie/001.commit"), "/t/.hoodie");
  EXPECT_EQ(ParentPath("/t/.hoodie/"), "/t");
  EXPECT_EQ(ParentPath("/t"), "/");
  EXPECT_EQ(ParentPath("/"), "");
  EXPECT_EQ(ParentPath("bucket/key"), "bucket");
  EXPECT_EQ(ParentPath("key"), "");
  EXPECT_EQ(ParentPath(""), "");
  EXPECT_EQ(ParentPath("/a//b"), "/a");
}

TEST(PathTest, FileNameIsTheLastComponent) {
  EXPECT_EQ(FileName("/t/p/f1_0-1-0_001.parquet"), "f1_0-1-0_001.parquet");
  EXPECT_EQ(FileName("/t/p/"), "p");
  EXPECT_EQ(FileName("name"), "name");
  EXPECT_EQ(FileName("/"), "");
  EXPECT_EQ(FileName(""), "");
}

}  // namespace
}  // namespace hoodie
