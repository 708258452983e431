// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/replace_plan.cc
/// \brief The file groups a replacecommit replaces (insert overwrite, delete partition).

#include <algorithm>
#include <bit>
#include <cstdint>
#include <set>

#include "hoodie/table/file_system_view.h"
#include "hoodie/timeline/jackson_json_internal.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {
namespace {

// java.util.HashMap's bucket of a String key in a table of `capacity` buckets.
size_t JavaBucket(const std::string& key, size_t capacity) {
  auto h = static_cast<uint32_t>(JavaStringHashCode(key));
  return (h ^ (h >> 16)) & (capacity - 1);
}

size_t PowerOfTwoAtLeast(size_t wanted) {
  size_t capacity = 1;
  while (capacity < wanted) capacity <<= 1;
  return capacity;
}

// The order of a partition's file ids in Hudi 0.15's file-system view: buildFileGroups
// groups the listing by file id into a HashMap (groupingBy), copies its keys into
// `new HashSet<>(keys)` and makes one file group per element in that set's order.
// `file_ids` come sorted; ties inside a bucket keep the source map's order, which is
// approximated by the sorted order (the listing order is the file system's).
}  // namespace

std::vector<std::string> OrderLikeFileGroupSet(std::vector<std::string> file_ids) {
  const size_t n = file_ids.size();
  const size_t source = JavaHashMapCapacity(n);
  const size_t target =
      PowerOfTwoAtLeast(std::max<size_t>(static_cast<size_t>(n / 0.75f) + 1, 16));
  std::stable_sort(file_ids.begin(), file_ids.end(),
                   [&](const std::string& a, const std::string& b) {
                     return std::make_pair(JavaBucket(a, target), JavaBucket(a, source)) <
                            std::make_pair(JavaBucket(b, target), JavaBucket(b, source));
                   });
  return file_ids;
}

namespace {

// scala.util.hashing.byteswap32.
uint32_t ByteSwap32(uint32_t v) {
  uint32_t hc = v * 0x9e3775cdu;
  hc = ((hc & 0xffu) << 24) | ((hc & 0xff00u) << 8) | ((hc >> 8) & 0xff00u) | (hc >> 24);
  return hc * 0x9e3775cdu;
}

// Scala 2.12 mutable.HashMap's bucket: HashTable.index(improve(hash, seed)), the seed
// being bitCount(15) of the initial 16-bucket table.
size_t ScalaBucket(const std::string& key, size_t capacity) {
  uint32_t improved = ByteSwap32(static_cast<uint32_t>(JavaStringHashCode(key)));
  uint32_t rotated = (improved >> 4) | (improved << 28);
  int bits = std::popcount(capacity - 1);
  return bits == 0 ? 0 : (rotated >> (32 - bits)) & (capacity - 1);
}

// Hudi builds partitionToReplaceFileIds with JavaPairRDD.collectAsMap, a Scala 2.12
// mutable.HashMap (sized by sizeHint) behind a Java Map wrapper, so Jackson writes the
// partitions in that map's order: buckets from the last to the first, the latest
// insertion first within a bucket. `entries` are in insertion order.
}  // namespace

void OrderLikeScalaHashMap(OrderedMap<std::vector<std::string>>* entries) {
  const size_t capacity =
      std::max<size_t>(16, PowerOfTwoAtLeast(entries->size() * 1000 / 750));
  std::vector<size_t> order(entries->size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    size_t bucket_a = ScalaBucket((*entries)[a].first, capacity);
    size_t bucket_b = ScalaBucket((*entries)[b].first, capacity);
    return bucket_a != bucket_b ? bucket_a > bucket_b : a > b;
  });
  OrderedMap<std::vector<std::string>> out;
  for (size_t i : order) out.push_back(std::move((*entries)[i]));
  *entries = std::move(out);
}

OrderedMap<std::vector<std::string>> ExistingFileIds(
    const FileSystemView& view, const std::vector<std::string>& partitions) {
  OrderedMap<std::vector<std::string>> replaced;
  for (const std::string& partition : partitions) {
    std::set<std::string> ids;
    for (const FileSlice& slice : view.LatestFileSlicesInPartition(partition)) {
      ids.insert(slice.group.file_id);
    }
    replaced.emplace_back(partition, OrderLikeFileGroupSet(std::vector<std::string>(
                                         ids.begin(), ids.end())));
  }
  OrderLikeScalaHashMap(&replaced);
  return replaced;
}

OrderedMap<std::vector<std::string>> ReplacedByOverwrite(
    const FileSystemView& view, WriteOperationType operation,
    const std::vector<Bucket>& buckets) {
  std::vector<std::string> partitions;
  if (operation == WriteOperationType::kInsertOverwriteTable) {
    // FSUtils.getAllPartitionPaths runs on the driver before the lazy write job, so
    // partitions this instant creates are not listed; it lists level by level.
    partitions = view.partitions();
    std::stable_sort(partitions.begin(), partitions.end(),
                     [](const std::string& a, const std::string& b) {
                       return std::count(a.begin(), a.end(), '/') <
                              std::count(b.begin(), b.end(), '/');
                     });
  } else {
    // The distinct partitions of the write statuses.
    std::set<std::string> written;
    for (const Bucket& bucket : buckets) {
      if (!bucket.inserts.empty() || !bucket.updates.empty())
        written.insert(bucket.partition);
    }
    partitions.assign(written.begin(), written.end());
  }
  return ExistingFileIds(view, partitions);
}

}  // namespace hoodie::internal
