// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/simple_bloom_filter.h
/// \brief SIMPLE bloom filter: one bit vector (Java SimpleBloomFilter).
#pragma once

#include <arrow/result.h>

#include <memory>
#include <string>
#include <string_view>

#include "hoodie/format/bloom/bit_vector_filter_internal.h"
#include "hoodie/format/bloom/bloom_filter.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One fixed-size bloom filter (Java
/// org.apache.hudi.common.bloom.SimpleBloomFilter).
///
/// Serialized as the 13-byte InternalFilter header followed by ceil(bits / 8) bytes of
/// bit vector. Not thread-safe for Add.
class HOODIE_EXPORT SimpleBloomFilter final : public BloomFilter {
 public:
  /// Sized by BloomFilterSizing::Compute; Invalid for bad sizes.
  static ::arrow::Result<std::unique_ptr<SimpleBloomFilter>> Make(
      int32_t num_entries, double fpp, HashType hash_type = HashType::kMurmur);

  /// From raw serialized bytes (not Base64). Accepts the legacy header (positive
  /// version = hash count, Jenkins). Trailing bytes are ignored, as Java ignores them.
  /// Invalid for truncated or corrupt input.
  static ::arrow::Result<std::unique_ptr<SimpleBloomFilter>> Deserialize(
      std::string_view bytes);

  ::arrow::Status Add(std::string_view key) override;
  ::arrow::Status AddAll(std::span<const std::string_view> keys) override;
  ::arrow::Result<bool> MightContain(std::string_view key) const override;
  std::string Serialize() const override;
  std::string_view type_code() const override { return "SIMPLE"; }

  int32_t bit_size() const { return filter_.header().vector_size; }
  int32_t num_hashes() const { return filter_.header().num_hashes; }
  HashType hash_type() const { return filter_.header().hash_type; }

 private:
  // Not exported, as nothing whose signature names an internal type.
  HOODIE_NO_EXPORT explicit SimpleBloomFilter(internal::BitVectorFilter filter)
      : filter_(std::move(filter)) {}

  internal::BitVectorFilter filter_;
};

}  // namespace hoodie
