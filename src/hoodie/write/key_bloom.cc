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

::arrow::Status KeyBloom::AddAll(const ::arrow::StringArray& record_keys) {
  keys_.clear();
  keys_.reserve(static_cast<size_t>(record_keys.length()));
  for (int64_t i = 0; i < record_keys.length(); ++i) {
    keys_.push_back(record_keys.GetView(i));
  }
  return filter_->AddAll(keys_);
}

std::vector<std::pair<std::string, std::string>> KeyBloom::FooterEntries() const {
  // BaseFileWriter writes the min/max keys itself.
  return BloomFooterEntries(*filter_, std::nullopt, std::nullopt);
}

}  // namespace hoodie::internal
