// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/lock_manager.h
/// \brief The table lock of optimistic concurrency control: a LockProvider (Hudi's
/// org.apache.hudi.common.lock.LockProvider, one plug-in per kind of lock service) and
/// the LockManager every Transaction takes it through, which retries the provider as
/// Hudi's LockManager does (hoodie.write.lock.client.num_retries and
/// .client.wait_time_ms_between_retry) and reports a lock never acquired as
/// kLockTimeout.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One lock shared by every writer of a table (Hudi's LockProvider). Providers
/// are made by name from the lock provider registry (concurrency/lock_providers.h).
class HOODIE_EXPORT LockProvider {
 public:
  virtual ~LockProvider() = default;
  /// Tries to take the lock, waiting at most `wait` where the provider can wait (a lock
  /// file cannot: it is tried once). \return true when taken; false when another holder
  ///   has it (CurrentOwner says who, where the provider knows); an error when the lock
  ///   service failed.
  virtual ::arrow::Result<bool> TryLock(std::chrono::milliseconds wait) = 0;
  /// Releases a lock TryLock took.
  virtual ::arrow::Status Unlock() = 0;
  /// What is locked, for messages: the lock file, the znode, the Hive table.
  virtual std::string LockName() const = 0;
  /// Who held the lock when TryLock last found it taken, where known; empty otherwise.
  virtual std::string CurrentOwner() const { return {}; }
  /// Whether it excludes writers of other processes (false: the threads of one).
  virtual bool ExcludesOtherProcesses() const { return true; }
};

/// \brief How a LockManager retries its provider (HoodieLockConfig).
struct HOODIE_EXPORT LockRetryOptions {
  /// hoodie.write.lock.wait_time_ms: the wait of one TryLock.
  std::chrono::milliseconds wait{60000};
  /// hoodie.write.lock.client.num_retries: attempts beyond the first.
  int32_t client_num_retries = 0;
  /// hoodie.write.lock.client.wait_time_ms_between_retry.
  std::chrono::milliseconds client_wait_between_retries{10000};
  /// How the manager sleeps between attempts; null: the thread sleeps (tests count).
  std::function<void(std::chrono::milliseconds)> sleep;
};

/// \brief Takes and releases a table's lock for the instants of this process (Hudi's
/// TransactionManager with its LockManager). Not re-entrant: an instant's transaction
/// must not begin another on the same table. Thread-safe. Lock and Unlock are virtual
/// for tests that record the order of a transaction's steps.
class HOODIE_EXPORT LockManager {
 public:
  /// `provider_name` is the provider's class name, as messages name it.
  LockManager(std::shared_ptr<LockProvider> provider, std::string provider_name,
              LockRetryOptions options = {});
  virtual ~LockManager() = default;

  /// Takes the lock for `owner`: up to client_num_retries + 1 tries of the provider.
  /// \return kLockTimeout ("could not acquire the lock <name> ... held by <owner>")
  ///   when every try found it taken or failed.
  virtual ::arrow::Status Lock(const Instant& owner);
  /// Releases the lock `owner` took; nothing when it holds none.
  virtual ::arrow::Status Unlock(const Instant& owner);

  const std::string& provider_name() const { return provider_name_; }
  /// Whether other processes may complete instants while this process does not hold
  /// the lock: what the provider excludes (false without a provider).
  bool ExcludesOtherProcesses() const {
    return provider_ != nullptr && provider_->ExcludesOtherProcesses();
  }

 private:
  std::shared_ptr<LockProvider> provider_;
  std::string provider_name_;
  LockRetryOptions options_;
  std::mutex mutex_;
  std::string holder_;  // the instant time holding the lock; empty when none
};

/// \brief Holds a table's lock for a step that completes no instant of its own but
/// must not interleave with other writers' commits: archival, and the scheduling of
/// table services (Hudi takes the lock for both). Move-only; releases on destruction.
class HOODIE_EXPORT ScopedLock {
 public:
  /// Takes `lock` for `owner`; a null `lock` (a single writer) holds nothing.
  static ::arrow::Result<ScopedLock> Take(std::shared_ptr<LockManager> lock,
                                          const Instant& owner);
  ScopedLock(ScopedLock&& other) noexcept;
  ScopedLock& operator=(ScopedLock&&) = delete;
  ScopedLock(const ScopedLock&) = delete;
  ~ScopedLock();

 private:
  ScopedLock(std::shared_ptr<LockManager> lock, Instant owner);
  std::shared_ptr<LockManager> lock_;
  Instant owner_;
};

}  // namespace hoodie
