// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/key_range_filter.cc
/// \brief List- and interval-tree-based key range filters.
#include <algorithm>

#include "hoodie/common/java_compat.h"
#include "hoodie/format/bloom/bloom_footer.h"
#include "hoodie/index/key_range_filter_internal.h"

namespace hoodie::internal {

namespace {

bool InRange(const FileKeyRange& file, std::string_view key) {
  return CompareJavaStrings(*file.min_key, key) <= 0 &&
         CompareJavaStrings(key, *file.max_key) <= 0;
}

// Java ListBasedIndexFileFilter: checks every file.
class ListKeyRangeFilter : public KeyRangeFilter {
 public:
  explicit ListKeyRangeFilter(std::vector<FileKeyRange> files)
      : files_(std::move(files)) {}

  std::vector<size_t> CandidateFiles(std::string_view record_key) const override {
    std::vector<size_t> result;
    for (const FileKeyRange& file : files_) {
      if (!file.HasRange() || InRange(file, record_key)) result.push_back(file.file);
    }
    std::sort(result.begin(), result.end());
    return result;
  }

 private:
  std::vector<FileKeyRange> files_;
};

// Java IntervalTreeBasedIndexFileFilter. The ranges are static, so instead of Java's
// incrementally built (and possibly unbalanced) KeyRangeLookupTree this is an implicit
// balanced tree over the ranges sorted by min key: the middle of [lo, hi) is the node,
// and subtree_max_ holds the largest max key below it so whole subtrees are skipped.
class TreeKeyRangeFilter : public KeyRangeFilter {
 public:
  explicit TreeKeyRangeFilter(std::vector<FileKeyRange> files) {
    for (FileKeyRange& file : files) {
      (file.HasRange() ? ranged_ : unranged_).push_back(std::move(file));
    }
    std::sort(ranged_.begin(), ranged_.end(), [](const auto& a, const auto& b) {
      return CompareJavaStrings(*a.min_key, *b.min_key) < 0;
    });
    subtree_max_.resize(ranged_.size());
    if (!ranged_.empty()) BuildMax(0, ranged_.size());
  }

  std::vector<size_t> CandidateFiles(std::string_view record_key) const override {
    std::vector<size_t> result;
    // Files without a range match every key, as Java keeps them beside the tree.
    for (const FileKeyRange& file : unranged_) result.push_back(file.file);
    Collect(0, ranged_.size(), record_key, &result);
    std::sort(result.begin(), result.end());
    return result;
  }

 private:
  // Returns the index (into ranged_) of the largest max key in [lo, hi).
  size_t BuildMax(size_t lo, size_t hi) {
    size_t mid = lo + (hi - lo) / 2;
    size_t best = mid;
    for (size_t child : {lo < mid ? BuildMax(lo, mid) : mid,
                         mid + 1 < hi ? BuildMax(mid + 1, hi) : mid}) {
      if (CompareJavaStrings(*ranged_[child].max_key, *ranged_[best].max_key) > 0) {
        best = child;
      }
    }
    subtree_max_[mid] = best;
    return best;
  }

  void Collect(size_t lo, size_t hi, std::string_view key,
               std::vector<size_t>* out) const {
    if (lo >= hi) return;
    size_t mid = lo + (hi - lo) / 2;
    if (CompareJavaStrings(*ranged_[subtree_max_[mid]].max_key, key) < 0) return;
    Collect(lo, mid, key, out);
    // Ranges right of mid start at or after mid's min key.
    if (CompareJavaStrings(*ranged_[mid].min_key, key) > 0) return;
    if (InRange(ranged_[mid], key)) out->push_back(ranged_[mid].file);
    Collect(mid + 1, hi, key, out);
  }

  std::vector<FileKeyRange> ranged_;
  std::vector<FileKeyRange> unranged_;
  std::vector<size_t> subtree_max_;  // node -> index in ranged_ of its subtree's max
};

}  // namespace

std::unique_ptr<KeyRangeFilter> KeyRangeFilter::Make(bool tree_based,
                                                     std::vector<FileKeyRange> files) {
  if (tree_based) return std::make_unique<TreeKeyRangeFilter>(std::move(files));
  return std::make_unique<ListKeyRangeFilter>(std::move(files));
}

}  // namespace hoodie::internal
