// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/index_config.h
/// \brief Index selection and bloom, simple and HBase index settings.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Index" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT IndexConfig {
  /// hoodie.index.class
  static const ConfigProperty<std::string> kIndexClass;
  /// hoodie.index.type
  static const ConfigProperty<std::string> kIndexType;
  /// hoodie.bloom.index.filter.type
  static const ConfigProperty<std::string> kBloomFilterType;
  /// hoodie.index.bloom.num_entries
  static const ConfigProperty<int32_t> kBloomNumEntries;
  /// hoodie.index.bloom.fpp
  static const ConfigProperty<double> kBloomFpp;
  /// hoodie.bloom.index.parallelism
  static const ConfigProperty<int32_t> kBloomIndexParallelism;
  /// hoodie.bloom.index.prune.by.ranges
  static const ConfigProperty<bool> kBloomPruneByRanges;
  /// hoodie.bloom.index.use.caching
  static const ConfigProperty<bool> kBloomUseCaching;
  /// hoodie.bloom.index.use.treebased.filter
  static const ConfigProperty<bool> kBloomUseTreeFilter;
  /// hoodie.bloom.index.use.metadata
  static const ConfigProperty<bool> kBloomUseMetadata;
  /// hoodie.bloom.index.bucketized.checking
  static const ConfigProperty<bool> kBloomBucketizedChecking;
  /// hoodie.bloom.index.filter.dynamic.max.entries
  static const ConfigProperty<int32_t> kBloomDynamicMaxEntries;
  /// hoodie.bloom.index.keys.per.bucket
  static const ConfigProperty<int64_t> kBloomKeysPerBucket;
  /// hoodie.bloom.index.input.storage.level
  static const ConfigProperty<std::string> kBloomInputStorageLevel;
  /// hoodie.bloom.index.update.partition.path
  static const ConfigProperty<bool> kBloomUpdatePartitionPath;
  /// hoodie.simple.index.update.partition.path
  static const ConfigProperty<bool> kSimpleUpdatePartitionPath;
  /// hoodie.record.index.update.partition.path / .use.caching / .input.storage.level
  static const ConfigProperty<bool> kRecordIndexUpdatePartitionPath;
  static const ConfigProperty<bool> kRecordIndexUseCaching;
  static const ConfigProperty<std::string> kRecordIndexInputStorageLevel;
  /// hoodie.index.hbase.zkquorum
  static const ConfigProperty<std::string> kHbaseZkQuorum;
  /// hoodie.index.hbase.zkport
  static const ConfigProperty<int32_t> kHbaseZkPort;
  /// hoodie.index.hbase.zknode.path
  static const ConfigProperty<std::string> kHbaseZkNodePath;
  /// hoodie.index.hbase.table
  static const ConfigProperty<std::string> kHbaseTable;
  /// hoodie.hbase.index.update.partition.path
  static const ConfigProperty<bool> kHbaseUpdatePartitionPath;
  /// hoodie.simple.index.use.caching
  static const ConfigProperty<bool> kSimpleUseCaching;
  /// hoodie.simple.index.input.storage.level
  static const ConfigProperty<std::string> kSimpleInputStorageLevel;
  /// hoodie.simple.index.parallelism
  static const ConfigProperty<int32_t> kSimpleIndexParallelism;
  /// hoodie.global.simple.index.parallelism
  static const ConfigProperty<int32_t> kGlobalSimpleIndexParallelism;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
