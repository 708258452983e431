// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/hive_metastore_lock.cc
/// \brief HiveMetastoreLockProvider over MetastoreClient.
#include "hoodie/concurrency/hive_metastore_lock.h"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/concurrency/lock_owner.h"
#include "hoodie/hive_metastore/metastore_client.h"

namespace hoodie {

namespace {

// LockRequestBuilder's user and host: the process's user name and the host name.
std::string UserName() {
  if (const passwd* entry = getpwuid(getuid()); entry != nullptr) return entry->pw_name;
  const char* user = std::getenv("USER");
  return user != nullptr ? user : "hoodie";
}

}  // namespace

HiveMetastoreLockProvider::HiveMetastoreLockProvider(HiveMetastoreLockOptions options)
    : options_(std::move(options)) {}

HiveMetastoreLockProvider::~HiveMetastoreLockProvider() {
  // Hudi's close(): a lock still held is released, so that the table is not locked
  // until the Metastore times the lock out.
  if (held_lock_ >= 0) (void)Unlock();
  StopHeartbeat();
}

std::string HiveMetastoreLockProvider::LockName() const {
  return options_.database + "." + options_.table + " (Hive Metastore " + options_.uris + ")";
}

::arrow::Result<MetastoreClient*> HiveMetastoreLockProvider::Client() {
  if (client_ == nullptr) {
    ARROW_ASSIGN_OR_RAISE(client_, MetastoreClient::Connect(options_.uris,
                                                            options_.call_timeout));
  }
  return client_.get();
}

::arrow::Result<bool> HiveMetastoreLockProvider::TryLock(std::chrono::milliseconds wait) {
  if (held_lock_ >= 0) {
    return ::arrow::Status::Invalid(LockName(), " is already held by this writer");
  }
  const auto deadline = std::chrono::steady_clock::now() + wait;
  ARROW_ASSIGN_OR_RAISE(MetastoreClient * client, Client());
  auto asked = client->LockTable(options_.database, options_.table, UserName(), LockOwnerHost());
  if (!asked.ok()) {
    client_.reset();  // a broken connection is opened again by the next try
    return asked.status();
  }
  auto taken = asked->state == MetastoreLockState::kAcquired
                   ? ::arrow::Result<bool>(true)
                   : AwaitAcquired(asked->id, deadline);
  if (!taken.ok() || !*taken) {
    // Hudi's provider: a request that is not granted is withdrawn, or it would hold
    // its place in the Metastore's queue for ever.
    if (client_ != nullptr) (void)client_->Unlock(asked->id);
    return taken;
  }
  held_lock_ = asked->id;
  current_owner_.clear();
  StartHeartbeat(held_lock_);
  return true;
}

::arrow::Result<bool> HiveMetastoreLockProvider::AwaitAcquired(
    int64_t lock_id, std::chrono::steady_clock::time_point deadline) {
  auto pause = std::chrono::milliseconds(20);
  while (true) {
    ARROW_ASSIGN_OR_RAISE(MetastoreLock lock, client_->CheckLock(lock_id));
    if (lock.state == MetastoreLockState::kAcquired) return true;
    if (lock.state != MetastoreLockState::kWaiting) {
      return ::arrow::Status::IOError("the Hive Metastore ended lock ", lock_id, " of ",
                                      LockName(), " (state ",
                                      static_cast<int32_t>(lock.state), ")",
                                      lock.error_message.empty() ? "" : ": ",
                                      lock.error_message);
    }
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) break;
    // check_lock at growing intervals, at most a second apart and never past the wait.
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(1000));
  }
  // Name the holder for the timeout's message: the lock of the table that is held.
  auto locks = client_->ShowLocks(options_.database, options_.table);
  if (locks.ok()) {
    for (const MetastoreLockInfo& other : *locks) {
      if (other.state != MetastoreLockState::kAcquired) continue;
      current_owner_ = "lock " + std::to_string(other.id) + " of " + other.user + "@" +
                       other.hostname +
                       (other.agent_info.empty() ? "" : " (" + other.agent_info + ")");
    }
  }
  return false;
}

void HiveMetastoreLockProvider::StartHeartbeat(int64_t lock_id) {
  StopHeartbeat();
  stopping_ = false;
  heartbeat_ = std::thread([this, lock_id] {
    // Hudi's schedule: the first beat after half an interval, then one per interval.
    auto next = std::chrono::steady_clock::now() + options_.heartbeat_interval / 2;
    std::unique_lock<std::mutex> lock(heartbeat_mutex_);
    while (!heartbeat_stop_.wait_until(lock, next, [this] { return stopping_; })) {
      lock.unlock();
      ::arrow::Status beat = client_->Heartbeat(lock_id);
      if (!beat.ok()) {
        LogWarning("heartbeat of " + LockName() + " failed (the Metastore may time the "
                   "lock out): " + beat.message());
      }
      lock.lock();
      next += options_.heartbeat_interval;
    }
  });
}

void HiveMetastoreLockProvider::StopHeartbeat() {
  {
    std::lock_guard<std::mutex> lock(heartbeat_mutex_);
    stopping_ = true;
  }
  heartbeat_stop_.notify_all();
  if (heartbeat_.joinable()) heartbeat_.join();
}

::arrow::Status HiveMetastoreLockProvider::Unlock() {
  if (held_lock_ < 0) return ::arrow::Status::OK();
  StopHeartbeat();
  const int64_t lock_id = std::exchange(held_lock_, -1);
  ARROW_ASSIGN_OR_RAISE(MetastoreClient * client, Client());
  return client->Unlock(lock_id);
}

}  // namespace hoodie
