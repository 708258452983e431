// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/log_versions_internal.h
/// \brief The highest log version of each file slice a write appends to, from one
/// listing per partition (FSUtils.getLatestLogVersion lists the folder per file group).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include <arrow/result.h>

namespace hoodie {

class Storage;

namespace internal {

/// \brief Log versions by partition, listed once per write. A write appends to each
/// file group once, and the log files other writers (or failed attempts) left in a
/// partition are all in the folder when the write starts, so one listing of the folder
/// answers for every file group of the write. The folder itself is listed, not the
/// table's listing (TableListing): a failed attempt's log file, which no committed
/// listing names, must still not be written over. Thread-safe.
class LogVersions {
 public:
  /// The highest version of the log files of (`file_id`, `slice_instant`) in the folder
  /// of `partition` (relative to `base_path`), 0 when there are none or no folder.
  ::arrow::Result<int32_t> Highest(Storage* storage, const std::string& base_path,
                                   const std::string& partition, const std::string& file_id,
                                   const std::string& slice_instant);

 private:
  using SliceKey = std::tuple<std::string, std::string>;  // file id, slice instant
  ::arrow::Status ListPartition(Storage* storage, const std::string& base_path,
                                const std::string& partition,
                                std::map<SliceKey, int32_t>* highest);

  std::mutex mutex_;
  std::map<std::string, std::map<SliceKey, int32_t>> by_partition_;
};

}  // namespace internal
}  // namespace hoodie
