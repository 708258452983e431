// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/bloom_filter_record.h
/// \brief The records of the metadata table's `bloom_filters` partition (type 4,
/// HoodieMetadataBloomFilter): a base file's bloom filter, as its footer holds it.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/format/bloom/bloom_filter.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief A base file's bloom filter entry.
struct HOODIE_EXPORT BloomFilterEntry {
  std::string type;       // the type code, "DYNAMIC_V0" or "SIMPLE"
  std::string timestamp;  // the instant that wrote the file
  /// The filter as BloomFilter::SerializeToString makes it (the Base64 text of the
  /// footer's `org.apache.hudi.bloomfilter`), as bytes.
  std::string serialized;
  bool is_deleted = false;

  /// The filter itself. \return Invalid for a corrupt filter or an unknown type.
  ::arrow::Result<std::unique_ptr<BloomFilter>> Filter() const;
};

/// The entry a decoded HoodieMetadataRecord of type 4 holds. \return Invalid for
/// another record type or a malformed entry.
HOODIE_EXPORT ::arrow::Result<BloomFilterEntry> BloomFilterEntryOf(const AvroValue& record);

/// The HoodieMetadataRecord of `entry` (HoodieMetadataPayload
/// .createBloomFilterMetadataRecord): type 4, meta fields null, `key` blank, the filter's
/// serialized text as bytes.
HOODIE_EXPORT AvroValue BloomFilterRecordValue(const BloomFilterEntry& entry);

}  // namespace hoodie
