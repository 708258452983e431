// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/lock_providers.cc
/// \brief The built-in lock providers and MakeLockManager.
#include "hoodie/concurrency/lock_providers.h"

#include <algorithm>

#include "hoodie/common/uri.h"
#include "hoodie/concurrency/file_system_lock.h"
#include "hoodie/concurrency/hive_metastore_lock.h"
#include "hoodie/concurrency/zookeeper_lock.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/in_process_lock.h"

namespace hoodie {

namespace {

::arrow::Result<std::unique_ptr<LockProvider>> MakeFileSystemLock(
    const LockProviderContext& context) {
  ARROW_ASSIGN_OR_RAISE(int32_t expire, context.config.Get(LockConfig::kFileSystemExpire));
  std::shared_ptr<Storage> storage = context.storage;
  std::string folder = JoinPath(context.base_path, ".hoodie");
  if (auto path = context.config.GetRaw(LockConfig::kFileSystemPath.key);
      path && !path->empty()) {
    // A URI ("file:///locks", "s3a://bucket/locks") names its own store; a plain path
    // is on the table's.
    folder = *path;
    if (HasScheme(*path)) {
      ARROW_ASSIGN_OR_RAISE(storage, Storage::FromUri(*path, &folder, context.config));
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto provider, FileSystemLockProvider::Make(storage, folder, expire));
  return std::unique_ptr<LockProvider>(std::move(provider));
}

// The connect string: hoodie.write.lock.zookeeper.url as Hudi passes it to Curator,
// with hoodie.write.lock.zookeeper.port (ZooKeeper's 2181 when unset) added to each
// server written without one, where Hudi would ignore the port key.
::arrow::Result<std::string> ZookeeperConnectString(const HoodieConfig& config) {
  auto url = config.GetRaw(LockConfig::kZkUrl.key);
  if (!url || url->empty()) {
    return ::arrow::Status::Invalid(
        LockConfig::kZkUrl.key, " is required by the ZooKeeper lock provider: set it to "
        "the servers, host:port[,host:port]");
  }
  int32_t port = 2181;
  if (config.GetRaw(LockConfig::kZkPort.key)) {
    ARROW_ASSIGN_OR_RAISE(port, config.Get(LockConfig::kZkPort));
  }
  std::string connect;
  size_t start = 0;
  while (start <= url->size()) {
    size_t comma = url->find(',', start);
    if (comma == std::string::npos) comma = url->size();
    std::string server = url->substr(start, comma - start);
    if (server.find(':') == std::string::npos) server += ":" + std::to_string(port);
    connect += (connect.empty() ? "" : ",") + server;
    start = comma + 1;
  }
  return connect;
}

::arrow::Result<std::unique_ptr<LockProvider>> MakeZookeeperLock(
    const LockProviderContext& context) {
  const HoodieConfig& config = context.config;
  ZooKeeperOptions options;
  ARROW_ASSIGN_OR_RAISE(options.connect_string, ZookeeperConnectString(config));
  ARROW_ASSIGN_OR_RAISE(int32_t session, config.Get(LockConfig::kZkSessionTimeoutMs));
  ARROW_ASSIGN_OR_RAISE(int32_t connection, config.Get(LockConfig::kZkConnectionTimeoutMs));
  ARROW_ASSIGN_OR_RAISE(options.num_retries, config.Get(LockConfig::kNumRetries));
  ARROW_ASSIGN_OR_RAISE(int64_t between, config.Get(LockConfig::kWaitTimeMsBetweenRetry));
  options.session_timeout = std::chrono::milliseconds(session);
  options.connection_timeout = std::chrono::milliseconds(connection);
  options.wait_between_retries = std::chrono::milliseconds(between);
  auto base_path = config.GetRaw(LockConfig::kZkBasePath.key);
  if (!base_path || base_path->empty()) {
    return ::arrow::Status::Invalid(
        LockConfig::kZkBasePath.key, " is required by the ZooKeeper lock provider: set "
        "it to the znode under which every writer of the table locks, like /hudi/locks");
  }
  // Hudi 0.15 infers the lock key from hoodie.table.name.
  std::string lock_key = config.GetRaw(LockConfig::kZkLockKey.key).value_or("");
  if (lock_key.empty()) lock_key = context.table_name;
  if (lock_key.empty()) {
    return ::arrow::Status::Invalid(
        LockConfig::kZkLockKey.key, " is required by the ZooKeeper lock provider when "
        "the table has no name: set it to the table's name");
  }
  ARROW_ASSIGN_OR_RAISE(auto provider, ZookeeperLockProvider::Make(
                                           std::move(options), *base_path + "/" + lock_key));
  return std::unique_ptr<LockProvider>(std::move(provider));
}

// A key the Hive Metastore provider cannot do without, or the refusal naming it.
::arrow::Result<std::string> RequiredKey(const HoodieConfig& config, std::string_view key,
                                         std::string_view what) {
  auto value = config.GetRaw(key);
  if (!value || value->empty()) {
    return ::arrow::Status::Invalid(key, " is required by the Hive Metastore lock provider: ",
                                    what);
  }
  return *value;
}

::arrow::Result<std::unique_ptr<LockProvider>> MakeHiveMetastoreLock(
    const LockProviderContext& context) {
  const HoodieConfig& config = context.config;
  HiveMetastoreLockOptions options;
  ARROW_ASSIGN_OR_RAISE(options.database,
                        RequiredKey(config, LockConfig::kHiveMetastoreDatabase.key,
                                    "set it to the Hive database of the table to lock"));
  ARROW_ASSIGN_OR_RAISE(options.table,
                        RequiredKey(config, LockConfig::kHiveMetastoreTable.key,
                                    "set it to the Hive table to lock"));
  // Hudi falls back on hive-site.xml's hive.metastore.uris; hoodie reads no Hive
  // configuration files, so the key says where the Metastore is.
  ARROW_ASSIGN_OR_RAISE(options.uris,
                        RequiredKey(config, LockConfig::kHiveMetastoreUris.key,
                                    "set it to the Metastore's thrift://host:port"));
  // Hudi runs the lock call with hoodie.write.lock.wait_time_ms as its timeout.
  ARROW_ASSIGN_OR_RAISE(int64_t wait, config.Get(LockConfig::kWaitTimeMs));
  ARROW_ASSIGN_OR_RAISE(int64_t beat, config.Get(LockConfig::kLockHeartbeatIntervalMs));
  options.call_timeout = std::chrono::milliseconds(std::max<int64_t>(wait, 1000));
  options.heartbeat_interval = std::chrono::milliseconds(beat);
  return std::unique_ptr<LockProvider>(
      std::make_unique<HiveMetastoreLockProvider>(std::move(options)));
}

}  // namespace

LockProviderRegistry* LockProviderRegistry::Global() {
  static LockProviderRegistry* registry = [] {
    auto* made = new LockProviderRegistry();
    (void)made->Register(FileSystemLockProvider::kClassName, {"FileSystemBasedLockProvider"},
                         &MakeFileSystemLock);
    (void)made->Register(
        InProcessLockProvider::kClassName, {"InProcessLockProvider"},
        [](const LockProviderContext& context)
            -> ::arrow::Result<std::unique_ptr<LockProvider>> {
          return std::make_unique<InProcessLockProvider>(context.base_path);
        });
    (void)made->Register(ZookeeperLockProvider::kClassName, {"ZookeeperBasedLockProvider"},
                         &MakeZookeeperLock);
    (void)made->Register(HiveMetastoreLockProvider::kClassName,
                         {"HiveMetastoreBasedLockProvider"}, &MakeHiveMetastoreLock);
    return made;
  }();
  return registry;
}

::arrow::Result<std::shared_ptr<LockManager>> MakeLockManager(
    const LockProviderContext& context) {
  const HoodieConfig& config = context.config;
  ARROW_ASSIGN_OR_RAISE(std::string name, config.Get(LockConfig::kProvider));
  auto provider = LockProviderRegistry::Global()->Make(name, context);
  if (!provider.ok()) {
    return provider.status().WithMessage(LockConfig::kProvider.key, "=", name, ": ",
                                         provider.status().message());
  }
  LockRetryOptions options;
  ARROW_ASSIGN_OR_RAISE(int64_t wait, config.Get(LockConfig::kWaitTimeMs));
  ARROW_ASSIGN_OR_RAISE(options.client_num_retries,
                        config.Get(LockConfig::kClientNumRetries));
  ARROW_ASSIGN_OR_RAISE(int64_t between,
                        config.Get(LockConfig::kClientWaitTimeMsBetweenRetry));
  options.wait = std::chrono::milliseconds(wait);
  options.client_wait_between_retries = std::chrono::milliseconds(between);
  return std::make_shared<LockManager>(std::shared_ptr<LockProvider>(*std::move(provider)),
                                       name, std::move(options));
}

}  // namespace hoodie
