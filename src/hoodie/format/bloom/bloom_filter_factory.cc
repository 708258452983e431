// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter_factory.cc
/// \brief The SIMPLE and DYNAMIC_V0 bloom filter types and BloomFilterFactory.
#include "hoodie/format/bloom/bloom_filter_factory.h"

#include <string>

#include "hoodie/common/macros.h"
#include "hoodie/format/bloom/base64_internal.h"
#include "hoodie/format/bloom/dynamic_bloom_filter.h"
#include "hoodie/format/bloom/simple_bloom_filter.h"

namespace hoodie {
namespace {

class SimpleType : public BloomFilterType {
 public:
  ::arrow::Result<std::unique_ptr<BloomFilter>> Create(int32_t num_entries, double fpp,
                                                       int32_t) const override {
    ARROW_ASSIGN_OR_RAISE(auto filter, SimpleBloomFilter::Make(num_entries, fpp));
    return std::unique_ptr<BloomFilter>(std::move(filter));
  }
  ::arrow::Result<std::unique_ptr<BloomFilter>> Deserialize(
      std::string_view bytes) const override {
    ARROW_ASSIGN_OR_RAISE(auto filter, SimpleBloomFilter::Deserialize(bytes));
    return std::unique_ptr<BloomFilter>(std::move(filter));
  }
};

class DynamicV0Type : public BloomFilterType {
 public:
  ::arrow::Result<std::unique_ptr<BloomFilter>> Create(int32_t num_entries, double fpp,
                                                       int32_t max_entries) const override {
    ARROW_ASSIGN_OR_RAISE(auto filter,
                          DynamicBloomFilter::Make(num_entries, fpp, max_entries));
    return std::unique_ptr<BloomFilter>(std::move(filter));
  }
  ::arrow::Result<std::unique_ptr<BloomFilter>> Deserialize(
      std::string_view bytes) const override {
    ARROW_ASSIGN_OR_RAISE(auto filter, DynamicBloomFilter::Deserialize(bytes));
    return std::unique_ptr<BloomFilter>(std::move(filter));
  }
};

template <typename Type>
void RegisterBuiltin(BloomFilterTypeRegistry* registry, const std::string& code) {
  HOODIE_WARN_NOT_OK(
      registry->Register(code, {},
                         []() -> ::arrow::Result<std::unique_ptr<BloomFilterType>> {
                           return std::make_unique<Type>();
                         }),
      "builtin bloom filter type not registered");
}

}  // namespace

BloomFilterTypeRegistry* BloomFilterTypeRegistry::Global() {
  static BloomFilterTypeRegistry* registry = [] {
    auto* made = new BloomFilterTypeRegistry();
    RegisterBuiltin<SimpleType>(made, "SIMPLE");
    RegisterBuiltin<DynamicV0Type>(made, "DYNAMIC_V0");
    return made;
  }();
  return registry;
}

::arrow::Result<std::unique_ptr<BloomFilter>> BloomFilterFactory::Create(
    std::string_view type_name, int32_t num_entries, double fpp, int32_t max_entries) {
  ARROW_ASSIGN_OR_RAISE(auto type, BloomFilterTypeRegistry::Global()->Make(type_name));
  return type->Create(num_entries, fpp, max_entries);
}

::arrow::Result<std::unique_ptr<BloomFilter>> BloomFilterFactory::Deserialize(
    std::string_view base64, std::optional<std::string_view> type_code) {
  ARROW_ASSIGN_OR_RAISE(auto type,
                        BloomFilterTypeRegistry::Global()->Make(type_code.value_or("SIMPLE")));
  auto bytes = internal::Base64Decode(base64);
  if (!bytes.ok()) {
    return bytes.status().WithMessage("Bloom filter is not valid Base64: ",
                                      bytes.status().message());
  }
  return type->Deserialize(*bytes);
}

}  // namespace hoodie
