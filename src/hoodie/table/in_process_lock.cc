// SPDX-License-Identifier: Apache-2.0
#include "hoodie/table/in_process_lock.h"

#include <limits>
#include <map>
#include <mutex>
#include <thread>

namespace hoodie {

struct InProcessLockProvider::State {
  std::timed_mutex mutex;
  std::mutex guard;  // over owner
  std::thread::id owner;
};

namespace {

// The locks live as long as the process: a table's lock outlives its writers.
std::shared_ptr<InProcessLockProvider::State> StateOf(const std::string& base_path) {
  static std::mutex guard;
  static std::map<std::string, std::shared_ptr<InProcessLockProvider::State>> states;
  std::lock_guard<std::mutex> lock(guard);
  auto& state = states[base_path];
  if (state == nullptr) state = std::make_shared<InProcessLockProvider::State>();
  return state;
}

}  // namespace

InProcessLockProvider::InProcessLockProvider(const std::string& base_path)
    : base_path_(base_path), state_(StateOf(base_path)) {}

::arrow::Result<bool> InProcessLockProvider::TryLock(std::chrono::milliseconds wait) {
  {
    std::lock_guard<std::mutex> lock(state_->guard);
    if (state_->owner == std::this_thread::get_id()) {
      return ::arrow::Status::Invalid("the in-process lock of ", base_path_,
                                      " is already held by this thread");
    }
  }
  if (!state_->mutex.try_lock_for(wait)) return false;
  std::lock_guard<std::mutex> lock(state_->guard);
  state_->owner = std::this_thread::get_id();
  return true;
}

::arrow::Status InProcessLockProvider::Unlock() {
  {
    std::lock_guard<std::mutex> lock(state_->guard);
    state_->owner = std::thread::id();
  }
  state_->mutex.unlock();
  return ::arrow::Status::OK();
}

std::string InProcessLockProvider::LockName() const {
  return "in-process lock of " + base_path_;
}

std::shared_ptr<LockManager> InProcessLockManager(const std::string& base_path) {
  LockRetryOptions options;
  // Another thread of this process holds it only while it completes an instant.
  options.wait = std::chrono::milliseconds(std::numeric_limits<int32_t>::max());
  return std::make_shared<LockManager>(std::make_shared<InProcessLockProvider>(base_path),
                                       InProcessLockProvider::kClassName, options);
}

}  // namespace hoodie
