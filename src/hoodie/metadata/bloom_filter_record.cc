// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/bloom_filter_record.cc
#include "hoodie/metadata/bloom_filter_record.h"

#include "hoodie/format/bloom/bloom_filter_factory.h"
#include "hoodie/metadata/metadata_record_internal.h"

namespace hoodie {
namespace {

::arrow::Result<std::string> TextField(const AvroValue& record, std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* field, internal::NonNullField(record, name));
  ARROW_ASSIGN_OR_RAISE(std::string_view text, field->AsString());
  return std::string(text);
}

}  // namespace

::arrow::Result<std::unique_ptr<BloomFilter>> BloomFilterEntry::Filter() const {
  return BloomFilterFactory::Deserialize(serialized, type);
}

::arrow::Result<BloomFilterEntry> BloomFilterEntryOf(const AvroValue& record) {
  ARROW_RETURN_NOT_OK(internal::ExpectMetadataRecordType(
      record, {MetadataRecordType::kBloomFilter}, "bloom_filters"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* bloom,
                        internal::NonNullField(record, "BloomFilterMetadata"));
  BloomFilterEntry entry;
  ARROW_ASSIGN_OR_RAISE(entry.type, TextField(*bloom, "type"));
  ARROW_ASSIGN_OR_RAISE(entry.timestamp, TextField(*bloom, "timestamp"));
  ARROW_ASSIGN_OR_RAISE(entry.serialized, TextField(*bloom, "bloomFilter"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* deleted, bloom->Field("isDeleted"));
  ARROW_ASSIGN_OR_RAISE(entry.is_deleted, deleted->AsBoolean());
  return entry;
}

AvroValue BloomFilterRecordValue(const BloomFilterEntry& entry) {
  AvroEntries payload;
  payload.emplace_back("type", AvroValue::String(entry.type));
  payload.emplace_back("timestamp", AvroValue::String(entry.timestamp));
  payload.emplace_back("bloomFilter", AvroValue::Bytes(entry.serialized));
  payload.emplace_back("isDeleted", AvroValue::Boolean(entry.is_deleted));
  return internal::MetadataRecordValue(
      MetadataRecordType::kBloomFilter, "BloomFilterMetadata",
      AvroValue::Record("org.apache.hudi.avro.model.HoodieMetadataBloomFilter",
                        std::move(payload)));
}

}  // namespace hoodie
