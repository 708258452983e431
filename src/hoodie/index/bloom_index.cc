// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/bloom_index.cc
/// \brief BLOOM and GLOBAL_BLOOM indexes.
#include "hoodie/index/bloom_index.h"


#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/index_config.h"
#include "hoodie/format/bloom/bloom_footer.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/index/index_lookup_internal.h"
#include "hoodie/index/key_range_filter_internal.h"
#include "hoodie/index/metadata_footers_internal.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

/// What the footer of one base file says (Java BloomIndexFileInfo plus the filter).
struct BloomIndex::FileFooter {
  std::optional<RecordKeyRange> range;  ///< absent: no min/max keys in the footer
  std::unique_ptr<BloomFilter> bloom;   ///< null: no filter, every candidate passes
};

::arrow::Result<BloomIndexOptions> BloomIndexOptions::FromConfig(
    const HoodieConfig& config, bool global) {
  BloomIndexOptions options;
  options.global = global;
  ARROW_ASSIGN_OR_RAISE(options.update_partition_path,
                        config.Get(IndexConfig::kBloomUpdatePartitionPath));
  ARROW_ASSIGN_OR_RAISE(options.prune_by_ranges,
                        config.Get(IndexConfig::kBloomPruneByRanges));
  ARROW_ASSIGN_OR_RAISE(options.use_tree_filter,
                        config.Get(IndexConfig::kBloomUseTreeFilter));
  ARROW_ASSIGN_OR_RAISE(options.use_metadata, config.Get(IndexConfig::kBloomUseMetadata));
  ARROW_ASSIGN_OR_RAISE(options.parallelism,
                        config.Get(IndexConfig::kBloomIndexParallelism));
  ARROW_ASSIGN_OR_RAISE(bool bucketized,
                        config.Get(IndexConfig::kBloomBucketizedChecking));
  ARROW_ASSIGN_OR_RAISE(int64_t keys_per_bucket,
                        config.Get(IndexConfig::kBloomKeysPerBucket));
  if (bucketized && keys_per_bucket <= 0) {
    return ::arrow::Status::Invalid(
        "hoodie.bloom.index.keys.per.bucket must be positive: ", keys_per_bucket);
  }
  options.keys_per_bucket = bucketized ? keys_per_bucket : 0;
  return options;
}

namespace {

// Reads the footer once for both the key range and the bloom filter. A footer without
// them is not an error: Java treats such a file as a candidate for every key.
::arrow::Result<std::pair<std::optional<RecordKeyRange>, std::unique_ptr<BloomFilter>>>
ReadFooter(Storage& storage, const internal::IndexedFile& file) {
  ARROW_ASSIGN_OR_RAISE(auto format, BaseFileFormatOfFile(file.path));
  ARROW_ASSIGN_OR_RAISE(BaseFileFooter footer,
                        format->ReadFooter(storage, file.path, file.size));
  // Java BloomIndexFileInfo without a range when either key is missing.
  std::optional<RecordKeyRange> range;
  if (auto keys = ReadMinMaxRecordKeys(footer.entries); keys.ok()) range = *std::move(keys);
  std::unique_ptr<BloomFilter> bloom;
  auto maybe_bloom = ReadBloomFilterFromFooter(footer.entries);
  if (maybe_bloom.ok()) {
    bloom = std::move(maybe_bloom).ValueUnsafe();
  } else if (!maybe_bloom.status().IsKeyError()) {
    return maybe_bloom.status();
  }
  return std::make_pair(std::move(range), std::move(bloom));
}

}  // namespace

BloomIndex::Candidates BloomIndex::RangeCandidates(
    const KeyViews& keys, const std::vector<std::string>& file_partitions,
    const std::vector<FileFooter>& footers) const {
  // One filter per partition (Java: per-partition IndexFileFilter), or one over all
  // files for a global index.
  std::map<std::string_view, std::vector<internal::FileKeyRange>> ranges;
  for (size_t i = 0; i < footers.size(); ++i) {
    internal::FileKeyRange range{i, std::nullopt, std::nullopt};
    if (options_.prune_by_ranges && footers[i].range) {
      range.min_key = footers[i].range->min_key;
      range.max_key = footers[i].range->max_key;
    }
    ranges[options_.global ? std::string_view() : file_partitions[i]].push_back(range);
  }
  Candidates candidates(footers.size());
  for (const auto& [bucket, record_keys] :
       internal::KeysByPartition(keys, options_.global)) {
    auto it = ranges.find(bucket);
    if (it == ranges.end()) continue;
    auto filter = internal::KeyRangeFilter::Make(options_.use_tree_filter, it->second);
    for (std::string_view key : record_keys) {
      for (size_t file : filter->CandidateFiles(key)) candidates[file].push_back(key);
    }
  }
  return candidates;
}

