// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/message_positions.cc
#include "hoodie/kafka/message_positions_internal.h"

#include <algorithm>
#include <cstdint>

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

void MessagePositions::SetRows(int64_t number, int64_t rows) {
  auto at = std::lower_bound(irregular_.begin(), irregular_.end(),
                             std::pair<int64_t, int64_t>{number, INT64_MIN});
  if (at != irregular_.end() && at->first == number) {
    at->second = rows;
  } else {
    irregular_.insert(at, {number, rows});
  }
}

void MessagePositions::Skip(int64_t number) {
  auto at = std::lower_bound(irregular_.begin(), irregular_.end(),
                             std::pair<int64_t, int64_t>{number, INT64_MIN});
  int64_t rows = at != irregular_.end() && at->first == number ? at->second : 1;
  SetRows(number, rows > 0 ? rows - 1 : 0);
}

std::string MessagePositions::DescribeRow(int64_t row) const {
  // `shift`: rows before the current message beyond one a message.
  int64_t shift = 0;
  for (const auto& [number, rows] : irregular_) {
    int64_t first_row = number + shift;
    if (row < first_row) break;
    if (row < first_row + rows) return Describe(number);
    shift += rows - 1;
  }
  return Describe(row - shift);
}

}  // namespace hoodie::internal
