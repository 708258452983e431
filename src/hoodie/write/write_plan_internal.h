// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_plan_internal.h
/// \brief Tagging records with their file groups and assigning them to buckets
/// (HoodieIndex.tagLocation for a non-global index, UpsertPartitioner, WorkloadProfile).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/index/index.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/incoming_records_internal.h"

namespace hoodie {

class Storage;

class ActiveTimeline;
class RecordMerger;
class FileSystemView;
class TableMetaClient;
struct WriteOptions;

namespace internal {

/// The latest base file of a file group and, on a merge-on-read table, the latest file
/// slice writes append to.
struct ExistingFile {
  std::string partition;
  std::string file_id;
  std::string base_instant;  ///< instant of the base file
  std::string path;          ///< full storage path; empty for a log-only file group
  int64_t size = 0;          ///< base file bytes
  /// Merge-on-read: the latest slice appends go to (SliceView.getLatestFileSlice), its
  /// base instant (the base file's, the first deltacommit's of a log-only group, or a
  /// pending compaction's) and its log files in log order.
  std::string slice_instant;
  std::vector<LogFile> log_files;
  /// A pending compaction plan names this file group.
  bool pending_compaction = false;
  /// Under pending compaction: the log files of the slice it compacts, with the base
  /// file at `path` (`log_files` are those written since).
  std::vector<LogFile> compacted_log_files;
  /// The instant of the pending clustering whose plan names this file group: it takes
  /// no update and no small-file insert until the clustering completes.
  std::optional<std::string> pending_clustering;
};

/// \brief The records one task writes: a new file group (rolled over by size) or a new
/// version of an existing one (HoodieMergeHandle).
struct Bucket {
  std::string partition;
  /// Set for an existing file group (updates, deletes and small-file inserts).
  std::optional<ExistingFile> file;
  /// For new file groups: files are `<prefix>-0`, `<prefix>-1`, ...
  std::string file_id_prefix;
  RecordIndices updates;  ///< indices into IncomingRecords::records
  RecordIndices inserts;  ///< indices into IncomingRecords::records
  /// Records whose key this file group holds but that a global index moves to another
  /// partition: their stored row is deleted here (they are inserted there).
  RecordIndices moved_out;
  /// Records a global index would move whose stored row wins the merge
  /// (DefaultHoodieRecordPayload): the stored row stays, rewritten with this instant's
  /// commit time, as Java tags the merged record back to this file group.
  RecordIndices restamped;
  /// Merge-on-read: a small file group padded with inserts by rewriting its base file
  /// (an index that cannot index log files; the delta commit executor's handleUpdate
  /// runs the merge handle for the partitioner's small files).
  bool rewrite_base = false;
  /// Merge-on-read with an index that can index log files: the inserts of a new bucket
  /// go to log-only file groups (the delta commit executor's handleInsert with
  /// AppendHandleFactory).
  bool inserts_to_log = false;
};

/// \brief The buckets of one write, update buckets first, in task order.
struct WritePlan {
  std::vector<Bucket> buckets;
  /// Records not written at all (deletes of absent keys, insert.drop.duplicates).
  int64_t dropped = 0;
  /// Changelog mode: records of new keys pre-combined after the index lookup.
  int64_t combined = 0;
  /// insert_overwrite / insert_overwrite_table: the file groups the write replaces.
  OrderedMap<std::vector<std::string>> replaced_file_ids;

  /// The workload profile Hudi stores in `T.inflight`: per partition a stat with the
  /// insert count and fileId "", then one stat per updated file group with prevCommit
  /// and numUpdateWrites
  /// (BaseCommitActionExecutor.saveWorkloadProfileMetadataToInflight).
  CommitMetadata WorkloadProfile(const IncomingRecords& records,
                                 WriteOperationType operation) const;
};

/// The latest base files of some partitions, by partition.
/// Transparent, so Located's partition views find their entry.
using FilesByPartition = std::map<std::string, std::vector<ExistingFile>, std::less<>>;

/// Where the index put a record: a latest base file of some partition (for a global
/// index possibly not the record's own) and whether the record moves out of it.
struct Located {
  /// The key of the partition's FilesByPartition entry (one per write, not per record).
  std::string_view partition;
  uint32_t file = 0;  ///< index into the partition's FilesByPartition entry
  bool move = false;
};

/// \brief Where the index put each record of a write, in 4 bytes a located record: the
/// distinct locations are few (one per file group) and kept once. Nothing is allocated
/// while no record is located (a write into new partitions).
class Locations {
 public:
  explicit Locations(size_t count = 0) : count_(count) {}

