// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/column_stats_record.h"

#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

AvroValue Wrapped(std::string wrapper, AvroValue value) {
  AvroEntries fields;
  fields.emplace_back("value", std::move(value));
  return AvroValue::Record("org.apache.hudi.avro.model." + wrapper, std::move(fields));
}

AvroValue StatsRecord(AvroValue min, AvroValue max, bool deleted) {
  AvroEntries stats;
  stats.emplace_back("fileName", AvroValue::String("f.parquet"));
  stats.emplace_back("columnName", AvroValue::String("ts"));
  stats.emplace_back("minValue", std::move(min));
  stats.emplace_back("maxValue", std::move(max));
  stats.emplace_back("valueCount", AvroValue::Long(4));
  stats.emplace_back("nullCount", AvroValue::Long(1));
  stats.emplace_back("totalSize", AvroValue::Long(100));
  stats.emplace_back("totalUncompressedSize", AvroValue::Null());
  stats.emplace_back("isDeleted", AvroValue::Boolean(deleted));
  AvroEntries fields;
  fields.emplace_back("type", AvroValue::Int(3));
  fields.emplace_back("ColumnStatsMetadata",
                      AvroValue::Record("HoodieMetadataColumnStats", std::move(stats)));
  return AvroValue::Record("HoodieMetadataRecord", std::move(fields));
}

TEST(ColumnStatsRecordTest, BoundsComeOutOfTheirWrappers) {
  ASSERT_OK_AND_ASSIGN(ColumnStats stats,
                       ColumnStatsOf(StatsRecord(Wrapped("LongWrapper", AvroValue::Long(1)),
                                                 Wrapped("LongWrapper", AvroValue::Long(4)),
                                                 false)));
  EXPECT_EQ(stats.file_name, "f.parquet");
  EXPECT_EQ(stats.column_name, "ts");
  EXPECT_EQ(stats.min_value, AvroValue::Long(1));
  EXPECT_EQ(stats.max_value, AvroValue::Long(4));
  EXPECT_EQ(stats.value_count, 4);
  EXPECT_EQ(stats.null_count, 1);
  EXPECT_EQ(stats.total_size, 100);
  EXPECT_EQ(stats.total_uncompressed_size, 0);
  EXPECT_FALSE(stats.is_deleted);
}

TEST(ColumnStatsRecordTest, AllNullColumnsAndTombstones) {
  ASSERT_OK_AND_ASSIGN(ColumnStats stats,
                       ColumnStatsOf(StatsRecord(AvroValue::Null(), AvroValue::Null(), true)));
  EXPECT_FALSE(stats.min_value.has_value());
  EXPECT_FALSE(stats.max_value.has_value());
  EXPECT_TRUE(stats.is_deleted);
  AvroEntries fields;
  fields.emplace_back("type", AvroValue::Int(4));
  auto bloom = ColumnStatsOf(AvroValue::Record("HoodieMetadataRecord", std::move(fields)));
  ASSERT_FALSE(bloom.ok());
  EXPECT_NE(bloom.status().message().find("type 4"), std::string::npos);
}

}  // namespace
}  // namespace hoodie
