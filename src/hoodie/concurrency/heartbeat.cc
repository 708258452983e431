// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/heartbeat.cc
/// \brief HeartbeatClient and the expiry test of other writers' heartbeats.
#include "hoodie/concurrency/heartbeat.h"

#include <chrono>
#include <utility>
#include <vector>

#include "hoodie/common/clock.h"
#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"

namespace hoodie {

::arrow::Result<HeartbeatOptions> HeartbeatOptions::FromConfig(const HoodieConfig& config) {
  HeartbeatOptions out;
  ARROW_ASSIGN_OR_RAISE(out.interval_ms, config.Get(LockConfig::kHeartbeatIntervalMs));
  ARROW_ASSIGN_OR_RAISE(out.tolerable_misses,
                        config.Get(LockConfig::kHeartbeatTolerableMisses));
  return out;
}

std::string HeartbeatPath(const std::string& base_path, const std::string& instant) {
  return JoinPath(base_path, ".hoodie/.heartbeat/" + instant);
}

::arrow::Status DeleteHeartbeat(Storage& storage, const std::string& base_path,
                               const std::string& instant) {
  const std::string path = HeartbeatPath(base_path, instant);
  ARROW_ASSIGN_OR_RAISE(bool exists, storage.FileExists(path));
  if (!exists) return ::arrow::Status::OK();
  return storage.DeleteFile(path);
}

::arrow::Result<std::vector<std::string>> ListHeartbeats(Storage& storage,
                                                        const std::string& base_path) {
  const std::string folder = JoinPath(base_path, ".hoodie/.heartbeat");
  ARROW_ASSIGN_OR_RAISE(bool exists, storage.FileExists(folder));
  std::vector<std::string> out;
  if (!exists) return out;
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> files, storage.List(folder, false));
  for (const FileStatus& file : files) {
    if (!file.is_directory) out.emplace_back(file.name());
  }
  return out;
}

::arrow::Result<bool> IsHeartbeatExpired(Storage& storage, const std::string& base_path,
                                         const std::string& instant,
                                         const HeartbeatOptions& options, int64_t now_ms) {
  const std::string path = HeartbeatPath(base_path, instant);
  ARROW_ASSIGN_OR_RAISE(bool exists, storage.FileExists(path));
  int64_t last = 0;
  if (exists) {
    auto status = storage.GetFileStatus(path);
    if (status.ok()) last = status->modification_time_ms;  // else deleted in between
  }
  return now_ms - last > options.MaxAgeMs();
}

HeartbeatClient::HeartbeatClient(std::shared_ptr<Storage> storage, std::string base_path,
                                 HeartbeatOptions options)
    : storage_(std::move(storage)), base_path_(std::move(base_path)), options_(options) {}

HeartbeatClient::~HeartbeatClient() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

::arrow::Status HeartbeatClient::Beat(const std::string& instant) {
  // An empty file written again: its modification time is the beat.
  return storage_->WriteAll(HeartbeatPath(base_path_, instant), "", /*overwrite=*/true);
}

::arrow::Status HeartbeatClient::Start(const std::string& instant) {
  ARROW_RETURN_NOT_OK(Beat(instant));
  std::lock_guard<std::mutex> lock(mutex_);
  last_beat_ms_[instant] = EpochMillisNow();
  if (!thread_.joinable()) thread_ = std::thread([this] { Run(); });
  return ::arrow::Status::OK();
}

::arrow::Status HeartbeatClient::Stop(const std::string& instant) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (last_beat_ms_.erase(instant) == 0) return ::arrow::Status::OK();
    if (in_flight_ == instant) delete_after_beat_ = true;
  }
  return DeleteHeartbeat(*storage_, base_path_, instant);
}

void HeartbeatClient::Forget(const std::string& instant) {
  std::lock_guard<std::mutex> lock(mutex_);
  last_beat_ms_.erase(instant);
}

bool HeartbeatClient::OwnBeatExpired(const std::string& instant, int64_t now_ms) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = last_beat_ms_.find(instant);
  return it != last_beat_ms_.end() && now_ms - it->second > options_.MaxAgeMs();
}

void HeartbeatClient::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(options_.interval_ms));
    if (stopping_) break;
    std::vector<std::string> instants;
    for (const auto& [instant, last] : last_beat_ms_) instants.push_back(instant);
    for (const std::string& instant : instants) {
      if (last_beat_ms_.count(instant) == 0) continue;  // stopped meanwhile
      in_flight_ = instant;
      lock.unlock();
      ::arrow::Status beat = Beat(instant);
      lock.lock();
      in_flight_.clear();
      if (beat.ok() && last_beat_ms_.count(instant) > 0) {
        last_beat_ms_[instant] = EpochMillisNow();
      }
      if (std::exchange(delete_after_beat_, false)) {
        // Stop ran during this beat: the beat must not bring the file back.
        (void)DeleteHeartbeat(*storage_, base_path_, instant);
      }
      if (!beat.ok()) {
        LogWarning("heartbeat of instant " + instant + " failed: " + beat.ToString());
      }
    }
  }
}

}  // namespace hoodie
