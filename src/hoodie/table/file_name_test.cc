// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_name_test.cc
/// \brief Base/log file name parsing and the Java log file order.
#include <gtest/gtest.h>

#include "hoodie/table/file_name_internal.h"

namespace hoodie {
namespace {

TEST(FileNameTest, ParsesBaseFileName) {
  auto file = internal::ParseBaseFileName(
      "a22e8257-e249-45e9-ba46-115bc85adcba-0_0-161-223_20240418173235694.parquet");
  ASSERT_TRUE(file.has_value());
  EXPECT_EQ(file->file_id, "a22e8257-e249-45e9-ba46-115bc85adcba-0");
  EXPECT_EQ(file->write_token, "0-161-223");
  EXPECT_EQ(file->commit_time, "20240418173235694");
}

TEST(FileNameTest, RejectsNonHudiFiles) {
  EXPECT_FALSE(internal::ParseBaseFileName(".hoodie_partition_metadata"));
  EXPECT_FALSE(internal::ParseBaseFileName(".DS_Store"));
  EXPECT_FALSE(internal::ParseBaseFileName("part-0000.parquet"));
  EXPECT_FALSE(internal::ParseBaseFileName("abc_0-1-2_2024.csv"));
  EXPECT_FALSE(internal::ParseBaseFileName("abc_x-1-2_2024.parquet"));
  EXPECT_FALSE(internal::ParseLogFileName(".hoodie_partition_metadata"));
  EXPECT_FALSE(internal::ParseLogFileName("._x-0_0-1-2_20240101.parquet"));
  EXPECT_FALSE(internal::ParseLogFileName(".f-0_20240101.log.1_0-1-2.cdc"));
}

TEST(FileNameTest, ParsesLogFileName) {
  auto file = internal::ParseLogFileName(
      ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1");
  ASSERT_TRUE(file.has_value());
  EXPECT_EQ(file->file_id, "0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0");
  EXPECT_EQ(file->base_commit_time, "20250126040823628");
  EXPECT_EQ(file->version, 2);
  EXPECT_EQ(file->write_token, "1-0-1");
  auto bare = internal::ParseLogFileName(".f-0_20250126040823628.log.12");
  ASSERT_TRUE(bare.has_value());
  EXPECT_EQ(bare->version, 12);
  EXPECT_EQ(bare->write_token, "");
  // Hadoop's checksum file of a log file is not a log file.
  EXPECT_FALSE(internal::ParseLogFileName(
                   "..0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1.crc")
                   .has_value());
}

TEST(FileNameTest, LogOrderIsInstantThenVersionThenToken) {
  auto a = *internal::ParseLogFileName(".f-0_20250101.log.2_0-1-1");
  auto b = *internal::ParseLogFileName(".f-0_20250101.log.10_0-1-1");
  auto c = *internal::ParseLogFileName(".f-0_20250102.log.1_0-1-1");
  auto d = *internal::ParseLogFileName(".f-0_20250101.log.2_1-0-1");
  EXPECT_TRUE(LogFileLess(a, b));  // numeric version, not text
  EXPECT_TRUE(LogFileLess(b, c));
  EXPECT_TRUE(LogFileLess(a, d));
  EXPECT_FALSE(LogFileLess(c, a));
}

}  // namespace
}  // namespace hoodie
