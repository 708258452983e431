// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/streamer.h
/// \brief Streamer: rounds of StreamSync, once or continuously, with merge-on-read
/// compactions run on a background thread (Hudi's HoodieStreamer with its
/// StreamSyncService and AsyncCompactService).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/client/type_fwd.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Totals over a run, for the progress line and the metrics.
struct HOODIE_EXPORT StreamerTotals {
  int64_t rounds = 0;
  int64_t commits = 0;
  int64_t records_read = 0;
  int64_t source_size = 0;
  int64_t records_written = 0;
  int64_t compactions = 0;
  /// Compactions scheduled and not yet completed.
  int64_t pending_compactions = 0;
};

/// How a run is driven.
struct HOODIE_EXPORT RunControl {
  /// Stop after this many rounds (0: no limit). Run-once mode does one round.
  int64_t max_rounds = 0;
  /// Set (from a signal handler) to stop after the current round.
  const std::atomic<bool>* stop = nullptr;
  /// Called after each round.
  std::function<void(const RoundResult&, const StreamerTotals&)> on_round;
};

/// \brief Runs a streamer.
class HOODIE_EXPORT Streamer {
 public:
  static ::arrow::Result<std::unique_ptr<Streamer>> Make(StreamerOptions options,
                                                         HoodieConfig props);
  ~Streamer();

  /// Run-once: one round (with inline compaction on merge-on-read). --continuous:
  /// rounds spaced by --min-sync-interval-seconds until `control` stops them, each
  /// waiting while --max-pending-compactions compactions are pending; compactions run on
  /// a background thread, pending ones from before the run first. On stop the
  /// compaction under way finishes, the others stay pending for the next run.
  /// \return the first error of a round or of a compaction (the run stops there).
  ::arrow::Result<StreamerTotals> Run(const RunControl& control);

 private:
  Streamer() = default;

  std::unique_ptr<StreamSync> sync_;
  std::unique_ptr<AsyncCompactionService> compactor_;
};

}  // namespace hoodie
