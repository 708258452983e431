// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/time_zone.cc
/// \brief Java time zone ids and UTC <-> wall-clock conversion via Arrow compute.
#include <arrow/api.h>
#include <arrow/compute/api.h>

#include <algorithm>
#include <cctype>

#include "hoodie/common/ascii.h"
#include "hoodie/keygen/time_zone_internal.h"

namespace hoodie::internal {

namespace {

// java.util.TimeZone custom ids: GMT followed by +/-, then H, HH, H:MM, HH:MM or HHMM.
std::optional<int32_t> ParseCustomGmtId(std::string_view rest) {
  if (rest.empty() || (rest[0] != '+' && rest[0] != '-')) return std::nullopt;
  int sign = rest[0] == '-' ? -1 : 1;
  rest.remove_prefix(1);
  std::string digits;
  int hours = 0;
  int minutes = 0;
  size_t colon = rest.find(':');
  auto all_digits = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(),
                                     [](unsigned char c) { return std::isdigit(c); });
  };
  if (colon != std::string_view::npos) {
    std::string_view h = rest.substr(0, colon);
    std::string_view m = rest.substr(colon + 1);
    if (!all_digits(h) || h.size() > 2 || !all_digits(m) || m.size() != 2) {
      return std::nullopt;
    }
    hours = std::stoi(std::string(h));
    minutes = std::stoi(std::string(m));
  } else {
    if (!all_digits(rest) || rest.size() > 4 || rest.size() == 3) return std::nullopt;
    if (rest.size() <= 2) {
      hours = std::stoi(std::string(rest));
    } else {
      hours = std::stoi(std::string(rest.substr(0, 2)));
      minutes = std::stoi(std::string(rest.substr(2)));
    }
  }
  if (hours > 23 || minutes > 59) return std::nullopt;
  return sign * (hours * 3600 + minutes * 60);
}

::arrow::Result<std::vector<int64_t>> RunLocalTimestamp(const std::string& zone,
                                                        const std::vector<int64_t>& utc) {
  ARROW_RETURN_NOT_OK(EnsureComputeInitialized());
  ::arrow::TimestampBuilder builder(::arrow::timestamp(::arrow::TimeUnit::MILLI, zone),
                                    ::arrow::default_memory_pool());
  ARROW_RETURN_NOT_OK(builder.AppendValues(utc));
  ARROW_ASSIGN_OR_RAISE(auto input, builder.Finish());
  ARROW_ASSIGN_OR_RAISE(auto result,
                        ::arrow::compute::CallFunction("local_timestamp", {input}));
  const auto& local = static_cast<const ::arrow::TimestampArray&>(*result.make_array());
  return std::vector<int64_t>(local.raw_values(), local.raw_values() + local.length());
}

}  // namespace

std::string TimeZone::key() const {
  return fixed ? "offset:" + std::to_string(offset_seconds) : "zone:" + name;
}

::arrow::Result<TimeZone> ParseJavaTimeZone(std::string_view id) {
  std::string upper = ToUpperAscii(id);
  for (std::string_view utc :
       {"UTC", "GMT", "UT", "UCT", "Z", "ZULU", "UNIVERSAL", "GREENWICH", "ETC/UTC",
        "ETC/GMT", "ETC/UCT", "ETC/UNIVERSAL", "ETC/ZULU", "ETC/GREENWICH", "GMT0"}) {
    if (upper == utc) return TimeZone::Utc();
  }
  if (upper.rfind("GMT", 0) == 0) {
    if (auto offset = ParseCustomGmtId(std::string_view(id).substr(3))) {
      return TimeZone::Fixed(*offset);
    }
  }
  TimeZone zone{false, 0, std::string(id)};
  auto probe = RunLocalTimestamp(zone.name, {0});
  if (!probe.ok()) {
    return ::arrow::Status::Invalid(
        "unknown time zone '", id,
        "' (use UTC, GMT+HH:MM or an IANA name such as Asia/Shanghai; Java would "
        "silently use GMT)");
  }
  return zone;
}

::arrow::Result<std::vector<int64_t>> UtcToLocalMillis(const TimeZone& zone,
                                                       const std::vector<int64_t>& utc) {
  if (zone.fixed) {
    std::vector<int64_t> out(utc);
    for (auto& value : out) value += zone.offset_seconds * 1000LL;
    return out;
  }
  return RunLocalTimestamp(zone.name, utc);
}

::arrow::Result<std::vector<std::optional<int64_t>>> LocalToUtcMillis(
    const TimeZone& zone, const std::vector<int64_t>& local) {
  const size_t n = local.size();
  std::vector<std::optional<int64_t>> out(n);
  if (zone.fixed) {
    for (size_t i = 0; i < n; ++i) out[i] = local[i] - zone.offset_seconds * 1000LL;
    return out;
  }
  // Offsets in force 18 hours either side bound every offset the wall time can have
  // (transitions are never that close together). Each candidate instant that maps
  // back to the wall time is valid; Joda takes the earliest.
  constexpr int64_t kProbe = 18 * 3600 * 1000LL;
  std::vector<int64_t> probes(2 * n);
  for (size_t i = 0; i < n; ++i) {
    probes[2 * i] = local[i] - kProbe;
    probes[2 * i + 1] = local[i] + kProbe;
  }
  ARROW_ASSIGN_OR_RAISE(auto probe_local, RunLocalTimestamp(zone.name, probes));
  std::vector<int64_t> candidates(2 * n);
  for (size_t i = 0; i < 2 * n; ++i) {
    int64_t offset = probe_local[i] - probes[i];
    candidates[i] = local[i / 2] - offset;
  }
  ARROW_ASSIGN_OR_RAISE(auto candidate_local, RunLocalTimestamp(zone.name, candidates));
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 2 * i; k < 2 * i + 2; ++k) {
      if (candidate_local[k] != local[i]) continue;
      if (!out[i] || candidates[k] < *out[i]) out[i] = candidates[k];
    }
  }
  return out;
}

}  // namespace hoodie::internal
