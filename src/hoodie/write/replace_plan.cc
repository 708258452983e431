// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/replace_plan.cc
/// \brief The file groups a replacecommit replaces (insert overwrite, delete partition).

#include <algorithm>
#include <set>

#include "hoodie/read/file_system_view.h"
#include "hoodie/timeline/jackson_json_internal.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {
namespace {

// Hudi's Pair.hashCode (as Map.Entry): key hash XOR value hash, then HashMap's spread.
size_t PairBucket(const std::string& partition, const std::string& file_id,
                  size_t capacity) {
  auto h =
      static_cast<uint32_t>(JavaStringHashCode(partition) ^ JavaStringHashCode(file_id));
  return (h ^ (h >> 16)) & (capacity - 1);
}

size_t TableSizeFor(size_t wanted) {
  size_t capacity = 1;
  while (capacity < wanted) capacity <<= 1;
  return capacity;
}

// The order of the file ids of one partition in Hudi's file-system view: buildFileGroups
// collects the (partition, file id) pairs of the listing into a HashMap
// (groupingBy), copies its keys into `new HashSet<>(keys)` and makes one file group per
// element in that set's order. `file_ids` come sorted; ties inside a bucket keep the
// source map's order, which is approximated by the sorted order.
std::vector<std::string> OrderLikeFileGroupSet(const std::string& partition,
                                               std::vector<std::string> file_ids) {
  const size_t n = file_ids.size();
  const size_t source = JavaHashMapCapacity(n);
  const size_t target =
      TableSizeFor(std::max<size_t>(static_cast<size_t>(n / 0.75f) + 1, 16));
  std::stable_sort(file_ids.begin(), file_ids.end(),
                   [&](const std::string& a, const std::string& b) {
                     return std::make_pair(PairBucket(partition, a, target),
                                           PairBucket(partition, a, source)) <
                            std::make_pair(PairBucket(partition, b, target),
                                           PairBucket(partition, b, source));
                   });
  return file_ids;
}

}  // namespace

OrderedMap<std::vector<std::string>> ExistingFileIds(
    const FileSystemView& view, const std::vector<std::string>& partitions) {
  ReplaceCommitMetadata replaced;
  for (const std::string& partition : partitions) {
    std::set<std::string> ids;
    for (const FileSlice& slice : view.LatestFileSlicesInPartition(partition)) {
      ids.insert(slice.group.file_id);
    }
    replaced.AddReplaceFileIds(
        partition, OrderLikeFileGroupSet(
                       partition, std::vector<std::string>(ids.begin(), ids.end())));
  }
  return replaced.partition_to_replace_file_ids;
}

OrderedMap<std::vector<std::string>> ReplacedByOverwrite(
    const FileSystemView& view, WriteOperationType operation,
    const std::vector<Bucket>& buckets) {
  std::vector<std::string> partitions;
  auto add = [&partitions](const std::string& partition) {
    if (std::find(partitions.begin(), partitions.end(), partition) == partitions.end())
      partitions.push_back(partition);
  };
  // INSERT_OVERWRITE_TABLE lists the partitions of the table (FSUtils
  // .getAllPartitionPaths) after writing, so the folders it just created count too.
  if (operation == WriteOperationType::kInsertOverwriteTable) {
    for (const std::string& partition : view.partitions()) add(partition);
  }
  for (const Bucket& bucket : buckets) {
    if (!bucket.inserts.empty() || !bucket.updates.empty()) add(bucket.partition);
  }
  return ExistingFileIds(view, partitions);
}

}  // namespace hoodie::internal
