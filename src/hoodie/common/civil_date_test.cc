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

}  // namespace
}  // namespace hoodie
