// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/in_process_lock.h
/// \brief Hudi's InProcessLockProvider: one lock per table base path, shared by every
/// writer of the table in this process (a streamer and its asynchronous compaction).
#pragma once

#include <memory>
#include <string>

#include "hoodie/table/lock_manager.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Locks a process-wide timed mutex of the table's base path: it excludes the
/// threads of this process only. Not re-entrant: a thread trying the lock it holds gets
/// an error, as Hudi's throws HoodieLockException.
class HOODIE_EXPORT InProcessLockProvider : public LockProvider {
 public:
  explicit InProcessLockProvider(const std::string& base_path);
  ::arrow::Result<bool> TryLock(std::chrono::milliseconds wait) override;
  ::arrow::Status Unlock() override;
  std::string LockName() const override;
  bool ExcludesOtherProcesses() const override { return false; }

  /// The class name Hudi's configuration names it by.
  static constexpr const char* kClassName =
      "org.apache.hudi.client.transaction.lock.InProcessLockProvider";

  struct State;

 private:
  std::string base_path_;
  std::shared_ptr<State> state_;
};

/// A LockManager over the InProcessLockProvider of `base_path` that waits as long as
/// it takes: the lock of one process's writers when no lock provider is configured.
HOODIE_EXPORT std::shared_ptr<LockManager> InProcessLockManager(const std::string& base_path);

}  // namespace hoodie
