// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/instant_time.h
/// \brief Instant times (`yyyyMMddHHmmssSSS`): generation, parsing, validation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// `hoodie.table.timeline.timezone`: the zone instant times are written in.
enum class TimelineTimeZone { kLocal, kUtc };

/// Parses "LOCAL" or "UTC" (case-insensitive, as HoodieTimelineTimeZone); Invalid
/// naming the key and value otherwise.
HOODIE_EXPORT
::arrow::Result<TimelineTimeZone> ParseTimelineTimeZone(std::string_view value);

/// "LOCAL" or "UTC", as stored in hoodie.table.timeline.timezone.
HOODIE_EXPORT const char* TimelineTimeZoneName(TimelineTimeZone zone);

/// Special instant times (HoodieTimeline).
inline constexpr std::string_view kInitInstantTs = "00000000000000";
inline constexpr std::string_view kMetadataBootstrapInstantTs = "00000000000001";
inline constexpr std::string_view kFullBootstrapInstantTs = "00000000000002";
inline constexpr std::string_view kInvalidInstantTs = "0";

/// Length of a millisecond instant time and of a legacy second-granularity one.
inline constexpr size_t kMillisInstantTimeLength = 17;
inline constexpr size_t kSecsInstantTimeLength = 14;

/// \brief Makes and reads instant times (HoodieInstantTimeGenerator).
///
/// Thread-safe. The generator remembers the last time it returned in this process, so
/// successive calls from any thread return strictly increasing strings.
class HOODIE_EXPORT InstantTimeGenerator {
 public:
  /// Returns "now" formatted as `yyyyMMddHHmmssSSS` in `zone`, strictly greater (as a
  /// string, the way Hudi compares) than every time this process generated before and
  /// than `floor` (pass the greatest instant already on the timeline; may be empty).
  /// When the clock lags behind those bounds the result is the bound plus one
  /// millisecond instead of busy-waiting for the clock.
  /// \return Invalid only if no greater time can be formed (a bound past year 9999).
  static ::arrow::Result<std::string> CreateNewInstantTime(
      TimelineTimeZone zone = TimelineTimeZone::kLocal, std::string_view floor = "");

  /// Formats milliseconds since the epoch as `yyyyMMddHHmmssSSS` in `zone`.
  static std::string FormatMillis(int64_t epoch_millis, TimelineTimeZone zone);

  /// Parses an instant time to milliseconds since the epoch, reading it in `zone`.
  /// 14-digit legacy times get `999` ms appended, longer-than-17 ones (metadata table
  /// suffixes) are cut to 17, and `00000000000000` is the epoch (as Hudi).
  /// \return Invalid naming the value if it is not such a date-time.
  static ::arrow::Result<int64_t> ParseToEpochMillis(std::string_view instant_time,
                                                     TimelineTimeZone zone);

  /// Hudi's own check (HoodieInstantTimeGenerator.isValidInstantTime): the string
  /// parses as a Java long (optional sign, decimal digits, within int64 range).
  static bool IsValidInstantTime(std::string_view instant_time);

  /// The stricter check for times we accept from users or write ourselves: digits only
  /// and either a parseable 14- or 17-or-more digit date-time, or one of the special
  /// instants above.
  static bool IsWellFormedInstantTime(std::string_view instant_time);

  /// Forgets the process-wide last generated time (tests only).
  static void ResetForTesting();
};

}  // namespace hoodie
