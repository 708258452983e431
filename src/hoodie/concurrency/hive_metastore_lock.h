// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/hive_metastore_lock.h
/// \brief Hudi's HiveMetastoreBasedLockProvider: the table lock is the Hive Metastore's
/// EXCLUSIVE lock on `<hoodie.write.lock.hivemetastore.database>.<table>`, taken through
/// the Metastore's lock API, so that Spark writers with the same provider, database and
/// table exclude hoodie's and the other way round.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <arrow/result.h>

#include "hoodie/table/lock_manager.h"
#include "hoodie/visibility.h"

namespace hoodie {

class MetastoreClient;

/// \brief What the provider locks and how (the hoodie.write.lock.hivemetastore.* keys).
struct HOODIE_EXPORT HiveMetastoreLockOptions {
  /// "thrift://host:port[,...]" (hoodie.write.lock.hivemetastore.uris).
  std::string uris;
  std::string database;
  std::string table;
  /// The timeout of the connection and of each call.
  std::chrono::milliseconds call_timeout{15000};
  /// hoodie.write.lock.heartbeat_interval_ms: how often a held lock is heartbeated, so
  /// that the Metastore does not time it out (metastore.txn.timeout, 300 s by default);
  /// the first beat comes after half of it, as Hudi's.
  std::chrono::milliseconds heartbeat_interval{60000};
};

/// \brief The Metastore lock. TryLock asks for the lock; while the Metastore answers
/// WAITING (another holder), it asks again with check_lock until the wait ends, then
/// withdraws the request (Hudi's provider withdraws at once; waiting in line is what
/// the wait is for). A held lock is heartbeated on a thread of its own. A holder that
/// dies stops heartbeating, and the Metastore's housekeeping frees its lock after
/// metastore.txn.timeout.
class HOODIE_EXPORT HiveMetastoreLockProvider : public LockProvider {
 public:
  /// The class name Hudi's configuration names it by.
  static constexpr const char* kClassName =
      "org.apache.hudi.hive.transaction.lock.HiveMetastoreBasedLockProvider";

  explicit HiveMetastoreLockProvider(HiveMetastoreLockOptions options);
  ~HiveMetastoreLockProvider() override;

  ::arrow::Result<bool> TryLock(std::chrono::milliseconds wait) override;
  ::arrow::Status Unlock() override;
  std::string LockName() const override;
  std::string CurrentOwner() const override { return current_owner_; }

 private:
  ::arrow::Result<MetastoreClient*> Client();
  // Waits while the Metastore answers WAITING. \return the last state seen.
  ::arrow::Result<bool> AwaitAcquired(int64_t lock_id,
                                      std::chrono::steady_clock::time_point deadline);
  void StartHeartbeat(int64_t lock_id);
  void StopHeartbeat();

  HiveMetastoreLockOptions options_;
  std::unique_ptr<MetastoreClient> client_;
  int64_t held_lock_ = -1;
  std::string current_owner_;
  std::thread heartbeat_;
  std::mutex heartbeat_mutex_;
  std::condition_variable heartbeat_stop_;
  bool stopping_ = false;
};

}  // namespace hoodie
