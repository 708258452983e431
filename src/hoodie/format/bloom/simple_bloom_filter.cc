// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/simple_bloom_filter.cc
/// \brief SIMPLE bloom filter.
#include "hoodie/format/bloom/simple_bloom_filter.h"

#include "hoodie/format/bloom/bloom_key_internal.h"

namespace hoodie {

::arrow::Result<std::unique_ptr<SimpleBloomFilter>> SimpleBloomFilter::Make(
    int32_t num_entries, double fpp, HashType hash_type) {
  ARROW_ASSIGN_OR_RAISE(auto sizing, BloomFilterSizing::Compute(num_entries, fpp));
  internal::FilterHeader header{sizing.num_hashes, hash_type, sizing.bit_size};
  return std::unique_ptr<SimpleBloomFilter>(
      new SimpleBloomFilter(internal::BitVectorFilter(header)));
}

::arrow::Result<std::unique_ptr<SimpleBloomFilter>> SimpleBloomFilter::Deserialize(
    std::string_view bytes) {
  internal::ByteReader reader(bytes);
  ARROW_ASSIGN_OR_RAISE(auto filter, internal::BitVectorFilter::Read(&reader));
  return std::unique_ptr<SimpleBloomFilter>(new SimpleBloomFilter(std::move(filter)));
}

::arrow::Status SimpleBloomFilter::Add(std::string_view key) {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKey(key));
  filter_.Add(key);
  return ::arrow::Status::OK();
}

::arrow::Status SimpleBloomFilter::AddAll(std::span<const std::string_view> keys) {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKeys(keys));
  filter_.AddAll(keys);
  return ::arrow::Status::OK();
}

::arrow::Result<bool> SimpleBloomFilter::MightContain(std::string_view key) const {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKey(key));
  return filter_.Test(key);
}

std::string SimpleBloomFilter::Serialize() const {
  std::string out;
  filter_.Write(&out);
  return out;
}

}  // namespace hoodie
