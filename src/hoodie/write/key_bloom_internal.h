// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/key_bloom_internal.h
/// \brief The bloom filter and min/max record keys of one base file being written.
///
/// KeyBloom builds only the filter entries; BaseFileWriter writes the min/max keys.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/array/array_binary.h>
#include <arrow/result.h>
#include <arrow/status.h>

namespace hoodie {

class BloomFilter;

namespace internal {

/// \brief The bloom half of HoodieBloomFilterWriteSupport for one file. Not
/// thread-safe.
class KeyBloom {
 public:
  ~KeyBloom();
  /// BloomFilterFactory.createBloomFilter with the index options.
  static ::arrow::Result<std::unique_ptr<KeyBloom>> Make(std::string_view type,
                                                         int32_t num_entries, double fpp,
                                                         int32_t max_entries);
  /// Adds every record key of the batch, in order.
  ::arrow::Status AddAll(const ::arrow::StringArray& record_keys);
  /// Footer entries: the Base64 filter, then its type code (DYNAMIC filters only).
  std::vector<std::pair<std::string, std::string>> FooterEntries() const;

 private:
  KeyBloom() = default;
  std::unique_ptr<BloomFilter> filter_;
  std::vector<std::string_view> keys_;  // AddAll's views, kept to reuse their memory
};

}  // namespace internal
}  // namespace hoodie