::arrow::Status BloomIndex::FilterByBloom(const std::vector<FileFooter>& footers,
                                          Candidates* candidates) const {
  struct Batch {
    size_t file;
    size_t begin;
    size_t end;
  };
  std::vector<Batch> batches;
  std::vector<std::vector<char>> passed(footers.size());
  for (size_t f = 0; f < footers.size(); ++f) {
    size_t count = (*candidates)[f].size();
    passed[f].assign(count, 1);
    if (!footers[f].bloom) continue;
    size_t step = options_.keys_per_bucket > 0
                      ? static_cast<size_t>(options_.keys_per_bucket)
                      : std::max<size_t>(count, 1);
    for (size_t b = 0; b < count; b += step) {
      batches.push_back({f, b, std::min(count, b + step)});
    }
  }
  ARROW_RETURN_NOT_OK(internal::ParallelForEach(
      batches.size(), options_.parallelism, [&](size_t i) -> ::arrow::Status {
        const Batch& batch = batches[i];
        for (size_t k = batch.begin; k < batch.end; ++k) {
          ARROW_ASSIGN_OR_RAISE(bool might, footers[batch.file].bloom->MightContain(
                                                (*candidates)[batch.file][k]));
          passed[batch.file][k] = might ? 1 : 0;
        }
        return ::arrow::Status::OK();
      }));
  for (size_t f = 0; f < footers.size(); ++f) {
    std::vector<std::string_view> kept;
    for (size_t k = 0; k < passed[f].size(); ++k) {
      if (passed[f][k]) kept.push_back((*candidates)[f][k]);
    }
    (*candidates)[f] = std::move(kept);
  }
  return ::arrow::Status::OK();
}

::arrow::Result<TaggedLocations> BloomIndex::TagLocation(
    const KeyViews& keys, const TableMetaClient& table,
    const FileSystemView& view) const {
  ARROW_ASSIGN_OR_RAISE(std::vector<internal::IndexedFile> files,
                        internal::FilesToProbe(keys, table, view, options_.global));
  // No keys, or a first write (or new partitions only): every key is new.
  if (files.empty()) return TaggedLocations(keys.size());
  std::vector<FileFooter> footers(files.size());
  std::vector<std::string> file_partitions;
  for (const auto& file : files) file_partitions.push_back(file.partition_path);
  // What the metadata table holds spares reading those footers.
  internal::MetadataFooters indexed;
  if (options_.use_metadata) {
    ARROW_ASSIGN_OR_RAISE(indexed, internal::FootersFromMetadata(table, files,
                                                                 options_.prune_by_ranges));
  }
  ARROW_RETURN_NOT_OK(internal::ParallelForEach(
      files.size(), options_.parallelism, [&](size_t i) -> ::arrow::Status {
        const bool range_known = !options_.prune_by_ranges ||
                                 (options_.use_metadata && indexed.ranges_known[i]);
        const bool bloom_known = options_.use_metadata && indexed.blooms_known[i];
        if (options_.use_metadata) {
          footers[i].range = std::move(indexed.ranges[i]);
          footers[i].bloom = std::move(indexed.blooms[i]);
        }
        if (range_known && bloom_known) return ::arrow::Status::OK();
        ARROW_ASSIGN_OR_RAISE(auto footer, ReadFooter(*table.storage(), files[i]));
        if (!range_known) footers[i].range = std::move(footer.first);
        if (!bloom_known) footers[i].bloom = std::move(footer.second);
        return ::arrow::Status::OK();
      }));
  Candidates candidates = RangeCandidates(keys, file_partitions, footers);
  ARROW_RETURN_NOT_OK(FilterByBloom(footers, &candidates));
  // Bloom filters have false positives; HoodieKeyLookupHandle confirms the survivors
  // against the keys actually stored, and only files with survivors are read.
  std::vector<std::vector<std::string>> found(files.size());
  ARROW_RETURN_NOT_OK(internal::ParallelForEach(
      files.size(), options_.parallelism, [&](size_t i) -> ::arrow::Status {
        ARROW_ASSIGN_OR_RAISE(
            found[i],
            internal::FindKeysInFile(table.storage(), files[i], candidates[i]));
        return ::arrow::Status::OK();
      }));
  return internal::ResolveTags(keys, files, found,
                               {options_.global, options_.update_partition_path});
}

}  // namespace hoodie
