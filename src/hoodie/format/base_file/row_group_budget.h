// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/row_group_budget.h
/// \brief The memory the open base files of a write share for their unfinished row
/// groups (hoodie.memory.parquet.buffer.max.size).
#pragma once

#include <atomic>
#include <cstdint>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Bytes buffered in the unfinished row groups of every open base file that
/// shares it, against a limit. A Parquet writer holds its row group's encoded pages
/// until the group ends, so many open files (one per partition path in a bulk_insert)
/// would hold many row groups at once; when their sum passes the limit, a file holding
/// at least its share ends its group early. Thread-safe: files on different threads
/// share one budget.
class HOODIE_EXPORT RowGroupBudget {
 public:
  explicit RowGroupBudget(int64_t max_bytes) : max_bytes_(max_bytes) {}

  int64_t max_bytes() const { return max_bytes_; }
  int64_t used() const { return used_.load(std::memory_order_relaxed); }

  /// A file joins when it opens and leaves when it closes (its bytes already released).
  void Join() { files_.fetch_add(1, std::memory_order_relaxed); }
  void Leave() { files_.fetch_sub(1, std::memory_order_relaxed); }
  /// A file's buffered bytes changed by `delta`.
  void Add(int64_t delta) { used_.fetch_add(delta, std::memory_order_relaxed); }

  /// Whether a file buffering `buffered` bytes should end its row group now: the files
  /// hold more than the limit together and this one at least an even share of it.
  bool ShouldFlush(int64_t buffered) const {
    const int64_t total = used();
    if (total <= max_bytes_) return false;
    const int64_t files = files_.load(std::memory_order_relaxed);
    return files <= 1 || buffered * files >= total;
  }

 private:
  const int64_t max_bytes_;
  std::atomic<int64_t> used_{0};
  std::atomic<int64_t> files_{0};
};

}  // namespace hoodie
