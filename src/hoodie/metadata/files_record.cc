// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/files_record.cc
#include "hoodie/metadata/files_record.h"

#include <algorithm>

namespace hoodie {

std::vector<std::pair<std::string, int64_t>> FilesRecord::Live() const {
  std::vector<std::pair<std::string, int64_t>> live;
  for (const auto& [name, info] : entries) {
    if (!info.is_deleted) live.emplace_back(name, info.size);
  }
  return live;
}

::arrow::Result<FilesRecord> FilesRecordOf(const AvroValue& record) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* type, record.Field("type"));
  ARROW_ASSIGN_OR_RAISE(int32_t code, type->AsInt());
  if (code != static_cast<int32_t>(MetadataRecordType::kPartitionList) &&
      code != static_cast<int32_t>(MetadataRecordType::kFileList)) {
    return ::arrow::Status::Invalid("a metadata record of type ", code,
                                    " where the files partition holds types 1 and 2");
  }
  FilesRecord files;
  files.type = static_cast<MetadataRecordType>(code);
  ARROW_ASSIGN_OR_RAISE(const AvroValue* map, record.Field("filesystemMetadata"));
  if (map->is_null()) {
    return ::arrow::Status::Invalid("a files record without filesystemMetadata");
  }
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
