// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_plan.cc
/// \brief Index lookup and bucket assignment of a copy-on-write write.

#include <algorithm>
#include <set>
#include <unordered_map>

#include <arrow/array.h>

#include "hoodie/common/logging.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/index/index.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/pending_plans.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {
namespace {

std::string FileNameOf(const std::string& path) {
  return path.substr(path.find_last_of('/') + 1);
}

// File groups named by pending plans, with the plan's instant.
using PendingGroups = std::map<FileGroupId, std::string>;

::arrow::Result<PendingGroups> Grouped(
    ::arrow::Result<std::vector<PlannedFileGroup>> planned) {
  ARROW_RETURN_NOT_OK(planned.status());
  PendingGroups out;
  for (PlannedFileGroup& group : *planned) {
    out[FileGroupId{std::move(group.partition_path), std::move(group.file_id)}] =
        std::move(group.instant);
  }
  return out;
}

// What the write planner knows of the table: the view, on merge-on-read the file
// groups under pending compaction, and the file groups under pending clustering.
struct TableFiles {
  const FileSystemView* view = nullptr;
  bool merge_on_read = false;
  PendingGroups pending;
  PendingGroups clustering;
};

// The latest file groups of `partitions`: base files (copy-on-write), or the latest
// slices appends go to (merge-on-read; log-only groups too). A group under pending
// compaction appends to the slice at the compaction instant, whose logs are those
// written since; its base file is the one before (what the index reads).
FilesByPartition LatestFiles(const TableFiles& table,
                             const std::set<std::string, std::less<>>& partitions) {
  FilesByPartition out;
  for (const std::string& partition : partitions) {
    for (const FileSlice& slice : table.view->LatestFileSlicesInPartition(partition)) {
      if (!slice.base_file && !table.merge_on_read) continue;
      ExistingFile file{partition,          slice.group.file_id, "",    "", 0,
                        slice.base_instant, slice.log_files,     false, {}};
      if (slice.base_file) {
        file.base_instant = slice.base_file->commit_time;
        file.path = slice.base_file->path;
        file.size = slice.base_file->size;
      }
      auto pending = table.pending.find(slice.group);
      if (pending != table.pending.end()) {
        file.pending_compaction = true;
        file.slice_instant = pending->second;
        auto compacted = std::stable_partition(
            file.log_files.begin(), file.log_files.end(),
            [&](const LogFile& log) { return log.base_commit_time == pending->second; });
        file.compacted_log_files.assign(compacted, file.log_files.end());
        file.log_files.erase(compacted, file.log_files.end());
      }
      if (auto clustering = table.clustering.find(slice.group);
          clustering != table.clustering.end()) {
        file.pending_clustering = clustering->second;
      }
      out[partition].push_back(std::move(file));
    }
  }
  return out;
}

// The entry of `partition` with its latest file groups, loaded on first use (a global
// index may locate keys in partitions the write does not otherwise touch).
const FilesByPartition::value_type& FilesOf(const TableFiles& table,
                                            const std::string& partition,
                                            FilesByPartition* files) {
  auto it = files->find(partition);
  if (it == files->end()) {
    it = files->emplace(partition, std::move(LatestFiles(table, {partition})[partition]))
             .first;
  }
  return *it;
}

// Index.tagLocation: for each record, the latest base file holding its key (of its own
// partition, or of any partition for a global index).
::arrow::Result<Locations> Locate(
    const Index& index, const TableMetaClient& table, const TableFiles& view,
    const IncomingRecords& records, FilesByPartition* files) {
  // Keys are made from the staged records as the index asks for them.
  KeyViews keys(&records.records, records.records.size(), [](const void* context, size_t i) {
    const IncomingRecord& record =
        (*static_cast<const std::vector<IncomingRecord>*>(context))[i];
    return HoodieKeyView(record.key(), record.partition());
  });
  ARROW_ASSIGN_OR_RAISE(TaggedLocations locations,
                        index.TagLocation(keys, table, *view.view));
  Locations out(records.records.size());
  // Tags share their location (TaggedLocations interns them): resolve each once.
  std::unordered_map<const RecordLocation*, uint32_t> ids;
  for (size_t i = 0; i < out.size(); ++i) {
    const RecordLocation* location = locations[i];
    if (location == nullptr) continue;
    auto [it, inserted] = ids.emplace(location, 0);
    if (inserted) {
      const auto& [partition, candidates] = FilesOf(view, location->partition_path, files);
      for (size_t f = 0; f < candidates.size(); ++f) {
        if (candidates[f].file_id == location->file_id) {
          it->second = out.Add(Located{partition, static_cast<uint32_t>(f),
                                       location->move_to_new_partition});
        }
      }
    }
    if (it->second == 0) {
      return ::arrow::Status::Invalid("the index located key '", records.records[i].key(),
                                      "' in file group ", location->file_id,
                                      ", which has no latest file slice in partition '",
                                      location->partition_path, "'");
    }
    out.Set(i, it->second);
  }
  return out;
}

// SparkRejectUpdateStrategy.handleUpdate, Hudi's default clustering update strategy: a
// record the index located in a file group under pending clustering (an update, a delete
// or a partition move) fails the write before anything is written, because the
// clustering would otherwise rewrite the group from its plan's slice and drop the
// change, or bring a deleted record back.
::arrow::Status RefuseUpdatesUnderClustering(const IncomingRecords& records,
                                             const Locations& located,
                                             const FilesByPartition& files,
                                             WriteOperationType operation) {
  for (size_t i = 0; i < records.records.size(); ++i) {
    const std::optional<Located> found = located[i];
    if (!found) continue;
    const ExistingFile& file = files.find(found->partition)->second[found->file];
    if (!file.pending_clustering) continue;
    return ::arrow::Status::Invalid(
        WriteOperationTypeName(operation), " refused: record key '", records.records[i].key(),
        "' is in file group ", file.file_id, " of partition '", file.partition,
        "', which pending clustering ", *file.pending_clustering,
        " is rewriting; Hudi refuses it too (\"Not allowed to update the clustering file "
        "group ... For pending clustering operations, we are not going to support update "
        "for now\"). Run clustering ", *file.pending_clustering,
        " first with Apache Hudi (hoodie does not run clustering yet), then write again");
  }
  return ::arrow::Status::OK();
}

struct PartitionWork {
  std::map<size_t, RecordIndices> updates;    // file index -> records
  std::map<size_t, RecordIndices> moved_out;  // file index -> records moving away
  std::map<size_t, RecordIndices> restamped;  // file index -> stored rows that win
  RecordIndices inserts;
};

Bucket& UpdateBucket(const ExistingFile& file, std::map<std::string, size_t>* by_file,
                     std::vector<Bucket>* buckets) {
  auto [it, inserted] = by_file->emplace(file.file_id, buckets->size());
  if (inserted) {
    Bucket bucket;
    bucket.partition = file.partition;
    bucket.file = file;
    buckets->push_back(std::move(bucket));
  }
  return (*buckets)[it->second];
}

// One file inserts may pad, with its size as the partitioner counts it.
struct SmallFile {
  size_t file = 0;  // index into the partition's files
  int64_t size = 0;
};

// convertLogFilesSizeToExpectedParquetSize: the log bytes as base-file bytes.
int64_t LogsAsBaseFileBytes(const ExistingFile& file, double ratio) {
  int64_t total = 0;
  for (const LogFile& log : file.log_files) total += std::max<int64_t>(log.size, 0);
  return static_cast<int64_t>(static_cast<double>(total) * ratio);
}

// The small files of one partition (UpsertPartitioner.getSmallFiles and, on
// merge-on-read, SparkUpsertDeltaCommitPartitioner.getSmallFileCandidates). File groups
// under pending compaction never take inserts.
std::vector<SmallFile> SmallFiles(const std::vector<ExistingFile>& files,
                                  const WriteOptions& options, bool index_logs) {
  std::vector<SmallFile> out;
  if (options.small_file_limit <= 0) return out;
  for (size_t f = 0; f < files.size(); ++f) {
    const ExistingFile& file = files[f];
    if (file.pending_clustering) continue;  // filterSmallFilesInClustering
    if (!options.merge_on_read) {
      if (file.size < options.small_file_limit) out.push_back({f, file.size});
      continue;
    }
    if (file.pending_compaction) continue;
    bool has_base = !file.path.empty() && file.slice_instant == file.base_instant;
    if (index_logs) {
      // Inserts can go to any slice, logs and all, smaller than a base file.
      if (!has_base && file.log_files.empty()) continue;
      int64_t size = (has_base ? file.size : 0) +
                     LogsAsBaseFileBytes(file, options.log_to_parquet_ratio);
      if (size < options.base_file.max_file_size) out.push_back({f, size});
    } else if (has_base && file.log_files.empty() &&
               file.size < options.small_file_limit) {
      // A slice with logs cannot be padded without compacting it.
      out.push_back({f, file.size});
    }
  }
  if (options.merge_on_read && !index_logs) {
    std::stable_sort(out.begin(), out.end(), [](const SmallFile& a, const SmallFile& b) {
      return a.size < b.size;
    });
    if (out.size() > static_cast<size_t>(options.small_file_group_candidates_limit)) {
      out.resize(static_cast<size_t>(options.small_file_group_candidates_limit));
    }
  }
  return out;
}

// UpsertPartitioner.assignInserts for one partition: small files first, then new
// buckets of insertRecordsPerBucket records each.
void AssignInserts(const std::vector<ExistingFile>& files,
                   const RecordIndices& inserts, const WriteOptions& options,
                   int64_t average, bool use_small_files, bool index_logs,
                   std::map<std::string, size_t>* by_file, std::vector<Bucket>* updates,
                   std::vector<Bucket>* news) {
  size_t next = 0;
  int64_t max_size = options.base_file.max_file_size;
  std::vector<SmallFile> small;
  if (use_small_files) small = SmallFiles(files, options, index_logs);
  for (const SmallFile& candidate : small) {
    if (next == inserts.size()) break;
    int64_t room = std::max<int64_t>((max_size - candidate.size) / average, 0);
    size_t take = std::min<size_t>(static_cast<size_t>(room), inserts.size() - next);
    if (take == 0) continue;
    Bucket& bucket = UpdateBucket(files[candidate.file], by_file, updates);
    bucket.inserts.insert(bucket.inserts.end(), inserts.begin() + next,
                          inserts.begin() + next + take);
    // BaseSparkDeltaCommitActionExecutor.handleUpdate: a small file of an index that
    // cannot index log files is rewritten by the merge handle.
    bucket.rewrite_base = options.merge_on_read && !index_logs;
    next += take;
  }
  int64_t per_bucket = options.insert_auto_split
                           ? std::max<int64_t>(max_size / average, 1)
                           : options.insert_split_size;
  while (next < inserts.size()) {
    size_t take =
        std::min<size_t>(static_cast<size_t>(per_bucket), inserts.size() - next);
    Bucket bucket;
    bucket.partition = files.empty() ? std::string() : files[0].partition;
    bucket.file_id_prefix = NewFileIdPrefix();
    bucket.inserts.assign(inserts.begin() + next, inserts.begin() + next + take);
    bucket.inserts_to_log = options.merge_on_read && index_logs;
    news->push_back(std::move(bucket));
    next += take;
  }
}

// Routes each record: an update (or delete) of the file group holding its key, an
// insert, or nothing. A key a global index found in another partition is updated
// there, or with *.update.partition.path deleted there and inserted into its new
// partition, unless it is a delete or the stored record wins the merge
// (HoodieIndexUtils.tagGlobalLocationBackToRecords, mergeForPartitionUpdatesIfNeeded).
void Route(const IncomingRecords& records,
           const Locations& located,
           const std::vector<bool>& stored_wins, WriteOperationType operation,
           std::map<std::string, PartitionWork, std::less<>>* work, int64_t* dropped) {
  auto work_of = [work](std::string_view partition) -> PartitionWork& {
    auto it = work->find(partition);
    if (it == work->end()) it = work->emplace(std::string(partition), PartitionWork{}).first;
    return it->second;
  };
  for (size_t i = 0; i < records.records.size(); ++i) {
    const IncomingRecord& record = records.records[i];
    const std::optional<Located> found = located[i];
    if (!found) {
      if (record.is_delete()) {
        ++*dropped;  // nothing to delete
      } else {
        work_of(record.partition()).inserts.push_back(i);
      }
      continue;
    }
    if (operation == WriteOperationType::kInsert) {
      ++*dropped;  // insert.drop.duplicates
      continue;
    }
    PartitionWork& holder = work_of(found->partition);
    // A record of another partition (mergeForPartitionUpdatesIfNeeded): the stored one
    // when it wins the merge (a losing delete too), else a move, or a delete there.
    const bool crosses = found->move && found->partition != record.partition();
    if (crosses && stored_wins[i]) {
      holder.restamped[found->file].push_back(i);
    } else if (crosses && !record.is_delete()) {
      holder.moved_out[found->file].push_back(i);
      work_of(record.partition()).inserts.push_back(i);
    } else {
      holder.updates[found->file].push_back(i);
    }
  }
}

}  // namespace

