// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/time_zone_internal.h
/// \brief Java TimeZone ids (UTC, GMT+08:00, IANA region names) and vectorised
/// UTC <-> wall-clock conversion through Arrow's time zone database.
#pragma once

#include "hoodie/common/compute_kernels.h"

#include <arrow/result.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hoodie::internal {

/// A zone: a fixed offset, or an IANA region resolved by Arrow (tzdata).
struct TimeZone {
  bool fixed = true;
  int32_t offset_seconds = 0;
  std::string name;  ///< IANA name when !fixed

  static TimeZone Utc() { return TimeZone(); }
  static TimeZone Fixed(int32_t seconds) { return TimeZone{true, seconds, {}}; }
  /// A key that is equal for equal zones.
  std::string key() const;
};

/// Resolves a java.util.TimeZone id: UTC, GMT, UT, UCT, Z and Etc/UTC-style names;
/// custom ids GMT+H, GMT+HH, GMT+HHMM, GMT+HH:MM (and '-'); otherwise an IANA name
/// known to the time zone database. Invalid for anything else: Java would silently fall
/// back to GMT, which hides typos such as "UTC+8".
::arrow::Result<TimeZone> ParseJavaTimeZone(std::string_view id);

/// Wall-clock millis of each UTC instant in `zone`.
::arrow::Result<std::vector<int64_t>> UtcToLocalMillis(const TimeZone& zone,
                                                       const std::vector<int64_t>& utc);

/// The UTC instant of each wall-clock time in `zone`, as Joda's
/// DateTimeZone.getOffsetFromLocal resolves it: in an overlap the earlier instant; a
/// time inside a gap has none (nullopt).
::arrow::Result<std::vector<std::optional<int64_t>>> LocalToUtcMillis(
    const TimeZone& zone, const std::vector<int64_t>& local);

}  // namespace hoodie::internal
