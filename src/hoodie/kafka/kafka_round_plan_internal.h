// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_round_plan_internal.h
/// \brief The Kafka sources' settings, and which offsets a round reads: Hudi 0.15's
/// KafkaOffsetGen.getNextOffsetRanges against the brokers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/kafka/kafka_offsets.h"

namespace hoodie {

class HoodieConfig;

namespace internal {

class KafkaConsumer;

/// Where a round without a checkpoint starts (auto.offset.reset, Hudi's values).
enum class KafkaResetStrategy { kEarliest, kLatest, kGroup };

/// \brief The keys of KafkaSourceConfig and the Kafka client's properties, read once.
struct KafkaSourceSettings {
  std::string topic;
  std::vector<std::pair<std::string, std::string>> client_properties;
  KafkaResetStrategy reset = KafkaResetStrategy::kLatest;
  bool timestamp_checkpoints = false;
  bool fail_on_data_loss = true;
  bool commit_offsets = false;
  int64_t max_events = 0;
  int64_t min_partitions = 0;
  int64_t timeout_ms = 0;
};

/// Reads and checks the settings; Invalid naming the key that is missing or wrong
/// (`source` names the source in messages).
::arrow::Result<KafkaSourceSettings> ReadKafkaSourceSettings(const HoodieConfig& config,
                                                             const std::string& source);

/// \brief A round's offsets.
struct KafkaRoundPlan {
  std::vector<KafkaOffsetRange> ranges;
  /// The checkpoint the round commits (CheckpointUtils.offsetsToStr of the ranges).
  std::string checkpoint;
  /// Messages the topic holds beyond the ranges.
  int64_t backlog = 0;
};

/// The ranges of at most `source_limit` messages (maxEvents when unlimited) after
/// `checkpoint` (None or not an offsets checkpoint: auto.offset.reset decides). A
/// checkpoint below a partition's earliest offset fails under failOnDataLoss naming each
/// partition's lost range; otherwise those partitions restart at their earliest offset.
::arrow::Result<KafkaRoundPlan> PlanKafkaRound(KafkaConsumer* consumer,
                                               const KafkaSourceSettings& settings,
                                               const std::optional<std::string>& checkpoint,
                                               int64_t source_limit);

}  // namespace internal
}  // namespace hoodie
