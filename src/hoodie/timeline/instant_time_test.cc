// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/instant_time_test.cc
/// \brief Instant time generation, parsing and validation.
#include "hoodie/timeline/instant_time.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

// 2024-04-18T17:35:50.988Z
constexpr int64_t kMillis = 1713461750988;

TEST(InstantTimeTest, FormatsMillisInUtc) {
  EXPECT_EQ(InstantTimeGenerator::FormatMillis(kMillis, TimelineTimeZone::kUtc),
            "20240418173550988");
  EXPECT_EQ(InstantTimeGenerator::FormatMillis(0, TimelineTimeZone::kUtc),
            "19700101000000000");
  EXPECT_EQ(InstantTimeGenerator::FormatMillis(5, TimelineTimeZone::kUtc),
            "19700101000000005");
}

TEST(InstantTimeTest, ParsesSeventeenDigitTimes) {
  ASSERT_OK_AND_ASSIGN(int64_t millis, InstantTimeGenerator::ParseToEpochMillis(
                                           "20240418173550988", TimelineTimeZone::kUtc));
  EXPECT_EQ(millis, kMillis);
}

TEST(InstantTimeTest, ParsesLegacyFourteenDigitTimesAtTheLastMillisecond) {
  ASSERT_OK_AND_ASSIGN(int64_t millis, InstantTimeGenerator::ParseToEpochMillis(
                                           "20240418173550", TimelineTimeZone::kUtc));
  EXPECT_EQ(millis, 1713461750999);
}

TEST(InstantTimeTest, TruncatesLongerTimesToSeventeenDigits) {
  ASSERT_OK_AND_ASSIGN(int64_t millis,
                       InstantTimeGenerator::ParseToEpochMillis("20240418173550988001",
                                                                TimelineTimeZone::kUtc));
  EXPECT_EQ(millis, kMillis);
}

TEST(InstantTimeTest, InitInstantIsTheEpoch) {
  ASSERT_OK_AND_ASSIGN(int64_t millis, InstantTimeGenerator::ParseToEpochMillis(
                                           kInitInstantTs, TimelineTimeZone::kLocal));
  EXPECT_EQ(millis, 0);
}

TEST(InstantTimeTest, RejectsNonDates) {
  for (const char* bad :
       {"", "2024041817355098", "202404181735509", "2024041817355098x",
        "20241318173550988", "20240418253550988", "00000000000001", "abc"}) {
    SCOPED_TRACE(bad);
    ASSERT_RAISES(Invalid,
                  InstantTimeGenerator::ParseToEpochMillis(bad, TimelineTimeZone::kUtc));
  }
}

TEST(InstantTimeTest, LocalParseInvertsLocalFormat) {
  int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  std::string local = InstantTimeGenerator::FormatMillis(now, TimelineTimeZone::kLocal);
  ASSERT_OK_AND_ASSIGN(int64_t parsed, InstantTimeGenerator::ParseToEpochMillis(
                                           local, TimelineTimeZone::kLocal));
  EXPECT_EQ(parsed, now);
}

TEST(InstantTimeTest, ValidatesLikeHudi) {
  // Hudi only asks whether the string is a Java long.
  EXPECT_TRUE(InstantTimeGenerator::IsValidInstantTime("20240418173550988"));
  EXPECT_TRUE(InstantTimeGenerator::IsValidInstantTime("0"));
  EXPECT_TRUE(InstantTimeGenerator::IsValidInstantTime("-1"));
  EXPECT_TRUE(InstantTimeGenerator::IsValidInstantTime("+12"));
  EXPECT_TRUE(InstantTimeGenerator::IsValidInstantTime("9223372036854775807"));
  EXPECT_FALSE(InstantTimeGenerator::IsValidInstantTime("9223372036854775808"));
  EXPECT_FALSE(InstantTimeGenerator::IsValidInstantTime(""));
  EXPECT_FALSE(InstantTimeGenerator::IsValidInstantTime("-"));
  EXPECT_FALSE(InstantTimeGenerator::IsValidInstantTime("2024-04-18"));
  EXPECT_FALSE(InstantTimeGenerator::IsValidInstantTime("20240418173550988001000"));
}

