// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_offsets.h
/// \brief What a Kafka round reads: the checkpoint string Hudi keeps in its commits and
/// the offset ranges a round takes, as Hudi 0.15's KafkaOffsetGen.CheckpointUtils
/// computes them. Pure functions: no broker is asked.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Offsets by partition number.
using PartitionOffsets = std::map<int32_t, int64_t>;

/// \brief Messages [from, until) of one partition (Spark's OffsetRange).
struct HOODIE_EXPORT KafkaOffsetRange {
  int32_t partition = 0;
  int64_t from = 0;
  int64_t until = 0;

  int64_t count() const { return until - from; }
  bool operator==(const KafkaOffsetRange&) const = default;
};

/// \brief A topic's position: where each partition resumes (its next offset).
struct HOODIE_EXPORT KafkaCheckpoint {
  std::string topic;
  PartitionOffsets offsets;
};

/// True when `text` looks like a checkpoint of offsets (CheckpointUtils.checkTopicCheckpoint:
/// the pattern ".*,.*:.*").
HOODIE_EXPORT bool IsKafkaOffsetCheckpoint(const std::string& text);

/// CheckpointUtils.strToOffsets: "topic,0:10,1:7". Invalid, quoting the text, when a
/// partition entry is not "number:number".
HOODIE_EXPORT ::arrow::Result<KafkaCheckpoint> ParseKafkaCheckpoint(const std::string& text);

/// CheckpointUtils.mergeRangesByTopicPartition: one range per partition, from its
/// smallest start to its largest end, sorted by partition.
HOODIE_EXPORT std::vector<KafkaOffsetRange> MergeKafkaOffsetRanges(
    const std::vector<KafkaOffsetRange>& ranges);

/// CheckpointUtils.offsetsToStr: the ranges merged by partition, sorted by partition,
/// each written as "partition:until" after the topic: "topic,0:10,1:7".
HOODIE_EXPORT std::string KafkaCheckpointString(const std::string& topic,
                                                const std::vector<KafkaOffsetRange>& ranges);

/// CheckpointUtils.computeOffsetRanges: the ranges of at most `num_events` messages
/// between `from` (a partition it lacks starts at 0) and `to` (every partition of the
/// topic), handed out round-robin over the partitions in chunks of
/// max(1, events / max(min_partitions, partitions)) so that no partition is starved; a
/// partition with nothing to read keeps an empty range, so that the checkpoint still
/// names it. Sorted by partition; a partition may have several ranges.
HOODIE_EXPORT std::vector<KafkaOffsetRange> ComputeKafkaOffsetRanges(
    const PartitionOffsets& from, const PartitionOffsets& to, int64_t num_events,
    int64_t min_partitions);

/// The messages `ranges` hold.
HOODIE_EXPORT int64_t TotalKafkaMessages(const std::vector<KafkaOffsetRange>& ranges);

}  // namespace hoodie
