// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/zookeeper_session.h
/// \brief One ZooKeeper session through the C client (Debian's libzookeeper-mt): the
/// few synchronous calls the lock recipe needs, each retried on a lost connection as
/// Curator's retry policy does, and the wait for a node to go away.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief How a session connects and retries (the hoodie.write.lock.zookeeper.* keys
/// and the provider's hoodie.write.lock.num_retries / .wait_time_ms_between_retry).
struct HOODIE_EXPORT ZooKeeperOptions {
  /// "host:port[,host:port]".
  std::string connect_string;
  std::chrono::milliseconds session_timeout{60000};
  std::chrono::milliseconds connection_timeout{15000};
  /// Retries of a call that lost its connection, the first wait_between_retries after
  /// the failure and each next one twice as long (Curator's exponential backoff).
  int32_t num_retries = 3;
  std::chrono::milliseconds wait_between_retries{5000};
};

/// \brief A connected session. Calls are synchronous; one thread at a time.
class HOODIE_EXPORT ZooKeeperSession {
 public:
  /// Opens a session and waits up to connection_timeout for it to connect.
  /// \return IOError naming the servers and the key to check when none answers.
  static ::arrow::Result<std::unique_ptr<ZooKeeperSession>> Connect(
      const ZooKeeperOptions& options);
  ~ZooKeeperSession();
  ZooKeeperSession(const ZooKeeperSession&) = delete;
  ZooKeeperSession& operator=(const ZooKeeperSession&) = delete;

  /// Whether the server ended the session (its ephemeral nodes are gone with it).
  bool Expired() const;

  /// Creates `path` with `data`; `ephemeral_sequential` adds the server's 10-digit
  /// sequence and ties the node to this session. \return the path created;
  ///   AlreadyExists when a plain node exists; KeyError when its parent does not.
  ::arrow::Result<std::string> Create(const std::string& path, const std::string& data,
                                      bool ephemeral_sequential);
  /// Creates every missing ancestor of `path` (not `path` itself) as a plain node.
  ::arrow::Status CreateParents(const std::string& path);
  /// The names of the children of `path`; empty when it does not exist.
  ::arrow::Result<std::vector<std::string>> Children(const std::string& path);
  /// The data of `path`; nullopt when it does not exist.
  ::arrow::Result<std::optional<std::string>> Get(const std::string& path);
  /// Deletes `path`; a node already gone is not an error.
  ::arrow::Status Delete(const std::string& path);
  /// Waits until `path` does not exist or `deadline` passes. \return whether it is gone.
  ::arrow::Result<bool> WaitUntilGone(const std::string& path,
                                      std::chrono::steady_clock::time_point deadline);

 private:
  struct State;
  explicit ZooKeeperSession(ZooKeeperOptions options);
  // Runs `call` (a C client call returning its code) with the retries of the options.
  template <typename Call>
  int Retrying(Call call);
  ::arrow::Status Error(int code, const std::string& what, const std::string& path) const;

  ZooKeeperOptions options_;
  std::unique_ptr<State> state_;
};

}  // namespace hoodie
