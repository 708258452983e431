// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/joda_date_format.cc
/// \brief Printing and parsing with a Joda-Time pattern subset (DateTimeFormat).
#include <arrow/status.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <span>

#include "hoodie/common/ascii.h"
#include "hoodie/common/civil_date.h"
#include "hoodie/keygen/joda_date_format_internal.h"

namespace hoodie::internal {

namespace {

constexpr int64_t kMillisPerDay = 86400000;
struct Fields {
  int64_t year = 1970;
  unsigned month = 1;
  unsigned day = 1;
  int64_t day_of_year = 0;  // 0 = not given
  int hour = 0;
  int minute = 0;
  int second = 0;
  int millis = 0;
  int day_of_week = 0;  // 0 = Monday
};

Fields SplitMillis(int64_t local_millis) {
  int64_t days = local_millis / kMillisPerDay;
  int64_t rest = local_millis % kMillisPerDay;
  if (rest < 0) {
    rest += kMillisPerDay;
    --days;
  }
  // On int64, so far years print as Joda does.
  const CivilDate date = CivilFromDays(days);
  Fields f;
  f.day = static_cast<unsigned>(date.day);
  f.month = static_cast<unsigned>(date.month);
  f.year = date.year;
  f.day_of_year = DayOfYear(date.year, date.month, date.day);
  f.hour = static_cast<int>(rest / 3600000);
  f.minute = static_cast<int>(rest / 60000 % 60);
  f.second = static_cast<int>(rest / 1000 % 60);
  f.millis = static_cast<int>(rest % 1000);
  f.day_of_week = WeekdayFromDays(days);
  return f;
}

std::string Padded(int64_t value, int min_digits) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  if (static_cast<int>(digits.size()) < min_digits) {
    digits.insert(0, min_digits - digits.size(), '0');
  }
  return value < 0 ? "-" + digits : digits;
}

std::string Offset(int32_t seconds, bool colon) {
  std::string out = seconds < 0 ? "-" : "+";
  int32_t magnitude = std::abs(seconds);
  out += Padded(magnitude / 3600, 2);
  if (colon) out += ':';
  out += Padded(magnitude / 60 % 60, 2);
  return out;
}

bool AppendDateField(char letter, int n, const Fields& f, std::string* out) {
  switch (letter) {
    case 'y':
      *out += n == 2 ? Padded(((f.year % 100) + 100) % 100, 2) : Padded(f.year, n);
      return true;
    case 'Y': {
      int64_t year_of_era = f.year > 0 ? f.year : 1 - f.year;
      *out += n == 2 ? Padded(year_of_era % 100, 2) : Padded(year_of_era, n);
      return true;
    }
    case 'M':
      if (n <= 2) {
        *out += Padded(f.month, n);
      } else {
        std::string_view name = kMonthNames[f.month - 1];
        *out += n == 3 ? name.substr(0, 3) : name;
      }
      return true;
    case 'd':
      *out += Padded(f.day, n);
      return true;
    case 'D':
      *out += Padded(f.day_of_year, n);
      return true;
    case 'E': {
      std::string_view name = kWeekdayNames[f.day_of_week];
      *out += n >= 4 ? name : name.substr(0, 3);
      return true;
    }
    default:
      return false;
  }
}

void AppendTimeField(char letter, int n, const Fields& f, std::string* out) {
  switch (letter) {
    case 'H':
      *out += Padded(f.hour, n);
      break;
    case 'k':
      *out += Padded(f.hour == 0 ? 24 : f.hour, n);
      break;
    case 'h':
      *out += Padded(f.hour % 12 == 0 ? 12 : f.hour % 12, n);
      break;
    case 'K':
      *out += Padded(f.hour % 12, n);
      break;
    case 'a':
      *out += f.hour < 12 ? "AM" : "PM";
      break;
    case 'm':
      *out += Padded(f.minute, n);
      break;
    case 's':
      *out += Padded(f.second, n);
      break;
    case 'S': {
      // appendFractionOfSecond(n, n): exactly n digits, truncated or zero-padded.
      std::string digits = Padded(f.millis, 3);
      digits.resize(n, '0');
      *out += digits;
      break;
    }
    default:
      break;
  }
}

// Reads the quoted literal starting at `start` (a quote); '' is a single quote inside
// or outside quotes. Returns the index after the literal.
::arrow::Result<size_t> ReadQuoted(std::string_view pattern, size_t start,
                                   std::string* literal) {
  size_t j = start + 1;
  if (j < pattern.size() && pattern[j] == '\'') {
    *literal = "'";
    return j + 1;
  }
  for (; j < pattern.size(); ++j) {
    if (pattern[j] != '\'') {
      literal->push_back(pattern[j]);
    } else if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
      literal->push_back('\'');
      ++j;
    } else {
      return j + 1;
    }
  }
  return ::arrow::Status::Invalid("date format '", pattern,
                                  "' has an unterminated quote");
}

