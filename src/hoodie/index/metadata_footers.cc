// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/metadata_footers.cc
/// \brief Bloom filters and record-key ranges of base files from the metadata table.
#include <map>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/index/metadata_footers_internal.h"
#include "hoodie/metadata/bloom_filter_record.h"
#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/storage/path.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

namespace {

// The record-key range of each file column_stats has `_hoodie_record_key` bounds for.
::arrow::Status ReadRanges(const MetadataTable& metadata, const std::vector<IndexedFile>& files,
                           MetadataFooters* out) {
  std::map<std::string, size_t> file_of;
  std::vector<std::string> keys;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string key = ColumnStatsIndexKey(kRecordKeyField, files[i].partition_path,
                                          FileName(files[i].path));
    file_of.emplace(key, i);
    keys.push_back(std::move(key));
  }
  ColumnStatsFold fold;
  ARROW_RETURN_NOT_OK(metadata.Read(
      kColumnStatsPartition, MetadataKeys::Exactly(std::move(keys)),
      [&](std::string_view key, const AvroValue* record) { return fold.Add(key, record); }));
  for (const auto& [key, stats] : fold.Live()) {
    const size_t i = file_of.at(key);
    out->ranges_known[i] = true;
    if (!stats.min_value || !stats.max_value) continue;  // no keys: every key a candidate
    ARROW_ASSIGN_OR_RAISE(std::string_view min, stats.min_value->AsString());
    ARROW_ASSIGN_OR_RAISE(std::string_view max, stats.max_value->AsString());
    out->ranges[i] = RecordKeyRange{std::string(min), std::string(max)};
  }
  return ::arrow::Status::OK();
}

// The bloom filter of each file bloom_filters has a live entry for.
::arrow::Status ReadBlooms(const MetadataTable& metadata, const std::vector<IndexedFile>& files,
                           MetadataFooters* out) {
  std::map<std::string, size_t> file_of;
  std::vector<std::string> keys;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string key = BloomFilterIndexKey(files[i].partition_path, FileName(files[i].path));
    file_of.emplace(key, i);
    keys.push_back(std::move(key));
  }
  const MetadataKeys wanted = MetadataKeys::Exactly(std::move(keys));
  ARROW_ASSIGN_OR_RAISE(auto newest,
                        NewestByKey<BloomFilterEntry>(
                            [&](const MetadataRecordVisitor& visit) {
                              return metadata.Read(kBloomFiltersPartition, wanted, visit);
                            },
                            BloomFilterEntryOf));
  for (const auto& [key, entry] : newest) {
    if (entry.is_deleted) continue;
    const size_t i = file_of.at(key);
    ARROW_ASSIGN_OR_RAISE(out->blooms[i], entry.Filter());
    out->blooms_known[i] = true;
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<MetadataFooters> FootersFromMetadata(const TableMetaClient& table,
                                                     const std::vector<IndexedFile>& files,
                                                     bool want_ranges) {
  MetadataFooters out;
  out.ranges.resize(files.size());
  out.ranges_known.assign(files.size(), false);
  out.blooms.resize(files.size());
  out.blooms_known.assign(files.size(), false);
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(table, timeline));
  if (metadata == nullptr) return out;
  if (want_ranges && metadata->partitions().contains(kColumnStatsPartition.name)) {
    ARROW_RETURN_NOT_OK(ReadRanges(*metadata, files, &out));
  }
  if (metadata->partitions().contains(kBloomFiltersPartition.name)) {
    ARROW_RETURN_NOT_OK(ReadBlooms(*metadata, files, &out));
  }
  return out;
}

}  // namespace hoodie::internal
