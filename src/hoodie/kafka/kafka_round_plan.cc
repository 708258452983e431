// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_round_plan.cc
#include "hoodie/kafka/kafka_round_plan_internal.h"

#include <algorithm>
#include <regex>

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/kafka_source_config.h"
#include "hoodie/kafka/kafka_client_internal.h"
#include "hoodie/streamer/source.h"

namespace hoodie::internal {
namespace {

// KafkaOffsetGen.isValidTimestampCheckpointType: a number of 10 or 13 digits.
bool IsTimestampCheckpoint(const std::string& text) {
  static const std::regex number("[-+]?[0-9]+(\\.[0-9]+)?");
  return std::regex_match(text, number) && (text.size() == 10 || text.size() == 13);
}

// getOffsetsByTimestamp: each partition's first offset at the time, else its earliest.
::arrow::Result<PartitionOffsets> OffsetsAtTime(KafkaConsumer* consumer, const std::string& topic,
                                                const std::vector<int32_t>& partitions,
                                                const KafkaWatermarks& marks,
                                                const std::string& checkpoint) {
  int64_t time = std::stoll(checkpoint);
  ARROW_ASSIGN_OR_RAISE(auto at, consumer->OffsetsForTime(topic, partitions, time));
  PartitionOffsets out;
  for (int32_t partition : partitions) {
    out[partition] = at[partition].value_or(marks.earliest.at(partition));
  }
  return out;
}

// fetchValidOffsets: a checkpoint below a partition's earliest offset lost messages.
::arrow::Result<PartitionOffsets> CheckLostOffsets(const KafkaSourceSettings& settings,
                                                   const KafkaWatermarks& marks,
                                                   PartitionOffsets from) {
  std::string lost;
  for (auto& [partition, offset] : from) {
    auto first = marks.earliest.find(partition);
    if (first == marks.earliest.end() || offset >= first->second) continue;
    lost += (lost.empty() ? "" : ", ") + settings.topic + "-" + std::to_string(partition) +
            ": offsets [" + std::to_string(offset) + ", " + std::to_string(first->second) +
            ") (" + std::to_string(first->second - offset) + " messages)";
    offset = first->second;
  }
  if (lost.empty()) return from;
  if (settings.fail_on_data_loss) {
    return ::arrow::Status::Invalid(
        "Some data may have been lost because they are not available in Kafka any more; "
        "either the data was aged out by Kafka or the topic may have been deleted before all "
        "the data in the topic was processed. Lost: ", lost, ". To resume at the earliest "
        "offsets Kafka still holds, set ", KafkaSourceConfig::kFailOnDataLoss.key, "=false");
  }
  LogWarning("Kafka no longer holds what the checkpoint points at; resuming these partitions "
             "at their earliest offset, the messages in between are lost: " + lost);
  return from;
}

// auto.offset.reset without a checkpoint.
::arrow::Result<PartitionOffsets> ResetOffsets(KafkaConsumer* consumer,
                                               const KafkaSourceSettings& settings,
                                               const std::vector<int32_t>& partitions,
                                               const KafkaWatermarks& marks) {
  switch (settings.reset) {
    case KafkaResetStrategy::kEarliest:
      return marks.earliest;
    case KafkaResetStrategy::kLatest:
      return marks.latest;
    case KafkaResetStrategy::kGroup: {
      ARROW_ASSIGN_OR_RAISE(auto committed, consumer->Committed(settings.topic, partitions));
      if (committed.size() == partitions.size()) return committed;
      // getGroupOffsets: a partition without a committed offset starts all at the end.
      LogWarning("consumer group has no committed offset for every partition of " +
                 settings.topic + "; starting from the latest offsets");
      return marks.latest;
    }
  }
  return ::arrow::Status::Invalid("unknown reset strategy");
}

}  // namespace

::arrow::Result<KafkaSourceSettings> ReadKafkaSourceSettings(const HoodieConfig& config,
                                                             const std::string& source) {
  KafkaSourceSettings out;
  out.topic = config.GetExplicit(KafkaSourceConfig::kTopic).value_or("");
  if (out.topic.empty()) {
    return ::arrow::Status::Invalid(source, " needs ", KafkaSourceConfig::kTopic.key,
                                    " (the topic to read)");
  }
  out.client_properties = KafkaClientProperties(config);
  const std::string reset = ToLowerAscii(config.GetRaw("auto.offset.reset").value_or("latest"));
  if (reset == "earliest") {
    out.reset = KafkaResetStrategy::kEarliest;
  } else if (reset == "latest") {
    out.reset = KafkaResetStrategy::kLatest;
  } else if (reset == "group") {
    out.reset = KafkaResetStrategy::kGroup;
  } else {
    return ::arrow::Status::Invalid("auto.offset.reset config set to unknown value ", reset,
                                    " (earliest, latest or group)");
  }
  ARROW_ASSIGN_OR_RAISE(std::string type, config.Get(KafkaSourceConfig::kCheckpointType));
  out.timestamp_checkpoints = ToLowerAscii(type) == "timestamp";
  ARROW_ASSIGN_OR_RAISE(out.fail_on_data_loss, config.Get(KafkaSourceConfig::kFailOnDataLoss));
  ARROW_ASSIGN_OR_RAISE(out.commit_offsets, config.Get(KafkaSourceConfig::kEnableCommitOffset));
  ARROW_ASSIGN_OR_RAISE(out.max_events, config.Get(KafkaSourceConfig::kMaxEvents));
  ARROW_ASSIGN_OR_RAISE(out.min_partitions, config.Get(KafkaSourceConfig::kMinPartitions));
  ARROW_ASSIGN_OR_RAISE(out.timeout_ms, config.Get(KafkaSourceConfig::kFetchPartitionTimeout));
  const bool has_group = config.GetRaw("group.id").has_value();
  if ((out.commit_offsets || out.reset == KafkaResetStrategy::kGroup) && !has_group) {
    return ::arrow::Status::Invalid(
        source, " needs group.id (a Kafka client property) to ",
        out.commit_offsets ? "commit offsets (" + std::string(KafkaSourceConfig::kEnableCommitOffset.key) + ")"
                           : std::string("start from the group's offsets (auto.offset.reset=group)"));
  }
  return out;
}

::arrow::Result<KafkaRoundPlan> PlanKafkaRound(KafkaConsumer* consumer,
                                               const KafkaSourceSettings& settings,
                                               const std::optional<std::string>& checkpoint,
                                               int64_t source_limit) {
  KafkaRoundPlan plan;
  ARROW_ASSIGN_OR_RAISE(std::vector<int32_t> partitions, consumer->Partitions(settings.topic));
  // Both ends of every partition, asked once for the whole plan.
  ARROW_ASSIGN_OR_RAISE(KafkaWatermarks marks, consumer->Watermarks(settings.topic, partitions));
  PartitionOffsets from;
  const std::string text = checkpoint.value_or("");
  if (settings.timestamp_checkpoints && IsTimestampCheckpoint(text)) {
    ARROW_ASSIGN_OR_RAISE(from, OffsetsAtTime(consumer, settings.topic, partitions, marks, text));
  } else if (!text.empty() && IsKafkaOffsetCheckpoint(text)) {
    ARROW_ASSIGN_OR_RAISE(KafkaCheckpoint parsed, ParseKafkaCheckpoint(text));
    ARROW_ASSIGN_OR_RAISE(from, CheckLostOffsets(settings, marks, std::move(parsed.offsets)));
  } else {
    ARROW_ASSIGN_OR_RAISE(from, ResetOffsets(consumer, settings, partitions, marks));
  }
  const PartitionOffsets& to = marks.latest;
  const int64_t events = source_limit == kNoSourceLimit ? settings.max_events : source_limit;
  plan.ranges = ComputeKafkaOffsetRanges(from, to, events, settings.min_partitions);
  plan.checkpoint = KafkaCheckpointString(settings.topic, plan.ranges);
  int64_t available = 0;
  for (const auto& [partition, end] : to) {
    auto start = from.find(partition);
    available += end - (start == from.end() ? 0 : start->second);
  }
  plan.backlog = std::max<int64_t>(0, available - TotalKafkaMessages(plan.ranges));
  return plan;
}

}  // namespace hoodie::internal
