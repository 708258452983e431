// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/incr_source_helper_internal.h
/// \brief What the sources that pull from a Hudi table share (Hudi's IncrSourceHelper):
/// the instants they may read, the missing-checkpoint strategy, the begin before
/// everything.
#pragma once

#include <cstdint>
#include <string>

#include <arrow/result.h>

#include "hoodie/timeline/timeline.h"

namespace hoodie {
class ActiveTimeline;
class HoodieConfig;
namespace internal {

/// IncrSourceHelper.DEFAULT_BEGIN_TIMESTAMP: before every instant.
inline constexpr char kDefaultBeginInstant[] = "000";

/// IncrSourceHelper.MissingCheckpointStrategy; kNone: a missing checkpoint is an error.
enum class MissingCheckpoint { kNone, kReadLatest, kReadUpToLatest };

/// The strategy hoodie.deltastreamer.source.hoodieincr.missing.checkpoint.strategy and
/// .read_latest_on_missing_ckpt (which wins) set. Invalid naming a bad value.
::arrow::Result<MissingCheckpoint> MissingCheckpointFrom(const HoodieConfig& config);

/// hoodie.deltastreamer.source.hoodieincr.path, required: Invalid naming `source` and
/// the key when unset.
::arrow::Result<std::string> IncrSourcePath(const HoodieConfig& config,
                                            const char* source);

/// hoodie.deltastreamer.source.hoodieincr.num_instants: Invalid unless positive.
::arrow::Result<int32_t> NumInstantsPerFetch(const HoodieConfig& config);

/// The error of a missing checkpoint without a strategy.
::arrow::Status MissingCheckpointError();

/// getStrictlyLowerTimestamp: the instant time minus one, so that the instant itself is
/// read by a range that excludes its begin.
std::string StrictlyLowerInstant(const std::string& instant);

/// Completed commits, deltacommits, replacecommits and compactions before the first
/// pending write (hoodie.datasource.read.handle.hollow.commit=BLOCK, the streamer's
/// default): an instant after a write still in flight may not be read yet, or the
/// pending one would be skipped for ever once it completes.
Timeline ReadableInstants(const ActiveTimeline& timeline);

}  // namespace internal
}  // namespace hoodie
