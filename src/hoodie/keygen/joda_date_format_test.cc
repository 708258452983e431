// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/joda_date_format_test.cc
/// \brief Printing and parsing with Joda-Time patterns.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/keygen/joda_date_format_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using ::testing::HasSubstr;

// 2023-04-01T12:01:00.123 as wall-clock millis.
constexpr int64_t kSample = 1680350460123;

std::string Print(const std::string& pattern, int64_t local, int32_t offset = 0) {
  return JodaDateFormat::Compile(pattern).ValueOrDie().Format(local, offset);
}

TEST(JodaDateFormatTest, PrintsNumericFields) {
  EXPECT_EQ(Print("yyyy/MM/dd/HH", kSample), "2023/04/01/12");
  EXPECT_EQ(Print("yyyyMMddHHmmssSSS", kSample), "20230401120100123");
  EXPECT_EQ(Print("yy-M-d H:m:s.S", kSample), "23-4-1 12:1:0.1");
  EXPECT_EQ(Print("SSSS", kSample), "1230");
  EXPECT_EQ(Print("D DDD", kSample), "91 091");
  EXPECT_EQ(Print("hh a K k", kSample), "12 PM 0 12");
  EXPECT_EQ(Print("hh a k", 0), "12 AM 24");
  EXPECT_EQ(Print("yyyy-MM-dd", -1), "1969-12-31");
}

TEST(JodaDateFormatTest, PrintsTextLiteralsAndOffsets) {
  EXPECT_EQ(Print("yyyy-MM-dd'T'HH:mm:ss.SSSZ", kSample, 0),
            "2023-04-01T12:01:00.123+0000");
  EXPECT_EQ(Print("HH:mmZZ", kSample, -5 * 3600 - 1800), "12:01-05:30");
  EXPECT_EQ(Print("EEE, d MMM yyyy", kSample), "Sat, 1 Apr 2023");
  EXPECT_EQ(Print("EEEE MMMM", kSample), "Saturday April");
  EXPECT_EQ(Print("'at' HH 'o''clock' ''", kSample), "at 12 o'clock '");
}

TEST(JodaDateFormatTest, RejectsUnsupportedAndIllegalLetters) {
  auto zone_id = JodaDateFormat::Compile("yyyy ZZZ");
  ASSERT_RAISES(Invalid, zone_id);
  EXPECT_THAT(zone_id.status().message(), HasSubstr("'ZZZ' is not supported"));
  auto week = JodaDateFormat::Compile("xxxx-ww");
  ASSERT_RAISES(Invalid, week);
  EXPECT_THAT(week.status().message(), HasSubstr("'xxxx' is not supported"));
  auto illegal = JodaDateFormat::Compile("yyyy-MM-ddTHH");
  ASSERT_RAISES(Invalid, illegal);
  EXPECT_THAT(illegal.status().message(), HasSubstr("illegal pattern component 'T'"));
  ASSERT_RAISES(Invalid, JodaDateFormat::Compile("yyyy-XX"));
  ASSERT_RAISES(Invalid, JodaDateFormat::Compile("'open"));
  ASSERT_RAISES(Invalid, JodaDateFormat::Compile(""));
}

TEST(JodaDateFormatTest, ParsesWithOffsets) {
  ASSERT_OK_AND_ASSIGN(auto format,
                       JodaDateFormat::Compile("yyyy-MM-dd'T'HH:mm:ss.SSSZ"));
  ASSERT_OK_AND_ASSIGN(auto utc, format.Parse("2023-04-01T12:01:00.123Z"));
  EXPECT_EQ(utc.local_millis, kSample);
  EXPECT_EQ(utc.offset_seconds, 0);
  ASSERT_OK_AND_ASSIGN(auto plus, format.Parse("2023-04-01T12:01:00.123+05:30"));
  EXPECT_EQ(plus.offset_seconds, 5 * 3600 + 1800);
  ASSERT_OK_AND_ASSIGN(auto minus, format.Parse("2023-04-01T12:01:00.123-0800"));
  EXPECT_EQ(minus.offset_seconds, -8 * 3600);
}

TEST(JodaDateFormatTest, ParsesCompactAndTextForms) {
  ASSERT_OK_AND_ASSIGN(auto compact, JodaDateFormat::Compile("yyyyMMddHH"));
  ASSERT_OK_AND_ASSIGN(auto parsed, compact.Parse("2023040112"));
  EXPECT_EQ(parsed.local_millis, kSample - 60123);
  EXPECT_FALSE(parsed.offset_seconds.has_value());
  ASSERT_OK_AND_ASSIGN(auto text, JodaDateFormat::Compile("EEE, d MMM yyyy hh:mm a"));
  ASSERT_OK_AND_ASSIGN(auto pm, text.Parse("sat, 1 april 2023 12:01 PM"));
  EXPECT_EQ(pm.local_millis, kSample - 123);
  ASSERT_OK_AND_ASSIGN(auto date_only, JodaDateFormat::Compile("yyyy-MM-dd"));
  ASSERT_OK_AND_ASSIGN(auto day, date_only.Parse("2023-4-1"));
  EXPECT_EQ(day.local_millis, 1680307200000);
}

TEST(JodaDateFormatTest, ParseErrorsQuoteTheText) {
  ASSERT_OK_AND_ASSIGN(auto format, JodaDateFormat::Compile("yyyy-MM-dd"));
  auto trailing = format.Parse("2023-04-01x");
  ASSERT_RAISES(Invalid, trailing);
  EXPECT_EQ(trailing.status().message(),
            "Invalid format: \"2023-04-01x\" is malformed at \"x\"");
  auto month = format.Parse("2023-13-01");
  ASSERT_RAISES(Invalid, month);
  EXPECT_EQ(month.status().message(),
            "Cannot parse \"2023-13-01\": Value 13 for monthOfYear must be in the range "
            "[1,12]");
  auto february = format.Parse("2023-02-29");
  ASSERT_RAISES(Invalid, february);
  EXPECT_THAT(february.status().message(), HasSubstr("Value 29 for dayOfMonth"));
  ASSERT_OK(format.Parse("2024-02-29"));
}


}  // namespace
}  // namespace hoodie::internal
