// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/file_system_lock.cc
/// \brief FileSystemLockProvider.
#include "hoodie/concurrency/file_system_lock.h"
#include "hoodie/concurrency/lock_owner.h"

#include <unistd.h>

#include <ctime>
#include <utility>

#include "hoodie/common/clock.h"
#include "hoodie/common/logging.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"

namespace hoodie {

namespace {

constexpr std::string_view kLockFileName = "lock";

std::string LocalTime(int64_t now_ms) {
  std::time_t seconds = static_cast<std::time_t>(now_ms / 1000);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%d %H:%M:%S", &local);
  char millis[8];
  std::snprintf(millis, sizeof(millis), ".%03d", static_cast<int>(now_ms % 1000));
  return std::string(text) + millis;
}

}  // namespace

std::string LockInfoJson(int64_t now_ms) {
  // Jackson's pretty printer, as LockInfo.toString writes it; the stack is where the
  // lock was taken, which for a native process is the process itself.
  return "{\n  \"lockCreateTime\" : \"" + LocalTime(now_ms) +
         "\",\n  \"lockThreadName\" : \"hoodie-" + std::to_string(getpid()) +
         "\",\n  \"lockStacksInfo\" : [ \"hoodie pid " + std::to_string(getpid()) +
         " on " + LockOwnerHost() + "\" ]\n}";
}

FileSystemLockProvider::FileSystemLockProvider(std::shared_ptr<Storage> storage,
                                               std::string lock_file,
                                               int32_t expire_minutes)
    : storage_(std::move(storage)),
      lock_file_(std::move(lock_file)),
      expire_minutes_(expire_minutes) {}

::arrow::Result<std::unique_ptr<FileSystemLockProvider>> FileSystemLockProvider::Make(
    std::shared_ptr<Storage> storage, const std::string& folder, int32_t expire_minutes) {
  if (!storage->creates_exclusively()) {
    // Hudi refuses schemes without atomic creation ("Unsupported scheme ..., since
    // this fs can not support atomic creation").
    return ::arrow::Status::NotImplemented(
        "FileSystemBasedLockProvider needs a storage that creates a file only if it is "
        "absent, atomically across processes; ", folder,
        " is not on one (an object store without conditional PUT: set "
        "fs.s3a.create.conditional.enabled=true where the store honours If-None-Match). "
        "Otherwise run one writer at a time");
  }
  return std::unique_ptr<FileSystemLockProvider>(new FileSystemLockProvider(
      std::move(storage), JoinPath(folder, std::string(kLockFileName)), expire_minutes));
}

::arrow::Result<bool> FileSystemLockProvider::TryLock(std::chrono::milliseconds) {
  ARROW_ASSIGN_OR_RAISE(bool exists, storage_->FileExists(lock_file_));
  if (exists && expire_minutes_ > 0) {
    auto status = storage_->GetFileStatus(lock_file_);
    // Gone in between: the holder released it.
    if (status.ok() && EpochMillisNow() - status->modification_time_ms >
                           int64_t{expire_minutes_} * 60 * 1000) {
      LogWarning("deleting the expired lock file " + lock_file_ + " (older than " +
                 std::to_string(expire_minutes_) +
                 " minutes, hoodie.write.lock.filesystem.expire)");
      ARROW_RETURN_NOT_OK(storage_->DeleteFile(lock_file_));
      exists = false;
    } else if (!status.ok()) {
      exists = false;
    }
  }
  if (exists) {
    ReadOwner();
    return false;
  }
  ::arrow::Status created = storage_->CreateImmutable(lock_file_, LockInfoJson(EpochMillisNow()));
  if (created.IsAlreadyExists()) {
    ReadOwner();
    return false;
  }
  ARROW_RETURN_NOT_OK(created);
  current_owner_.clear();
  return true;
}

::arrow::Status FileSystemLockProvider::Unlock() {
  ARROW_ASSIGN_OR_RAISE(bool exists, storage_->FileExists(lock_file_));
  if (!exists) return ::arrow::Status::OK();
  return storage_->DeleteFile(lock_file_);
}

void FileSystemLockProvider::ReadOwner() {
  auto content = storage_->ReadAll(lock_file_);
  if (!content.ok()) {
    current_owner_.clear();
    return;
  }
  // One line of the LockInfo JSON is enough for a message.
  std::string owner;
  for (char c : *content) {
    if (c != '\n') owner += c;
  }
  current_owner_ = owner;
  if (expire_minutes_ == 0) {
    // Hudi's lock file never expires by default: a writer killed while holding it
    // leaves it behind.
    current_owner_ += " (if no writer is running, it was left by a killed one: delete " +
                      lock_file_ + ", or let such files expire with "
                      "hoodie.write.lock.filesystem.expire)";
  }
}

}  // namespace hoodie
