// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/civil_date_test.cc
/// \brief Day numbers of calendar dates and back, across eras and leap rules.
#include "hoodie/common/civil_date.h"

#include <gtest/gtest.h>

namespace hoodie {
namespace {

TEST(CivilDateTest, DaysFromCivil) {
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(DaysFromCivil(2023, 4, 1), 19448);
  EXPECT_EQ(DaysFromCivil(1969, 12, 31), -1);
  EXPECT_EQ(DaysFromCivil(2000, 3, 1), 11017);
  EXPECT_EQ(DaysFromCivil(-1, 12, 31), -719529);
}

TEST(CivilDateTest, CivilFromDaysInvertsDaysFromCivil) {
  for (int64_t day = -800000; day <= 800000; day += 997) {
    CivilDate date = CivilFromDays(day);
    EXPECT_EQ(DaysFromCivil(date.year, date.month, date.day), day) << day;
    EXPECT_GE(date.day, 1);
    EXPECT_LE(date.day, DaysInMonth(date.year, date.month));
  }
  CivilDate leap = CivilFromDays(DaysFromCivil(2024, 2, 29));
  EXPECT_EQ(leap.year, 2024);
  EXPECT_EQ(leap.month, 2);
  EXPECT_EQ(leap.day, 29);
}

TEST(CivilDateTest, LeapYears) {
  EXPECT_TRUE(IsLeapYear(2000));
  EXPECT_FALSE(IsLeapYear(1900));
  EXPECT_TRUE(IsLeapYear(2024));
  EXPECT_EQ(DaysInMonth(2023, 2), 28);
  EXPECT_EQ(DaysInMonth(2024, 2), 29);
  EXPECT_EQ(DaysInMonth(2024, 12), 31);
}

TEST(CivilDateTest, DayOfYear) {
  EXPECT_EQ(DayOfYear(2023, 1, 1), 1);
  EXPECT_EQ(DayOfYear(2023, 3, 1), 60);
  EXPECT_EQ(DayOfYear(2024, 3, 1), 61);
  EXPECT_EQ(DayOfYear(2024, 12, 31), 366);
  EXPECT_EQ(DayOfYear(1900, 12, 31), 365);
  EXPECT_EQ(DayOfYear(-4, 12, 31), 366);
}

TEST(CivilDateTest, WeekdayFromDaysStartsOnMonday) {
  EXPECT_EQ(kWeekdayNames[WeekdayFromDays(0)], "Thursday");  // 1970-01-01
  EXPECT_EQ(kWeekdayNames[WeekdayFromDays(-1)], "Wednesday");
  EXPECT_EQ(kWeekdayNames[WeekdayFromDays(DaysFromCivil(2024, 2, 29))], "Thursday");
  EXPECT_EQ(kWeekdayNames[WeekdayFromDays(DaysFromCivil(2000, 1, 3))], "Monday");
  EXPECT_EQ(kWeekdayNames[WeekdayFromDays(DaysFromCivil(1582, 10, 15))], "Friday");
  EXPECT_EQ(kWeekdayNames[WeekdayFromDays(DaysFromCivil(-1, 12, 31))], "Friday");
  for (int64_t day = -800000; day <= 800000; day += 997) {
    EXPECT_EQ(WeekdayFromDays(day + 1), (WeekdayFromDays(day) + 1) % 7) << day;
  }
  EXPECT_EQ(kMonthNames[8], "September");
}

}  // namespace
}  // namespace hoodie
