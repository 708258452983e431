// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/written_locations.cc
/// \brief Where a write put each record, for indexes that keep their own state
/// (HoodieIndex.updateLocation over the write statuses).

#include "hoodie/index/index.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {

void AddWrittenLocations(const IncomingRecords& records, const Bucket& bucket,
                         const std::vector<WriteStat>& stats, size_t first_stat,
                         const std::string& instant_time, std::vector<HoodieKey>* keys,
                         TaggedLocations* locations) {
  auto add = [&](size_t index, const std::optional<std::string>& file_id) {
    const IncomingRecord& record = records.records[index];
    keys->push_back(HoodieKey{std::string(record.key()), bucket.partition});
    if (file_id && !record.is_delete()) {
      locations->push_back(
          RecordLocation{bucket.partition, *file_id, instant_time, false});
    } else {
      locations->push_back(std::nullopt);  // deleted
    }
  };
  if (bucket.file) {
    // A merge keeps the file id; records moving away get their location where they
    // are inserted.
    for (size_t index : bucket.updates) add(index, bucket.file->file_id);
    for (size_t index : bucket.inserts) add(index, bucket.file->file_id);
    for (size_t index : bucket.restamped) add(index, bucket.file->file_id);
    return;
  }
  // New file groups: the inserts went, in order, into the files the stats describe
  // (log files count the deletes they took too).
  size_t next = 0;
  for (size_t s = first_stat; s < stats.size(); ++s) {
    int64_t taken = stats[s].num_writes + (stats[s].delta ? stats[s].num_deletes : 0);
    for (int64_t n = 0; n < taken && next < bucket.inserts.size(); ++n) {
      add(bucket.inserts[next++], stats[s].file_id);
    }
  }
}

}  // namespace hoodie::internal
