// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter.cc
/// \brief Sizing and the Base64 form shared by all bloom filters.
#include "hoodie/format/bloom/bloom_filter.h"

#include <cmath>
#include <limits>

#include "hoodie/format/bloom/base64_internal.h"

namespace hoodie {

::arrow::Result<BloomFilterSizing> BloomFilterSizing::Compute(int32_t num_entries,
                                                              double fpp) {
  if (num_entries <= 0) {
    return ::arrow::Status::Invalid("Bloom filter entry count must be > 0: ",
                                    num_entries);
  }
  if (!(fpp > 0.0 && fpp < 1.0)) {
    return ::arrow::Status::Invalid(
        "Bloom filter false positive rate must be in (0, 1): ", fpp);
  }
  // Same expression order as Java BloomFilterUtils, so the doubles round the same way.
  const double log2_squared = std::log(2.0) * std::log(2.0);
  const double bits = std::ceil(num_entries * (-std::log(fpp) / log2_squared));
  if (bits > static_cast<double>(std::numeric_limits<int32_t>::max())) {
    return ::arrow::Status::Invalid("Bloom filter would need more than 2^31-1 bits: ",
                                    num_entries, " entries at fpp ", fpp);
  }
  BloomFilterSizing sizing;
  sizing.bit_size = static_cast<int32_t>(bits);
  sizing.num_hashes =
      static_cast<int32_t>(std::ceil(std::log(2.0) * sizing.bit_size / num_entries));
  return sizing;
}

std::string BloomFilter::SerializeToString() const {
  return internal::Base64Encode(Serialize());
}

}  // namespace hoodie
