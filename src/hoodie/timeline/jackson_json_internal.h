// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/jackson_json_internal.h
/// \brief Writes JSON the way Hudi's Jackson ObjectMapper does, and Java HashMap order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace hoodie::internal {

/// Serialises `value` like Jackson's DefaultPrettyPrinter: two-space object indent,
/// `"key" : value`, arrays inline as `[ a, b ]`, empty containers `{ }` / `[ ]`,
/// no trailing newline, non-ASCII written as UTF-8 and control characters escaped.
std::string ToJacksonPrettyJson(const nlohmann::ordered_json& value);

/// java.lang.String.hashCode() of a UTF-8 string (computed over its UTF-16 units).
int32_t JavaStringHashCode(std::string_view utf8);

/// The bucket java.util.HashMap puts `key` in for a table of `capacity` buckets.
size_t JavaHashMapBucket(std::string_view key, size_t capacity);

/// The table size of a java.util.HashMap built with `new HashMap<>()` and `size` puts.
size_t JavaHashMapCapacity(size_t size);

/// Reorders `entries` (given in insertion order) into the order a default
/// java.util.HashMap iterates them: by bucket, insertion order within a bucket. This
/// is the order Jackson writes a Java map in.
template <typename V>
void OrderLikeJavaHashMap(std::vector<std::pair<std::string, V>>* entries) {
  const size_t capacity = JavaHashMapCapacity(entries->size());
  std::stable_sort(entries->begin(), entries->end(),
                   [capacity](const auto& a, const auto& b) {
                     return JavaHashMapBucket(a.first, capacity) <
                            JavaHashMapBucket(b.first, capacity);
                   });
}

}  // namespace hoodie::internal
