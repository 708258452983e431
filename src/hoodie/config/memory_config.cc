// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/memory_config.cc
/// \brief Declarations of the "Memory" configuration keys.
#include "hoodie/config/memory_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<double> MemoryConfig::kMergeFraction{
    .key = "hoodie.memory.merge.fraction",
    .default_value = 0.6,
    .doc = "Fraction of user memory (1 - spark.memory.fraction) used by a merge.",
    .validate = v::Fraction,
    .group = "Memory",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a share of the JVM heap; hoodie's memory is set by hoodie.memory.merge.max.size and friends"};

const ConfigProperty<double> MemoryConfig::kCompactionFraction{
    .key = "hoodie.memory.compaction.fraction",
    .default_value = 0.6,
    .doc =
        "Fraction of user memory used by the spillable map of compaction log "
        "scanning.",
    .validate = v::Fraction,
    .group = "Memory",
    .override_reason =
        "The seed lists 1GB, the default of the builder method documented beside it "
        "(a size in bytes); the key is a fraction and Hudi's default is 0.6, so 1GB "
        "would fail validation.",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a share of the JVM heap; hoodie's memory is set by hoodie.memory.merge.max.size and friends"};

const ConfigProperty<double> MemoryConfig::kWriteStatusFailureFraction{
    .key = "hoodie.memory.writestatus.failure.fraction",
    .default_value = 0.1,
    .doc = "Fraction of failed records whose exceptions are reported to the driver.",
    .validate = v::Fraction,
    .group = "Memory",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a share of the JVM heap; hoodie's memory is set by hoodie.memory.merge.max.size and friends"};

const ConfigProperty<int64_t> MemoryConfig::kMergeMaxSize{
    .key = "hoodie.memory.merge.max.size",
    .default_value = int64_t{1073741824},
    .doc =
        "Bytes of memory a write may hold before spilling to local disk. hoodie "
        "bounds with it the records an insert, upsert or delete stages, and the "
        "in-memory runs of a bulk_insert sort (GLOBAL_SORT, PARTITION_SORT, "
        "PARTITION_PATH_REPARTITION_AND_SORT and de-duplication), and the log records "
        "a merge-on-read snapshot read or compaction merges per file slice (the rest "
        "spills to a local file; record keys stay in memory), and the record keys the "
        "metadata table's record_index is first built from.",
    .validate = v::PositiveInt64,
    .advanced = true,
    .group = "Memory",
    .is_bytes = true};

const ConfigProperty<std::string> MemoryConfig::kSpillableMapPath{
    .key = "hoodie.memory.spillable.map.path",
    .doc =
        "Local folder of the files a write or a log merge spills to (sorted runs, "
        "staged records, spilled log records, the keys a record_index is built from); "
        "the system temporary folder when unset.",
    .advanced = true,
    .group = "Memory"};

const ConfigProperty<int64_t> MemoryConfig::kParquetBufferMaxSize{
    .key = "hoodie.memory.parquet.buffer.max.size",
    .default_value = int64_t{134217728},
    .doc =
        "hoodie only (no Hudi key): bytes the base files a write has open may hold "
        "together in their unfinished row groups (encoded pages, dictionaries). Past it, "
        "a file holding at least its share ends its row group early, as parquet-mr's "
        "MemoryManager shrinks the row groups of many open writers; a row group never "
        "grows past hoodie.parquet.block.size either way.",
    .validate = v::PositiveInt64,
    .advanced = true,
    .group = "Memory",
    .is_bytes = true};

void MemoryConfig::Register(ConfigRegistry* registry) {
  registry->Add(kMergeFraction);
  registry->Add(kCompactionFraction);
  registry->Add(kWriteStatusFailureFraction);
  registry->Add(kMergeMaxSize);
  registry->Add(kSpillableMapPath);
  registry->Add(kParquetBufferMaxSize);
}

}  // namespace hoodie
