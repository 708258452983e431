// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/java_compat.h
/// \brief What Hudi's bytes inherit from Java: strings as UTF-16 (their order and
/// hashCode) and java.util.HashMap's iteration order, which Jackson writes maps in.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief The UTF-16 code units of a UTF-8 string, one at a time, as a Java String
/// built from those bytes holds them: a supplementary character is a surrogate pair,
/// and each byte of a malformed sequence (overlong, surrogate, past U+10FFFF, cut off)
/// is U+FFFD.
class HOODIE_EXPORT Utf16Units {
 public:
  explicit Utf16Units(std::string_view text) : text_(text) {}

  /// The next unit; false at the end of the string.
  bool Next(uint16_t* unit);

 private:
  uint32_t DecodeCodePoint();

  std::string_view text_;
  size_t pos_ = 0;
  uint16_t pending_low_ = 0;
};

/// \brief Compares strings as Java String.compareTo does: by UTF-16 code unit, so a
/// supplementary character (surrogate pair) sorts before U+E000..U+FFFF, unlike UTF-8
/// byte order. Keys written by Java are valid UTF-8; each byte of a malformed sequence
/// compares as U+FFFD (Java's decoder may merge some of them into one).
/// \return negative, zero or positive.
HOODIE_EXPORT int CompareJavaStrings(std::string_view a, std::string_view b);

/// java.lang.String.hashCode() of a UTF-8 string (computed over its UTF-16 units).
HOODIE_EXPORT int32_t JavaStringHashCode(std::string_view utf8);

/// The bucket java.util.HashMap puts `key` in for a table of `capacity` buckets.
HOODIE_EXPORT size_t JavaHashMapBucket(std::string_view key, size_t capacity);

/// The table size of a java.util.HashMap built with `new HashMap<>()` and `size` puts.
HOODIE_EXPORT size_t JavaHashMapCapacity(size_t size);

/// The table size of a java.util.HashMap built with `new HashMap<>(size)` and `size`
/// puts: how Avro's GenericDatumReader.newMap sizes a map it decodes.
HOODIE_EXPORT size_t JavaPresizedHashMapCapacity(size_t size);

/// Reorders `entries` (given in insertion order) into the order a default
/// java.util.HashMap iterates them: by bucket, insertion order within a bucket. This
/// is the order Jackson writes a Java map in. With `presized`, the order of a map made
/// by `new HashMap<>(entries.size())`, as Avro decodes maps.
template <typename V>
void OrderLikeJavaHashMap(std::vector<std::pair<std::string, V>>* entries,
                          bool presized = false) {
  const size_t capacity = presized ? JavaPresizedHashMapCapacity(entries->size())
                                   : JavaHashMapCapacity(entries->size());
  std::stable_sort(entries->begin(), entries->end(),
                   [capacity](const auto& a, const auto& b) {
                     return JavaHashMapBucket(a.first, capacity) <
                            JavaHashMapBucket(b.first, capacity);
                   });
}

}  // namespace hoodie
