// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_key_internal.h
/// \brief The key check shared by the bloom filter implementations.
#pragma once

#include <arrow/status.h>

#include <span>
#include <string>
#include <string_view>

namespace hoodie::internal {

/// Invalid for an empty key: Java's HashFunction throws "key length must be > 0".
inline ::arrow::Status CheckBloomKey(std::string_view key) {
  if (key.empty()) {
    return ::arrow::Status::Invalid("Bloom filter key must not be empty");
  }
  return ::arrow::Status::OK();
}

/// CheckBloomKey of every key of a batch, before any is added; names the first empty one.
inline ::arrow::Status CheckBloomKeys(std::span<const std::string_view> keys) {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].empty()) {
      return ::arrow::Status::Invalid("Bloom filter key must not be empty (key ", i,
                                      " of ", keys.size(), " added together)");
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
