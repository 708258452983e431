// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/checkpoint.h
/// \brief Where a streamer round resumes: the source checkpoint stored in a commit's
/// extraMetadata, chosen as Hudi 0.15's StreamSync.getCheckpointToResume chooses it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;

/// extraMetadata keys of a streamer commit (HoodieDeltaStreamer.CHECKPOINT_KEY,
/// CHECKPOINT_RESET_KEY, StreamSync.CHECKPOINT_IGNORE_KEY); 0.15 kept the old names.
inline constexpr char kCheckpointKey[] = "deltastreamer.checkpoint.key";
inline constexpr char kCheckpointResetKey[] = "deltastreamer.checkpoint.reset_key";
inline constexpr char kCheckpointIgnoreKey[] = "deltastreamer.checkpoint.ignore_key";

/// The user's checkpoint flags.
struct HOODIE_EXPORT CheckpointFlags {
  /// --checkpoint: resume from this once (recorded as reset_key so it applies once).
  std::optional<std::string> checkpoint;
  /// --ignore-checkpoint: start afresh once (recorded as ignore_key).
  std::optional<std::string> ignore_checkpoint;
};

/// The checkpoint to resume from and the commit it came from.
struct HOODIE_EXPORT ResumePoint {
  /// None: read the source from its beginning.
  std::optional<std::string> checkpoint;
  /// The instant whose extraMetadata was used; empty when none was.
  std::string from_instant;
  /// That commit carried a reset_key (Kafka's timestamp checkpoint type then applies no
  /// longer).
  bool after_reset = false;
};

/// StreamSync.getCheckpointToResume over `timeline` (null: the table does not exist
/// yet). Completed commits, deltacommits and replacecommits are walked newest first,
/// only deltacommits when `merge_on_read` and there is one; the first commit with a
/// non-empty checkpoint or reset key decides: an ignore flag differing from its
/// ignore_key starts afresh, a --checkpoint differing from its reset_key resumes from
/// the flag, else its checkpoint key. None found: the --checkpoint flag, if any.
/// \return Invalid when the decisive commit has only a reset key and the last commit is
///   later than 00000000000002 (Hudi's "Unable to find previous checkpoint").
HOODIE_EXPORT
::arrow::Result<ResumePoint> ChooseResumeCheckpoint(const ActiveTimeline* timeline,
                                                    bool merge_on_read,
                                                    const CheckpointFlags& flags);

/// The extraMetadata entries a round commits (StreamSync.writeToSinkAndDoMetaSync):
/// the source's next checkpoint when it has one, the --checkpoint flag as reset_key and
/// the --ignore-checkpoint flag as ignore_key; none with `force_skip`
/// (hoodie.streamer.checkpoint.force.skip).
HOODIE_EXPORT std::vector<std::pair<std::string, std::string>> CheckpointMetadata(
    const std::optional<std::string>& next_checkpoint, const CheckpointFlags& flags,
    bool force_skip);

}  // namespace hoodie
