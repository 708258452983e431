// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/checkpoint.cc
#include "hoodie/streamer/checkpoint.h"

#include <arrow/status.h>

#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie {
namespace {

// HoodieTimeline.FULL_BOOTSTRAP_INSTANT_TS: tables whose only commits are bootstrap ones
// may have no checkpoint.
constexpr char kFullBootstrapInstant[] = "00000000000002";

std::string NonEmpty(const CommitMetadata& metadata, const char* key) {
  return metadata.GetMetadata(key).value_or("");
}

}  // namespace

::arrow::Result<ResumePoint> ChooseResumeCheckpoint(const ActiveTimeline* timeline,
                                                    bool merge_on_read,
                                                    const CheckpointFlags& flags) {
  ResumePoint out;
  if (timeline == nullptr) {
    out.checkpoint = flags.checkpoint;
    return out;
  }
  Timeline commits = timeline->timeline().GetCommitsTimeline().FilterCompleted();
  // A table that moved from copy-on-write to merge-on-read resumes from its
  // deltacommits once it has one (the last commits may be compactions).
  Timeline deltas = commits.GetDeltaCommitTimeline();
  if (merge_on_read && !deltas.Empty()) commits = deltas;
  std::optional<Instant> last = commits.LastInstant();
  if (!last) {
    out.checkpoint = flags.checkpoint;
    return out;
  }
  const std::vector<Instant>& instants = commits.instants();
  for (auto it = instants.rbegin(); it != instants.rend(); ++it) {
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline->ReadCommitMetadata(*it));
    std::string key = NonEmpty(metadata, kCheckpointKey);
    std::string reset = NonEmpty(metadata, kCheckpointResetKey);
    if (key.empty() && reset.empty()) continue;  // another writer's or a service's commit
    out.from_instant = it->timestamp;
    out.after_reset = !reset.empty();
    std::string ignored = NonEmpty(metadata, kCheckpointIgnoreKey);
    if (flags.ignore_checkpoint && (ignored.empty() || *flags.ignore_checkpoint != ignored)) {
      out.checkpoint.reset();
    } else if (flags.checkpoint && (reset.empty() || *flags.checkpoint != reset)) {
      out.checkpoint = flags.checkpoint;
    } else if (!key.empty()) {
      out.checkpoint = key;
    } else if (last->timestamp > kFullBootstrapInstant) {
      return ::arrow::Status::Invalid(
          "unable to find the previous checkpoint: commit ", it->timestamp,
          " records only ", kCheckpointResetKey, "=", reset,
          "; was this table written by a streamer? (last commit ", last->timestamp,
          "); give --checkpoint to choose where to resume");
    }
    break;
  }
  // StreamSync.readFromSource: no checkpoint to resume from falls back to the flag.
  if (!out.checkpoint) out.checkpoint = flags.checkpoint;
  return out;
}

std::vector<std::pair<std::string, std::string>> CheckpointMetadata(
    const std::optional<std::string>& next_checkpoint, const CheckpointFlags& flags,
    bool force_skip) {
  std::vector<std::pair<std::string, std::string>> out;
  if (force_skip) return out;
  if (next_checkpoint) out.emplace_back(kCheckpointKey, *next_checkpoint);
  if (flags.checkpoint) out.emplace_back(kCheckpointResetKey, *flags.checkpoint);
  if (flags.ignore_checkpoint) out.emplace_back(kCheckpointIgnoreKey, *flags.ignore_checkpoint);
  return out;
}

}  // namespace hoodie
