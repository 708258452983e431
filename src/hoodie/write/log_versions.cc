// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/log_versions.cc
/// \brief LogVersions: one listing per partition per write.

#include "hoodie/write/log_versions_internal.h"

#include <algorithm>

#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"

namespace hoodie::internal {

::arrow::Result<int32_t> LogVersions::Highest(Storage* storage, const std::string& base_path,
                                              const std::string& partition,
                                              const std::string& file_id,
                                              const std::string& slice_instant) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto listed = by_partition_.find(partition);
  if (listed == by_partition_.end()) {
    std::map<SliceKey, int32_t> highest;
    ARROW_RETURN_NOT_OK(ListPartition(storage, base_path, partition, &highest));
    listed = by_partition_.emplace(partition, std::move(highest)).first;
  }
  auto found = listed->second.find(SliceKey(file_id, slice_instant));
  return found == listed->second.end() ? 0 : found->second;
}

::arrow::Status LogVersions::ListPartition(Storage* storage, const std::string& base_path,
                                           const std::string& partition,
                                           std::map<SliceKey, int32_t>* highest) {
  const std::string folder = partition.empty() ? base_path : JoinPath(base_path, partition);
  auto listing = storage->List(folder, /*recursive=*/false);
  if (!listing.ok()) {
    // A folder that is not there has no log files; any other failure is the listing's.
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(folder));
    if (!exists) return ::arrow::Status::OK();
    return listing.status();
  }
  for (const FileStatus& status : *listing) {
    auto parsed = ParseLogFileName(std::string(status.name()));
    if (!parsed.ok() || parsed->extension != kLogExtension || !parsed->suffix.empty()) {
      continue;
    }
    int32_t& version = (*highest)[SliceKey(parsed->file_id, parsed->base_instant_time)];
    version = std::max(version, static_cast<int32_t>(parsed->version));
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
