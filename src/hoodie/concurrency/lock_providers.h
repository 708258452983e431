// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/lock_providers.h
/// \brief The lock providers by class name (hoodie.write.lock.provider), in the one
/// plug-in registry, and the LockManager a table's writers take them through.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/table/lock_manager.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class Storage;

/// \brief What a lock provider is made from (Hudi passes a LockConfiguration and the
/// Hadoop configuration).
struct HOODIE_EXPORT LockProviderContext {
  const HoodieConfig& config;
  std::shared_ptr<Storage> storage;
  /// The table's base path on `storage`.
  std::string base_path;
  /// hoodie.table.name of the table's properties: the ZooKeeper lock key by default.
  std::string table_name = {};
};

/// \brief Lock providers by Hudi class name and short name: FileSystemBasedLockProvider,
/// ZookeeperBasedLockProvider, HiveMetastoreBasedLockProvider and InProcessLockProvider.
class HOODIE_EXPORT LockProviderRegistry
    : public PluginRegistry<LockProvider, const LockProviderContext&> {
 public:
  LockProviderRegistry() : PluginRegistry("lock provider") {}
  /// The process-wide registry with the built-in providers.
  static LockProviderRegistry* Global();
};

/// The LockManager of hoodie.write.lock.provider with its retries
/// (hoodie.write.lock.wait_time_ms, .client.num_retries,
/// .client.wait_time_ms_between_retry). \return the provider's refusal, naming the key.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<LockManager>> MakeLockManager(
    const LockProviderContext& context);

}  // namespace hoodie
