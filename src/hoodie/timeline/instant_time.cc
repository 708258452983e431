// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/instant_time.cc
/// \brief Instant time generation and parsing (HoodieInstantTimeGenerator).
#include "hoodie/common/clock.h"
#include "hoodie/common/civil_date.h"
#include "hoodie/common/enum_choice.h"
#include "hoodie/timeline/instant_time.h"

#include <time.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <mutex>

namespace hoodie {
namespace {

std::mutex& GeneratorMutex() {
  static std::mutex mutex;
  return mutex;
}

// The last time this process handed out (HoodieInstantTimeGenerator.lastInstantTime).
std::string& LastInstantTime() {
  static std::string last;
  return last;
}

bool AllDigits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int ToInt(std::string_view digits) {
  int value = 0;
  for (char c : digits) value = value * 10 + (c - '0');
  return value;
}

// Converts a broken-down local or UTC time to epoch seconds; false if out of range.
bool ToEpochSeconds(struct tm* fields, TimelineTimeZone zone, int64_t* seconds) {
  fields->tm_isdst = -1;
  time_t t = zone == TimelineTimeZone::kUtc ? timegm(fields) : mktime(fields);
  if (t == static_cast<time_t>(-1) && fields->tm_year != 69) return false;
  *seconds = static_cast<int64_t>(t);
  return true;
}

constexpr EnumChoice<TimelineTimeZone> kTimelineTimeZoneNames[] = {
    {"LOCAL", TimelineTimeZone::kLocal}, {"UTC", TimelineTimeZone::kUtc}};

}  // namespace

const char* TimelineTimeZoneName(TimelineTimeZone zone) {
  // The names are literals, so the view's data ends with a NUL.
  return EnumName(zone, kTimelineTimeZoneNames).data();
}

::arrow::Result<TimelineTimeZone> ParseTimelineTimeZone(std::string_view value) {
  return ParseEnum("hoodie.table.timeline.timezone", value, kTimelineTimeZoneNames);
}

std::string InstantTimeGenerator::FormatMillis(int64_t epoch_millis,
                                               TimelineTimeZone zone) {
  int64_t seconds = epoch_millis / 1000;
  int64_t millis = epoch_millis % 1000;
  if (millis < 0) {
    millis += 1000;
    seconds -= 1;
  }
  time_t t = static_cast<time_t>(seconds);
  struct tm fields{};
  if (zone == TimelineTimeZone::kUtc) {
    gmtime_r(&t, &fields);
  } else {
    localtime_r(&t, &fields);
  }
  char buffer[80];
  std::snprintf(buffer, sizeof(buffer), "%04d%02d%02d%02d%02d%02d%03d",
                fields.tm_year + 1900, fields.tm_mon + 1, fields.tm_mday, fields.tm_hour,
                fields.tm_min, fields.tm_sec, static_cast<int>(millis));
  return buffer;
}

::arrow::Result<int64_t> InstantTimeGenerator::ParseToEpochMillis(
    std::string_view instant_time, TimelineTimeZone zone) {
  // The all-zero init instant is not a date but Hudi maps it to the epoch.
  if (instant_time == kInitInstantTs) return 0;
  if (!AllDigits(instant_time)) {
    return ::arrow::Status::Invalid("Instant time is not all digits: '", instant_time,
                                    "'");
  }
  std::string text(instant_time);
  if (text.size() == kSecsInstantTimeLength) {
    text += "999";
  } else if (text.size() > kMillisInstantTimeLength) {
    text.resize(kMillisInstantTimeLength);
  }
  if (text.size() != kMillisInstantTimeLength) {
    return ::arrow::Status::Invalid("Instant time has ", instant_time.size(),
                                    " digits (expected 14 or at least 17): '",
                                    instant_time, "'");
  }
  std::string_view v(text);
  int year = ToInt(v.substr(0, 4)), month = ToInt(v.substr(4, 2));
  int day = ToInt(v.substr(6, 2)), hour = ToInt(v.substr(8, 2));
  int minute = ToInt(v.substr(10, 2)), second = ToInt(v.substr(12, 2));
  int millis = ToInt(v.substr(14, 3));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 ||
      second > 59) {
    return ::arrow::Status::Invalid("Instant time is not a valid date-time: '",
                                    instant_time, "'");
  }
  // java.time's default SMART resolver moves day 29-31 past the month's end back to
  // the last day of the month instead of failing.
  day = static_cast<int>(std::min<int64_t>(day, DaysInMonth(year, month)));
  struct tm fields{};
  fields.tm_year = year - 1900;
  fields.tm_mon = month - 1;
  fields.tm_mday = day;
  fields.tm_hour = hour;
  fields.tm_min = minute;
  fields.tm_sec = second;
  int64_t seconds = 0;
  if (!ToEpochSeconds(&fields, zone, &seconds)) {
    return ::arrow::Status::Invalid("Instant time is out of range: '", instant_time, "'");
  }
  return seconds * 1000 + millis;
}

bool InstantTimeGenerator::IsValidInstantTime(std::string_view instant_time) {
  std::string_view digits = instant_time;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) digits.remove_prefix(1);
  if (!AllDigits(digits)) return false;
  int64_t value = 0;
  auto [end, error] = std::from_chars(instant_time.data() + (instant_time[0] == '+'),
                                      instant_time.data() + instant_time.size(), value);
  return error == std::errc() && end == instant_time.data() + instant_time.size();
}

bool InstantTimeGenerator::IsWellFormedInstantTime(std::string_view instant_time) {
  if (instant_time == kInitInstantTs || instant_time == kMetadataBootstrapInstantTs ||
      instant_time == kFullBootstrapInstantTs) {
    return true;
  }
  return AllDigits(instant_time) &&
         ParseToEpochMillis(instant_time, TimelineTimeZone::kUtc).ok();
}

::arrow::Result<std::string> InstantTimeGenerator::CreateNewInstantTime(
    TimelineTimeZone zone, std::string_view floor) {
  std::lock_guard<std::mutex> lock(GeneratorMutex());
  std::string& last = LastInstantTime();
  std::string bound = std::max(last, std::string(floor));
  std::string candidate = FormatMillis(EpochMillisNow(), zone);
  if (candidate <= bound) {
    // The clock is behind the last generated or the floor instant: Java spins until the
    // clock passes it; we continue from the bound instead so a future-dated floor
    // cannot hang the writer.
    ARROW_ASSIGN_OR_RAISE(int64_t bound_millis, ParseToEpochMillis(bound, zone));
    int64_t millis = std::max(EpochMillisNow(), bound_millis + 1);
    candidate = FormatMillis(millis, zone);
    // Local wall-clock time repeats when daylight saving ends; step forward by seconds
    // (at most a few hours) until the string is greater again.
    for (int step = 0; candidate <= bound && step < 4 * 3600; ++step) {
      millis += 1000;
      candidate = FormatMillis(millis, zone);
    }
    if (candidate <= bound) {
      return ::arrow::Status::Invalid("Cannot create an instant time greater than '",
                                      bound, "'");
    }
  }
  last = candidate;
  return candidate;
}

void InstantTimeGenerator::ResetForTesting() {
  std::lock_guard<std::mutex> lock(GeneratorMutex());
  LastInstantTime().clear();
}

}  // namespace hoodie
