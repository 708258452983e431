// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/clustering_config.cc
/// \brief Declarations of the "Clustering" configuration keys.
#include "hoodie/config/clustering_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> ClusteringConfig::kPlanStrategyClass{
    .key = "hoodie.clustering.plan.strategy.class",
    .default_value = std::string("org.apache.hudi.client.clustering.plan.strategy."
                                 "SparkRecentDaysClusteringPlanStrategy"),
    .doc = "Strategy creating the clustering plan.",
    .group = "Clustering",
    .hudi_0_15_default =
        "org.apache.hudi.client.clustering.plan.strategy."
        "SparkSizeBasedClusteringPlanStrategy",
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<std::string> ClusteringConfig::kExecutionStrategyClass{
    .key = "hoodie.clustering.execution.strategy.class",
    .default_value = std::string("org.apache.hudi.client.clustering.run.strategy."
                                 "SparkSortAndSizeExecutionStrategy"),
    .doc = "Strategy executing a clustering plan.",
    .group = "Clustering",
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<int32_t> ClusteringConfig::kDayBasedLookbackPartitions{
    .key = "hoodie.clustering.plan.strategy.daybased.lookback.partitions",
    .default_value = 2,
    .doc = "Partitions listed to create a clustering plan.",
    .validate = v::PositiveInt32,
    .group = "Clustering",
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<int64_t> ClusteringConfig::kSmallFileLimit{
    .key = "hoodie.clustering.plan.strategy.small.file.limit",
    .default_value = int64_t{629145600},
    .doc = "Files below this size are clustering candidates.",
    .validate = v::NonNegativeInt64,
    .group = "Clustering",
    .hudi_0_15_default = "314572800",
    .is_bytes = true,
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<int64_t> ClusteringConfig::kMaxBytesPerGroup{
    .key = "hoodie.clustering.plan.strategy.max.bytes.per.group",
    .default_value = int64_t{2147483648},
    .doc = "Maximum data in one clustering group.",
    .validate = v::PositiveInt64,
    .group = "Clustering",
    .is_bytes = true,
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<int32_t> ClusteringConfig::kMaxNumGroups{
    .key = "hoodie.clustering.plan.strategy.max.num.groups",
    .default_value = 30,
    .doc = "Maximum clustering groups per plan.",
    .validate = v::PositiveInt32,
    .group = "Clustering",
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<int64_t> ClusteringConfig::kTargetFileMaxBytes{
    .key = "hoodie.clustering.plan.strategy.target.file.max.bytes",
    .default_value = int64_t{1073741824},
    .doc = "Target size of files written by clustering.",
    .validate = v::PositiveInt64,
    .group = "Clustering",
    .is_bytes = true,
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<bool> ClusteringConfig::kInline{
    .key = "hoodie.clustering.inline",
    .default_value = false,
    .doc = "Turn on inline clustering: clustering runs after each write operation.",
    .since = "0.7.0",
    .group = "Clustering",
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

const ConfigProperty<bool> ClusteringConfig::kAsyncEnabled{
    .key = "hoodie.clustering.async.enabled",
    .default_value = false,
    .doc = "Run clustering asynchronously beside the writer.",
    .since = "0.7.0",
    .group = "Clustering",
    .support = ConfigSupport::kRefused,
    .support_note = "clustering is not implemented yet"};

void ClusteringConfig::Register(ConfigRegistry* registry) {
  registry->Add(kInline);
  registry->Add(kAsyncEnabled);
  registry->Add(kPlanStrategyClass);
  registry->Add(kExecutionStrategyClass);
  registry->Add(kDayBasedLookbackPartitions);
  registry->Add(kSmallFileLimit);
  registry->Add(kMaxBytesPerGroup);
  registry->Add(kMaxNumGroups);
  registry->Add(kTargetFileMaxBytes);
}

}  // namespace hoodie
