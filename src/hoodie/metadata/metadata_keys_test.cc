// SPDX-License-Identifier: Apache-2.0
// Key vectors of a metadata table Spark + Hudi 0.15 wrote (the record index's file groups,
// and the hashes of ../shared/docs/hudi-metadata-table-v6.md, each recomputed there).
#include "hoodie/metadata/metadata_keys.h"

#include <gtest/gtest.h>

#include "hoodie/common/java_compat.h"

namespace hoodie {
namespace {

TEST(MetadataKeysTest, HashesAreHudis) {
  // XXH64 with the sign-extended seed, big-endian, Base64.
  EXPECT_EQ(ColumnStatsKeyPrefix("p1"), "qT4Pioac33A=");
  EXPECT_EQ(ColumnStatsKeyPrefix("p2"), "iBsANRlvpYk=");
  EXPECT_EQ(ColumnStatsKeyPrefix("id"), "sLZoasJosec=");
  EXPECT_EQ(ColumnStatsKeyPrefix("_hoodie_commit_time"), "JBBzUToHtLc=");
  const std::string file = "f2b3a4da-345c-42b3-8f1f-e2147885f482-0_0-29-66_20261204192432538.parquet";
  EXPECT_EQ(BloomFilterIndexKey("p1", file), "qT4Pioac33A=iHOq3Z2I1Zjuw0+/kkG2yQ==");
  EXPECT_EQ(ColumnStatsIndexKey("id", "p1", file),
            "sLZoasJosec=qT4Pioac33A=iHOq3Z2I1Zjuw0+/kkG2yQ==");
  // A non-partitioned table's partition is ".".
  EXPECT_EQ(BloomFilterIndexKey("", file).substr(0, 12), ColumnStatsKeyPrefix("."));
}

TEST(MetadataKeysTest, RecordKeysPickTheirFileGroupsAsHudiDoes) {
  // Where Spark's record index put these keys among its 10 file groups.
  EXPECT_EQ(MetadataFileGroupIndex("k5", 10), 0);
  EXPECT_EQ(MetadataFileGroupIndex("k11", 10), 5);
  EXPECT_EQ(MetadataFileGroupIndex("k4", 10), 9);
  EXPECT_EQ(MetadataFileGroupIndex("k2", 10), 7);
  EXPECT_EQ(MetadataFileGroupIndex("k1", 10), 6);
  EXPECT_EQ(MetadataFileGroupIndex("k9", 10), 4);
  // Java's hashCode over UTF-16: a character outside the BMP is two code units.
  EXPECT_EQ(JavaStringHashCode("hello"), 99162322);
  EXPECT_EQ(JavaStringHashCode("\xF0\x9F\x98\x80"), 0xD83D * 31 + 0xDE00);
  EXPECT_EQ(JavaStringHashCode("\xC3\xA9"), 0xE9);  // é
  // The one string whose hashCode is Integer.MIN_VALUE, where Math.abs stays negative.
  EXPECT_EQ(JavaStringHashCode("polygenelubricants"), INT32_MIN);
  EXPECT_EQ(MetadataFileGroupIndex("polygenelubricants", 10), 8);
}

TEST(MetadataKeysTest, FileGroupsAndPartitions) {
  EXPECT_EQ(MetadataFileGroupId(kColumnStatsPartition, 1), "col-stats-0001-0");
  EXPECT_EQ(MetadataFileGroupId(kRecordIndexPartition, 9), "record-index-0009-0");
  EXPECT_EQ(MetadataFileGroupId(kFilesPartition, 0), "files-0000-0");
  EXPECT_EQ(MetadataPartitionId(""), ".");
  EXPECT_EQ(MetadataPartitionId("2024/01/02"), "2024/01/02");
}

}  // namespace
}  // namespace hoodie
