// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_offsets_test.cc
/// \brief Hudi's Kafka checkpoint strings and offset ranges, as Hudi 0.15's
/// KafkaOffsetGen.CheckpointUtils computes them (hudi-utilities, sources/helpers/
/// KafkaOffsetGen.java: strToOffsets, offsetsToStr, computeOffsetRanges; the expected
/// ranges of TestCheckpointUtils.testComputeOffsetRanges where they apply).
#include <gtest/gtest.h>

#include "hoodie/kafka/kafka_offsets.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using Ranges = std::vector<KafkaOffsetRange>;

TEST(KafkaCheckpoint, ParsesAndWritesHudisFormat) {
  ASSERT_OK_AND_ASSIGN(KafkaCheckpoint parsed, ParseKafkaCheckpoint("impressions,0:300,1:200"));
  EXPECT_EQ(parsed.topic, "impressions");
  EXPECT_EQ(parsed.offsets, (PartitionOffsets{{0, 300}, {1, 200}}));
  // mergeRangesByTopicPartition: one range per partition, sorted by partition.
  EXPECT_EQ(MergeKafkaOffsetRanges(Ranges{{1, 50, 80}, {0, 100, 200}, {0, 200, 250}}),
            (Ranges{{0, 100, 250}, {1, 50, 80}}));
  // offsetsToStr merges a partition's ranges to its largest end, sorted by partition.
  EXPECT_EQ(KafkaCheckpointString("t", Ranges{{1, 50, 80}, {0, 100, 200}, {0, 200, 250}}),
            "t,0:250,1:80");
  EXPECT_TRUE(IsKafkaOffsetCheckpoint("t,0:1"));
  EXPECT_FALSE(IsKafkaOffsetCheckpoint("1700000000000"));
  EXPECT_FALSE(IsKafkaOffsetCheckpoint(""));
  auto bad = ParseKafkaCheckpoint("t,0:1,x");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "the Kafka checkpoint 't,0:1,x' has the entry 'x' where partition:offset was "
            "expected (Hudi's format is topic,partition:offset,...)");
}

TEST(KafkaOffsetRanges, SplitEvenlyAcrossPartitions) {
  // TestCheckpointUtils: 200000 new events under a limit of 1000000, two partitions.
  EXPECT_EQ(ComputeKafkaOffsetRanges({{0, 200000}, {1, 250000}}, {{0, 300000}, {1, 350000}},
                                     1000000, 0),
            (Ranges{{0, 200000, 300000}, {1, 250000, 350000}}));
  // A limit of 50 over two partitions: 25 each.
  EXPECT_EQ(ComputeKafkaOffsetRanges({{0, 0}, {1, 0}}, {{0, 100}, {1, 100}}, 50, 0),
            (Ranges{{0, 0, 25}, {1, 0, 25}}));
}

TEST(KafkaOffsetRanges, RoundRobinGivesASkewedPartitionSeveralRanges) {
  // 100 events in chunks of 50: partition 0 has only 10, partition 1 takes the rest in
  // two ranges.
  Ranges ranges = ComputeKafkaOffsetRanges({{0, 0}, {1, 0}}, {{0, 10}, {1, 1000}}, 100, 0);
  EXPECT_EQ(ranges, (Ranges{{0, 0, 10}, {1, 0, 50}, {1, 50, 90}}));
  EXPECT_EQ(KafkaCheckpointString("t", ranges), "t,0:10,1:90");
  EXPECT_EQ(TotalKafkaMessages(ranges), 100);
  // minPartitions splits further: chunks of 100 / 4 = 25.
  EXPECT_EQ(ComputeKafkaOffsetRanges({{0, 0}}, {{0, 100}}, 100, 4),
            (Ranges{{0, 0, 25}, {0, 25, 50}, {0, 50, 75}, {0, 75, 100}}));
}

TEST(KafkaOffsetRanges, NewPartitionsStartAtZeroAndIdleOnesStayInTheCheckpoint) {
  Ranges ranges = ComputeKafkaOffsetRanges({{0, 5}}, {{0, 5}, {1, 3}}, 100, 0);
  EXPECT_EQ(ranges, (Ranges{{0, 5, 5}, {1, 0, 1}, {1, 1, 2}, {1, 2, 3}}));
  EXPECT_EQ(KafkaCheckpointString("t", ranges), "t,0:5,1:3");
  // Nothing new: the same ranges, so that the checkpoint does not move.
  EXPECT_EQ(ComputeKafkaOffsetRanges({{0, 7}, {1, 3}}, {{0, 7}, {1, 3}}, 100, 0),
            (Ranges{{0, 7, 7}, {1, 3, 3}}));
}

}  // namespace
}  // namespace hoodie
