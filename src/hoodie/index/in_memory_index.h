// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/in_memory_index.h
/// \brief INMEMORY: a map from HoodieKey to location, filled by the write client (Java
/// HoodieInMemoryHashIndex).
#pragma once

#include <map>
#include <mutex>

#include "hoodie/index/index.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Remembers where writes put records, for tests and single-process pipelines.
///
/// Unlike Java, whose map is a static shared by every instance, the map belongs to this
/// object, so two tables (or tests) never see each other's records. Lookups are by the
/// full HoodieKey (record key and partition), as in Java, and a location counts only
/// while its instant is a completed commit on the view's timeline (or older than it:
/// HoodieIndexUtils.checkIfValidCommit). Java reports it global and able to index log
/// files, since it knows every location the writer reported. Thread-safe.
class HOODIE_EXPORT InMemoryIndex : public Index {
 public:
  using Index::TagLocation;
  ::arrow::Result<TaggedLocations> TagLocation(const KeyViews& keys,
                                               const TableMetaClient& table,
                                               const FileSystemView& view) const override;
  /// Records `locations[i]` for `keys[i]`; nullopt removes the key (it was deleted).
  ::arrow::Status UpdateLocation(const std::vector<HoodieKey>& keys,
                                 const TaggedLocations& locations) override;
  bool IsGlobal() const override { return true; }
  bool CanIndexLogFiles() const override { return true; }
  std::string_view name() const override { return "INMEMORY"; }

  /// Number of keys currently recorded.
  size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::map<HoodieKey, RecordLocation> locations_;
};

}  // namespace hoodie
