// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_keys.h
/// \brief How Hudi 0.15's metadata table names things: its partitions, their file
/// groups, and the record keys of the column_stats and bloom_filters partitions
/// (HoodieMetadataPayload, HoodieTableMetadataUtil, the HashID family), and how a record
/// key picks its file group.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

/// The metadata table's partitions (MetadataPartitionType): folder and file-id prefix.
struct HOODIE_EXPORT MetadataPartition {
  std::string_view name;            // "files"
  std::string_view file_id_prefix;  // "files-"
};
inline constexpr MetadataPartition kFilesPartition{"files", "files-"};
inline constexpr MetadataPartition kColumnStatsPartition{"column_stats", "col-stats-"};
inline constexpr MetadataPartition kBloomFiltersPartition{"bloom_filters", "bloom-filters-"};
inline constexpr MetadataPartition kRecordIndexPartition{"record_index", "record-index-"};
/// Every partition Hudi 0.15's metadata table has.
inline constexpr const MetadataPartition* kMetadataPartitions[] = {
    &kFilesPartition, &kColumnStatsPartition, &kBloomFiltersPartition, &kRecordIndexPartition};

/// The key of the files partition's record listing every partition.
inline constexpr std::string_view kAllPartitionsKey = "__all_partitions__";

/// A data-table partition path as the metadata table keys it: "." for the
/// non-partitioned "" (getPartitionIdentifier).
HOODIE_EXPORT std::string MetadataPartitionId(std::string_view partition_path);

/// The file-group id of group `index` of a metadata partition: prefix, four digits, "-0"
/// ("col-stats-0001-0", getFileIDForFileGroup).
HOODIE_EXPORT std::string MetadataFileGroupId(const MetadataPartition& partition, int index);

/// The file group of `record_key` among `count` (mapRecordKeyToFileGroupIndex): Java's
/// String.hashCode of the key (JavaStringHashCode), its absolute value modulo `count`.
HOODIE_EXPORT int MetadataFileGroupIndex(std::string_view record_key, int count);

/// The bloom_filters key of a base file: Base64 of the partition id's XXH64, then of the
/// file name's MD5 (getBloomFilterRecordKey), 36 characters.
HOODIE_EXPORT std::string BloomFilterIndexKey(std::string_view partition_path,
                                              std::string_view file_name);

/// The column_stats key of a column of a file: Base64 of the column's XXH64, of the
/// partition id's, then of the file name's MD5 (getColumnStatsIndexKey), 48 characters.
HOODIE_EXPORT std::string ColumnStatsIndexKey(std::string_view column,
                                              std::string_view partition_path,
                                              std::string_view file_name);

/// The column_stats key prefix of a column (a prefix scan finds its stats in every file).
HOODIE_EXPORT std::string ColumnStatsKeyPrefix(std::string_view column);

}  // namespace hoodie
