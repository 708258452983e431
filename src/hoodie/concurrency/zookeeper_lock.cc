// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/zookeeper_lock.cc
/// \brief ZookeeperLockProvider: Curator's InterProcessMutex over ZooKeeperSession.
#include "hoodie/concurrency/zookeeper_lock.h"

#include <unistd.h>

#include <algorithm>

#include "hoodie/common/logging.h"
#include "hoodie/concurrency/lock_owner.h"
#include "hoodie/table/file_naming.h"

namespace hoodie {

namespace {

constexpr std::string_view kLockName = "lock-";

::arrow::Status CheckLockPath(const std::string& path) {
  const bool valid = path.size() > 1 && path.front() == '/' && path.back() != '/' &&
                     path.find("//") == std::string::npos;
  if (valid) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid(
      "the ZooKeeper lock path '", path,
      "' is not an absolute znode path: set hoodie.write.lock.zookeeper.base_path to a "
      "path like /hudi/locks and hoodie.write.lock.zookeeper.lock_key to a name without "
      "slashes (the table name by default)");
}

// What our node says of its holder. Curator writes the holder's IP address there; a
// hoodie writer names its host and process, which is what a user looking for a stuck
// lock needs.
std::string OwnerData() {
  return "hoodie on " + LockOwnerHost() + " pid " + std::to_string(getpid());
}

}  // namespace

std::string LockChildSortKey(const std::string& child) {
  const size_t at = child.rfind(kLockName);
  return at == std::string::npos ? child : child.substr(at + kLockName.size());
}

ZookeeperLockProvider::ZookeeperLockProvider(ZooKeeperOptions options,
                                             std::string lock_path)
    : options_(std::move(options)), lock_path_(std::move(lock_path)) {}

ZookeeperLockProvider::~ZookeeperLockProvider() {
  // Closing the session removes our node anyway; deleting it first frees the lock at
  // once for the next writer instead of at the close's round trip.
  if (session_ != nullptr && !our_node_.empty()) (void)session_->Delete(our_node_);
}

::arrow::Result<std::unique_ptr<ZookeeperLockProvider>> ZookeeperLockProvider::Make(
    ZooKeeperOptions options, std::string lock_path) {
  ARROW_RETURN_NOT_OK(CheckLockPath(lock_path));
  return std::unique_ptr<ZookeeperLockProvider>(
      new ZookeeperLockProvider(std::move(options), std::move(lock_path)));
}

std::string ZookeeperLockProvider::LockName() const {
  return lock_path_ + " on ZooKeeper " + options_.connect_string;
}

::arrow::Result<ZooKeeperSession*> ZookeeperLockProvider::Session() {
  if (session_ != nullptr && session_->Expired()) {
    LogWarning("the ZooKeeper session of lock " + LockName() +
               " expired; opening a new one");
    session_.reset();
    our_node_.clear();
    held_ = false;
  }
  if (session_ == nullptr) {
    ARROW_ASSIGN_OR_RAISE(session_, ZooKeeperSession::Connect(options_));
  }
  return session_.get();
}

::arrow::Result<bool> ZookeeperLockProvider::TryLock(std::chrono::milliseconds wait) {
  if (held_) {
    return ::arrow::Status::Invalid("the lock ", LockName(),
                                    " is already held by this writer");
  }
  const auto deadline = std::chrono::steady_clock::now() + wait;
  ARROW_ASSIGN_OR_RAISE(ZooKeeperSession * session, Session());
  // InterProcessMutex creates the lock path's parents when the create finds none
  // (Curator's creatingParentContainersIfNeeded); plain nodes serve the same.
  const std::string node = lock_path_ + "/_c_" + NewFileIdPrefix() + "-" +
                           std::string(kLockName);
  auto created = session->Create(node, OwnerData(), true);
  if (created.status().IsKeyError()) {
    ARROW_RETURN_NOT_OK(session->CreateParents(node));
    created = session->Create(node, OwnerData(), true);
  }
  ARROW_ASSIGN_OR_RAISE(our_node_, std::move(created));
  auto taken = AwaitTurn(deadline);
  if (!taken.ok() || !*taken) {
    // Curator's attemptLock deletes its node when it gives up or fails.
    (void)session->Delete(our_node_);
    our_node_.clear();
    return taken;
  }
  held_ = true;
  current_owner_.clear();
  return true;
}

::arrow::Result<bool> ZookeeperLockProvider::AwaitTurn(
    std::chrono::steady_clock::time_point deadline) {
  const std::string ours = our_node_.substr(our_node_.rfind('/') + 1);
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::vector<std::string> children,
                          session_->Children(lock_path_));
    std::sort(children.begin(), children.end(),
              [](const std::string& a, const std::string& b) {
                return LockChildSortKey(a) < LockChildSortKey(b);
              });
    auto at = std::find(children.begin(), children.end(), ours);
    if (at == children.end()) {
      // Curator's validateOurIndex: our node is gone, the session must have ended.
      return ::arrow::Status::IOError("the lock node ", our_node_, " of ", LockName(),
                                      " disappeared while waiting: the ZooKeeper session "
                                      "ended; retry the write");
    }
    if (at == children.begin()) return true;
    ReadOwner(children.front());
    ARROW_ASSIGN_OR_RAISE(bool gone,
                          session_->WaitUntilGone(lock_path_ + "/" + *(at - 1), deadline));
    if (!gone) return false;
  }
}

void ZookeeperLockProvider::ReadOwner(const std::string& first_child) {
  auto data = session_->Get(lock_path_ + "/" + first_child);
  current_owner_ = first_child;
  if (data.ok() && data->has_value() && !(*data)->empty()) {
    current_owner_ += " (" + **data + ")";
  }
}

::arrow::Status ZookeeperLockProvider::Unlock() {
  if (!held_) return ::arrow::Status::OK();
  held_ = false;
  const std::string node = std::move(our_node_);
  our_node_.clear();
  if (session_->Expired()) {
    // The server removed the node with the session: the lock is already free. What
    // ran under it did complete; say that the exclusion may have lapsed.
    LogWarning("the ZooKeeper session holding lock " + LockName() +
               " expired before the release (raise "
               "hoodie.write.lock.zookeeper.session_timeout_ms if this recurs)");
    return ::arrow::Status::OK();
  }
  return session_->Delete(node);
}

}  // namespace hoodie
