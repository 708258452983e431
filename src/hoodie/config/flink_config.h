// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/flink_config.h
/// \brief Flink SQL connector options (WITH clause) that have no hoodie.* equivalent.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Flink SQL" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT FlinkConfig {
  /// write.ignore.failed
  static const ConfigProperty<bool> kWriteIgnoreFailed;
  /// write.tasks
  static const ConfigProperty<int32_t> kWriteTasks;
  /// write.batch.size.MB
  static const ConfigProperty<int32_t> kWriteBatchSizeMb;
  /// compaction.async.enabled
  static const ConfigProperty<bool> kCompactionAsyncEnabled;
  /// compaction.trigger.strategy
  static const ConfigProperty<std::string> kCompactionTriggerStrategy;
  /// compaction.delta_seconds
  static const ConfigProperty<int32_t> kCompactionDeltaSeconds;
  /// read.tasks
  static const ConfigProperty<int32_t> kReadTasks;
  /// read.avro-schema.path
  static const ConfigProperty<std::string> kReadAvroSchemaPath;
  /// read.avro-schema
  static const ConfigProperty<std::string> kReadAvroSchema;
  /// read.utc-timezone
  static const ConfigProperty<bool> kReadUtcTimezone;
  /// read.streaming.enabled
  static const ConfigProperty<bool> kReadStreamingEnabled;
  /// read.streaming.check-interval
  static const ConfigProperty<int32_t> kReadStreamingCheckInterval;
  /// read.start-commit
  static const ConfigProperty<std::string> kReadStartCommit;
  /// read.end-commit
  static const ConfigProperty<std::string> kReadEndCommit;
  /// read.streaming.skip_compaction
  static const ConfigProperty<bool> kReadStreamingSkipCompaction;
  /// write.bulk_insert.shuffle_by_partition
  static const ConfigProperty<bool> kBulkInsertShuffleByPartition;
  /// write.bulk_insert.sort_by_partition
  static const ConfigProperty<bool> kBulkInsertSortByPartition;
  /// write.sort.memory
  static const ConfigProperty<int32_t> kWriteSortMemory;
  /// index.bootstrap.enabled
  static const ConfigProperty<bool> kIndexBootstrapEnabled;
  /// index.partition.regex
  static const ConfigProperty<std::string> kIndexPartitionRegex;
  /// changelog.enabled
  static const ConfigProperty<bool> kChangelogEnabled;
  /// write.insert.cluster
  static const ConfigProperty<bool> kWriteInsertCluster;
  /// write.rate.limit
  static const ConfigProperty<int64_t> kWriteRateLimit;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
