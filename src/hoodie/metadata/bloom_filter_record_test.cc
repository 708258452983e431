// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/bloom_filter_record.h"

#include <gtest/gtest.h>

#include "hoodie/format/bloom/bloom_filter_factory.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

AvroValue BloomRecord(const std::string& serialized, int32_t type) {
  AvroEntries bloom;
  bloom.emplace_back("type", AvroValue::String("DYNAMIC_V0"));
  bloom.emplace_back("timestamp", AvroValue::String("20261206000000000"));
  bloom.emplace_back("bloomFilter", AvroValue::Bytes(serialized));
  bloom.emplace_back("isDeleted", AvroValue::Boolean(false));
  AvroEntries fields;
  fields.emplace_back("type", AvroValue::Int(type));
  fields.emplace_back("BloomFilterMetadata",
                      AvroValue::Record("HoodieMetadataBloomFilter", std::move(bloom)));
  return AvroValue::Record("HoodieMetadataRecord", std::move(fields));
}

TEST(BloomFilterRecordTest, TheFilterComesBackAndAdmitsItsKeys) {
  ASSERT_OK_AND_ASSIGN(auto filter, BloomFilterFactory::Create("DYNAMIC_V0", 1000, 0.000001, 10000));
  ASSERT_OK(filter->Add("k001"));
  ASSERT_OK(filter->Add("k002"));
  ASSERT_OK_AND_ASSIGN(BloomFilterEntry entry,
                       BloomFilterEntryOf(BloomRecord(filter->SerializeToString(), 4)));
  EXPECT_EQ(entry.type, "DYNAMIC_V0");
  EXPECT_EQ(entry.timestamp, "20261206000000000");
  EXPECT_FALSE(entry.is_deleted);
  ASSERT_OK_AND_ASSIGN(auto decoded, entry.Filter());
  EXPECT_TRUE(*decoded->MightContain("k001"));
  EXPECT_TRUE(*decoded->MightContain("k002"));
  EXPECT_FALSE(*decoded->MightContain("k003"));
}

TEST(BloomFilterRecordTest, OtherTypesAndCorruptFiltersAreErrors) {
  auto other = BloomFilterEntryOf(BloomRecord("", 2));
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("type 2"), std::string::npos);
  ASSERT_OK_AND_ASSIGN(BloomFilterEntry corrupt, BloomFilterEntryOf(BloomRecord("%%%", 4)));
  EXPECT_FALSE(corrupt.Filter().ok());
}

}  // namespace
}  // namespace hoodie
