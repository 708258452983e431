// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/index_lookup.cc
/// \brief Steps shared by the file-based indexes.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include <arrow/array.h>
#include <arrow/util/thread_pool.h>

#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/index/index_lookup_internal.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::internal {

namespace {

::arrow::Status CheckMetaFieldsPopulated(const TableMetaClient& table) {
  if (table.table_config() && !table.table_config()->populate_meta_fields()) {
    return ::arrow::Status::NotImplemented(
        "file-based indexes (BLOOM, GLOBAL_BLOOM, SIMPLE, GLOBAL_SIMPLE) need the "
        "_hoodie_record_key column, but the table sets "
        "hoodie.populate.meta.fields=false: ",
        table.base_path());
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<std::vector<IndexedFile>> FilesToProbe(const KeyViews& keys,
                                                       const TableMetaClient& table,
                                                       const FileSystemView& view,
                                                       bool global) {
  if (keys.empty()) return std::vector<IndexedFile>();
  ARROW_RETURN_NOT_OK(CheckMetaFieldsPopulated(table));
  std::set<std::string_view> partitions;
  for (const HoodieKeyView& key : keys) partitions.insert(key.partition_path);
  std::vector<IndexedFile> files;
  // LatestBaseFileSlices is sorted by (partition, file id) and skips base files of
  // pending compactions and replaced file groups, as getLatestBaseFiles does.
  for (const FileSlice& slice : view.LatestBaseFileSlices()) {
    if (!slice.base_file) continue;
    if (!global && partitions.count(slice.group.partition_path) == 0) continue;
    files.push_back(IndexedFile{slice.group.partition_path, slice.group.file_id,
                                slice.base_file->commit_time, slice.base_file->path,
                                slice.base_file->size});
  }
  return files;
}

std::map<std::string_view, std::vector<std::string_view>> KeysByPartition(
    const KeyViews& keys, bool global) {
  std::map<std::string_view, std::vector<std::string_view>> by_partition;
  for (const HoodieKeyView& key : keys) {
    by_partition[global ? std::string_view() : key.partition_path].push_back(
        key.record_key);
  }
  for (auto& [partition, record_keys] : by_partition) {
    std::sort(record_keys.begin(), record_keys.end());
    record_keys.erase(std::unique(record_keys.begin(), record_keys.end()),
                      record_keys.end());
  }
  return by_partition;
}

::arrow::Result<std::vector<std::string>> FindKeysInFile(
    const std::shared_ptr<Storage>& storage, const IndexedFile& file,
    const std::vector<std::string_view>& sorted_candidates) {
  const std::string& path = file.path;
  std::vector<std::string> found;
  if (sorted_candidates.empty()) return found;
  ARROW_ASSIGN_OR_RAISE(auto record_keys, ReadBaseFileRecordKeys(storage, path, file.size));
  // Every key of the file is probed: a hash lookup, not a binary search of string
  // comparisons among the candidates (most of an upsert's index time at 10 M rows).
  std::unordered_set<std::string_view> candidates(sorted_candidates.begin(),
                                                  sorted_candidates.end());
  for (int64_t i = 0; i < record_keys->length(); ++i) {
    std::string_view key = record_keys->GetView(i);
    if (candidates.count(key)) found.emplace_back(key);
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

namespace {

// The newest of `holders` (by base instant, the first of equals) that `accept`s.
template <typename Accept>
const IndexedFile* Newest(const std::vector<size_t>& holders,
                          const std::vector<IndexedFile>& files, Accept accept) {
  const IndexedFile* newest = nullptr;
  for (size_t f : holders) {
    if (!accept(files[f])) continue;
    if (newest == nullptr || files[f].instant_time > newest->instant_time) {
      newest = &files[f];
    }
  }
  return newest;
}

// Tag ids of the probed files, made once per file (and per move flag).
class FileTags {
 public:
  FileTags(const std::vector<IndexedFile>& files, TaggedLocations* tags)
      : files_(files), tags_(tags), ids_(2 * files.size(), -1) {}

  int32_t Of(const IndexedFile* file, bool move) {
    size_t slot = 2 * static_cast<size_t>(file - files_.data()) + (move ? 1 : 0);
    if (ids_[slot] < 0) {
      ids_[slot] = tags_->Intern(
          RecordLocation{file->partition_path, file->file_id, file->instant_time, move});
    }
    return ids_[slot];
  }

 private:
  const std::vector<IndexedFile>& files_;
  TaggedLocations* tags_;
  std::vector<int32_t> ids_;
};

// Picks the file for one incoming key among the files holding its record key (in
// (partition, file id) order). Two base files hold one key only while a pending
// compaction's input still has a row its logs deleted and the key was written again
// elsewhere (see the write planner): the newer file is the live one.
int32_t ChooseLocation(const HoodieKeyView& key, const std::vector<size_t>& holders,
                       const std::vector<IndexedFile>& files, const TagOptions& options,
                       FileTags* ids) {
  const IndexedFile* own = Newest(holders, files, [&](const IndexedFile& file) {
    return file.partition_path == key.partition_path;
  });
  if (own != nullptr) return ids->Of(own, false);
  if (!options.global || holders.empty()) return -1;
  return ids->Of(Newest(holders, files, [](const IndexedFile&) { return true; }),
                 options.update_partition_path);
}

}  // namespace

TaggedLocations ResolveTags(const KeyViews& keys,
                            const std::vector<IndexedFile>& files,
                            const std::vector<std::vector<std::string>>& found,
                            const TagOptions& options) {
  std::unordered_map<std::string_view, std::vector<size_t>> holders;
  for (size_t f = 0; f < files.size(); ++f) {
    for (const std::string& key : found[f]) holders[key].push_back(f);
  }
  static const std::vector<size_t> kNone;
  TaggedLocations tags;
  tags.reserve(keys.size());
  FileTags ids(files, &tags);
  for (const HoodieKeyView& key : keys) {
    auto it = holders.empty() ? holders.end() : holders.find(key.record_key);
    tags.PushId(ChooseLocation(key, it == holders.end() ? kNone : it->second, files,
                               options, &ids));
  }
  return tags;
}

}  // namespace hoodie::internal
