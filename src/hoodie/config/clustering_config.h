// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/clustering_config.h
/// \brief Clustering plan and execution strategies and their sizing.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Clustering" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT ClusteringConfig {
  /// hoodie.clustering.inline
  static const ConfigProperty<bool> kInline;
  /// hoodie.clustering.async.enabled
  static const ConfigProperty<bool> kAsyncEnabled;
  /// hoodie.clustering.plan.strategy.class
  static const ConfigProperty<std::string> kPlanStrategyClass;
  /// hoodie.clustering.execution.strategy.class
  static const ConfigProperty<std::string> kExecutionStrategyClass;
  /// hoodie.clustering.plan.strategy.daybased.lookback.partitions
  static const ConfigProperty<int32_t> kDayBasedLookbackPartitions;
  /// hoodie.clustering.plan.strategy.small.file.limit
  static const ConfigProperty<int64_t> kSmallFileLimit;
  /// hoodie.clustering.plan.strategy.max.bytes.per.group
  static const ConfigProperty<int64_t> kMaxBytesPerGroup;
  /// hoodie.clustering.plan.strategy.max.num.groups
  static const ConfigProperty<int32_t> kMaxNumGroups;
  /// hoodie.clustering.plan.strategy.target.file.max.bytes
  static const ConfigProperty<int64_t> kTargetFileMaxBytes;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
