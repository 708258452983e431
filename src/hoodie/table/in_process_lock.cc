// SPDX-License-Identifier: Apache-2.0
#include "hoodie/table/in_process_lock.h"

#include <map>

namespace hoodie {

namespace {

// The mutexes live as long as the process: a table's lock outlives its writers.
std::shared_ptr<std::mutex> MutexOf(const std::string& base_path) {
  static std::mutex guard;
  static std::map<std::string, std::shared_ptr<std::mutex>> mutexes;
  std::lock_guard<std::mutex> lock(guard);
  std::shared_ptr<std::mutex>& mutex = mutexes[base_path];
  if (mutex == nullptr) mutex = std::make_shared<std::mutex>();
  return mutex;
}

}  // namespace

InProcessLockProvider::InProcessLockProvider(const std::string& base_path)
    : mutex_(MutexOf(base_path)) {}

::arrow::Status InProcessLockProvider::Lock(const Instant&) {
  mutex_->lock();
  return ::arrow::Status::OK();
}

::arrow::Status InProcessLockProvider::Unlock(const Instant&) {
  mutex_->unlock();
  return ::arrow::Status::OK();
}

}  // namespace hoodie
