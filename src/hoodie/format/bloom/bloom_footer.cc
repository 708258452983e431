// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_footer.cc
/// \brief Reading and writing the bloom filter and record key range footer entries.
#include "hoodie/format/bloom/bloom_footer.h"

#include "hoodie/format/bloom/bloom_filter_factory.h"

namespace hoodie {

::arrow::Result<SerializedBloomFilter> ReadSerializedBloomFilter(
    const std::vector<FooterEntry>& footer) {
  auto value = FindFooterValue(footer, kBloomFilterFooterKey);
  if (!value.has_value()) value = FindFooterValue(footer, kLegacyBloomFilterFooterKey);
  if (!value.has_value()) {
    return ::arrow::Status::KeyError("base file footer has no bloom filter: neither ",
                                     kBloomFilterFooterKey, " nor ",
                                     kLegacyBloomFilterFooterKey);
  }
  SerializedBloomFilter out;
  out.text = std::string(*value);
  if (auto type_code = FindFooterValue(footer, kBloomFilterTypeCodeFooterKey)) {
    out.type_code = std::string(*type_code);
  }
  return out;
}

::arrow::Result<std::unique_ptr<BloomFilter>> ReadBloomFilterFromFooter(
    const std::vector<FooterEntry>& footer) {
  ARROW_ASSIGN_OR_RAISE(SerializedBloomFilter stored, ReadSerializedBloomFilter(footer));
  auto filter = BloomFilterFactory::Deserialize(
      stored.text, stored.type_code ? std::optional<std::string_view>(*stored.type_code)
                                    : std::nullopt);
  if (!filter.ok()) {
    return filter.status().WithMessage("base file footer bloom filter is unreadable: ",
                                       filter.status().message());
  }
  return filter;
}

::arrow::Result<RecordKeyRange> ReadMinMaxRecordKeys(
    const std::vector<FooterEntry>& footer) {
  auto min_key = FindFooterValue(footer, kFooterMinRecordKey);
  auto max_key = FindFooterValue(footer, kFooterMaxRecordKey);
  if (!min_key.has_value() || !max_key.has_value()) {
    return ::arrow::Status::KeyError(
        "base file footer lacks the record key range: missing ",
        !min_key.has_value() && !max_key.has_value()
            ? std::string(kFooterMinRecordKey) + " and " +
                  std::string(kFooterMaxRecordKey)
            : std::string(min_key.has_value() ? kFooterMaxRecordKey
                                              : kFooterMinRecordKey));
  }
  return RecordKeyRange{std::move(*min_key), std::move(*max_key)};
}

std::vector<FooterEntry> BloomFooterEntries(const BloomFilter& filter,
                                            const std::optional<std::string>& min_key,
                                            const std::optional<std::string>& max_key) {
  std::vector<FooterEntry> entries;
  entries.emplace_back(kBloomFilterFooterKey, filter.SerializeToString());
  if (filter.HasTypeCodeFooter()) {
    entries.emplace_back(kBloomFilterTypeCodeFooterKey, std::string(filter.type_code()));
  }
  if (min_key.has_value() && max_key.has_value()) {
    entries.emplace_back(kFooterMinRecordKey, *min_key);
    entries.emplace_back(kFooterMaxRecordKey, *max_key);
  }
  return entries;
}

}  // namespace hoodie
