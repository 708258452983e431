// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/files_partition_records.cc
#include "hoodie/metadata/files_partition_records.h"

#include <algorithm>

#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/rollback_metadata.h"

namespace hoodie {

namespace {

std::string BaseName(std::string_view path) {
  const size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// The record of `key` of `type` in `records`, made empty when absent.
FilesRecord& RecordOf(FilesRecords* records, const std::string& key, MetadataRecordType type) {
  FilesRecord& record = (*records)[key];
  record.type = type;
  return record;
}

// A file added with `size`: the larger size wins when it is named twice.
void AddFile(FilesRecord* record, const std::string& name, int64_t size) {
  MetadataFileInfo& info = record->entries[name];
  info.size = std::max(info.size, size);
  info.is_deleted = false;
}

void AddPartitionList(FilesRecords* records, const std::vector<std::string>& partitions,
                      bool deleted) {
  FilesRecord& list =
      RecordOf(records, std::string(kAllPartitionsKey), MetadataRecordType::kPartitionList);
  for (const std::string& partition : partitions) {
    list.entries[MetadataPartitionId(partition)] = MetadataFileInfo{0, deleted};
  }
}

}  // namespace

FilesRecords FilesRecordsOfCommit(const CommitMetadata& metadata) {
  FilesRecords records;
  std::vector<std::string> partitions;
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    partitions.push_back(partition);
    FilesRecord& files =
        RecordOf(&records, MetadataPartitionId(partition), MetadataRecordType::kFileList);
    for (const WriteStat& stat : stats) {
      if (!stat.path) continue;  // an empty partition's placeholder stat
      AddFile(&files, BaseName(*stat.path), stat.file_size_in_bytes);
      if (stat.cdc_stats) {
        for (const auto& [path, size] : *stat.cdc_stats) AddFile(&files, BaseName(path), size);
      }
    }
  }
  AddPartitionList(&records, partitions, /*deleted=*/false);
  return records;
}

FilesRecords FilesRecordsOfClean(const CleanMetadata& metadata) {
  FilesRecords records;
  std::vector<std::string> deleted_partitions;
  for (const auto& [partition, info] : metadata.partition_metadata) {
    FilesRecord& files =
        RecordOf(&records, MetadataPartitionId(partition), MetadataRecordType::kFileList);
    for (const std::string& pattern : info.delete_path_patterns) {
      files.entries[BaseName(pattern)] = MetadataFileInfo{0, true};
    }
    if (info.is_partition_deleted.value_or(false)) deleted_partitions.push_back(partition);
  }
  if (!deleted_partitions.empty()) {
    AddPartitionList(&records, deleted_partitions, /*deleted=*/true);
  }
  return records;
}

FilesRecords FilesRecordsOfRollback(const RollbackMetadata& metadata) {
  FilesRecords records;
  // A rollback planned from a workload profile names the base path for a log file it
  // does not know (its stat has no path); Hudi would list the folder's name as a file.
  auto add_logs = [](FilesRecord* files, const std::map<std::string, int64_t>& logs) {
    for (const auto& [path, size] : logs) {
      std::string name = BaseName(path);
      if (ParseLogFileName(name).ok()) AddFile(files, name, size);
    }
  };
  for (const auto& [name, info] : metadata.partition_metadata) {
    if (!info.rollback_log_files || info.rollback_log_files->empty()) continue;
    FilesRecord& files = RecordOf(&records, MetadataPartitionId(info.partition_path),
                                  MetadataRecordType::kFileList);
    add_logs(&files, *info.rollback_log_files);
    if (info.log_files_from_failed_commit) add_logs(&files, *info.log_files_from_failed_commit);
  }
  return records;
}

FilesRecords FilesRecordsOfListing(
    const std::map<std::string, std::vector<FileStatus>>& partitions) {
  FilesRecords records;
  std::vector<std::string> names;
  for (const auto& [partition, files] : partitions) {
    names.push_back(partition);
    FilesRecord& record =
        RecordOf(&records, MetadataPartitionId(partition), MetadataRecordType::kFileList);
    for (const FileStatus& file : files) AddFile(&record, std::string(file.name()), file.size);
  }
  AddPartitionList(&records, names, /*deleted=*/false);
  return records;
}

FilesRecords FilesRecordsOfOutOfSync(
    const std::map<std::string, std::vector<FileStatus>>& listed,
    const std::map<std::string, std::vector<FileStatus>>& on_storage) {
  FilesRecords records;
  std::vector<std::string> gone;
  for (const auto& [partition, files] : listed) {
    auto stored = on_storage.find(partition);
    std::map<std::string, int64_t> present;
    if (stored != on_storage.end()) {
      for (const FileStatus& file : stored->second) present[std::string(file.name())] = file.size;
    } else {
      gone.push_back(partition);
    }
    FilesRecord changes;
    changes.type = MetadataRecordType::kFileList;
    for (const FileStatus& file : files) {
      const std::string name(file.name());
      if (!present.erase(name)) changes.entries[name] = MetadataFileInfo{0, true};
    }
    for (const auto& [name, size] : present) AddFile(&changes, name, size);
    if (!changes.entries.empty()) records[MetadataPartitionId(partition)] = std::move(changes);
  }
  if (!gone.empty()) AddPartitionList(&records, gone, /*deleted=*/true);
  return records;
}

}  // namespace hoodie
