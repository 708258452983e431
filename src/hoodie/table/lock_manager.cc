// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/lock_manager.cc
/// \brief LockManager: Hudi's retry loop around a LockProvider.
#include "hoodie/table/lock_manager.h"

#include <thread>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {

LockManager::LockManager(std::shared_ptr<LockProvider> provider, std::string provider_name,
                         LockRetryOptions options)
    : provider_(std::move(provider)),
      provider_name_(std::move(provider_name)),
      options_(std::move(options)) {}

::arrow::Status LockManager::Lock(const Instant& owner) {
  // LockManager.lock: a failed try and an error of the lock service both count as an
  // attempt; the last error or the last holder seen goes into the message.
  std::string last_error;
  const int32_t attempts = options_.client_num_retries + 1;
  for (int32_t attempt = 1; attempt <= attempts; ++attempt) {
    ::arrow::Result<bool> taken = provider_->TryLock(options_.wait);
    if (taken.ok() && *taken) {
      std::lock_guard<std::mutex> lock(mutex_);
      holder_ = owner.timestamp;
      return ::arrow::Status::OK();
    }
    last_error = taken.ok() ? std::string() : taken.status().message();
    if (attempt == attempts) break;
    LogInfo("the lock " + provider_->LockName() + " is taken" +
            (provider_->CurrentOwner().empty() ? std::string()
                                               : " by " + provider_->CurrentOwner()) +
            "; retrying for instant " + owner.timestamp);
    if (options_.sleep) {
      options_.sleep(options_.client_wait_between_retries);
    } else {
      std::this_thread::sleep_for(options_.client_wait_between_retries);
    }
  }
  std::string why = !last_error.empty() ? "the last try failed: " + last_error
                    : provider_->CurrentOwner().empty()
                        ? std::string("another writer holds it")
                        : "it is held by " + provider_->CurrentOwner();
  return WithErrorCode(
      ::arrow::Status::IOError(
          "could not acquire the lock ", provider_->LockName(), " (", provider_name_,
          ") for instant ", owner.timestamp, " in ", attempts, " tries: ", why,
          ". Retry later, or allow longer waits with hoodie.write.lock.wait_time_ms, "
          "hoodie.write.lock.client.num_retries and "
          "hoodie.write.lock.client.wait_time_ms_between_retry"),
      ErrorCode::kLockTimeout);
}

::arrow::Status LockManager::Unlock(const Instant& owner) {
  {
    // TransactionManager.endTransaction: only the owner releases.
    std::lock_guard<std::mutex> lock(mutex_);
    if (holder_ != owner.timestamp) return ::arrow::Status::OK();
    holder_.clear();
  }
  return provider_->Unlock();
}

ScopedLock::ScopedLock(std::shared_ptr<LockManager> lock, Instant owner)
    : lock_(std::move(lock)), owner_(std::move(owner)) {}

ScopedLock::ScopedLock(ScopedLock&& other) noexcept
    : lock_(std::move(other.lock_)), owner_(std::move(other.owner_)) {}

::arrow::Result<ScopedLock> ScopedLock::Take(std::shared_ptr<LockManager> lock,
                                             const Instant& owner) {
  if (lock != nullptr) ARROW_RETURN_NOT_OK(lock->Lock(owner));
  return ScopedLock(std::move(lock), owner);
}

ScopedLock::~ScopedLock() {
  if (lock_ == nullptr) return;
  ::arrow::Status released = lock_->Unlock(owner_);
  if (!released.ok()) LogWarning("releasing the table lock failed: " + released.ToString());
}

}  // namespace hoodie
