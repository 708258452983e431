// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/zookeeper_lock.h
/// \brief Hudi's ZookeeperBasedLockProvider: the table lock is Curator's InterProcessMutex
/// recipe at `<hoodie.write.lock.zookeeper.base_path>/<lock_key>`, written node for node
/// as Curator writes it, so that Spark writers on the same ZooKeeper and lock path
/// exclude hoodie's and the other way round.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/concurrency/zookeeper_session.h"
#include "hoodie/table/lock_manager.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief The lock recipe. TryLock creates an ephemeral sequential child
/// `_c_<uuid>-lock-<sequence>` of the lock path (Curator's protected name); the writer
/// whose child sorts first by sequence holds the lock, the others wait for the child
/// just before theirs to go. A writer that gives up deletes its child; one that dies
/// loses it when ZooKeeper ends its session (hoodie.write.lock.zookeeper.
/// session_timeout_ms). The session is opened at the first TryLock and kept.
class HOODIE_EXPORT ZookeeperLockProvider : public LockProvider {
 public:
  /// The class name Hudi's configuration names it by.
  static constexpr const char* kClassName =
      "org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider";

  /// `lock_path`: base_path + "/" + lock_key. \return Invalid for a path ZooKeeper
  ///   does not take (relative, empty segments, a trailing slash), naming the keys.
  static ::arrow::Result<std::unique_ptr<ZookeeperLockProvider>> Make(
      ZooKeeperOptions options, std::string lock_path);
  ~ZookeeperLockProvider() override;

  ::arrow::Result<bool> TryLock(std::chrono::milliseconds wait) override;
  ::arrow::Status Unlock() override;
  std::string LockName() const override;
  std::string CurrentOwner() const override { return current_owner_; }

 private:
  ZookeeperLockProvider(ZooKeeperOptions options, std::string lock_path);
  // The session, opened again when ZooKeeper expired the last one.
  ::arrow::Result<ZooKeeperSession*> Session();
  // Waits for the lock with our node in place. \return whether it was taken by deadline.
  ::arrow::Result<bool> AwaitTurn(std::chrono::steady_clock::time_point deadline);
  // Remembers who holds the lock now (the first node and its data), for messages.
  void ReadOwner(const std::string& first_child);

  ZooKeeperOptions options_;
  std::string lock_path_;
  std::unique_ptr<ZooKeeperSession> session_;
  std::string our_node_;   // the full path of our child while we wait or hold
  bool held_ = false;
  std::string current_owner_;
};

/// Curator's StandardLockInternalsDriver.fixForSorting: what a lock child sorts by, the
/// text after the last "lock-" (its sequence), or the whole name without one.
HOODIE_EXPORT std::string LockChildSortKey(const std::string& child);

}  // namespace hoodie
