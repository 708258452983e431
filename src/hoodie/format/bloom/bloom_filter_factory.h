// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter_factory.h
/// \brief Creates bloom filters by type name and reads them back from their Base64 form.
#pragma once

#include <arrow/result.h>

#include <memory>
#include <optional>
#include <string_view>

#include "hoodie/format/bloom/bloom_filter.h"

namespace hoodie {

/// \brief Java org.apache.hudi.common.bloom.BloomFilterFactory. All filters it makes hash
/// with Murmur, as Java's factory does. Thread-safe (stateless).
struct BloomFilterFactory {
  /// A new empty filter. `type_name` is "SIMPLE" or "DYNAMIC_V0" in any case (config
  /// `hoodie.bloom.index.filter.type`); `max_entries` only matters for DYNAMIC_V0
  /// (`hoodie.bloom.index.filter.dynamic.max.entries`). Invalid for an unknown type
  /// or bad sizes.
  static ::arrow::Result<std::unique_ptr<BloomFilter>> Create(std::string_view type_name,
                                                              int32_t num_entries,
                                                              double fpp,
                                                              int32_t max_entries);

  /// Reads a footer value: Base64 text, then the filter. An absent `type_code` means
  /// SIMPLE (files written before type codes existed, and SIMPLE filters, have none).
  /// Invalid for an unknown type code, bad Base64, or truncated or corrupt bytes.
  static ::arrow::Result<std::unique_ptr<BloomFilter>> Deserialize(
      std::string_view base64, std::optional<std::string_view> type_code);

  /// Reads raw serialized bytes of a known type.
  static ::arrow::Result<std::unique_ptr<BloomFilter>> DeserializeBytes(
      std::string_view bytes, BloomFilterTypeCode type_code);
};

}  // namespace hoodie