  size_t size() const { return count_; }
  /// Where record `i` is, or nullopt for a new record.
  std::optional<Located> operator[](size_t i) const {
    if (slots_.empty() || slots_[i] == 0) return std::nullopt;
    return distinct_[slots_[i] - 1];
  }
  /// Keeps `located` once. \return its id for Set.
  uint32_t Add(const Located& located) {
    distinct_.push_back(located);
    return static_cast<uint32_t>(distinct_.size());
  }
  void Set(size_t i, uint32_t id) {
    if (slots_.empty()) slots_.assign(count_, 0);
    slots_[i] = id;
  }
  /// Record `i` becomes new.
  void Clear(size_t i) {
    if (!slots_.empty()) slots_[i] = 0;
  }
  /// The locations of records `from[0]`, `from[1]`, ... as records 0, 1, ... (after
  /// pre-combining dropped some).
  Locations Remapped(const std::vector<size_t>& from) const {
    Locations out(from.size());
    out.distinct_ = distinct_;
    if (!slots_.empty()) {
      out.slots_.resize(from.size());
      for (size_t k = 0; k < from.size(); ++k) out.slots_[k] = slots_[from[k]];
    }
    return out;
  }

 private:
  size_t count_ = 0;
  std::vector<uint32_t> slots_;  // 0: not located; else 1 + index into distinct_
  std::vector<Located> distinct_;
};

/// For each record a global index moves to a new partition, the payload's Combine of
/// the stored record with it decides (HoodieIndexUtils.mergeForPartitionUpdatesIfNeeded):
/// true when the stored record itself stays (kKeepOld, e.g. DefaultHoodieRecordPayload
/// with a larger stored ordering value) or the merge deletes, so the record updates its
/// old location; false when it moves, and a combined record (PartialUpdateAvroPayload,
/// OverwriteNonDefaultsWithLatestAvroPayload) then replaces the record's values, which
/// appends a row to `records`. Reads the files holding such keys.
::arrow::Result<std::vector<bool>> StoredRecordWins(
    const TableMetaClient& table, const RecordMerger& merger, IncomingRecords* records,
    const Locations& located, const FilesByPartition& files);

/// A file-based index reads a file group under pending compaction through the base
/// file that compaction reads, so it also finds keys whose rows the compaction drops
/// (the compacted logs delete them). Tagged to the group, such a key would be written
/// to the logs after the compaction only, which the index never reads, so its next
/// upsert would insert it a second time. Clears those locations: the records become
/// inserts (deletes of them are dropped), and ResolveTags prefers the newer base file
/// they land in while the old one still holds the row. A key the group's later logs
/// hold again keeps its location. Reads the compacted logs of the groups records were
/// located in, and their base file when a soft delete needs the payload's merge.
::arrow::Status ForgetKeysCompactionDrops(const TableMetaClient& table,
                                          const ActiveTimeline& timeline,
                                          const RecordMerger& merger,
                                          const WriteOptions& options,
                                          const IncomingRecords& records,
                                          const FilesByPartition& files,
                                          Locations* located);

/// Reorders file ids (given sorted) into the order Hudi 0.15's file-system view lists
/// the file groups of a partition (a java.util.HashSet of the file ids).
std::vector<std::string> OrderLikeFileGroupSet(std::vector<std::string> file_ids);

/// Reorders partition entries (given in insertion order) into the order of the Scala
/// 2.12 mutable.HashMap that JavaPairRDD.collectAsMap builds; Jackson writes Hudi's
/// partitionToReplaceFileIds in that order.
void OrderLikeScalaHashMap(OrderedMap<std::vector<std::string>>* entries);

/// Partition -> file ids of its latest file slices (not replaced), for `partitions` in
/// the order Hudi writes partitionToReplaceFileIds; absent partitions map to no ids
/// (getAllExistingFileIds of the insert-overwrite executors).
OrderedMap<std::vector<std::string>> ExistingFileIds(
    const FileSystemView& view, const std::vector<std::string>& partitions);

/// The replacements of an insert overwrite writing `buckets`: the partitions written
/// (INSERT_OVERWRITE), or those plus every partition of the table
/// (INSERT_OVERWRITE_TABLE), each with its existing file ids.
OrderedMap<std::vector<std::string>> ReplacedByOverwrite(
    const FileSystemView& view, WriteOperationType operation,
    const std::vector<Bucket>& buckets);

/// How a written record changed its key's location.
enum class WrittenAs { kUpdate, kInsert, kMovedOut };

/// Calls `visit(record index, file id, how)` for each record of `bucket` written into
/// `stats[first_stat..]`: updates and restamped rows in the bucket's file group, inserts
/// in the file group they went to, and records moved to another partition (kMovedOut,
/// their stored row deleted here).
void ForEachWritten(const Bucket& bucket, const std::vector<WriteStat>& stats,
                    size_t first_stat,
                    const std::function<void(size_t, const std::string&, WrittenAs)>& visit);

/// \brief Gathers a write's WrittenKeys, bucket by bucket.
class WrittenKeysBuilder {
 public:
  /// Adds what `bucket` (written into `stats[first_stat..]`) did to its keys.
  void Add(const IncomingRecords& records, const Bucket& bucket,
           const std::vector<WriteStat>& stats, size_t first_stat);
  /// Adds `keys` inserted at `locations` (all inserts: a bulk_insert).
  void AddInserted(const std::vector<HoodieKey>& keys, const TaggedLocations& locations);
  /// Records the partitions whose file groups the write replaces.
  void SetReplaced(const OrderedMap<std::vector<std::string>>& replaced);
  /// The keys, deletions of keys also inserted (partition moves) dropped, and deletions
  /// a merge did not make (the stored row won) dropped after a look at the new base
  /// file's keys (of the table at `base_path`).
  ::arrow::Result<std::shared_ptr<const WrittenKeys>> Finish(
      const std::shared_ptr<Storage>& storage, const std::string& base_path);

