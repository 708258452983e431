// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/line_rows.cc
#include "hoodie/input/line_rows_internal.h"

namespace hoodie::internal {

void LineRows::Irregular(int64_t line, int64_t rows) {
  std::lock_guard<std::mutex> lock(mutex_);
  irregular_.emplace_back(line, rows);
}

int64_t LineRows::LineOf(int64_t row) const {
  std::lock_guard<std::mutex> lock(mutex_);
  int64_t line = 1;   // the first line after the irregular ones passed
  int64_t first = 0;  // its first row
  for (const auto& [irregular, rows] : irregular_) {
    // Lines [line, irregular) are one row each.
    if (row < first + (irregular - line)) break;
    first += irregular - line;
    if (row < first + rows) return irregular;
    first += rows;
    line = irregular + 1;
  }
  return line + (row - first);
}

}  // namespace hoodie::internal
