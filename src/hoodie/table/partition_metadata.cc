// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/partition_metadata.cc
/// \brief .hoodie_partition_metadata read/write and partition discovery.
#include "hoodie/table/partition_metadata.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "hoodie/common/macros.h"
#include "hoodie/common/parallel_for_each.h"
#include "hoodie/config/java_properties.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

bool IsMetadataFileName(std::string_view name) {
  return name == PartitionMetadata::kFileName ||
         name == PartitionMetadata::kParquetFileName ||
         name == PartitionMetadata::kOrcFileName;
}

// `dir` relative to `base`, both as listed by the same storage; "" for the base itself.
std::string RelativeTo(const std::string& base, const std::string& dir) {
  if (dir.size() <= base.size()) return "";
  std::string_view rest = std::string_view(dir).substr(base.size());
  while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
  return std::string(rest);
}

std::string TrimTrailingSlashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

std::string PartitionMetadata::ToText(std::string_view date_line) const {
  // HoodiePartitionMetadata stores a java.util.Properties with these two keys; both JDK
  // 8 (Hashtable) and later (ConcurrentHashMap) iterate them in this order.
  PropertyList entries = {
      {std::string(kCommitTimeKey), commit_time},
      {std::string(kPartitionDepthKey), std::to_string(partition_depth)}};
  return FormatJavaProperties(entries, "partition metadata", date_line);
}

::arrow::Result<PartitionMetadata> PartitionMetadata::Parse(std::string_view text,
                                                            std::string_view source) {
  ARROW_ASSIGN_OR_RAISE(PropertyList entries, ParseJavaProperties(text, source));
  PartitionMetadata metadata;
  const std::string* depth = nullptr;
  for (const auto& [key, value] : entries) {
    if (key == kCommitTimeKey) metadata.commit_time = value;
    if (key == kPartitionDepthKey) depth = &value;
  }
  if (depth == nullptr) {
    return ::arrow::Status::Invalid(
        "could not find partitionDepth in partition metafile ", source);
  }
  auto [ptr, ec] = std::from_chars(depth->data(), depth->data() + depth->size(),
                                   metadata.partition_depth);
  if (depth->empty() || ec != std::errc() || ptr != depth->data() + depth->size() ||
      metadata.partition_depth < 0) {
    return ::arrow::Status::Invalid("partitionDepth is not a non-negative integer in ",
                                    source, ": ", *depth);
  }
  return metadata;
}

int PartitionMetadata::PartitionDepth(std::string_view relative_partition_path) {
  int depth = 0;
  size_t start = 0;
  while (start < relative_partition_path.size()) {
    size_t end = relative_partition_path.find('/', start);
    if (end == std::string_view::npos) end = relative_partition_path.size();
    if (end > start) ++depth;
    start = end + 1;
  }
  return depth;
}

::arrow::Status PartitionMetadata::Write(Storage* storage, const std::string& base_path,
                                         std::string_view partition_path,
                                         std::string_view commit_time) {
  const std::string dir = JoinPath(base_path, partition_path);
  ARROW_ASSIGN_OR_RAISE(bool exists, HasPartitionMetadata(storage, dir));
  if (exists) return ::arrow::Status::OK();
  PartitionMetadata metadata{std::string(commit_time), PartitionDepth(partition_path)};
  ::arrow::Status st =
      storage->CreateImmutable(JoinPath(dir, kFileName), metadata.ToText());
  // Another writer creating the same partition at the same time is expected; any
  // complete copy of the file is as good as ours.
  if (st.IsAlreadyExists()) return ::arrow::Status::OK();
  return st;
}

::arrow::Status PartitionMetadataOnce::Write(Storage* storage, const std::string& base_path,
                                             std::string_view partition_path,
                                             std::string_view commit_time) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // A failed write fails the whole write, so a partition marked here and not
    // written is never relied on.
    if (!written_.emplace(partition_path).second) return ::arrow::Status::OK();
  }
  return PartitionMetadata::Write(storage, base_path, partition_path, commit_time);
}

::arrow::Result<PartitionMetadata> PartitionMetadata::Read(
    Storage* storage, const std::string& partition_dir) {
  const std::string text_path = JoinPath(partition_dir, kFileName);
  ARROW_ASSIGN_OR_RAISE(bool has_text, storage->FileExists(text_path));
  if (has_text) {
    ARROW_ASSIGN_OR_RAISE(std::string text, storage->ReadAll(text_path));
    return Parse(text, text_path);
  }
  for (std::string_view name : {kParquetFileName, kOrcFileName}) {
    const std::string path = JoinPath(partition_dir, name);
    ARROW_ASSIGN_OR_RAISE(bool has_variant, storage->FileExists(path));
    if (has_variant) {
      return ::arrow::Status::NotImplemented(
          "reading partition metadata in base-file format is not supported yet: ", path);
    }
  }
  return ::arrow::Status::IOError("partition folder has no ", kFileName, ": ",
                                  partition_dir);
}

::arrow::Result<bool> HasPartitionMetadata(Storage* storage,
                                           const std::string& partition_dir) {
  for (std::string_view name :
       {PartitionMetadata::kFileName, PartitionMetadata::kParquetFileName,
        PartitionMetadata::kOrcFileName}) {
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(JoinPath(partition_dir, name)));
    if (exists) return true;
  }
  return false;
}

::arrow::Result<std::map<std::string, std::vector<FileStatus>>> ListPartitionFolders(
    Storage* storage, const std::string& base_path, int threads) {
  const std::string base = TrimTrailingSlashes(base_path);
  std::map<std::string, std::vector<FileStatus>> partitions;
  std::vector<std::string> level = {base};
  while (!level.empty()) {
    // One level of folders at a time, listed side by side.
    std::vector<std::vector<FileStatus>> listed(level.size());
    ARROW_RETURN_NOT_OK(internal::ParallelForEachOnThreads(
        level.size(), threads, [&](size_t i) -> ::arrow::Status {
          ARROW_ASSIGN_OR_RAISE(listed[i], storage->List(level[i], /*recursive=*/false));
          return ::arrow::Status::OK();
        }));
    std::vector<std::string> next;
    for (size_t i = 0; i < level.size(); ++i) {
      const std::string& dir = level[i];
      std::vector<FileStatus>& entries = listed[i];
      bool is_partition =
          std::any_of(entries.begin(), entries.end(), [](const auto& entry) {
            return !entry.is_directory && IsMetadataFileName(entry.name());
          });
      // Partitions do not nest, so a partition's sub-folders are not walked; the base
      // path of a non-partitioned table is the exception, as in Java.
      if (!is_partition || dir == base) {
        for (const auto& entry : entries) {
          if (entry.is_directory && !entry.name().empty() && entry.name().front() != '.') {
            next.push_back(TrimTrailingSlashes(entry.path));
          }
        }
      }
      if (is_partition) {
        partitions.emplace(RelativeTo(base, TrimTrailingSlashes(dir)), std::move(entries));
      }
    }
    level = std::move(next);
  }
  return partitions;
}

::arrow::Result<std::vector<std::string>> ListAllPartitionPaths(
    Storage* storage, const std::string& base_path) {
  ARROW_ASSIGN_OR_RAISE(auto folders, ListPartitionFolders(storage, base_path));
  std::vector<std::string> partitions;
  partitions.reserve(folders.size());
  for (const auto& [partition, entries] : folders) partitions.push_back(partition);
  return partitions;
}

}  // namespace hoodie
