// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/incr_source_helper.cc
#include <charconv>

#include "hoodie/common/ascii.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/streamer/incr_source_helper_internal.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

::arrow::Result<MissingCheckpoint> MissingCheckpointFrom(const HoodieConfig& config) {
  std::string strategy = ToUpperAscii(
      config.GetExplicit(StreamerConfig::kHoodieIncrMissingCheckpointStrategy)
          .value_or(""));
  ARROW_ASSIGN_OR_RAISE(
      bool read_latest,
      config.Get(StreamerConfig::kHoodieIncrReadLatestOnMissingCheckpoint));
  if (read_latest || strategy == "READ_LATEST") return MissingCheckpoint::kReadLatest;
  if (strategy == "READ_UPTO_LATEST_COMMIT") return MissingCheckpoint::kReadUpToLatest;
  if (!strategy.empty()) {
    return ::arrow::Status::Invalid(
        StreamerConfig::kHoodieIncrMissingCheckpointStrategy.key, "=", strategy,
        ": READ_LATEST or READ_UPTO_LATEST_COMMIT");
  }
  return MissingCheckpoint::kNone;
}

::arrow::Result<std::string> IncrSourcePath(const HoodieConfig& config,
                                            const char* source) {
  std::optional<std::string> path = config.GetExplicit(StreamerConfig::kHoodieIncrPath);
  if (!path || path->empty()) {
    return ::arrow::Status::Invalid(source, " needs ",
                                    StreamerConfig::kHoodieIncrPath.key,
                                    " (the base path of the table to pull from)");
  }
  return *path;
}

::arrow::Result<int32_t> NumInstantsPerFetch(const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(int32_t num, config.Get(StreamerConfig::kHoodieIncrNumInstants));
  if (num <= 0) {
    return ::arrow::Status::Invalid(StreamerConfig::kHoodieIncrNumInstants.key,
                                    " must be positive");
  }
  return num;
}

::arrow::Status MissingCheckpointError() {
  return ::arrow::Status::Invalid(
      "missing begin instant for incremental pull. For reading from latest committed "
      "instant set ",
      StreamerConfig::kHoodieIncrMissingCheckpointStrategy.key,
      " to a valid value (READ_LATEST or READ_UPTO_LATEST_COMMIT)");
}

std::string StrictlyLowerInstant(const std::string& instant) {
  int64_t value = 0;
  auto [ptr, ec] =
      std::from_chars(instant.data(), instant.data() + instant.size(), value);
  if (ec != std::errc() || value <= 0) return kDefaultBeginInstant;
  std::string lower = std::to_string(value - 1);
  while (lower.size() < instant.size()) lower.insert(lower.begin(), '0');
  return lower;
}

Timeline ReadableInstants(const ActiveTimeline& timeline) {
  const Timeline all = timeline.timeline().GetCommitsAndCompactionTimeline();
  const Timeline pending = all.FilterPendingExcludingCompaction();
  const Timeline completed = all.FilterCompleted();
  std::optional<Instant> first_pending = pending.FirstInstant();
  if (!first_pending) return completed;
  return completed.FindInstantsBefore(first_pending->timestamp);
}

}  // namespace hoodie::internal
