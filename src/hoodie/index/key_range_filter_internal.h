// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/key_range_filter_internal.h
/// \brief Which files' record key ranges may contain a key (Java IndexFileFilter:
/// ListBasedIndexFileFilter and IntervalTreeBasedIndexFileFilter).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hoodie::internal {

/// One file as the bloom index knows it (Java BloomIndexFileInfo): without a range the
/// file is a candidate for every key.
struct FileKeyRange {
  size_t file = 0;  ///< caller's file number
  std::optional<std::string> min_key;
  std::optional<std::string> max_key;

  bool HasRange() const { return min_key.has_value() && max_key.has_value(); }
};

/// \brief Finds the files whose [min, max] record key range holds a key, comparing as
/// Java String.compareTo (BloomIndexFileInfo.isKeyInRange). Both implementations return
/// the same files, sorted by file number. Immutable; thread-safe.
class KeyRangeFilter {
 public:
  virtual ~KeyRangeFilter() = default;

  /// `tree_based` picks the interval tree (hoodie.bloom.index.use.treebased.filter)
  /// over the linear scan.
  static std::unique_ptr<KeyRangeFilter> Make(bool tree_based,
                                              std::vector<FileKeyRange> files);

  /// File numbers that may hold `record_key`, ascending.
  virtual std::vector<size_t> CandidateFiles(std::string_view record_key) const = 0;
};

}  // namespace hoodie::internal
