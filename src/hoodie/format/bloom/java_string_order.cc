// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/java_string_order.cc
/// \brief The footer write support: the bloom filter and min/max record keys of a file.
#include <cstdint>

#include "hoodie/common/java_compat.h"
#include "hoodie/format/bloom/bloom_footer.h"

namespace hoodie {

BloomFilterWriteSupport::BloomFilterWriteSupport(std::unique_ptr<BloomFilter> filter,
                                                 RecordKeyOrder order)
    : filter_(std::move(filter)), order_(order) {}

int BloomFilterWriteSupport::Compare(std::string_view a, std::string_view b) const {
  if (order_ == RecordKeyOrder::kJavaString) return CompareJavaStrings(a, b);
  const int c = a.compare(b);  // char_traits<char> compares as unsigned char
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

::arrow::Status BloomFilterWriteSupport::AddKey(std::string_view record_key) {
  ARROW_RETURN_NOT_OK(filter_->Add(record_key));
  if (!min_key_.has_value() || Compare(*min_key_, record_key) > 0) {
    min_key_ = std::string(record_key);
  }
  if (!max_key_.has_value() || Compare(*max_key_, record_key) < 0) {
    max_key_ = std::string(record_key);
  }
  return ::arrow::Status::OK();
}

std::vector<FooterEntry> BloomFilterWriteSupport::FinalizeMetadata() const {
  return BloomFooterEntries(*filter_, min_key_, max_key_);
}

}  // namespace hoodie
