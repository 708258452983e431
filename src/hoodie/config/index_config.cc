// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/index_config.cc
/// \brief Declarations of the "Index" configuration keys.
#include "hoodie/config/index_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> IndexConfig::kIndexClass{
    .key = "hoodie.index.class",
    .default_value = std::string(""),
    .doc = "User-defined index class; takes precedence over hoodie.index.type.",
    .advanced = true,
    .group = "Index",
    .override_reason =
        "The seed shows the example value x.y.z.UserDefinedIndex; unset (empty) "
        "means hoodie.index.type decides."};

const ConfigProperty<std::string> IndexConfig::kIndexType{
    .key = "hoodie.index.type",
    .default_value = std::string("BLOOM"),
    .doc = "Index type tagging incoming records as inserts or updates.",
    .allowed_values = {"BLOOM", "GLOBAL_BLOOM", "SIMPLE", "GLOBAL_SIMPLE", "INMEMORY",
                       "HBASE", "BUCKET", "FLINK_STATE", "RECORD_INDEX"},
    .group = "Index",
    .hudi_0_15_default =
        "(inferred per engine: SIMPLE for Spark, FLINK_STATE for Flink)"};

const ConfigProperty<std::string> IndexConfig::kBloomFilterType{
    .key = "hoodie.bloom.index.filter.type",
    .default_value = std::string("SIMPLE"),
    .doc = "Bloom filter type; DYNAMIC_V0 filters grow with the number of keys.",
    .allowed_values = {"SIMPLE", "DYNAMIC_V0"},
    .group = "Index",
    .hudi_0_15_default = "DYNAMIC_V0"};

const ConfigProperty<int32_t> IndexConfig::kBloomNumEntries{
    .key = "hoodie.index.bloom.num_entries",
    .default_value = 60000,
    .doc =
        "Number of entries a bloom filter is sized for (initial size for dynamic "
        "filters).",
    .validate = v::PositiveInt32,
    .group = "Index"};

const ConfigProperty<double> IndexConfig::kBloomFpp{
    .key = "hoodie.index.bloom.fpp",
    .default_value = 1e-09,
    .doc = "Target false-positive probability of bloom filters.",
    .validate = v::Fraction,
    .group = "Index"};

const ConfigProperty<int32_t> IndexConfig::kBloomIndexParallelism{
    .key = "hoodie.bloom.index.parallelism",
    .default_value = 0,
    .doc = "Shuffle parallelism of bloom index lookups; 0 computes it from the input.",
    .validate = v::NonNegativeInt32,
    .group = "Index",
    .support = ConfigSupport::kTuning,
    .support_note =
        "the threads of the bloom lookup, not which records match"};

const ConfigProperty<bool> IndexConfig::kBloomPruneByRanges{
    .key = "hoodie.bloom.index.prune.by.ranges",
    .default_value = true,
    .doc = "Use record key ranges of files to prune bloom lookups.",
    .group = "Index"};

const ConfigProperty<bool> IndexConfig::kBloomUseCaching{
    .key = "hoodie.bloom.index.use.caching",
    .default_value = true,
    .doc = "Cache the input to speed up bloom index lookups.",
    .group = "Index",
    .support = ConfigSupport::kNoEffect,
    .support_note = "caching of Spark RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<bool> IndexConfig::kBloomUseTreeFilter{
    .key = "hoodie.bloom.index.use.treebased.filter",
    .default_value = true,
    .doc = "Use an interval tree for key-range based file pruning.",
    .group = "Index"};

const ConfigProperty<bool> IndexConfig::kBloomUseMetadata{
    .key = "hoodie.bloom.index.use.metadata",
    .default_value = false,
    .doc = "BLOOM and GLOBAL_BLOOM: take each base file's bloom filter from the metadata "
           "table's bloom_filters partition and its record-key range from column_stats "
           "(the _hoodie_record_key column) instead of reading base file footers, for "
           "the partitions the metadata table has built; a file they lack is read as "
           "before.",
    .since = "0.11.0",
    .group = "Index"};