 private:
  std::vector<std::string>& GroupOf(const std::string& partition, const std::string& file_id);
  // Where a deletion of `bucket` goes: the pending list of its new base file, or the
  // deleted keys when it wrote none (a log append).
  std::vector<std::string>& DeletedFrom(const Bucket& bucket, const std::vector<WriteStat>& stats,
                                        size_t first_stat);

  WrittenKeys keys_;
  std::map<std::pair<std::string, std::string>, size_t> groups_;
  // Deletions to confirm, by the relative path of the base file the merge wrote.
  std::map<std::string, std::vector<std::string>> merged_deletes_;
};

/// Appends, for the records of `bucket` written into `stats[first_stat..]`, their keys
/// (with the partition written to) and new locations (nullopt for deletes), the input of
/// Index::UpdateLocation.
void AddWrittenLocations(const IncomingRecords& records, const Bucket& bucket,
                         const std::vector<WriteStat>& stats, size_t first_stat,
                         const std::string& instant_time, std::vector<HoodieKey>* keys,
                         TaggedLocations* locations);

/// Builds the plan for `operation` over `records` (already de-duplicated): tags keys
/// against the latest base files of the partitions written to (except for INSERT and
/// BULK_INSERT), packs inserts into small files and splits the rest into new buckets.
::arrow::Result<WritePlan> PlanWrite(const TableMetaClient& table,
                                     const ActiveTimeline& timeline,
                                     const WriteOptions& options,
                                     WriteOperationType operation,
                                     IncomingRecords* records,
                                     const RecordMerger& merger);

/// UpsertPartitioner.averageBytesPerRecord: bytes per record of the latest completed
/// commit that wrote more than the small-file limit, else the configured estimate.
::arrow::Result<int64_t> AverageRecordSize(const ActiveTimeline& timeline,
                                           const WriteOptions& options);

}  // namespace internal
}  // namespace hoodie
