// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/message_positions.cc
#include "hoodie/kafka/message_positions_internal.h"

#include <algorithm>

namespace hoodie::internal {

int64_t MessagePositions::Add(int32_t partition, int64_t offset) {
  if (runs_.empty() || runs_.back().partition != partition || offset != last_offset_ + 1) {
    runs_.push_back({count_, partition, offset});
  }
  last_offset_ = offset;
  return count_++;
}

std::string MessagePositions::Describe(int64_t number) const {
  auto after = std::upper_bound(runs_.begin(), runs_.end(), number,
                                [](int64_t n, const Run& run) { return n < run.first_number; });
  if (after == runs_.begin() || number >= count_) return "topic " + topic_ + ", message " + std::to_string(number);
  const Run& run = *(after - 1);
  return "topic " + topic_ + ", partition " + std::to_string(run.partition) + ", offset " +
         std::to_string(run.first_offset + (number - run.first_number));
}

std::string MessagePositions::DescribeRow(int64_t row) const {
  // Row r is the r-th message not left out.
  int64_t number = row;
  for (int64_t skipped : skipped_) {
    if (skipped > number) break;
    ++number;
  }
  return Describe(number);
}

}  // namespace hoodie::internal
