// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_naming_test.cc
/// \brief Base and log file names as FSUtils makes and parses them.
#include "hoodie/table/file_naming.h"

#include <regex>

#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

TEST(FileNamingTest, MakesWriteTokenAndBaseFileName) {
  EXPECT_EQ(MakeWriteToken(0, 161, 223), "0-161-223");
  EXPECT_EQ(MakeBaseFileName("a22e8257-e249-45e9-ba46-115bc85adcba-0", MakeWriteToken(0, 161, 223),
                             "20240418173235694"),
            "a22e8257-e249-45e9-ba46-115bc85adcba-0_0-161-223_20240418173235694.parquet");
  EXPECT_EQ(MakeBaseFileName("f-0", kDefaultWriteToken, "1", ".hfile"), "f-0_0-0-0_1.hfile");
}

TEST(FileNamingTest, ParsesBaseFileNamesAndPaths) {
  ASSERT_OK_AND_ASSIGN(
      BaseFileName name,
      ParseBaseFileName("byteField=10/shortField=300/"
                        "a22e8257-e249-45e9-ba46-115bc85adcba-0_1-140-199_20240418173213674.parquet"));
  EXPECT_EQ(name, (BaseFileName{"a22e8257-e249-45e9-ba46-115bc85adcba-0", "1-140-199",
                                "20240418173213674", ".parquet"}));
  ASSERT_OK_AND_ASSIGN(name, ParseBaseFileName(MakeBaseFileName("x-3", "7-8-9", "20250101000000000")));
  EXPECT_EQ(name, (BaseFileName{"x-3", "7-8-9", "20250101000000000", ".parquet"}));
}

TEST(FileNamingTest, RejectsNamesThatAreNotBaseFiles) {
  for (const char* bad : {".hoodie_partition_metadata",
                          ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1",
                          "f-0_1-2_20240101.parquet", "f-0_1-2-3_2024x.parquet",
                          "f-0_1-2-3_20240101.txt", "f-0_1-2-3_20240101", "a_b_c_d.parquet",
                          "_1-2-3_20240101.parquet", "hoodie.properties", ""}) {
    SCOPED_TRACE(bad);
    ASSERT_RAISES(Invalid, ParseBaseFileName(bad));
  }
}

TEST(FileNamingTest, NewFileIdIsUuidV4WithCounterZero) {
  static const std::regex kUuid(
      "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-0$");
  std::string first = NewFileId();
  std::string second = NewFileId();
  EXPECT_TRUE(std::regex_match(first, kUuid)) << first;
  EXPECT_TRUE(std::regex_match(second, kUuid)) << second;
  EXPECT_NE(first, second);
  EXPECT_EQ(NewFileIdPrefix().size(), 36u);
}

TEST(FileNamingTest, MakesAndParsesLogFileNames) {
  std::string name = MakeLogFileName("0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0",
                                     "20250126040823628", 2, kUnknownWriteToken);
  EXPECT_EQ(name, ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1");
  ASSERT_OK_AND_ASSIGN(LogFileName log, ParseLogFileName("city=sf/" + name));
  EXPECT_EQ(log, (LogFileName{"0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0", "20250126040823628",
                              ".log", 2, "1-0-1", ""}));
  ASSERT_OK_AND_ASSIGN(log, ParseLogFileName(".f-0_20240101.log.3_0-13-9.cdc"));
  EXPECT_EQ(log, (LogFileName{"f-0", "20240101", ".log", 3, "0-13-9", ".cdc"}));
  ASSERT_OK_AND_ASSIGN(log, ParseLogFileName(".commits_.archive.12_1-0-1"));
  EXPECT_EQ(log, (LogFileName{"commits", "", ".archive", 12, "1-0-1", ""}));
  ASSERT_OK_AND_ASSIGN(log, ParseLogFileName(".f-0_20240101.log.1"));
  EXPECT_EQ(log, (LogFileName{"f-0", "20240101", ".log", 1, "", ""}));
}

TEST(FileNamingTest, RejectsNamesThatAreNotLogFiles) {
  for (const char* bad : {"f-0_1-2-3_20240101.parquet", ".hoodie_partition_metadata",
                          "f-0_20240101.log.1_1-0-1", ".f-0_20240101.log.x_1-0-1",
                          ".f-0_20240101.log.99999999999_1-0-1"}) {
    SCOPED_TRACE(bad);
    ASSERT_RAISES(Invalid, ParseLogFileName(bad));
  }
}

}  // namespace
}  // namespace hoodie
