// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_key_internal.h
/// \brief The key check shared by the bloom filter implementations.
#pragma once

#include <arrow/status.h>

#include <string_view>

namespace hoodie::internal {

/// Invalid for an empty key: Java's HashFunction throws "key length must be > 0".
inline ::arrow::Status CheckBloomKey(std::string_view key) {
  if (key.empty()) {
    return ::arrow::Status::Invalid("Bloom filter key must not be empty");
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
