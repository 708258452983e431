// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/bloom_index.h
/// \brief BLOOM and GLOBAL_BLOOM: prune base files by footer key ranges and bloom
/// filters, then confirm by reading keys (Java HoodieBloomIndex, HoodieGlobalBloomIndex).
#pragma once

#include <cstdint>

#include <arrow/result.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/index_config.h"
#include "hoodie/index/index.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Settings of the bloom indexes. Keys that only tune Spark (use.caching,
/// input.storage.level) are not represented: they change neither results nor anything
/// a single process could do differently.
struct HOODIE_EXPORT BloomIndexOptions {
  bool global = false;
  /// hoodie.bloom.index.update.partition.path (global only).
  bool update_partition_path = DefaultOf(IndexConfig::kBloomUpdatePartitionPath);
  /// hoodie.bloom.index.prune.by.ranges: skip files whose footer min/max record keys
  /// exclude a key before consulting their bloom filter.
  bool prune_by_ranges = DefaultOf(IndexConfig::kBloomPruneByRanges);
  /// hoodie.bloom.index.use.treebased.filter: interval tree instead of a linear scan for
  /// range pruning; same results, cheaper with many files.
  bool use_tree_filter = DefaultOf(IndexConfig::kBloomUseTreeFilter);
  /// hoodie.bloom.index.use.metadata: bloom filters and key ranges from the metadata
  /// table's bloom_filters and column_stats partitions; footers for what they lack.
  bool use_metadata = DefaultOf(IndexConfig::kBloomUseMetadata);
  /// hoodie.bloom.index.parallelism: at most this many files are probed at once on the
  /// CPU pool (0: no cap beyond the pool), where Java sizes the Spark shuffle.
  int parallelism = DefaultOf(IndexConfig::kBloomIndexParallelism);
  /// hoodie.bloom.index.bucketized.checking + hoodie.bloom.index.keys.per.bucket: Java
  /// spreads the key comparisons of one file over buckets of this many keys to avoid
  /// skew; here the bloom probes of one file run in batches of this size, each batch a
  /// separate pool task (0: one task per file).
  int64_t keys_per_bucket = 0;

  static BloomIndexOptions Defaults() { return {}; }
  /// Reads the keys above; Invalid for malformed values.
  static ::arrow::Result<BloomIndexOptions> FromConfig(const HoodieConfig& config,
                                                       bool global);
};

/// \brief Looks keys up through base file footers: min/max record key ranges, then the
/// bloom filter, then the file's `_hoodie_record_key` column for the keys that pass
/// (HoodieKeyLookupHandle), so false positives never tag a record. Thread-safe.
class HOODIE_EXPORT BloomIndex : public Index {
 public:
  explicit BloomIndex(BloomIndexOptions options) : options_(options) {}

  using Index::TagLocation;
  ::arrow::Result<TaggedLocations> TagLocation(const KeyViews& keys,
                                               const TableMetaClient& table,
                                               const FileSystemView& view) const override;
  bool IsGlobal() const override { return options_.global; }
  bool CanIndexLogFiles() const override { return false; }
  bool IsImplicitWithStorage() const override { return true; }
  std::string_view name() const override {
    return options_.global ? "GLOBAL_BLOOM" : "BLOOM";
  }

 private:
  struct FileFooter;
  using Candidates = std::vector<std::vector<std::string_view>>;

  Candidates RangeCandidates(const KeyViews& keys,
                             const std::vector<std::string>& file_partitions,
                             const std::vector<FileFooter>& footers) const;
  ::arrow::Status FilterByBloom(const std::vector<FileFooter>& footers,
                                Candidates* candidates) const;

  BloomIndexOptions options_;
};

}  // namespace hoodie
