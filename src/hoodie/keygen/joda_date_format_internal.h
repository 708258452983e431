// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/joda_date_format_internal.h
/// \brief The subset of Joda-Time DateTimeFormat patterns Hudi's timestamp key generator
/// is configured with, for printing and parsing (org.joda.time.format.DateTimeFormat).
#pragma once

#include <arrow/result.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hoodie::internal {

/// A parsed date-time: wall-clock millis (as if UTC) plus the offset found in the text.
struct ParsedDateTime {
  int64_t local_millis = 0;
  std::optional<int32_t> offset_seconds;
};

/// \brief A compiled Joda pattern. Supported letters: y Y (year, year of era), M (1-2
/// digits, MMM short and MMMM full English month names), d, D (day of year), H, k, h, K,
/// a (AM/PM), m, s, S (fraction of second), E (English day names), Z (+0100) and ZZ
/// (+01:00); quoted text and any non-letter are literals. Other letters are rejected.
/// Immutable; thread-safe.
class JodaDateFormat {
 public:
  /// Invalid naming the letter for unsupported or illegal pattern letters (Joda throws
  /// "Illegal pattern component" for the latter) and for an unterminated quote.
  static ::arrow::Result<JodaDateFormat> Compile(std::string_view pattern);

  /// Prints the wall-clock time `local_millis` whose zone offset is `offset_seconds`.
  std::string Format(int64_t local_millis, int32_t offset_seconds) const;

  /// Parses all of `text` (DateTimeFormatter.parseDateTime); fields that are absent
  /// default to 1970-01-01T00:00:00.000. Invalid, quoting the text, on a mismatch or an
  /// out-of-range field.
  ::arrow::Result<ParsedDateTime> Parse(std::string_view text) const;

  const std::string& pattern() const { return pattern_; }

 private:
  struct Token {
    char letter = 0;  // 0 for literal text
    int count = 0;
    std::string literal;
  };
  struct ParseState;
  ::arrow::Status ParseToken(size_t index, std::string_view text, size_t* pos,
                             ParseState* state) const;
  ::arrow::Status ParseYear(size_t index, std::string_view text, size_t* pos,
                            ParseState* state) const;
  ::arrow::Status ParseNumber(char letter, int n, std::string_view text, size_t* pos,
                              ParseState* state) const;
  bool NextIsNumeric(size_t index) const;

  std::string pattern_;
  std::vector<Token> tokens_;
};


}  // namespace hoodie::internal