::arrow::Result<int64_t> AverageRecordSize(const ActiveTimeline& timeline,
                                           const WriteOptions& options) {
  // AverageRecordSizeUtils.averageBytesPerRecord (0.15) over completed commits,
  // deltacommits and replacecommits, newest first; a deltacommit counts its base files
  // only. hoodie.record.size.estimation.threshold defaults to 1.0 x the small-file
  // limit.
  const std::vector<Instant> commits =
      timeline.timeline().GetCommitsTimeline().FilterCompleted().instants();
  for (auto it = commits.rbegin(); it != commits.rend(); ++it) {
    auto read = timeline.ReadCommitMetadata(*it);
    if (!read.ok()) {
      // Another writer may have archived the instant since the timeline was listed:
      // the estimate goes on with the older commits (Hudi's is fail-safe on any error;
      // a file that is there but unreadable is still an error here).
      ARROW_ASSIGN_OR_RAISE(std::string path, timeline.InstantPath(*it));
      ARROW_ASSIGN_OR_RAISE(bool exists, timeline.storage()->FileExists(path));
      if (exists) return read.status();
      LogInfo("average record size: instant " + it->timestamp +
              " was archived meanwhile; skipped");
      continue;
    }
    const CommitMetadata& metadata = *read;
    int64_t bytes = 0, records = 0;
    for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
      for (const WriteStat& stat : stats) {
        if (it->action == Action::kDeltaCommit &&
            !ParseBaseFileName(FileNameOf(stat.path.value_or(""))).ok()) {
          continue;
        }
        bytes += stat.total_write_bytes;
        records += stat.num_writes;
      }
    }
    if (bytes > options.small_file_limit && records > 0) {
      return (bytes + records - 1) / records;  // Math.ceil
    }
  }
  return options.record_size_estimate;
}

