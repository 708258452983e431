// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/record_index_record.h"

#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

AvroValue IndexRecord(AvroEntries info) {
  AvroEntries fields;
  fields.emplace_back("key", AvroValue::String(""));
  fields.emplace_back("type", AvroValue::Int(5));
  fields.emplace_back("recordIndexMetadata",
                      AvroValue::Record("HoodieRecordIndexInfo", std::move(info)));
  return AvroValue::Record("HoodieMetadataRecord", std::move(fields));
}

AvroEntries Info(int64_t high, int64_t low, int32_t index, std::string file_id,
                 int32_t encoding) {
  AvroEntries info;
  info.emplace_back("partitionName", AvroValue::String("p1"));
  info.emplace_back("fileIdHighBits", AvroValue::Long(high));
  info.emplace_back("fileIdLowBits", AvroValue::Long(low));
  info.emplace_back("fileIndex", AvroValue::Int(index));
  info.emplace_back("fileId", AvroValue::String(std::move(file_id)));
  info.emplace_back("instantTime", AvroValue::Long(1733443200123));  // 2024-12-06 00:00:00.123 UTC
  info.emplace_back("fileIdEncoding", AvroValue::Int(encoding));
  return info;
}

TEST(RecordIndexRecordTest, UuidFileIdsWithAndWithoutTheirIndex) {
  // f3e7bc90-829e-473f-b199-1ecf1cf82771 as Java's two signed halves.
  const int64_t high = static_cast<int64_t>(0xf3e7bc90829e473full);
  const int64_t low = static_cast<int64_t>(0xb1991ecf1cf82771ull);
  EXPECT_EQ(JavaUuidString(high, low), "f3e7bc90-829e-473f-b199-1ecf1cf82771");
  ASSERT_OK_AND_ASSIGN(auto location,
                       RecordIndexLocationOf(IndexRecord(Info(high, low, 0, "", 0)),
                                             TimelineTimeZone::kUtc));
  EXPECT_EQ(location, (RecordIndexLocation{"p1", "f3e7bc90-829e-473f-b199-1ecf1cf82771-0",
                                           "20241206000000123"}));
  ASSERT_OK_AND_ASSIGN(auto bare, RecordIndexLocationOf(IndexRecord(Info(high, low, -1, "", 0)),
                                                        TimelineTimeZone::kUtc));
  EXPECT_EQ(bare.file_id, "f3e7bc90-829e-473f-b199-1ecf1cf82771");
  ASSERT_OK_AND_ASSIGN(auto raw, RecordIndexLocationOf(IndexRecord(Info(-1, -1, -1, "my-file", 1)),
                                                       TimelineTimeZone::kUtc));
  EXPECT_EQ(raw.file_id, "my-file");
}

TEST(RecordIndexRecordTest, LocationsEncodeAsHudiWritesThemAndReadBack) {
  const RecordIndexLocation uuid{"p1", "f3e7bc90-829e-473f-b199-1ecf1cf82771-12",
                                 "20241206000000123"};
  ASSERT_OK_AND_ASSIGN(AvroValue record, RecordIndexRecordValue(uuid, TimelineTimeZone::kUtc));
  ASSERT_OK_AND_ASSIGN(const AvroValue* info, record.Field("recordIndexMetadata"));
  ASSERT_OK_AND_ASSIGN(const AvroValue* high, info->Field("fileIdHighBits"));
  ASSERT_OK_AND_ASSIGN(const AvroValue* index, info->Field("fileIndex"));
  ASSERT_OK_AND_ASSIGN(const AvroValue* millis, info->Field("instantTime"));
  ASSERT_OK_AND_ASSIGN(const AvroValue* encoding, info->Field("fileIdEncoding"));
  EXPECT_EQ(*high->AsLong(), static_cast<int64_t>(0xf3e7bc90829e473full));
  EXPECT_EQ(*index->AsInt(), 12);
  EXPECT_EQ(*millis->AsLong(), 1733443200123);
  EXPECT_EQ(*encoding->AsInt(), 0);
  ASSERT_OK_AND_ASSIGN(auto back, RecordIndexLocationOf(record, TimelineTimeZone::kUtc));
  EXPECT_EQ(back, uuid);
  // A bare UUID keeps no index; a file id of another shape is stored as text.
  for (const std::string file_id : {"f3e7bc90-829e-473f-b199-1ecf1cf82771", "bucket-7"}) {
    const RecordIndexLocation location{"", file_id, "20241206000000123"};
    ASSERT_OK_AND_ASSIGN(AvroValue other, RecordIndexRecordValue(location, TimelineTimeZone::kUtc));
    ASSERT_OK_AND_ASSIGN(auto read, RecordIndexLocationOf(other, TimelineTimeZone::kUtc));
    EXPECT_EQ(read, location);
  }
  EXPECT_FALSE(RecordIndexRecordValue({"p1", "x", "not-a-time"}, TimelineTimeZone::kUtc).ok());
}

TEST(RecordIndexRecordTest, OtherRecordsAndEncodingsAreRefused) {
  auto unknown = RecordIndexLocationOf(IndexRecord(Info(0, 0, 0, "", 7)), TimelineTimeZone::kUtc);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("encoding 7"), std::string::npos);
  AvroEntries fields;
  fields.emplace_back("type", AvroValue::Int(2));
  auto files = RecordIndexLocationOf(AvroValue::Record("HoodieMetadataRecord", std::move(fields)),
                                     TimelineTimeZone::kUtc);
  ASSERT_FALSE(files.ok());
  EXPECT_NE(files.status().message().find("type 2"), std::string::npos);
}

}  // namespace
}  // namespace hoodie