bool IsNumericLetter(char letter, int count) {
  switch (letter) {
    case 'y':
    case 'Y':
    case 'd':
    case 'D':
    case 'h':
    case 'H':
    case 'k':
    case 'K':
    case 'm':
    case 's':
    case 'S':
      return true;
    case 'M':
      return count <= 2;
    default:
      return false;
  }
}

bool IsSupportedLetter(char letter) {
  return std::string_view("yYMdDHkhKamsSEZ").find(letter) != std::string_view::npos;
}

// Letters Joda knows but this engine does not implement.
bool IsJodaLetter(char letter) {
  return std::string_view("GCxwezeF").find(letter) != std::string_view::npos;
}

bool MatchWord(std::string_view text, size_t pos, std::string_view word) {
  if (text.size() - pos < word.size()) return false;
  return EqualsIgnoreCase(text.substr(pos, word.size()), word);
}

// Matches a full or three-letter English name; returns the index or -1.
int MatchName(std::string_view text, size_t* pos,
              std::span<const std::string_view> names) {
  for (int full = 1; full >= 0; --full) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      std::string_view name = names[i];
      if (!full) name = name.substr(0, 3);
      if (MatchWord(text, *pos, name)) {
        *pos += name.size();
        return i;
      }
    }
  }
  return -1;
}

}  // namespace

struct JodaDateFormat::ParseState {
  Fields fields;
  std::optional<int32_t> offset_seconds;
  int half_day = -1;  // 0 AM, 1 PM
  int hour_of_half_day = -1;
  bool two_digit_year = false;
};

::arrow::Result<JodaDateFormat> JodaDateFormat::Compile(std::string_view pattern) {
  if (pattern.empty()) {
    // DateTimeFormat.forPattern("") throws "Invalid pattern specification".
    return ::arrow::Status::Invalid(
        "date format is empty (invalid pattern specification)");
  }
  JodaDateFormat format;
  format.pattern_ = std::string(pattern);
  size_t i = 0;
  while (i < pattern.size()) {
    char c = pattern[i];
    if (c == '\'') {
      std::string literal;
      ARROW_ASSIGN_OR_RAISE(i, ReadQuoted(pattern, i, &literal));
      format.tokens_.push_back({0, 0, std::move(literal)});
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < pattern.size() && pattern[j] == c) ++j;
      int count = static_cast<int>(j - i);
      if (!IsSupportedLetter(c) || (c == 'Z' && count > 2)) {
        if (IsJodaLetter(c) || c == 'Z') {
          return ::arrow::Status::Invalid(
              "date format '", pattern, "': pattern letter '", std::string(count, c),
              "' is not supported by hoodie (supported: y Y M "
              "d D H k h K a m s S E Z ZZ)");
        }
        return ::arrow::Status::Invalid(
            "date format '", pattern, "': illegal pattern component '",
            std::string(count, c), "' (Joda-Time rejects it)");
      }
      format.tokens_.push_back({c, count, {}});
      i = j;
    } else {
      format.tokens_.push_back({0, 0, std::string(1, c)});
      ++i;
    }
  }
  return format;
}

std::string JodaDateFormat::Format(int64_t local_millis, int32_t offset_seconds) const {
  Fields f = SplitMillis(local_millis);
  std::string out;
  for (const Token& token : tokens_) {
    if (token.letter == 0) {
      out += token.literal;
    } else if (token.letter == 'Z') {
      out += Offset(offset_seconds, token.count == 2);
    } else if (!AppendDateField(token.letter, token.count, f, &out)) {
      AppendTimeField(token.letter, token.count, f, &out);
    }
  }
  return out;
}

bool JodaDateFormat::NextIsNumeric(size_t index) const {
  return index + 1 < tokens_.size() &&
         IsNumericLetter(tokens_[index + 1].letter, tokens_[index + 1].count);
}

