// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter_factory.cc
/// \brief BloomFilterFactory.
#include "hoodie/format/bloom/bloom_filter_factory.h"

#include <string>

#include "hoodie/format/bloom/base64_internal.h"
#include "hoodie/format/bloom/dynamic_bloom_filter.h"
#include "hoodie/format/bloom/simple_bloom_filter.h"

namespace hoodie {

::arrow::Result<std::unique_ptr<BloomFilter>> BloomFilterFactory::Create(
    std::string_view type_name, int32_t num_entries, double fpp, int32_t max_entries) {
  ARROW_ASSIGN_OR_RAISE(auto type_code, ParseBloomFilterTypeCode(type_name));
  if (type_code == BloomFilterTypeCode::kSimple) {
    ARROW_ASSIGN_OR_RAISE(auto filter, SimpleBloomFilter::Make(num_entries, fpp));
    return std::unique_ptr<BloomFilter>(std::move(filter));
  }
  ARROW_ASSIGN_OR_RAISE(auto filter,
                        DynamicBloomFilter::Make(num_entries, fpp, max_entries));
  return std::unique_ptr<BloomFilter>(std::move(filter));
}

::arrow::Result<std::unique_ptr<BloomFilter>> BloomFilterFactory::Deserialize(
    std::string_view base64, std::optional<std::string_view> type_code) {
  BloomFilterTypeCode code = BloomFilterTypeCode::kSimple;
  if (type_code.has_value()) {
    ARROW_ASSIGN_OR_RAISE(code, ParseBloomFilterTypeCode(*type_code));
  }
  auto bytes = internal::Base64Decode(base64);
  if (!bytes.ok()) {
    return bytes.status().WithMessage("Bloom filter is not valid Base64: ",
                                      bytes.status().message());
  }
  return DeserializeBytes(*bytes, code);
}

::arrow::Result<std::unique_ptr<BloomFilter>> BloomFilterFactory::DeserializeBytes(
    std::string_view bytes, BloomFilterTypeCode type_code) {
  if (type_code == BloomFilterTypeCode::kSimple) {
    ARROW_ASSIGN_OR_RAISE(auto filter, SimpleBloomFilter::Deserialize(bytes));
    return std::unique_ptr<BloomFilter>(std::move(filter));
  }
  ARROW_ASSIGN_OR_RAISE(auto filter, DynamicBloomFilter::Deserialize(bytes));
  return std::unique_ptr<BloomFilter>(std::move(filter));
}

}  // namespace hoodie
