// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/line_rows_internal.h
/// \brief Which line of a JSON file each row came from, kept as the few lines that did
/// not become exactly one row (a blank line: none; a change record: none or several), so
/// that a failure found after reading (a record key) names the right line.
#pragma once

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace hoodie::internal {

class LineRows {
 public:
  /// Line `line` (from 1; in increasing order) became `rows` rows.
  void Irregular(int64_t line, int64_t rows);
  /// The line row `row` (from 0) came from.
  int64_t LineOf(int64_t row) const;

 private:
  mutable std::mutex mutex_;  // written by the reading thread, read by error reports
  std::vector<std::pair<int64_t, int64_t>> irregular_;
};

}  // namespace hoodie::internal
