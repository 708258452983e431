// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/message_positions_internal.h
/// \brief Where each record of a Kafka round came from, kept as runs of consecutive
/// offsets (a few entries per partition, not one per message), so that an error or a
/// failed record names its topic, partition and offset whatever the round's size.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hoodie::internal {

class MessagePositions {
 public:
  explicit MessagePositions(std::string topic) : topic_(std::move(topic)) {}

  /// Records the next message; \return its number (from 0).
  int64_t Add(int32_t partition, int64_t offset);
  /// Marks one row of message `number` as left out (a message is one row unless
  /// SetRows said otherwise).
  void Skip(int64_t number);
  /// Message `number` became `rows` rows (a change record: none, or several).
  void SetRows(int64_t number, int64_t rows);
  /// "topic t, partition 0, offset 5" of message `number`.
  std::string Describe(int64_t number) const;
  /// Describe of the message that became row `row` (messages left out have no row).
  std::string DescribeRow(int64_t row) const;

 private:
  struct Run {
    int64_t first_number;
    int32_t partition;
    int64_t first_offset;
  };

  std::string topic_;
  std::vector<Run> runs_;
  int64_t count_ = 0;
  int64_t last_offset_ = -1;
  // The messages that did not become exactly one row, by number, with their rows.
  std::vector<std::pair<int64_t, int64_t>> irregular_;
};

}  // namespace hoodie::internal
