// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/java_date_pattern.h
/// \brief Java DateTimeFormatter patterns ("yyyy-MM-dd HH:mm"), as Spark's date_format
/// takes them, applied to a civil date and time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// A date and time of the proleptic Gregorian calendar, zone-less (UTC).
struct HOODIE_EXPORT CivilTime {
  int32_t year = 1970;
  int32_t month = 1;  ///< 1-12
  int32_t day = 1;    ///< 1-31
  int32_t hour = 0;
  int32_t minute = 0;
  int32_t second = 0;
  int32_t micros = 0;
};

/// \brief A parsed pattern. Letters y M d H h m s S E a D, runs of them as Java counts
/// them ("M" 3, "MM" 03, "MMM" Mar, "MMMM" March), text in single quotes ('' is a
/// quote) and any other character kept as it is.
class HOODIE_EXPORT JavaDatePattern {
 public:
  /// Invalid, naming the letter, for a pattern letter Spark knows and this does not
  /// (zones, weeks, eras...), or for an unclosed quote.
  static ::arrow::Result<JavaDatePattern> Parse(std::string_view pattern);

  std::string Format(const CivilTime& time) const;

 private:
  struct Field {
    char letter = 0;  ///< 0: literal text
    int count = 0;
    std::string text;
  };
  std::vector<Field> fields_;
};

}  // namespace hoodie
