// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/lock_config.h
/// \brief Optimistic concurrency control: the mode, the lock providers and their retries,
/// conflict resolution, heartbeats.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Locking" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT LockConfig {
  /// hoodie.write.concurrency.mode
  static const ConfigProperty<std::string> kConcurrencyMode;
  /// hoodie.write.lock.provider
  static const ConfigProperty<std::string> kProvider;
  /// hoodie.write.lock.zookeeper.url
  static const ConfigProperty<std::string> kZkUrl;
  /// hoodie.write.lock.zookeeper.base_path
  static const ConfigProperty<std::string> kZkBasePath;
  /// hoodie.write.lock.zookeeper.port
  static const ConfigProperty<int32_t> kZkPort;
  /// hoodie.write.lock.zookeeper.lock_key
  static const ConfigProperty<std::string> kZkLockKey;
  /// hoodie.write.lock.zookeeper.connection_timeout_ms
  static const ConfigProperty<int32_t> kZkConnectionTimeoutMs;
  /// hoodie.write.lock.zookeeper.session_timeout_ms
  static const ConfigProperty<int32_t> kZkSessionTimeoutMs;
  /// hoodie.write.lock.num_retries
  static const ConfigProperty<int32_t> kNumRetries;
  /// hoodie.write.lock.wait_time_ms_between_retry
  static const ConfigProperty<int64_t> kWaitTimeMsBetweenRetry;
  /// hoodie.write.lock.hivemetastore.database
  static const ConfigProperty<std::string> kHiveMetastoreDatabase;
  /// hoodie.write.lock.hivemetastore.table
  static const ConfigProperty<std::string> kHiveMetastoreTable;
  /// hoodie.write.lock.hivemetastore.uris
  static const ConfigProperty<std::string> kHiveMetastoreUris;
  /// hoodie.write.lock.heartbeat_interval_ms (the Hive Metastore lock's heartbeat)
  static const ConfigProperty<int64_t> kLockHeartbeatIntervalMs;
  /// hoodie.write.lock.client.num_retries
  static const ConfigProperty<int32_t> kClientNumRetries;
  /// hoodie.write.lock.client.wait_time_ms_between_retry
  static const ConfigProperty<int64_t> kClientWaitTimeMsBetweenRetry;
  /// hoodie.write.lock.conflict.resolution.strategy
  static const ConfigProperty<std::string> kConflictResolutionStrategy;
  /// hoodie.write.lock.wait_time_ms
  static const ConfigProperty<int64_t> kWaitTimeMs;
  /// hoodie.write.lock.filesystem.path
  static const ConfigProperty<std::string> kFileSystemPath;
  /// hoodie.write.lock.filesystem.expire (minutes)
  static const ConfigProperty<int32_t> kFileSystemExpire;
  /// hoodie.write.num.retries.on.conflict.failures
  static const ConfigProperty<int32_t> kRetriesOnConflict;
  /// hoodie.client.heartbeat.interval_in_ms
  static const ConfigProperty<int64_t> kHeartbeatIntervalMs;
  /// hoodie.client.heartbeat.tolerable.misses
  static const ConfigProperty<int32_t> kHeartbeatTolerableMisses;
  /// hoodie.write.concurrency.early.conflict.detection.enable
  static const ConfigProperty<bool> kEarlyConflictDetection;
  /// hoodie.write.concurrency.early.conflict.detection.strategy
  static const ConfigProperty<std::string> kEarlyConflictStrategy;
  /// hoodie.write.concurrency.early.conflict.check.commit.conflict
  static const ConfigProperty<bool> kEarlyConflictCheckCommits;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
