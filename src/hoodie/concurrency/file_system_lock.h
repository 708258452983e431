// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/file_system_lock.h
/// \brief Hudi's FileSystemBasedLockProvider: the table lock is a file,
/// `<hoodie.write.lock.filesystem.path or <base>/.hoodie>/lock`, that exists while a
/// writer holds it. Spark writers configured with the same provider and path exclude
/// hoodie's and the other way round.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/table/lock_manager.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief The lock file. TryLock is one attempt (the LockManager retries): a lock file
/// older than the expiry is deleted first (hoodie.write.lock.filesystem.expire minutes;
/// 0: never); then the file is created if absent, with the owner's LockInfo JSON as
/// Hudi writes it. Unlock deletes it.
class HOODIE_EXPORT FileSystemLockProvider : public LockProvider {
 public:
  /// The class name Hudi's configuration names it by.
  static constexpr const char* kClassName =
      "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider";

  /// `folder`: where the lock file goes. \return NotImplemented on a storage whose
  ///   creates are not exclusive across processes (a lock there would not exclude),
  ///   naming what to use instead.
  static ::arrow::Result<std::unique_ptr<FileSystemLockProvider>> Make(
      std::shared_ptr<Storage> storage, const std::string& folder, int32_t expire_minutes);

  ::arrow::Result<bool> TryLock(std::chrono::milliseconds wait) override;
  ::arrow::Status Unlock() override;
  std::string LockName() const override { return lock_file_; }
  std::string CurrentOwner() const override { return current_owner_; }

 private:
  FileSystemLockProvider(std::shared_ptr<Storage> storage, std::string lock_file,
                         int32_t expire_minutes);
  // The owner named by a lock file that exists, for messages.
  void ReadOwner();

  std::shared_ptr<Storage> storage_;
  std::string lock_file_;
  int32_t expire_minutes_;
  std::string current_owner_;
};

/// The content Hudi's LockInfo gives a lock file: its creation time in local time
/// ("yyyy-MM-dd HH:mm:ss.SSS"), the creating thread and where it was taken, here the
/// process and the host.
HOODIE_EXPORT std::string LockInfoJson(int64_t now_ms);

}  // namespace hoodie