// Changelog mode: the changes of a stored key all stay (its log keeps them), those of a
// new key are pre-combined into one record, since a base file holds one record a key.
::arrow::Result<int64_t> CombineNewKeys(const RecordMerger& merger, const WriteOptions& options,
                                        IncomingRecords* records, Locations* located) {
  std::vector<bool> combinable(records->records.size());
  for (size_t i = 0; i < combinable.size(); ++i) combinable[i] = !(*located)[i].has_value();
  std::vector<size_t> kept_from;
  ARROW_ASSIGN_OR_RAISE(int64_t combined,
                        records->Deduplicate(merger, options.index->IsGlobal(), combinable,
                                             &kept_from));
  if (combined > 0) *located = located->Remapped(kept_from);
  return combined;
}

::arrow::Result<WritePlan> PlanWrite(const TableMetaClient& table,
                                     const ActiveTimeline& timeline,
                                     const WriteOptions& options,
                                     WriteOperationType operation,
                                     IncomingRecords* incoming,
                                     const RecordMerger& merger) {
  const IncomingRecords& records = *incoming;
  bool bulk = operation == WriteOperationType::kBulkInsert;
  // SparkInsertOverwritePartitioner: new file groups only, sized as inserts are.
  bool overwrite = operation == WriteOperationType::kInsertOverwrite ||
                   operation == WriteOperationType::kInsertOverwriteTable;
  bool tag = operation == WriteOperationType::kUpsert ||
             operation == WriteOperationType::kDelete ||
             (operation == WriteOperationType::kInsert && options.insert_drop_duplicates);
  std::set<std::string, std::less<>> partitions;
  for (const IncomingRecord& record : records.records) {
    if (!partitions.contains(record.partition())) partitions.emplace(record.partition());
  }
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline));
  TableFiles table_files{view.get(), options.merge_on_read, {}, {}};
  if (options.merge_on_read) {
    ARROW_ASSIGN_OR_RAISE(table_files.pending,
                          Grouped(FileGroupsInPendingCompaction(timeline)));
  }
  ARROW_ASSIGN_OR_RAISE(table_files.clustering,
                        Grouped(FileGroupsInPendingClustering(timeline)));
  FilesByPartition files;
  if (!bulk && !overwrite) files = LatestFiles(table_files, partitions);
  Locations located(records.records.size());
  std::vector<bool> stored_wins(records.records.size(), false);
  WritePlan plan;
  if (tag) {
    ARROW_ASSIGN_OR_RAISE(located,
                          Locate(*options.index, table, table_files, records, &files));
    if (options.changelog) {
      ARROW_ASSIGN_OR_RAISE(plan.combined,
                            CombineNewKeys(merger, options, incoming, &located));
    }
    if (options.merge_on_read && !options.index->CanIndexLogFiles()) {
      ARROW_RETURN_NOT_OK(ForgetKeysCompactionDrops(table, timeline, merger, options,
                                                    records, files, &located));
    }
    // insert.drop.duplicates drops what the index found; nothing is updated. Without a
    // pending clustering no record needs looking at.
    if (operation != WriteOperationType::kInsert && !table_files.clustering.empty()) {
      ARROW_RETURN_NOT_OK(RefuseUpdatesUnderClustering(records, located, files, operation));
    }
    ARROW_ASSIGN_OR_RAISE(stored_wins,
                          StoredRecordWins(table, merger, incoming, located, files));
  }
  std::map<std::string, PartitionWork, std::less<>> work;
  Route(records, located, stored_wins, operation, &work, &plan.dropped);
  ARROW_ASSIGN_OR_RAISE(int64_t average, AverageRecordSize(timeline, options));
  std::vector<Bucket> updates, news;
  for (auto& [partition, w] : work) {
    std::map<std::string, size_t> by_file;
    const std::vector<ExistingFile>& existing = files[partition];
    for (auto& [file, rows] : w.updates) {
      UpdateBucket(existing[file], &by_file, &updates).updates = std::move(rows);
    }
    for (auto& [file, rows] : w.moved_out) {
      UpdateBucket(existing[file], &by_file, &updates).moved_out = std::move(rows);
    }
    for (auto& [file, rows] : w.restamped) {
      UpdateBucket(existing[file], &by_file, &updates).restamped = std::move(rows);
    }
    size_t first_new = news.size();
    if (bulk) {
      if (!w.inserts.empty()) {
        Bucket bucket;
        bucket.partition = partition;
        bucket.file_id_prefix = NewFileIdPrefix();
        bucket.inserts = std::move(w.inserts);
        news.push_back(std::move(bucket));
      }
    } else {
      AssignInserts(existing, w.inserts, options, average, !overwrite,
                    !overwrite && options.index->CanIndexLogFiles(), &by_file, &updates,
                    &news);
      // Copied into the buckets: one partition's inserts are held twice at a time.
      RecordIndices().swap(w.inserts);
    }
    for (size_t b = first_new; b < news.size(); ++b) news[b].partition = partition;
  }
  plan.buckets = std::move(updates);
  for (Bucket& bucket : news) plan.buckets.push_back(std::move(bucket));
  if (overwrite) {
    plan.replaced_file_ids = ReplacedByOverwrite(*view, operation, plan.buckets);
  }
  return plan;
}

