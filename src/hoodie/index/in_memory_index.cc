// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/in_memory_index.cc
/// \brief INMEMORY index.
#include "hoodie/index/in_memory_index.h"

#include "hoodie/table/file_system_view.h"

namespace hoodie {

::arrow::Result<TaggedLocations> InMemoryIndex::TagLocation(
    const KeyViews& keys, const TableMetaClient& /*table*/,
    const FileSystemView& view) const {
  // A location written by an instant that later failed or was rolled back must not
  // tag records, hence the check against completed commits.
  Timeline commits = view.visible_timeline().GetCommitsTimeline().FilterCompleted();
  TaggedLocations tags;
  tags.reserve(keys.size());
  std::lock_guard<std::mutex> lock(mutex_);
  for (const HoodieKeyView& key : keys) {
    auto it = locations_.find(
        HoodieKey{std::string(key.record_key), std::string(key.partition_path)});
    if (it != locations_.end() &&
        commits.ContainsOrBeforeTimelineStarts(it->second.instant_time)) {
      tags.push_back(it->second);
    } else {
      tags.push_back(std::nullopt);
    }
  }
  return tags;
}

::arrow::Status InMemoryIndex::UpdateLocation(const std::vector<HoodieKey>& keys,
                                              const TaggedLocations& locations) {
  ARROW_RETURN_NOT_OK(Index::UpdateLocation(keys, locations));
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < keys.size(); ++i) {
    if (locations[i]) {
      RecordLocation location = *locations[i];
      location.move_to_new_partition = false;
      locations_[keys[i]] = std::move(location);
    } else {
      locations_.erase(keys[i]);
    }
  }
  return ::arrow::Status::OK();
}

size_t InMemoryIndex::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return locations_.size();
}

}  // namespace hoodie
