// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/files_record.h
/// \brief The records of the metadata table's `files` partition (HoodieMetadataRecord of
/// type 1, the partition list, and 2, a partition's file list) and how two of them merge
/// (HoodieMetadataPayload.combineFileSystemMetadata).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// HoodieMetadataPayload's record types (the `type` field).
enum class MetadataRecordType : int32_t {
  kPartitionList = 1,
  kFileList = 2,
  kColumnStats = 3,
  kBloomFilter = 4,
  kRecordIndex = 5,
};

/// One entry of a files record (HoodieMetadataFileInfo): a file's size, or a tombstone.
struct HOODIE_EXPORT MetadataFileInfo {
  int64_t size = 0;
  bool is_deleted = false;
  bool operator==(const MetadataFileInfo&) const = default;
};

/// \brief A record of the files partition: a partition list (names are partitions, sizes
/// 0) or one partition's file list (base and log file names).
struct HOODIE_EXPORT FilesRecord {
  MetadataRecordType type = MetadataRecordType::kFileList;
  std::map<std::string, MetadataFileInfo> entries;

  /// The entries that are not tombstones, as (name, size), in name order (getFilenames).
  std::vector<std::pair<std::string, int64_t>> Live() const;
};

/// The files record of a decoded HoodieMetadataRecord. \return Invalid when it is of
/// another type or lacks its filesystemMetadata.
HOODIE_EXPORT ::arrow::Result<FilesRecord> FilesRecordOf(const AvroValue& record);

/// `newer` merged over `older`, as Hudi 0.15 merges them: an entry only one side has is
/// kept (a tombstone too, so that it can still remove the file from a base record merged
/// later); a tombstone over an entry removes both; otherwise the larger size, live.
HOODIE_EXPORT FilesRecord CombineFilesRecords(const FilesRecord& older, const FilesRecord& newer);

}  // namespace hoodie