CommitMetadata WritePlan::WorkloadProfile(const IncomingRecords& records,
                                          WriteOperationType operation) const {
  CommitMetadata profile;
  std::map<std::string, int64_t> inserts;
  for (const Bucket& bucket : buckets) inserts[bucket.partition] += bucket.inserts.size();
  for (const auto& [partition, count] : inserts) {
    WriteStat insert_stat;
    insert_stat.file_id = "";
    insert_stat.num_inserts = count;
    profile.AddWriteStat(partition, insert_stat);
    for (const Bucket& bucket : buckets) {
      // Records moving to another partition are deletes tagged to this file group.
      size_t tagged =
          bucket.updates.size() + bucket.moved_out.size() + bucket.restamped.size();
      if (bucket.partition != partition || !bucket.file || tagged == 0) continue;
      WriteStat update_stat;
      update_stat.file_id = bucket.file->file_id;
      // A log-only group's records were located at the instant that created it.
      update_stat.prev_commit = bucket.file->path.empty() ? bucket.file->slice_instant
                                                          : bucket.file->base_instant;
      update_stat.num_update_writes = static_cast<int64_t>(tagged);
      profile.AddWriteStat(partition, update_stat);
    }
  }
  (void)records;
  profile.operation_type = operation;
  return profile;
}

}  // namespace hoodie::internal
