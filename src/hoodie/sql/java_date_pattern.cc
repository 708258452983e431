// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/java_date_pattern.cc
#include "hoodie/sql/java_date_pattern.h"

#include <arrow/status.h>

#include "hoodie/common/civil_date.h"

namespace hoodie {
namespace {

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool Supported(char letter) {
  return std::string_view("yMdHhmsSEaD").find(letter) != std::string_view::npos;
}

void Padded(std::string* out, int64_t value, int width) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  if (value < 0) out->push_back('-');
  if (static_cast<int>(digits.size()) < width) out->append(width - digits.size(), '0');
  out->append(digits);
}

void Text(std::string* out, std::string_view full, int count) {
  out->append(count >= 4 ? full : full.substr(0, 3));
}

}  // namespace

::arrow::Result<JavaDatePattern> JavaDatePattern::Parse(std::string_view pattern) {
  JavaDatePattern out;
  auto literal = [&out](std::string_view text) {
    if (out.fields_.empty() || out.fields_.back().letter != 0) out.fields_.push_back({});
    out.fields_.back().text.append(text);
  };
  for (size_t i = 0; i < pattern.size();) {
    char c = pattern[i];
    if (c == '\'' && i + 1 < pattern.size() && pattern[i + 1] == '\'') {
      literal("'");
      i += 2;
    } else if (c == '\'') {
      // Quoted text, where '' is a quote.
      std::string text;
      size_t j = i + 1;
      for (;; ++j) {
        if (j >= pattern.size()) {
          return ::arrow::Status::Invalid("date_format pattern '", pattern,
                                          "' has an unclosed quote");
        }
        if (pattern[j] != '\'') {
          text.push_back(pattern[j]);
        } else if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
          text.push_back('\'');
          ++j;
        } else {
          break;
        }
      }
      literal(text);
      i = j + 1;
    } else if (IsLetter(c)) {
      size_t end = i;
      while (end < pattern.size() && pattern[end] == c) ++end;
      if (!Supported(c)) {
        return ::arrow::Status::Invalid(
            "date_format pattern letter '", std::string(1, c), "' (in '", pattern,
            "') is not supported natively; use y M d H h m s S E a D, or quote text");
      }
      out.fields_.push_back({c, static_cast<int>(end - i), {}});
      i = end;
    } else {
      literal(pattern.substr(i, 1));
      ++i;
    }
  }
  return out;
}

std::string JavaDatePattern::Format(const CivilTime& t) const {
  std::string out;
  for (const Field& f : fields_) {
    switch (f.letter) {
      case 0: out.append(f.text); break;
      case 'y': f.count == 2 ? Padded(&out, t.year % 100, 2) : Padded(&out, t.year, f.count); break;
      case 'M':
        if (f.count >= 3) {
          Text(&out, kMonthNames[t.month - 1], f.count);
        } else {
          Padded(&out, t.month, f.count);
        }
        break;
      case 'd': Padded(&out, t.day, f.count); break;
      case 'H': Padded(&out, t.hour, f.count); break;
      case 'h': Padded(&out, t.hour % 12 == 0 ? 12 : t.hour % 12, f.count); break;
      case 'm': Padded(&out, t.minute, f.count); break;
      case 's': Padded(&out, t.second, f.count); break;
      case 'S': {
        // Fraction of a second, truncated to `count` digits (zeros past microseconds).
        std::string digits;
        Padded(&digits, t.micros, 6);
        digits.resize(f.count, '0');
        out.append(digits);
        break;
      }
      case 'E':
        Text(&out, kWeekdayNames[WeekdayFromDays(DaysFromCivil(t.year, t.month, t.day))],
             f.count);
        break;
      case 'a': out.append(t.hour < 12 ? "AM" : "PM"); break;
      case 'D': Padded(&out, DayOfYear(t.year, t.month, t.day), f.count); break;
    }
  }
  return out;
}

}  // namespace hoodie
