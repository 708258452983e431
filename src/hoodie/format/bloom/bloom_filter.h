// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter.h
/// \brief The BloomFilter interface and Hudi's sizing rule.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include <cstdint>
#include <string>
#include <span>
#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Bit count and hash count for `num_entries` keys at false positive rate `fpp`
/// (Java BloomFilterUtils.getBitSize / getNumHashes, same double arithmetic).
///
/// The defaults (60000 entries, fpp 1e-9) give 2587966 bits and 30 hashes.
struct HOODIE_EXPORT BloomFilterSizing {
  int32_t bit_size = 0;
  int32_t num_hashes = 0;

  /// Invalid when num_entries <= 0, fpp is not in (0, 1), or the bit count does not fit
  /// an int32 (Java would fail later or build an unusable filter).
  static ::arrow::Result<BloomFilterSizing> Compute(int32_t num_entries, double fpp);
};

/// \brief A bloom filter over record keys, byte-compatible with Hudi's Java filters
/// (Java interface org.apache.hudi.common.bloom.BloomFilter).
///
/// Keys are hashed as their bytes (callers pass UTF-8, like Java's
/// `key.getBytes(UTF_8)`). Not thread-safe for Add; const methods may run concurrently.
class HOODIE_EXPORT BloomFilter {
 public:
  virtual ~BloomFilter() = default;

  /// Adds a key. Invalid for an empty key (Java's HashFunction rejects it too).
  virtual ::arrow::Status Add(std::string_view key) = 0;

  /// Add of every key in order (the same bits as one Add after another). Invalid for
  /// an empty key, before any key is added.
  virtual ::arrow::Status AddAll(std::span<const std::string_view> keys) = 0;

  /// False means the key was certainly never added. Invalid for an empty key.
  virtual ::arrow::Result<bool> MightContain(std::string_view key) const = 0;

  /// The raw serialized bytes (Java `write(DataOutput)`, big-endian integers).
  virtual std::string Serialize() const = 0;

  /// Standard Base64 of Serialize(), the value stored under the footer key
  /// `org.apache.hudi.bloomfilter` (Java `serializeToString()`).
  std::string SerializeToString() const;

  /// The type code name (Java BloomFilterTypeCode): "SIMPLE", "DYNAMIC_V0", the
  /// registered name of its BloomFilterType.
  virtual std::string_view type_code() const = 0;
  /// Whether its footer names the type code (Java writes the code only for types whose
  /// name contains "DYNAMIC"; readers take a missing code as SIMPLE).
  virtual bool HasTypeCodeFooter() const { return false; }
};

}  // namespace hoodie
