// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/key_bloom.cc
/// \brief KeyBloom: the bloom filter footer entries of a base file.

#include "hoodie/format/bloom/bloom_filter_factory.h"
#include "hoodie/format/bloom/bloom_footer.h"
#include "hoodie/write/key_bloom_internal.h"

namespace hoodie::internal {

KeyBloom::~KeyBloom() = default;

::arrow::Result<std::unique_ptr<KeyBloom>> KeyBloom::Make(std::string_view type,
                                                          int32_t num_entries, double fpp,
                                                          int32_t max_entries) {
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<BloomFilter> filter,
                        BloomFilterFactory::Create(type, num_entries, fpp, max_entries));
  std::unique_ptr<KeyBloom> out(new KeyBloom());
  out->filter_ = std::move(filter);
  return out;
}

::arrow::Status KeyBloom::Add(std::string_view record_key) {
  return filter_->Add(record_key);
}

std::vector<std::pair<std::string, std::string>> KeyBloom::FooterEntries() const {
  // BaseFileWriter writes the min/max keys itself.
  return BloomFooterEntries(*filter_, std::nullopt, std::nullopt);
}

}  // namespace hoodie::internal