namespace {

::arrow::Status Malformed(std::string_view text, size_t pos) {
  return ::arrow::Status::Invalid("Invalid format: \"", text, "\" is malformed at \"",
                                  text.substr(std::min(pos, text.size())), "\"");
}

// Reads 1..max_digits digits (with an optional sign when `signed_value`).
bool ReadNumber(std::string_view text, size_t* pos, int max_digits, bool signed_value,
                int64_t* value, int* digits) {
  size_t p = *pos;
  bool negative = false;
  if (signed_value && p < text.size() && (text[p] == '-' || text[p] == '+')) {
    negative = text[p] == '-';
    ++p;
  }
  int64_t number = 0;
  int count = 0;
  while (p < text.size() && count < max_digits &&
         std::isdigit(static_cast<unsigned char>(text[p]))) {
    number = number * 10 + (text[p] - '0');
    ++p;
    ++count;
  }
  if (count == 0) return false;
  *value = negative ? -number : number;
  *digits = count;
  *pos = p;
  return true;
}

// Joda's two-digit year pivot: the century window starts 80 years before now
// (appendTwoDigitYear(currentYear - 30) covers pivot-50 .. pivot+49).
int64_t ExpandTwoDigitYear(int64_t two_digits) {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  int64_t pivot = utc.tm_year + 1900 - 30;
  int64_t low = pivot - 50;
  int64_t year = low - ((low % 100) + 100) % 100 + two_digits;
  if (year < low) year += 100;
  return year;
}

::arrow::Status CheckRange(std::string_view text, std::string_view field, int64_t value,
                           int64_t low, int64_t high) {
  if (value >= low && value <= high) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid("Cannot parse \"", text, "\": Value ", value, " for ",
                                  field, " must be in the range [", low, ",", high, "]");
}

bool ParseOffset(std::string_view text, size_t* pos, int32_t* seconds) {
  size_t p = *pos;
  if (p < text.size() && (text[p] == 'Z' || text[p] == 'z')) {
    *seconds = 0;
    *pos = p + 1;
    return true;
  }
  if (p >= text.size() || (text[p] != '+' && text[p] != '-')) return false;
  int sign = text[p] == '-' ? -1 : 1;
  ++p;
  int64_t hours = 0;
  int64_t minutes = 0;
  int digits = 0;
  if (!ReadNumber(text, &p, 2, false, &hours, &digits) || digits != 2 || hours > 23) {
    return false;
  }
  if (p < text.size() && text[p] == ':') ++p;
  size_t before = p;
  if (ReadNumber(text, &p, 2, false, &minutes, &digits)) {
    if (digits != 2 || minutes > 59) return false;
  } else {
    p = before;
  }
  *seconds = static_cast<int32_t>(sign * (hours * 3600 + minutes * 60));
  *pos = p;
  return true;
}

}  // namespace

::arrow::Status JodaDateFormat::ParseYear(size_t index, std::string_view text,
                                          size_t* pos, ParseState* state) const {
  const Token& token = tokens_[index];
  const int n = token.count;
  // Joda reads up to 9 digits unless another number follows without a separator.
  bool lenient = !NextIsNumeric(index);
  int max = lenient ? 9 : (n == 2 ? 2 : n);
  size_t start = *pos;
  int64_t value = 0;
  int digits = 0;
  if (!ReadNumber(text, pos, max, true, &value, &digits)) return Malformed(text, *pos);
  bool plain_two = n == 2 && digits == 2 && std::isdigit(text[start]);
  state->fields.year = plain_two ? ExpandTwoDigitYear(value) : value;
  if (token.letter == 'Y' && !plain_two && value <= 0) {
    return CheckRange(text, "yearOfEra", value, 1, 292278993);
  }
  return ::arrow::Status::OK();
}

