// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/in_process_lock.h
/// \brief Hudi's InProcessLockProvider: one lock per table base path, shared by every
/// writer of the table in this process (a streamer and its asynchronous compaction).
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "hoodie/table/commit_hooks.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Locks a process-wide mutex of the table's base path. Not re-entrant: an
/// instant's transaction must not begin another on the same table.
class HOODIE_EXPORT InProcessLockProvider : public LockProvider {
 public:
  explicit InProcessLockProvider(const std::string& base_path);
  ::arrow::Status Lock(const Instant& owner) override;
  ::arrow::Status Unlock(const Instant& owner) override;

 private:
  std::shared_ptr<std::mutex> mutex_;
};

}  // namespace hoodie
