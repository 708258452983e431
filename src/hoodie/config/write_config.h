// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/write_config.h
/// \brief Write client keys: paths, schema, parallelism, combining, commit and rollback
/// behaviour.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Write Client" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT WriteConfig {
  /// hoodie.base.path
  static const ConfigProperty<std::string> kBasePath;
  /// hoodie.avro.schema
  static const ConfigProperty<std::string> kAvroSchema;
  /// hoodie.bulkinsert.shuffle.parallelism
  static const ConfigProperty<int32_t> kBulkInsertParallelism;
  /// hoodie.bulkinsert.user.defined.partitioner.class
  static const ConfigProperty<std::string> kBulkInsertPartitionerClass;
  /// hoodie.bulkinsert.sort.mode
  static const ConfigProperty<std::string> kBulkInsertSortMode;
  /// hoodie.insert.shuffle.parallelism
  static const ConfigProperty<int32_t> kInsertParallelism;
  /// hoodie.upsert.shuffle.parallelism
  static const ConfigProperty<int32_t> kUpsertParallelism;
  /// hoodie.delete.shuffle.parallelism
  static const ConfigProperty<int32_t> kDeleteParallelism;
  /// hoodie.combine.before.insert
  static const ConfigProperty<bool> kCombineBeforeInsert;
  /// hoodie.combine.before.upsert
  static const ConfigProperty<bool> kCombineBeforeUpsert;
  /// hoodie.combine.before.delete
  static const ConfigProperty<bool> kCombineBeforeDelete;
  /// hoodie.merge.allow.duplicate.on.inserts
  static const ConfigProperty<bool> kMergeAllowDuplicateOnInserts;
  /// hoodie.write.status.storage.level
  static const ConfigProperty<std::string> kWriteStatusStorageLevel;
  /// hoodie.auto.commit
  static const ConfigProperty<bool> kAutoCommit;
  /// hoodie.assume.date.partitioning
  static const ConfigProperty<bool> kAssumeDatePartitioning;
  /// hoodie.consistency.check.enabled
  static const ConfigProperty<bool> kConsistencyCheckEnabled;
  /// hoodie.rollback.parallelism
  static const ConfigProperty<int32_t> kRollbackParallelism;
  /// hoodie.rollback.using.markers
  static const ConfigProperty<bool> kRollbackUsingMarkers;
  /// hoodie.markers.delete.parallelism
  static const ConfigProperty<int32_t> kMarkersDeleteParallelism;
  /// hoodie.write.meta.key.prefixes
  static const ConfigProperty<std::string> kMetaKeyPrefixes;
  /// hoodie.merge.small.file.group.candidates.limit
  static const ConfigProperty<int32_t> kSmallFileGroupCandidatesLimit;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
