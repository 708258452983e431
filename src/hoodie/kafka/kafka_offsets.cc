// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_offsets.cc
#include "hoodie/kafka/kafka_offsets.h"

#include <algorithm>
#include <charconv>
#include <regex>

#include "hoodie/common/string_list.h"

namespace hoodie {
namespace {

template <typename T>
bool ParseNumber(std::string_view text, T* out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

void SortByPartition(std::vector<KafkaOffsetRange>* ranges) {
  std::stable_sort(ranges->begin(), ranges->end(),
                   [](const auto& a, const auto& b) { return a.partition < b.partition; });
}

}  // namespace

bool IsKafkaOffsetCheckpoint(const std::string& text) {
  // Java's String.matches anchors the pattern at both ends; '.' matches no line break.
  static const std::regex pattern(".*,.*:.*");
  return std::regex_match(text, pattern);
}

::arrow::Result<KafkaCheckpoint> ParseKafkaCheckpoint(const std::string& text) {
  // String.split(",") drops trailing empty strings; an empty entry elsewhere fails.
  std::vector<std::string> parts = SplitAt(text, ',');
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  if (parts.empty()) {
    return ::arrow::Status::Invalid("the Kafka checkpoint '", text, "' names no topic");
  }
  KafkaCheckpoint out;
  out.topic = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string& entry = parts[i];
    const size_t colon = entry.find(':');
    int32_t partition = 0;
    int64_t offset = 0;
    if (colon == std::string::npos || !ParseNumber(std::string_view(entry).substr(0, colon), &partition) ||
        !ParseNumber(std::string_view(entry).substr(colon + 1), &offset)) {
      return ::arrow::Status::Invalid("the Kafka checkpoint '", text, "' has the entry '", entry,
                                      "' where partition:offset was expected (Hudi's format is "
                                      "topic,partition:offset,...)");
    }
    out.offsets[partition] = offset;
  }
  return out;
}

std::vector<KafkaOffsetRange> MergeKafkaOffsetRanges(const std::vector<KafkaOffsetRange>& ranges) {
  std::map<int32_t, KafkaOffsetRange> merged;
  for (const KafkaOffsetRange& range : ranges) {
    auto [it, inserted] = merged.emplace(range.partition, range);
    if (!inserted) {
      it->second.from = std::min(it->second.from, range.from);
      it->second.until = std::max(it->second.until, range.until);
    }
  }
  std::vector<KafkaOffsetRange> out;
  for (const auto& [partition, range] : merged) out.push_back(range);
  return out;
}

std::string KafkaCheckpointString(const std::string& topic,
                                  const std::vector<KafkaOffsetRange>& ranges) {
  std::string out = topic + ",";
  bool first = true;
  for (const KafkaOffsetRange& range : MergeKafkaOffsetRanges(ranges)) {
    if (!first) out += ',';
    first = false;
    out += std::to_string(range.partition) + ":" + std::to_string(range.until);
  }
  return out;
}

int64_t TotalKafkaMessages(const std::vector<KafkaOffsetRange>& ranges) {
  int64_t total = 0;
  for (const KafkaOffsetRange& range : ranges) total += range.count();
  return total;
}

std::vector<KafkaOffsetRange> ComputeKafkaOffsetRanges(const PartitionOffsets& from,
                                                       const PartitionOffsets& to,
                                                       int64_t num_events,
                                                       int64_t min_partitions) {
  std::vector<KafkaOffsetRange> ranges;
  for (const auto& [partition, until] : to) {
    auto start = from.find(partition);
    ranges.push_back({partition, start == from.end() ? 0 : start->second, until});
  }
  const int64_t actual = std::min(TotalKafkaMessages(ranges), num_events);
  if (actual <= 0) return ranges;  // nothing new: the same ranges make the checkpoint
  const int64_t parts = std::max<int64_t>(min_partitions, static_cast<int64_t>(to.size()));
  const int64_t chunk = std::max<int64_t>(1, actual / parts);
  std::map<int32_t, std::vector<KafkaOffsetRange>> taken;
  std::map<int32_t, int64_t> next;
  int64_t allocated = 0;
  while (allocated < actual) {
    for (const KafkaOffsetRange& range : ranges) {
      if (allocated == actual) break;
      auto position = next.find(range.partition);
      const int64_t start = position == next.end() ? range.from : position->second;
      const int64_t events = std::min(chunk, actual - allocated);
      // Java's overflow guard: a start near Long.MAX_VALUE takes the range's end.
      const int64_t end = start > INT64_MAX - events ? range.until
                                                     : std::min(range.until, start + events);
      allocated += end - start;
      std::vector<KafkaOffsetRange>& list = taken[range.partition];
      if (list.empty() || end > start) {
        list.push_back({range.partition, start, end});
        next[range.partition] = end;
      }
    }
  }
  // A partition of the checkpoint the topic no longer reports keeps its offset.
  for (const auto& [partition, offset] : from) {
    if (!taken.count(partition)) taken[partition].push_back({partition, offset, offset});
  }
  std::vector<KafkaOffsetRange> out;
  for (auto& [partition, list] : taken) out.insert(out.end(), list.begin(), list.end());
  SortByPartition(&out);
  return out;
}

}  // namespace hoodie
