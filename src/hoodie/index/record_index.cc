// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/record_index.cc
/// \brief RECORD_INDEX over the metadata table's record_index partition.
#include "hoodie/index/record_index.h"

#include <algorithm>
#include <map>

#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/index/index_lookup_internal.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/record_index_record.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

namespace {

// The location of each key found in one file group of record_index (its newest entry;
// none when a delete block removed it since).
using Found = std::map<std::string, RecordIndexLocation, std::less<>>;

::arrow::Result<Found> LookUp(const MetadataTable& metadata, const FileSlice& slice,
                              std::vector<std::string> keys, TimelineTimeZone zone) {
  const MetadataKeys wanted = MetadataKeys::Exactly(std::move(keys));
  return NewestByKey<RecordIndexLocation>(
      [&](const MetadataRecordVisitor& visit) { return metadata.ReadSlice(slice, wanted, visit); },
      [zone](const AvroValue& record) { return RecordIndexLocationOf(record, zone); });
}

// The metadata table, when it has a record_index partition readers may use.
::arrow::Result<std::shared_ptr<const MetadataTable>> OpenRecordIndex(
    const TableMetaClient& table) {
  const std::vector<std::string> built = table.table_config()->metadata_partitions();
  if (std::find(built.begin(), built.end(), kRecordIndexPartition.name) == built.end()) {
    return nullptr;
  }
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(table, timeline));
  if (metadata == nullptr || !metadata->partitions().contains(kRecordIndexPartition.name)) {
    return nullptr;
  }
  return metadata;
}

}  // namespace

::arrow::Result<RecordIndexOptions> RecordIndexOptions::FromConfig(const HoodieConfig& config) {
  RecordIndexOptions options;
  ARROW_ASSIGN_OR_RAISE(options.update_partition_path,
                        config.Get(IndexConfig::kRecordIndexUpdatePartitionPath));
  // hoodie.record.index.use.caching and .input.storage.level only choose how Spark
  // persists the input.
  return options;
}

::arrow::Result<TaggedLocations> RecordIndex::TagLocation(const KeyViews& keys,
                                                          const TableMetaClient& table,
                                                          const FileSystemView& view) const {
  if (keys.empty()) return TaggedLocations();
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata, OpenRecordIndex(table));
  if (metadata == nullptr) {
    LogWarning("the metadata table of " + table.base_path() +
               " has no record_index partition yet; tagging with " +
               std::string(fallback_->name()) + " instead; a write with "
               "hoodie.metadata.record.index.enable=true builds it as it commits");
    return fallback_->TagLocation(keys, table, view);
  }
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, table.table_config()->timeline_timezone());
  const std::vector<FileSlice> slices = metadata->LatestFileSlices(kRecordIndexPartition);
  const int count = static_cast<int>(slices.size());
  if (count == 0) {
    return ::arrow::Status::Invalid("the record_index partition of the metadata table of ",
                                    table.base_path(), " has no file group; rebuild it "
                                    "(hoodie metadata rebuild)");
  }
  // mapRecordKeyToFileGroupIndex: each key is looked for in one file group.
  std::vector<std::vector<std::string>> routed(slices.size());
  for (const auto& [bucket, wanted] : internal::KeysByPartition(keys, /*global=*/true)) {
    for (std::string_view key : wanted) {
      routed[static_cast<size_t>(count > 1 ? MetadataFileGroupIndex(key, count) : 0)]
          .emplace_back(key);
    }
  }
  std::vector<Found> found(slices.size());
  ARROW_RETURN_NOT_OK(internal::ParallelForEach(
      slices.size(), 0, [&](size_t i) -> ::arrow::Status {
        if (routed[i].empty()) return ::arrow::Status::OK();
        ARROW_ASSIGN_OR_RAISE(found[i], LookUp(*metadata, slices[i], std::move(routed[i]), zone));
        return ::arrow::Status::OK();
      }));
  // The locations found, as the file-based indexes report their matches.
  std::vector<internal::IndexedFile> files;
  std::vector<std::vector<std::string>> held;
  std::map<std::pair<std::string, std::string>, size_t> file_of;
  for (Found& group : found) {
    for (auto& [key, location] : group) {
      auto [it, added] =
          file_of.emplace(std::make_pair(location.partition_path, location.file_id), files.size());
      if (added) {
        files.push_back(internal::IndexedFile{location.partition_path, location.file_id,
                                              location.instant_time, "", 0});
        held.emplace_back();
      }
      held[it->second].push_back(key);
    }
  }
  for (auto& keys_of_file : held) std::sort(keys_of_file.begin(), keys_of_file.end());
  return internal::ResolveTags(keys, files, held, {true, options_.update_partition_path});
}

}  // namespace hoodie