::arrow::Status JodaDateFormat::ParseNumber(char letter, int n, std::string_view text,
                                            size_t* pos, ParseState* state) const {
  struct Spec {
    const char* name;
    int64_t low;
    int64_t high;
    int digits;
  };
  Spec spec{};
  switch (letter) {
    case 'M':
      spec = {"monthOfYear", 1, 12, 2};
      break;
    case 'd':
      spec = {"dayOfMonth", 1, 31, 2};
      break;
    case 'D':
      spec = {"dayOfYear", 1, 366, 3};
      break;
    case 'H':
      spec = {"hourOfDay", 0, 23, 2};
      break;
    case 'k':
      spec = {"clockhourOfDay", 1, 24, 2};
      break;
    case 'h':
      spec = {"clockhourOfHalfday", 1, 12, 2};
      break;
    case 'K':
      spec = {"hourOfHalfday", 0, 11, 2};
      break;
    case 'm':
      spec = {"minuteOfHour", 0, 59, 2};
      break;
    case 's':
      spec = {"secondOfMinute", 0, 59, 2};
      break;
    default:
      return Malformed(text, *pos);
  }
  int64_t value = 0;
  int digits = 0;
  if (!ReadNumber(text, pos, std::max(spec.digits, n), false, &value, &digits)) {
    return Malformed(text, *pos);
  }
  ARROW_RETURN_NOT_OK(CheckRange(text, spec.name, value, spec.low, spec.high));
  Fields& f = state->fields;
  switch (letter) {
    case 'M':
      f.month = static_cast<unsigned>(value);
      break;
    case 'd':
      f.day = static_cast<unsigned>(value);
      break;
    case 'D':
      f.day_of_year = value;
      break;
    case 'H':
    case 'k':
      f.hour = static_cast<int>(value % 24);
      break;
    case 'h':
    case 'K':
      state->hour_of_half_day = static_cast<int>(value % 12);
      break;
    case 'm':
      f.minute = static_cast<int>(value);
      break;
    default:
      f.second = static_cast<int>(value);
      break;
  }
  return ::arrow::Status::OK();
}

::arrow::Status JodaDateFormat::ParseToken(size_t index, std::string_view text,
                                           size_t* pos, ParseState* state) const {
  const Token& token = tokens_[index];
  switch (token.letter) {
    case 0:
      if (!MatchWord(text, *pos, token.literal)) return Malformed(text, *pos);
      *pos += token.literal.size();
      return ::arrow::Status::OK();
    case 'y':
    case 'Y':
      return ParseYear(index, text, pos, state);
    case 'M':
      if (token.count >= 3) {
        int month = MatchName(text, pos, kMonthNames);
        if (month < 0) return Malformed(text, *pos);
        state->fields.month = static_cast<unsigned>(month + 1);
        return ::arrow::Status::OK();
      }
      break;
    case 'a':
      if (!MatchWord(text, *pos, "AM") && !MatchWord(text, *pos, "PM")) {
        return Malformed(text, *pos);
      }
      state->half_day = MatchWord(text, *pos, "PM") ? 1 : 0;
      *pos += 2;
      return ::arrow::Status::OK();
    case 'E':
      if (MatchName(text, pos, kWeekdayNames) < 0) return Malformed(text, *pos);
      return ::arrow::Status::OK();
    case 'Z': {
      int32_t seconds = 0;
      if (!ParseOffset(text, pos, &seconds)) return Malformed(text, *pos);
      state->offset_seconds = seconds;
      return ::arrow::Status::OK();
    }
    case 'S': {
      int64_t value = 0;
      int digits = 0;
      if (!ReadNumber(text, pos, token.count, false, &value, &digits)) {
        return Malformed(text, *pos);
      }
      // A fraction: scale the digits read to milliseconds, dropping finer digits.
      for (; digits < 3; ++digits) value *= 10;
      for (; digits > 3; --digits) value /= 10;
      state->fields.millis = static_cast<int>(value);
      return ::arrow::Status::OK();
    }
    default:
      break;
  }
  return ParseNumber(token.letter, token.count, text, pos, state);
}

::arrow::Result<ParsedDateTime> JodaDateFormat::Parse(std::string_view text) const {
  ParseState state;
  size_t pos = 0;
  for (size_t i = 0; i < tokens_.size(); ++i) {
    ARROW_RETURN_NOT_OK(ParseToken(i, text, &pos, &state));
  }
  if (pos != text.size()) return Malformed(text, pos);
  Fields& f = state.fields;
  if (state.hour_of_half_day >= 0) {
    f.hour = state.hour_of_half_day + 12 * std::max(state.half_day, 0);
  } else if (state.half_day >= 0) {
    f.hour = f.hour % 12 + 12 * state.half_day;
  }
  int64_t days;
  if (f.day_of_year > 0) {
    days = DaysFromCivil(f.year, 1, 1) + f.day_of_year - 1;
  } else {
    // Joda rejects a day beyond the month's length (February 30).
    ARROW_RETURN_NOT_OK(
        CheckRange(text, "dayOfMonth", f.day, 1, DaysInMonth(f.year, f.month)));
    days = DaysFromCivil(f.year, f.month, f.day);
  }
  ParsedDateTime out;
  out.local_millis = days * kMillisPerDay + f.hour * 3600000LL + f.minute * 60000LL +
                     f.second * 1000LL + f.millis;
  out.offset_seconds = state.offset_seconds;
  return out;
}

}  // namespace hoodie::internal
