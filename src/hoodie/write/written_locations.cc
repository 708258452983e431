// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/written_locations.cc
/// \brief Where a write put each record: for indexes that keep their own state
/// (HoodieIndex.updateLocation over the write statuses) and for the metadata table's
/// record index (the write statuses' record delegates).

#include <algorithm>
#include <unordered_set>

#include <arrow/array.h>

#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/index/index.h"
#include "hoodie/storage/path.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {

void ForEachWritten(const Bucket& bucket, const std::vector<WriteStat>& stats,
                    size_t first_stat,
                    const std::function<void(size_t, const std::string&, WrittenAs)>& visit) {
  if (bucket.file) {
    // A merge keeps the file id; records moving away get their location where they
    // are inserted.
    const std::string& file_id = bucket.file->file_id;
    for (size_t index : bucket.updates) visit(index, file_id, WrittenAs::kUpdate);
    for (size_t index : bucket.inserts) visit(index, file_id, WrittenAs::kInsert);
    for (size_t index : bucket.restamped) visit(index, file_id, WrittenAs::kUpdate);
    for (size_t index : bucket.moved_out) visit(index, file_id, WrittenAs::kMovedOut);
    return;
  }
  // New file groups: the inserts went, in order, into the files the stats describe
  // (log files count the deletes they took too).
  size_t next = 0;
  for (size_t s = first_stat; s < stats.size(); ++s) {
    int64_t taken = stats[s].num_writes + (stats[s].delta ? stats[s].num_deletes : 0);
    for (int64_t n = 0; n < taken && next < bucket.inserts.size(); ++n) {
      visit(bucket.inserts[next++], stats[s].file_id.value_or(""), WrittenAs::kInsert);
    }
  }
}

void AddWrittenLocations(const IncomingRecords& records, const Bucket& bucket,
                         const std::vector<WriteStat>& stats, size_t first_stat,
                         const std::string& instant_time, std::vector<HoodieKey>* keys,
                         TaggedLocations* locations) {
  ForEachWritten(bucket, stats, first_stat,
                 [&](size_t index, const std::string& file_id, WrittenAs how) {
                   if (how == WrittenAs::kMovedOut) return;
                   const IncomingRecord& record = records.records[index];
                   keys->push_back(HoodieKey{std::string(record.key()), bucket.partition});
                   if (record.is_delete() || file_id.empty()) {
                     locations->push_back(std::nullopt);  // deleted
                   } else {
                     locations->push_back(
                         RecordLocation{bucket.partition, file_id, instant_time, false});
                   }
                 });
}

std::vector<std::string>& WrittenKeysBuilder::GroupOf(const std::string& partition,
                                                      const std::string& file_id) {
  auto [it, added] = groups_.emplace(std::make_pair(partition, file_id), keys_.inserted.size());
  if (added) keys_.inserted.push_back(WrittenKeys::FileGroup{partition, file_id, {}});
  return keys_.inserted[it->second].keys;
}

void WrittenKeysBuilder::Add(const IncomingRecords& records, const Bucket& bucket,
                             const std::vector<WriteStat>& stats, size_t first_stat) {
  ForEachWritten(bucket, stats, first_stat,
                 [&](size_t index, const std::string& file_id, WrittenAs how) {
                   const IncomingRecord& record = records.records[index];
                   const bool gone = how == WrittenAs::kMovedOut || record.is_delete();
                   if (gone) {
                     // A delete of a key the table held (an insert that is a delete
                     // never reaches a file). A merge may keep the stored row instead
                     // (an ordering value that loses): Finish checks the new base file.
                     if (how == WrittenAs::kMovedOut) {
                       keys_.deleted.emplace_back(record.key());
                     } else if (how == WrittenAs::kUpdate) {
                       DeletedFrom(bucket, stats, first_stat).emplace_back(record.key());
                     }
                   } else if (how == WrittenAs::kInsert && !file_id.empty()) {
                     GroupOf(bucket.partition, file_id).emplace_back(record.key());
                   }
                 });
}

void WrittenKeysBuilder::AddInserted(const std::vector<HoodieKey>& keys,
                                     const TaggedLocations& locations) {
  for (size_t i = 0; i < keys.size(); ++i) {
    const RecordLocation* location = locations[i];
    if (location == nullptr) continue;
    GroupOf(location->partition_path, location->file_id).push_back(keys[i].record_key);
  }
}

void WrittenKeysBuilder::SetReplaced(const OrderedMap<std::vector<std::string>>& replaced) {
  keys_.replaced_partitions.clear();
  for (const auto& [partition, file_ids] : replaced) {
    if (!file_ids.empty()) keys_.replaced_partitions.push_back(partition);
  }
}

std::vector<std::string>& WrittenKeysBuilder::DeletedFrom(const Bucket& bucket,
                                                          const std::vector<WriteStat>& stats,
                                                          size_t first_stat) {
  // A merge into a new base file (copy-on-write, or a merge-on-read base rewrite); log
  // appends delete for sure, as Hudi's append handle does.
  for (size_t s = first_stat; s < stats.size(); ++s) {
    if (!stats[s].delta && stats[s].path) return merged_deletes_[*stats[s].path];
  }
  return keys_.deleted;
}

::arrow::Result<std::shared_ptr<const WrittenKeys>> WrittenKeysBuilder::Finish(
    const std::shared_ptr<Storage>& storage, const std::string& base_path) {
  for (auto& [path, deleted] : merged_deletes_) {
    ARROW_ASSIGN_OR_RAISE(auto kept, ReadBaseFileRecordKeys(storage, JoinPath(base_path, path)));
    std::unordered_set<std::string_view> gone(deleted.begin(), deleted.end());
    for (int64_t i = 0; i < kept->length(); ++i) gone.erase(kept->GetView(i));
    for (const std::string& key : deleted) {
      if (gone.contains(key)) keys_.deleted.push_back(key);
    }
  }
  merged_deletes_.clear();
  if (!keys_.deleted.empty()) {
    std::unordered_set<std::string_view> inserted;
    for (const auto& group : keys_.inserted) inserted.insert(group.keys.begin(), group.keys.end());
    std::erase_if(keys_.deleted, [&](const std::string& key) { return inserted.contains(key); });
  }
  auto out = std::make_shared<const WrittenKeys>(std::move(keys_));
  keys_ = WrittenKeys();
  groups_.clear();
  return out;
}

}  // namespace hoodie::internal