const ConfigProperty<bool> IndexConfig::kBloomBucketizedChecking{
    .key = "hoodie.bloom.index.bucketized.checking",
    .default_value = true,
    .doc = "Bucketize bloom filter checks to reduce skew.",
    .group = "Index",
    .support = ConfigSupport::kTuning,
    .support_note =
        "how many keys one bloom check task takes (hoodie.bloom.index.keys.per.bucket), not which records match"};

const ConfigProperty<int32_t> IndexConfig::kBloomDynamicMaxEntries{
    .key = "hoodie.bloom.index.filter.dynamic.max.entries",
    .default_value = 100000,
    .doc = "Maximum keys of a dynamic bloom filter.",
    .validate = v::PositiveInt32,
    .group = "Index"};

const ConfigProperty<int64_t> IndexConfig::kBloomKeysPerBucket{
    .key = "hoodie.bloom.index.keys.per.bucket",
    .default_value = int64_t{10000000},
    .doc = "Record key checks against one file per bucket of bloom lookup work.",
    .validate = v::PositiveInt64,
    .group = "Index",
    .support = ConfigSupport::kTuning,
    .support_note =
        "the keys one bloom check task takes, not which records match"};

const ConfigProperty<std::string> IndexConfig::kBloomInputStorageLevel{
    .key = "hoodie.bloom.index.input.storage.level",
    .default_value = std::string("MEMORY_AND_DISK_SER"),
    .doc = "Spark storage level of the cached input.",
    .advanced = true,
    .group = "Index",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a Spark storage level for cached RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<bool> IndexConfig::kBloomUpdatePartitionPath{
    .key = "hoodie.bloom.index.update.partition.path",
    .default_value = false,
    .doc =
        "GLOBAL_BLOOM: move a record whose partition path changed (insert in new, "
        "delete in old).",
    .group = "Index",
    .hudi_0_15_default = "true"};

// Not in the seed pages; its default follows the seed's default for the bloom twin
// (false) so GLOBAL_SIMPLE and GLOBAL_BLOOM move records the same way by default.
const ConfigProperty<bool> IndexConfig::kSimpleUpdatePartitionPath{
    .key = "hoodie.simple.index.update.partition.path",
    .default_value = false,
    .doc =
        "GLOBAL_SIMPLE: move a record whose partition path changed (insert in new, "
        "delete in old).",
    .since = "0.6.0",
    .group = "Index",
    .hudi_0_15_default = "true"};

const ConfigProperty<bool> IndexConfig::kRecordIndexUpdatePartitionPath{
    .key = "hoodie.record.index.update.partition.path",
    .default_value = false,
    .doc = "RECORD_INDEX: move a record whose partition path changed (insert in new, "
           "delete in old); false updates it in its old partition.",
    .since = "0.14.0",
    .group = "Index"};

const ConfigProperty<bool> IndexConfig::kRecordIndexUseCaching{
    .key = "hoodie.record.index.use.caching",
    .default_value = true,
    .doc = "Cache the input of record index lookups.",
    .since = "0.14.0",
    .group = "Index",
    .support = ConfigSupport::kNoEffect,
    .support_note = "caching of Spark RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<std::string> IndexConfig::kRecordIndexInputStorageLevel{
    .key = "hoodie.record.index.input.storage.level",
    .default_value = std::string("MEMORY_AND_DISK_SER"),
    .doc = "Spark storage level of the cached input of record index lookups.",
    .since = "0.14.0",
    .advanced = true,
    .group = "Index",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a Spark storage level for cached RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<std::string> IndexConfig::kHbaseZkQuorum{
    .key = "hoodie.index.hbase.zkquorum",
    .doc = "HBase ZooKeeper quorum (HBASE index).",
    .group = "Index",
    .support = ConfigSupport::kRefused,
    .support_note = "the HBASE index is not implemented"};

const ConfigProperty<int32_t> IndexConfig::kHbaseZkPort{
    .key = "hoodie.index.hbase.zkport",
    .doc = "HBase ZooKeeper port (HBASE index).",
    .validate = v::PortNumber,
    .group = "Index",
    .support = ConfigSupport::kRefused,
    .support_note = "the HBASE index is not implemented"};

const ConfigProperty<std::string> IndexConfig::kHbaseZkNodePath{
    .key = "hoodie.index.hbase.zknode.path",
    .doc = "Root znode of HBase (HBASE index).",
    .group = "Index",
    .support = ConfigSupport::kRefused,
    .support_note = "the HBASE index is not implemented"};

const ConfigProperty<std::string> IndexConfig::kHbaseTable{
    .key = "hoodie.index.hbase.table",
    .doc = "HBase table holding the index.",
    .group = "Index",
    .support = ConfigSupport::kRefused,
    .support_note = "the HBASE index is not implemented"};

const ConfigProperty<bool> IndexConfig::kHbaseUpdatePartitionPath{
    .key = "hoodie.hbase.index.update.partition.path",
    .default_value = false,
    .doc = "HBASE index: move a record whose partition path changed.",
    .group = "Index",
    .support = ConfigSupport::kRefused,
    .support_note = "the HBASE index is not implemented"};

const ConfigProperty<bool> IndexConfig::kSimpleUseCaching{
    .key = "hoodie.simple.index.use.caching",
    .default_value = true,
    .doc = "Cache the input to speed up simple index lookups.",
    .group = "Index",
    .support = ConfigSupport::kNoEffect,
    .support_note = "caching of Spark RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<std::string> IndexConfig::kSimpleInputStorageLevel{
    .key = "hoodie.simple.index.input.storage.level",
    .default_value = std::string("MEMORY_AND_DISK_SER"),
    .doc = "Spark storage level of the cached input.",
    .advanced = true,
    .group = "Index",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a Spark storage level for cached RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<int32_t> IndexConfig::kSimpleIndexParallelism{
    .key = "hoodie.simple.index.parallelism",
    .default_value = 50,
    .doc = "Shuffle parallelism of SIMPLE index lookups.",
    .validate = v::NonNegativeInt32,
    .group = "Index",
    .hudi_0_15_default = "0 (derived from the number of base files)",
    .support = ConfigSupport::kTuning,
    .support_note =
        "the threads of the simple index lookup, not which records match"};

const ConfigProperty<int32_t> IndexConfig::kGlobalSimpleIndexParallelism{
    .key = "hoodie.global.simple.index.parallelism",
    .default_value = 100,
    .doc = "Shuffle parallelism of GLOBAL_SIMPLE index lookups.",
    .validate = v::NonNegativeInt32,
    .group = "Index",
    .hudi_0_15_default = "0 (derived from the number of base files)",
    .support = ConfigSupport::kTuning,
    .support_note =
        "the threads of the global simple index lookup, not which records match"};

void IndexConfig::Register(ConfigRegistry* registry) {
  registry->Add(kIndexClass);
  registry->Add(kIndexType);
  registry->Add(kBloomFilterType);
  registry->Add(kBloomNumEntries);
  registry->Add(kBloomFpp);
  registry->Add(kBloomIndexParallelism);
  registry->Add(kBloomPruneByRanges);
  registry->Add(kBloomUseCaching);
  registry->Add(kBloomUseTreeFilter);
  registry->Add(kBloomUseMetadata);
  registry->Add(kBloomBucketizedChecking);
  registry->Add(kBloomDynamicMaxEntries);
  registry->Add(kBloomKeysPerBucket);
  registry->Add(kBloomInputStorageLevel);
  registry->Add(kBloomUpdatePartitionPath);
  registry->Add(kSimpleUpdatePartitionPath);
  registry->Add(kHbaseZkQuorum);
  registry->Add(kHbaseZkPort);
  registry->Add(kHbaseZkNodePath);
  registry->Add(kHbaseTable);
  registry->Add(kHbaseUpdatePartitionPath);
  registry->Add(kRecordIndexUpdatePartitionPath);
  registry->Add(kRecordIndexUseCaching);
  registry->Add(kRecordIndexInputStorageLevel);
  registry->Add(kSimpleUseCaching);
  registry->Add(kSimpleInputStorageLevel);
  registry->Add(kSimpleIndexParallelism);
  registry->Add(kGlobalSimpleIndexParallelism);
}

}  // namespace hoodie
