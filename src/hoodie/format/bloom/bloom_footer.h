// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_footer.h
/// \brief Bloom filter and min/max record key entries of a base file footer.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hoodie/format/bloom/bloom_filter.h"

#include "hoodie/format/footer_keys.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The smallest and largest record key of a base file.
struct HOODIE_EXPORT RecordKeyRange {
  std::string min_key;
  std::string max_key;
};

/// A base file footer's bloom filter as stored: the Base64 text and the type code
/// (absent for SIMPLE filters).
struct HOODIE_EXPORT SerializedBloomFilter {
  std::string text;
  std::optional<std::string> type_code;
};

/// \brief The bloom filter entries of a base file footer, undecoded:
/// `org.apache.hudi.bloomfilter`, else the legacy `com.uber.hoodie.bloomfilter`, and
/// `hoodie_bloom_filter_type_code`. KeyError when the footer holds no bloom filter.
/// Thread-safe.
HOODIE_EXPORT ::arrow::Result<SerializedBloomFilter> ReadSerializedBloomFilter(
    const std::vector<FooterEntry>& footer);

/// \brief Reads the bloom filter stored in a base file footer (its entries) (Java
/// FileFormatUtils.readBloomFilterFromMetadata): `org.apache.hudi.bloomfilter`, else
/// the legacy `com.uber.hoodie.bloomfilter`; the type from
/// `hoodie_bloom_filter_type_code`, SIMPLE when absent.
///
/// \return KeyError when the footer holds no bloom filter (Java returns null; files
/// written without meta fields have none); Invalid when the value or type code is
/// corrupt. Thread-safe.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<BloomFilter>> ReadBloomFilterFromFooter(
    const std::vector<FooterEntry>& footer);

/// \brief Reads `hoodie_min_record_key` and `hoodie_max_record_key` (Java
/// FileFormatUtils.readMinMaxRecordKeys). KeyError naming the missing key(s) unless both
/// are present. Thread-safe.
HOODIE_EXPORT ::arrow::Result<RecordKeyRange> ReadMinMaxRecordKeys(
    const std::vector<FooterEntry>& footer);

/// \brief The footer entries a base file writer must add (Java
/// HoodieBloomFilterWriteSupport.finalizeMetadata): the Base64 filter, the type code only
/// for DYNAMIC filters, and the min/max record keys when the file has any key.
/// Thread-safe.
HOODIE_EXPORT
std::vector<FooterEntry> BloomFooterEntries(const BloomFilter& filter,
                                            const std::optional<std::string>& min_key,
                                            const std::optional<std::string>& max_key);

/// How a writer orders record keys for the min/max footer entries.
enum class RecordKeyOrder {
  kJavaString,  ///< Avro write path (Java String.compareTo)
  kUtf8Bytes,   ///< Spark row writer path (UTF8String byte order)
};

/// \brief Tracks what a base file writer puts in its footer: adds each record key to the
/// bloom filter and keeps the min and max key (Java HoodieBloomFilterWriteSupport).
/// Not thread-safe.
class HOODIE_EXPORT BloomFilterWriteSupport {
 public:
  explicit BloomFilterWriteSupport(std::unique_ptr<BloomFilter> filter,
                                   RecordKeyOrder order = RecordKeyOrder::kJavaString);

  /// Invalid for an empty key (the bloom filter rejects it).
  ::arrow::Status AddKey(std::string_view record_key);

  /// BloomFooterEntries of the filter and the keys seen so far.
  std::vector<FooterEntry> FinalizeMetadata() const;

  const BloomFilter& filter() const { return *filter_; }
  const std::optional<std::string>& min_record_key() const { return min_key_; }
  const std::optional<std::string>& max_record_key() const { return max_key_; }

 private:
  int Compare(std::string_view a, std::string_view b) const;

  std::unique_ptr<BloomFilter> filter_;
  RecordKeyOrder order_;
  std::optional<std::string> min_key_;
  std::optional<std::string> max_key_;
};

}  // namespace hoodie
