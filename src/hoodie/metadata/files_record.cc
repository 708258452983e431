// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/files_record.cc
#include "hoodie/metadata/files_record.h"

#include <algorithm>

#include "hoodie/metadata/metadata_record_internal.h"

namespace hoodie {

std::vector<std::pair<std::string, int64_t>> FilesRecord::Live() const {
  std::vector<std::pair<std::string, int64_t>> live;
  for (const auto& [name, info] : entries) {
    if (!info.is_deleted) live.emplace_back(name, info.size);
  }
  return live;
}

::arrow::Result<FilesRecord> FilesRecordOf(const AvroValue& record) {
  ARROW_RETURN_NOT_OK(internal::ExpectMetadataRecordType(
      record, {MetadataRecordType::kPartitionList, MetadataRecordType::kFileList},
      "the files partition"));
  FilesRecord files;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* type, record.Field("type"));
  files.type = static_cast<MetadataRecordType>(type->int32());
  ARROW_ASSIGN_OR_RAISE(const AvroValue* map,
                        internal::NonNullField(record, "filesystemMetadata"));
  ARROW_ASSIGN_OR_RAISE(const AvroEntries* entries, map->AsEntries());
  for (const auto& [name, value] : *entries) {
    MetadataFileInfo info;
    ARROW_ASSIGN_OR_RAISE(const AvroValue* size, value.Field("size"));
    ARROW_ASSIGN_OR_RAISE(info.size, size->AsLong());
    ARROW_ASSIGN_OR_RAISE(const AvroValue* deleted, value.Field("isDeleted"));
    ARROW_ASSIGN_OR_RAISE(info.is_deleted, deleted->AsBoolean());
    files.entries[name] = info;
  }
  return files;
}

FilesRecord CombineFilesRecords(const FilesRecord& older, const FilesRecord& newer) {
  FilesRecord combined = older;
  combined.type = newer.type;
  for (const auto& [name, info] : newer.entries) {
    auto found = combined.entries.find(name);
    if (found == combined.entries.end()) {
      combined.entries.emplace(name, info);
    } else if (info.is_deleted) {
      combined.entries.erase(found);
    } else {
      // Sizes only grow (a log file appended to), and records may arrive out of order.
      found->second = MetadataFileInfo{std::max(info.size, found->second.size), false};
    }
  }
  return combined;
}

}  // namespace hoodie
