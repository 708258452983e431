// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter_factory.h
/// \brief Bloom filter types as plug-ins: filters created by type name and read back
/// from their Base64 form.
#pragma once

#include <arrow/result.h>

#include <memory>
#include <optional>
#include <string_view>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/format/bloom/bloom_filter.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One serialization format of bloom filters (Java BloomFilterTypeCode), named by
/// its type code: what `hoodie.bloom.index.filter.type` and the footer key
/// `hoodie_bloom_filter_type_code` hold. Stateless.
class HOODIE_EXPORT BloomFilterType {
 public:
  virtual ~BloomFilterType() = default;
  /// A new empty filter for `num_entries` keys at `fpp`; `max_entries` bounds the
  /// dynamic types (`hoodie.bloom.index.filter.dynamic.max.entries`).
  virtual ::arrow::Result<std::unique_ptr<BloomFilter>> Create(int32_t num_entries,
                                                               double fpp,
                                                               int32_t max_entries) const = 0;
  /// A filter from its serialized bytes. Invalid for truncated or corrupt bytes.
  virtual ::arrow::Result<std::unique_ptr<BloomFilter>> Deserialize(
      std::string_view bytes) const = 0;
};

/// \brief The bloom filter types by type code, matched ignoring ASCII case as Java's
/// equalsIgnoreCase does (common/plugin_registry.h).
class HOODIE_EXPORT BloomFilterTypeRegistry : public PluginRegistry<BloomFilterType> {
 public:
  /// An empty registry of its own (tests); most callers use Global().
  BloomFilterTypeRegistry() : PluginRegistry("bloom filter type") {}

  /// The process-wide registry, with SIMPLE and DYNAMIC_V0, the only types Hudi's
  /// readers know.
  static BloomFilterTypeRegistry* Global();
};

/// \brief Java org.apache.hudi.common.bloom.BloomFilterFactory over the registry. All
/// filters it makes hash with Murmur, as Java's factory does. Thread-safe.
struct HOODIE_EXPORT BloomFilterFactory {
  /// A new empty filter of type `type_name` (see BloomFilterType::Create). Invalid for
  /// an unknown type or bad sizes.
  static ::arrow::Result<std::unique_ptr<BloomFilter>> Create(std::string_view type_name,
                                                              int32_t num_entries,
                                                              double fpp,
                                                              int32_t max_entries);

  /// Reads a footer value: Base64 text, then the filter. An absent `type_code` means
  /// SIMPLE (files written before type codes existed, and SIMPLE filters, have none).
  /// Invalid for an unknown type code, bad Base64, or truncated or corrupt bytes.
  static ::arrow::Result<std::unique_ptr<BloomFilter>> Deserialize(
      std::string_view base64, std::optional<std::string_view> type_code);
};

}  // namespace hoodie
