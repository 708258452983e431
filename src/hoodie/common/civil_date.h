// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/civil_date.h
/// \brief Proleptic Gregorian calendar arithmetic on int64 day numbers (days since
/// 1970-01-01), valid far beyond std::chrono::year's range, as Java's and Joda's
/// calendars need (H. Hinnant's days_from_civil and civil_from_days).
#pragma once

#include <cstdint>
#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

/// A calendar date: month 1-12, day 1-31.
struct HOODIE_EXPORT CivilDate {
  int64_t year = 1970;
  int64_t month = 1;
  int64_t day = 1;
};

inline bool IsLeapYear(int64_t year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

/// Days in `month` (1-12) of `year`.
inline int64_t DaysInMonth(int64_t year, int64_t month) {
  static constexpr int64_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && IsLeapYear(year) ? 29 : kDays[month - 1];
}

/// Days since 1970-01-01 of a date (no range check).
inline int64_t DaysFromCivil(int64_t year, int64_t month, int64_t day) {
  year -= month <= 2;
  const int64_t era = (year >= 0 ? year : year - 399) / 400;
  const int64_t year_of_era = year - era * 400;
  const int64_t day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

/// The date `days` after 1970-01-01 (negative: before it).
inline CivilDate CivilFromDays(int64_t days) {
  const int64_t z = days + 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t day_of_era = z - era * 146097;
  const int64_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const int64_t day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t mp = (5 * day_of_year + 2) / 153;
  CivilDate out;
  out.day = day_of_year - (153 * mp + 2) / 5 + 1;
  out.month = mp < 10 ? mp + 3 : mp - 9;
  out.year = year_of_era + era * 400 + (out.month <= 2);
  return out;
}

/// Day of the year, 1 for January 1st (Java's DAY_OF_YEAR, pattern letter D).
inline int64_t DayOfYear(int64_t year, int64_t month, int64_t day) {
  return DaysFromCivil(year, month, day) - DaysFromCivil(year, 1, 1) + 1;
}

/// Day of the week of a day number: 0 for Monday to 6 for Sunday (ISO order, Java's
/// DayOfWeek.ordinal()). 1970-01-01 was a Thursday.
inline int WeekdayFromDays(int64_t days) {
  return static_cast<int>(((days % 7) + 7 + 3) % 7);
}

/// English month names, January first (Java's and Joda's Locale.ENGLISH text).
inline constexpr std::string_view kMonthNames[] = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

/// English weekday names in WeekdayFromDays order, Monday first.
inline constexpr std::string_view kWeekdayNames[] = {
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};

}  // namespace hoodie
