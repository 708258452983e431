// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/hive_metastore/metastore_client.h
/// \brief A client of the Hive Metastore's Thrift service (ThriftHiveMetastore over the
/// binary protocol and a buffered socket, the Metastore's defaults) through Apache
/// Thrift's C++ library (Debian libthrift-dev). It speaks the calls hoodie needs, each
/// written field by field as hive_metastore.thrift numbers them: the table locks of
/// HiveMetastoreBasedLockProvider (lock, check_lock, unlock, heartbeat).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// hive_metastore.thrift's LockState.
enum class MetastoreLockState : int32_t {
  kAcquired = 1,
  kWaiting = 2,
  kAbort = 3,
  kNotAcquired = 4,
};

/// hive_metastore.thrift's LockResponse.
struct HOODIE_EXPORT MetastoreLock {
  int64_t id = 0;
  MetastoreLockState state = MetastoreLockState::kWaiting;
  std::string error_message;
};

/// One lock of hive_metastore.thrift's ShowLocksResponseElement, as far as a message
/// naming a lock's holder needs it.
struct HOODIE_EXPORT MetastoreLockInfo {
  int64_t id = 0;
  MetastoreLockState state = MetastoreLockState::kWaiting;
  std::string user;
  std::string hostname;
  std::string agent_info;
};

/// \brief One connection to a Metastore. Calls are synchronous and serialized: the
/// client may be shared by a caller and its heartbeat thread.
class HOODIE_EXPORT MetastoreClient {
 public:
  /// Connects to `uris`, the first of "thrift://host:port[,thrift://...]" that answers
  /// within `timeout` (also the timeout of every call). \return IOError naming the
  ///   addresses tried and the key that sets them; Invalid for a URI not thrift://.
  static ::arrow::Result<std::unique_ptr<MetastoreClient>> Connect(
      const std::string& uris, std::chrono::milliseconds timeout);
  ~MetastoreClient();
  MetastoreClient(const MetastoreClient&) = delete;
  MetastoreClient& operator=(const MetastoreClient&) = delete;

  /// lock(LockRequest) with one EXCLUSIVE TABLE component on `database`.`table`, as
  /// Hudi's HiveMetastoreBasedLockProvider asks for it; no transaction. Names are sent
  /// in lower case, as the Metastore keeps Hive's case-insensitive identifiers.
  ::arrow::Result<MetastoreLock> LockTable(const std::string& database,
                                          const std::string& table,
                                          const std::string& user,
                                          const std::string& host);
  /// check_lock: the state of a lock that was WAITING.
  ::arrow::Result<MetastoreLock> CheckLock(int64_t lock_id);
  /// unlock: releases (or withdraws) a lock.
  ::arrow::Status Unlock(int64_t lock_id);
  /// show_locks of one table: every lock on it, held or waiting.
  ::arrow::Result<std::vector<MetastoreLockInfo>> ShowLocks(const std::string& database,
                                                            const std::string& table);
  /// heartbeat: keeps a held lock from the Metastore's timeout (metastore.txn.timeout).
  ::arrow::Status Heartbeat(int64_t lock_id);

  /// The address connected to, "host:port".
  const std::string& address() const { return address_; }

 private:
  struct Connection;
  explicit MetastoreClient(std::unique_ptr<Connection> connection, std::string address);

  std::unique_ptr<Connection> connection_;
  std::string address_;
};

}  // namespace hoodie
