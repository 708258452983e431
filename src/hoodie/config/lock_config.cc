// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/lock_config.cc
/// \brief Declarations of the "Locking" configuration keys.
#include "hoodie/config/lock_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> LockConfig::kProvider{
    .key = "hoodie.write.lock.provider",
    .default_value =
        std::string("org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider"),
    .doc =
        "Lock provider class of optimistic concurrency control: "
        "org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider (Curator's "
        "lock recipe on ZooKeeper), FileSystemBasedLockProvider (a lock file) or "
        "InProcessLockProvider (the threads of one process).",
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kZkUrl{
    .key = "hoodie.write.lock.zookeeper.url",
    .doc =
        "Comma-separated ZooKeeper servers, host[:port]; a server without a port takes "
        "hoodie.write.lock.zookeeper.port (Hudi passes this list to Curator as it is).",
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kZkBasePath{
    .key = "hoodie.write.lock.zookeeper.base_path",
    .doc =
        "ZooKeeper path under which lock znodes are created; common to all writers "
        "of a table.",
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kZkPort{
    .key = "hoodie.write.lock.zookeeper.port",
    .doc = "ZooKeeper port of the servers of hoodie.write.lock.zookeeper.url written "
        "without one (2181 when unset).",
    .validate = v::PortNumber,
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kZkLockKey{
    .key = "hoodie.write.lock.zookeeper.lock_key",
    .doc =
        "Znode name under base_path holding the lock; hoodie.table.name when unset, as "
        "Hudi 0.15 infers it.",
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kZkConnectionTimeoutMs{
    .key = "hoodie.write.lock.zookeeper.connection_timeout_ms",
    .default_value = 15000,
    .doc = "ZooKeeper connection timeout in milliseconds.",
    .validate = v::PositiveInt32,
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kZkSessionTimeoutMs{
    .key = "hoodie.write.lock.zookeeper.session_timeout_ms",
    .default_value = 60000,
    .doc = "ZooKeeper session timeout in milliseconds.",
    .validate = v::PositiveInt32,
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kNumRetries{
    .key = "hoodie.write.lock.num_retries",
    .default_value = 3,
    .doc = "Retries of a ZooKeeper call of the lock provider that lost its connection.",
    .validate = v::NonNegativeInt32,
    .group = "Locking",
    .hudi_0_15_default = "15"};

const ConfigProperty<int64_t> LockConfig::kWaitTimeMsBetweenRetry{
    .key = "hoodie.write.lock.wait_time_ms_between_retry",
    .default_value = int64_t{5000},
    .doc =
        "Initial wait between the ZooKeeper lock provider's retries, in milliseconds; "
        "each next wait doubles.",
    .validate = v::NonNegativeInt64,
    .group = "Locking",
    .hudi_0_15_default = "1000"};

const ConfigProperty<std::string> LockConfig::kHiveMetastoreDatabase{
    .key = "hoodie.write.lock.hivemetastore.database",
    .doc = "Hive database to lock against (HiveMetastoreBasedLockProvider).",
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kHiveMetastoreTable{
    .key = "hoodie.write.lock.hivemetastore.table",
    .doc = "Hive table to lock against (HiveMetastoreBasedLockProvider).",
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kHiveMetastoreUris{
    .key = "hoodie.write.lock.hivemetastore.uris",
    .doc =
        "The Hive Metastore of HiveMetastoreBasedLockProvider, thrift://host:port[,...]. "
        "Hudi falls back on hive-site.xml's hive.metastore.uris; hoodie reads no Hive "
        "configuration, so it requires this key.",
    .group = "Locking"};

const ConfigProperty<int64_t> LockConfig::kLockHeartbeatIntervalMs{
    .key = "hoodie.write.lock.heartbeat_interval_ms",
    .default_value = int64_t{60000},
    .doc =
        "How often a held Hive Metastore lock is heartbeated, in milliseconds, so that "
        "the Metastore does not time it out; the first beat comes after half of it.",
    .validate = v::PositiveInt64,
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kClientNumRetries{
    .key = "hoodie.write.lock.client.num_retries",
    .default_value = 0,
    .doc = "Extra retries of acquiring the lock by the Hudi client.",
    .validate = v::NonNegativeInt32,
    .group = "Locking",
    .hudi_0_15_default = "50"};

const ConfigProperty<int64_t> LockConfig::kClientWaitTimeMsBetweenRetry{
    .key = "hoodie.write.lock.client.wait_time_ms_between_retry",
    .default_value = int64_t{10000},
    .doc = "Wait between client lock retries, in milliseconds.",
    .validate = v::NonNegativeInt64,
    .group = "Locking",
    .hudi_0_15_default = "5000"};

const ConfigProperty<std::string> LockConfig::kConflictResolutionStrategy{
    .key = "hoodie.write.lock.conflict.resolution.strategy",
    .default_value = std::string("org.apache.hudi.client.transaction."
                                 "SimpleConcurrentFileWritesConflictResolutionStrategy"),
    .doc =
        "Conflict resolution strategy class: SimpleConcurrentFileWritesConflictResolution"
        "Strategy, under which two writes conflict when they change a file group in "
        "common.",
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kConcurrencyMode{
    .key = "hoodie.write.concurrency.mode",
    .default_value = std::string("SINGLE_WRITER"),
    .doc =
        "Concurrency mode for write operations: SINGLE_WRITER, or "
        "OPTIMISTIC_CONCURRENCY_CONTROL with a lock provider and conflict resolution.",
    .since = "0.8.0",
    .allowed_values = {"SINGLE_WRITER", "OPTIMISTIC_CONCURRENCY_CONTROL"},
    .group = "Locking"};

const ConfigProperty<int64_t> LockConfig::kWaitTimeMs{
    .key = "hoodie.write.lock.wait_time_ms",
    .default_value = int64_t{60000},
    .doc = "How long one try of the lock provider waits for the lock, in milliseconds.",
    .since = "0.8.0",
    .validate = v::NonNegativeInt64,
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kFileSystemPath{
    .key = "hoodie.write.lock.filesystem.path",
    .doc =
        "Folder of the lock file of FileSystemBasedLockProvider; the table's .hoodie "
        "folder when unset.",
    .since = "0.11.0",
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kFileSystemExpire{
    .key = "hoodie.write.lock.filesystem.expire",
    .default_value = 0,
    .doc =
        "Minutes after which a lock file is taken for abandoned and deleted by the next "
        "writer; 0: never.",
    .since = "0.12.0",
    .validate = v::NonNegativeInt32,
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kRetriesOnConflict{
    .key = "hoodie.write.num.retries.on.conflict.failures",
    .default_value = 0,
    .doc =
        "How many times a write that lost a write conflict is run again from a fresh "
        "view of the table.",
    .since = "0.14.0",
    .validate = v::NonNegativeInt32,
    .group = "Locking"};

const ConfigProperty<int64_t> LockConfig::kHeartbeatIntervalMs{
    .key = "hoodie.client.heartbeat.interval_in_ms",
    .default_value = int64_t{60000},
    .doc =
        "How often a writer touches .hoodie/.heartbeat/<instant> while its instant is "
        "pending (failed-writes policy LAZY), in milliseconds.",
    .since = "0.9.0",
    .validate = v::PositiveInt64,
    .group = "Locking"};

const ConfigProperty<int32_t> LockConfig::kHeartbeatTolerableMisses{
    .key = "hoodie.client.heartbeat.tolerable.misses",
    .default_value = 2,
    .doc =
        "Heartbeats a writer may miss before its pending instant counts as failed and is "
        "rolled back by the next clean (failed-writes policy LAZY).",
    .since = "0.9.0",
    .validate = v::PositiveInt32,
    .group = "Locking"};

const ConfigProperty<bool> LockConfig::kEarlyConflictDetection{
    .key = "hoodie.write.concurrency.early.conflict.detection.enable",
    .default_value = false,
    .doc =
        "Detect write conflicts from the markers of other live writes as each data file "
        "is about to be written, rather than only at the commit; needs optimistic "
        "concurrency control.",
    .since = "0.13.0",
    .group = "Locking"};

const ConfigProperty<std::string> LockConfig::kEarlyConflictStrategy{
    .key = "hoodie.write.concurrency.early.conflict.detection.strategy",
    .doc =
        "Early conflict detection strategy: "
        "org.apache.hudi.table.marker.SimpleDirectMarkerBasedDetectionStrategy, the one "
        "of direct markers (hoodie's).",
    .since = "0.13.0",
    .group = "Locking"};

const ConfigProperty<bool> LockConfig::kEarlyConflictCheckCommits{
    .key = "hoodie.write.concurrency.early.conflict.check.commit.conflict",
    .default_value = false,
    .doc =
        "Early conflict detection also compares each file about to be written with the "
        "commits completed since the write began.",
    .since = "0.13.0",
    .group = "Locking"};

void LockConfig::Register(ConfigRegistry* registry) {
  registry->Add(kConcurrencyMode);
  registry->Add(kProvider);
  registry->Add(kZkUrl);
  registry->Add(kZkBasePath);
  registry->Add(kZkPort);
  registry->Add(kZkLockKey);
  registry->Add(kZkConnectionTimeoutMs);
  registry->Add(kZkSessionTimeoutMs);
  registry->Add(kNumRetries);
  registry->Add(kWaitTimeMsBetweenRetry);
  registry->Add(kHiveMetastoreDatabase);
  registry->Add(kHiveMetastoreTable);
  registry->Add(kHiveMetastoreUris);
  registry->Add(kLockHeartbeatIntervalMs);
  registry->Add(kClientNumRetries);
  registry->Add(kClientWaitTimeMsBetweenRetry);
  registry->Add(kConflictResolutionStrategy);
  registry->Add(kWaitTimeMs);
  registry->Add(kFileSystemPath);
  registry->Add(kFileSystemExpire);
  registry->Add(kRetriesOnConflict);
  registry->Add(kHeartbeatIntervalMs);
  registry->Add(kHeartbeatTolerableMisses);
  registry->Add(kEarlyConflictDetection);
  registry->Add(kEarlyConflictStrategy);
  registry->Add(kEarlyConflictCheckCommits);
}

}  // namespace hoodie
