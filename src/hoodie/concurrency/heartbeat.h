// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/heartbeat.h
/// \brief Writers' heartbeats (Hudi's HoodieHeartbeatClient): while a write is pending
/// under the LAZY failed-writes policy, its writer touches `.hoodie/.heartbeat/<instant>`
/// every hoodie.client.heartbeat.interval_in_ms, so that other writers can tell a live
/// write from a failed one (a heartbeat older than interval x
/// hoodie.client.heartbeat.tolerable.misses) and roll back only the failed ones.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include <thread>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class Storage;

/// \brief The heartbeat settings.
struct HOODIE_EXPORT HeartbeatOptions {
  int64_t interval_ms = 60000;
  int32_t tolerable_misses = 2;

  static ::arrow::Result<HeartbeatOptions> FromConfig(const HoodieConfig& config);
  /// How old a heartbeat may be before its write counts as failed.
  int64_t MaxAgeMs() const { return interval_ms * tolerable_misses; }
};

/// `<base>/.hoodie/.heartbeat/<instant>`.
HOODIE_EXPORT std::string HeartbeatPath(const std::string& base_path,
                                        const std::string& instant);

/// Deletes the heartbeat of `instant`, if any: its write completed, was given up or was
/// rolled back (HeartbeatUtils.deleteHeartbeatFile).
HOODIE_EXPORT ::arrow::Status DeleteHeartbeat(Storage& storage, const std::string& base_path,
                                              const std::string& instant);

/// The instants that have a heartbeat file, in order; none when the folder is absent.
HOODIE_EXPORT ::arrow::Result<std::vector<std::string>> ListHeartbeats(
    Storage& storage, const std::string& base_path);

/// Whether the write of `instant` has no heartbeat younger than options.MaxAgeMs() at
/// `now_ms` (HoodieHeartbeatClient.isHeartbeatExpired from storage: a missing file
/// counts as a heartbeat at time 0, so expired).
HOODIE_EXPORT ::arrow::Result<bool> IsHeartbeatExpired(Storage& storage,
                                                       const std::string& base_path,
                                                       const std::string& instant,
                                                       const HeartbeatOptions& options,
                                                       int64_t now_ms);

/// \brief Beats for the pending instants of one writer, on a thread of its own.
/// Destroying it stops beating and leaves the files, which then expire.
class HOODIE_EXPORT HeartbeatClient {
 public:
  HeartbeatClient(std::shared_ptr<Storage> storage, std::string base_path,
                  HeartbeatOptions options);
  ~HeartbeatClient();
  HeartbeatClient(const HeartbeatClient&) = delete;
  HeartbeatClient& operator=(const HeartbeatClient&) = delete;

  /// Beats for `instant` now (the file exists when it returns), then every interval.
  ::arrow::Status Start(const std::string& instant);
  /// Stops beating for `instant` and deletes its file (HoodieHeartbeatClient.stop).
  ::arrow::Status Stop(const std::string& instant);
  /// Stops beating for `instant` and leaves its file: another writer took the instant
  /// time, and the heartbeat is that writer's.
  void Forget(const std::string& instant);
  /// Whether this writer's own last beat for `instant` is older than the tolerance:
  /// it may have been taken for failed and rolled back (abortIfHeartbeatExpired).
  bool OwnBeatExpired(const std::string& instant, int64_t now_ms) const;

 private:
  ::arrow::Status Beat(const std::string& instant);
  void Run();

  std::shared_ptr<Storage> storage_;
  std::string base_path_;
  HeartbeatOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, int64_t> last_beat_ms_;  // the instants beating
  std::string in_flight_;           // the instant the thread is beating for, unlocked
  bool delete_after_beat_ = false;  // Stop ran during that beat
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace hoodie