TEST(InstantTimeTest, ValidatesWellFormedInstantTimes) {
  EXPECT_TRUE(InstantTimeGenerator::IsWellFormedInstantTime("20240418173550988"));
  EXPECT_TRUE(InstantTimeGenerator::IsWellFormedInstantTime("20240418173550"));
  EXPECT_TRUE(InstantTimeGenerator::IsWellFormedInstantTime("20240418173550988001"));
  EXPECT_TRUE(InstantTimeGenerator::IsWellFormedInstantTime(kInitInstantTs));
  EXPECT_TRUE(InstantTimeGenerator::IsWellFormedInstantTime(kMetadataBootstrapInstantTs));
  EXPECT_TRUE(InstantTimeGenerator::IsWellFormedInstantTime(kFullBootstrapInstantTs));
  EXPECT_FALSE(InstantTimeGenerator::IsWellFormedInstantTime(kInvalidInstantTs));
  EXPECT_FALSE(InstantTimeGenerator::IsWellFormedInstantTime("2024041817355098"));
  EXPECT_FALSE(InstantTimeGenerator::IsWellFormedInstantTime("2024-04-18"));
  EXPECT_FALSE(InstantTimeGenerator::IsWellFormedInstantTime("20241318173550988"));
  EXPECT_FALSE(InstantTimeGenerator::IsWellFormedInstantTime("+20240418173550988"));
}

TEST(InstantTimeTest, SpecialInstants) {
  EXPECT_EQ(kInitInstantTs, "00000000000000");
  EXPECT_EQ(kMetadataBootstrapInstantTs, "00000000000001");
  EXPECT_EQ(kFullBootstrapInstantTs, "00000000000002");
  EXPECT_EQ(kInvalidInstantTs, "0");
}

TEST(InstantTimeTest, ParsesTimeZoneSetting) {
  ASSERT_OK_AND_ASSIGN(auto utc, ParseTimelineTimeZone("UTC"));
  EXPECT_EQ(utc, TimelineTimeZone::kUtc);
  ASSERT_OK_AND_ASSIGN(auto local, ParseTimelineTimeZone("local"));
  EXPECT_EQ(local, TimelineTimeZone::kLocal);
  auto bad = ParseTimelineTimeZone("PST");
  ASSERT_RAISES(Invalid, bad);
  EXPECT_THAT(bad, testing::StatusMessageHas("hoodie.table.timeline.timezone"));
}

TEST(InstantTimeTest, GeneratesValidUtcTimeCloseToNow) {
  InstantTimeGenerator::ResetForTesting();
  int64_t before = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  ASSERT_OK_AND_ASSIGN(
      std::string t, InstantTimeGenerator::CreateNewInstantTime(TimelineTimeZone::kUtc));
  ASSERT_EQ(t.size(), kMillisInstantTimeLength);
  ASSERT_OK_AND_ASSIGN(int64_t millis, InstantTimeGenerator::ParseToEpochMillis(
                                           t, TimelineTimeZone::kUtc));
  EXPECT_GE(millis, before);
  EXPECT_LT(millis, before + 60 * 1000);
}

TEST(InstantTimeTest, StrictlyIncreasingAcrossThreads) {
  constexpr int kThreads = 8;
  constexpr int kPerThread = 200;
  std::vector<std::vector<std::string>> per_thread(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        auto time = InstantTimeGenerator::CreateNewInstantTime(
            t % 2 ? TimelineTimeZone::kUtc : TimelineTimeZone::kLocal);
        per_thread[t].push_back(time.ok() ? *time : "");
      }
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<std::string> all;
  for (const auto& times : per_thread) {
    // Each thread sees strictly increasing values...
    EXPECT_TRUE(std::adjacent_find(times.begin(), times.end(),
                                   std::greater_equal<std::string>()) == times.end());
    for (const auto& time : times) {
      EXPECT_EQ(time.size(), kMillisInstantTimeLength);
      all.insert(time);
    }
  }
  // ...and no value is handed out twice.
  EXPECT_EQ(all.size(), static_cast<size_t>(kThreads * kPerThread));
}

TEST(InstantTimeTest, StaysAboveTheFloor) {
  // A floor one hour in the future (clock skew between writers) must not hang.
  int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  std::string floor =
      InstantTimeGenerator::FormatMillis(now + 3600 * 1000, TimelineTimeZone::kUtc);
  ASSERT_OK_AND_ASSIGN(std::string t, InstantTimeGenerator::CreateNewInstantTime(
                                          TimelineTimeZone::kUtc, floor));
  EXPECT_GT(t, floor);
  ASSERT_OK_AND_ASSIGN(std::string next, InstantTimeGenerator::CreateNewInstantTime(
                                             TimelineTimeZone::kUtc));
  EXPECT_GT(next, t);
  // Metadata-table style floors (longer than 17 digits) are exceeded as strings too.
  std::string mdt_floor = floor + "001";
  ASSERT_OK_AND_ASSIGN(std::string above_mdt, InstantTimeGenerator::CreateNewInstantTime(
                                                  TimelineTimeZone::kUtc, mdt_floor));
  EXPECT_GT(above_mdt, mdt_floor);
  InstantTimeGenerator::ResetForTesting();
}

}  // namespace
}  // namespace hoodie
