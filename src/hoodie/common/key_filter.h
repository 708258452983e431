// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/key_filter.h
/// \brief KeyFilter: a bit filter of a set of string keys, for lookups that mostly miss.
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Answers "certainly absent" for most keys not in a set, from one bit.
///
/// A merge looks up every stored row's key among a few incoming ones, and most are not
/// there. A hash table pays for each miss with a bucket and often a node out of cache; a
/// bit per hash slot, 16 slots a key (small enough to stay in the core's cache), turns
/// away about 15 misses in 16 first. One bit a key, so a "maybe" is checked in the table.
class HOODIE_EXPORT KeyFilter {
 public:
  /// Empties the filter and sizes it for `keys` keys.
  void Reset(size_t keys) {
    size_t bits = 1024;
    while (bits < 16 * keys) bits *= 2;
    shift_ = 64 - std::countr_zero(bits);
    words_.assign(bits / 64, 0);
  }

  void Add(std::string_view key) {
    const size_t bit = Bit(key);
    words_[bit / 64] |= uint64_t{1} << (bit % 64);
  }

  /// False when `key` was certainly not added since the last Reset.
  bool MayHold(std::string_view key) const {
    if (words_.empty()) return false;
    const size_t bit = Bit(key);
    return (words_[bit / 64] >> (bit % 64)) & 1;
  }

 private:
  // Fibonacci hashing spreads std::hash's value over the table's bits.
  size_t Bit(std::string_view key) const {
    const uint64_t hash = std::hash<std::string_view>()(key);
    return static_cast<size_t>((hash * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  std::vector<uint64_t> words_;
  int shift_ = 64;
};

}  // namespace hoodie
