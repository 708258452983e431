// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/footer_keys.h
/// \brief The footer key/value names Hudi writes and reads on base files (spec
/// 8.2), defined once for the bloom, parquet, index and read code.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hoodie {

/// One footer key/value pair, in the order a writer adds them.
using FooterEntry = std::pair<std::string, std::string>;

/// The value of `key` among a footer's entries (the first, as Parquet's FindKey), if any.
inline std::optional<std::string> FindFooterValue(const std::vector<FooterEntry>& footer,
                                                  std::string_view key) {
  for (const auto& [name, value] : footer) {
    if (name == key) return value;
  }
  return std::nullopt;
}

/// parquet-avro's writer schema (Avro JSON with the meta fields).
inline constexpr std::string_view kAvroSchemaFooterKey = "parquet.avro.schema";
/// parquet-avro's writer model name ("avro").
inline constexpr std::string_view kWriterModelFooterKey = "writer.model.name";
/// Smallest and largest record key in the file (HoodieBloomFilterWriteSupport).
inline constexpr std::string_view kFooterMinRecordKey = "hoodie_min_record_key";
inline constexpr std::string_view kFooterMaxRecordKey = "hoodie_max_record_key";
/// The Base64 bloom filter, its legacy key, and its type code (DYNAMIC filters only).
inline constexpr std::string_view kBloomFilterFooterKey = "org.apache.hudi.bloomfilter";
inline constexpr std::string_view kLegacyBloomFilterFooterKey =
    "com.uber.hoodie.bloomfilter";
inline constexpr std::string_view kBloomFilterTypeCodeFooterKey =
    "hoodie_bloom_filter_type_code";

}  // namespace hoodie
