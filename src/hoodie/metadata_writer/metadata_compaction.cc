// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_compaction.cc
/// \brief compactIfNecessary: the metadata table's file slices merged into new base
/// HFiles at its latest deltacommit plus `001`.
#include <chrono>
#include <map>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/metadata/bloom_filter_record.h"
#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/files_record.h"
#include "hoodie/metadata/metadata_record_schema.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline_avro/compaction_plan.h"

namespace hoodie::internal {

namespace {

// HoodieTableMetadataUtil.OperationSuffix.COMPACTION.
constexpr std::string_view kCompactionSuffix = "001";
// CompactionUtils.LATEST_COMPACTION_METADATA_VERSION.
constexpr int32_t kPlanVersion = 2;

// The latest deltacommit when `max_delta_commits` followed the last compaction.
std::optional<Instant> DueDeltaCommit(const Timeline& timeline, int32_t max_delta_commits) {
  Timeline completed = timeline.FilterCompleted();
  Timeline deltas = completed.GetDeltaCommitTimeline();
  if (std::optional<Instant> compacted = completed.GetCommitTimeline().LastInstant()) {
    deltas = deltas.FindInstantsAfter(compacted->timestamp);
  }
  if (static_cast<int32_t>(deltas.instants().size()) < max_delta_commits) return std::nullopt;
  return deltas.LastInstant();
}

CompactionOperation OperationOf(const FileSlice& slice) {
  CompactionOperation op;
  op.base_instant_time = slice.base_instant;
  std::vector<std::string> logs;
  int64_t log_bytes = 0;
  for (const LogFile& log : slice.log_files) {
    logs.push_back(log.file_name);
    log_bytes += log.size;
  }
  op.delta_file_paths = std::move(logs);
  if (slice.base_file) op.data_file_path = slice.base_file->file_name;
  op.file_id = slice.group.file_id;
  op.partition_path = slice.group.partition_path;
  op.metrics = std::map<std::string, double>{
      {"TOTAL_LOG_FILES", static_cast<double>(slice.log_files.size())},
      {"TOTAL_LOG_FILES_SIZE", static_cast<double>(log_bytes)}};
  return op;
}

// A compaction of the metadata table a killed writer left pending: its deltacommit
// never followed (a metadata compaction runs just before the instant's deltacommit),
// so no log was written onto its slice. Rolled back (its base files go) and its plan
// deleted, it leaves the timeline as before it started, and is scheduled again at the
// same instant; Hudi's writer re-runs such a plan instead, to the same files.
::arrow::Status AbandonPendingCompactions(const TableMetaClient& mdt) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.ReloadActiveTimeline());
  const Timeline pending = timeline.timeline().FilterPendingCompaction();
  for (const Instant& instant : pending.instants()) {
    for (const MetadataPartition* partition : kMetadataPartitions) {
      const std::string folder = JoinPath(mdt.base_path(), std::string(partition->name));
      ARROW_ASSIGN_OR_RAISE(bool exists, mdt.storage()->Exists(folder));
      if (!exists) continue;
      ARROW_ASSIGN_OR_RAISE(
          std::vector<FileStatus> files,
          mdt.storage()->List(folder, /*recursive=*/false));
      for (const FileStatus& file : files) {
        auto log = ParseLogFileName(file.name());
        if (log.ok() && log->base_instant_time == instant.timestamp) {
          return ::arrow::Status::Invalid(
              "the metadata table's pending compaction ", instant.timestamp,
              " has log files written onto its slice (", file.name(),
              "); rebuild the metadata table (hoodie metadata rebuild)");
        }
      }
    }
    LogInfo("rolling back metadata table compaction " + instant.timestamp +
            ", left pending by a failed writer, to schedule it again");
    ARROW_RETURN_NOT_OK(
        RollbackInflightCompaction(mdt, instant.timestamp, MetadataRollbackOptions())
            .status());
    ARROW_RETURN_NOT_OK(
        timeline.DeletePending(Instant{instant.timestamp, Action::kCompaction,
                                       State::kRequested}));
  }
  return ::arrow::Status::OK();
}

// One file group of the metadata table compacted: its latest slice and the merged
// records of its new base file.
struct CompactedGroup {
  const MetadataPartition* partition = nullptr;
  FileSlice slice;
  std::vector<HFileRecord> cells;
};

// A column_stats slice's records merged key by key (mergeColumnStatsRecords); deleted
// keys and tombstones leave nothing to keep.
::arrow::Result<std::vector<HFileRecord>> MergedColumnStats(const MetadataTable& metadata,
                                                            const FileSlice& slice) {
  ColumnStatsFold fold;
  ARROW_RETURN_NOT_OK(metadata.ReadSlice(
      slice, MetadataKeys::All(),
      [&](std::string_view key, const AvroValue* record) { return fold.Add(key, record); }));
  std::vector<HFileRecord> cells;
  for (const auto& [key, stats] : fold.Live()) {
    ARROW_ASSIGN_OR_RAISE(std::string value, EncodeMetadataRecord(ColumnStatsRecordValue(stats)));
    cells.emplace_back(key, std::move(value));
  }
  return cells;
}

// Reads `slice` of `metadata` with the visitor NewestByKey gives.
auto SliceReader(const MetadataTable& metadata, const FileSlice& slice) {
  return [&metadata, &slice](const MetadataRecordVisitor& visit) {
    return metadata.ReadSlice(slice, MetadataKeys::All(), visit);
  };
}

// A bloom_filters slice's records: the newest of each key; tombstones leave nothing.
::arrow::Result<std::vector<HFileRecord>> NewestBloomFilters(const MetadataTable& metadata,
                                                             const FileSlice& slice) {
  ARROW_ASSIGN_OR_RAISE(auto newest,
                        NewestByKey<BloomFilterEntry>(SliceReader(metadata, slice), BloomFilterEntryOf));
  std::vector<HFileRecord> cells;
  for (const auto& [key, entry] : newest) {
    if (entry.is_deleted) continue;
    ARROW_ASSIGN_OR_RAISE(std::string value, EncodeMetadataRecord(BloomFilterRecordValue(entry)));
    cells.emplace_back(key, std::move(value));
  }
  return cells;
}

// A record_index slice's records: the newest location of each key.
::arrow::Result<std::vector<HFileRecord>> NewestLocations(const MetadataTable& metadata,
                                                          const FileSlice& slice) {
  ARROW_ASSIGN_OR_RAISE(auto newest,
                        NewestByKey<std::string>(SliceReader(metadata, slice), EncodeMetadataRecord));
  std::vector<HFileRecord> cells;
  cells.reserve(newest.size());
  for (auto& [key, value] : newest) cells.emplace_back(key, std::move(value));
  return cells;
}

// Every file group of the partitions hoodie keeps, merged as readers merge them.
::arrow::Result<std::vector<CompactedGroup>> MergedGroups(const MetadataTable& metadata) {
  std::vector<CompactedGroup> groups;
  ARROW_ASSIGN_OR_RAISE(FilesRecords files, metadata.ReadFilesRecords());
  for (FileSlice& slice : metadata.LatestFileSlices(kFilesPartition)) {
    ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, FilesRecordCells(files));
    groups.push_back(CompactedGroup{&kFilesPartition, std::move(slice), std::move(cells)});
  }
  if (metadata.partitions().contains(kBloomFiltersPartition.name)) {
    for (FileSlice& slice : metadata.LatestFileSlices(kBloomFiltersPartition)) {
      ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, NewestBloomFilters(metadata, slice));
      groups.push_back(
          CompactedGroup{&kBloomFiltersPartition, std::move(slice), std::move(cells)});
    }
  }
  if (metadata.partitions().contains(kColumnStatsPartition.name)) {
    for (FileSlice& slice : metadata.LatestFileSlices(kColumnStatsPartition)) {
      ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, MergedColumnStats(metadata, slice));
      groups.push_back(
          CompactedGroup{&kColumnStatsPartition, std::move(slice), std::move(cells)});
    }
  }
  if (metadata.partitions().contains(kRecordIndexPartition.name)) {
    for (FileSlice& slice : metadata.LatestFileSlices(kRecordIndexPartition)) {
      ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, NewestLocations(metadata, slice));
      groups.push_back(
          CompactedGroup{&kRecordIndexPartition, std::move(slice), std::move(cells)});
    }
  }
  return groups;
}

}  // namespace

::arrow::Result<bool> CompactMetadataTableIfDue(TableMetaClient* data_table,
                                                const std::shared_ptr<TableMetaClient>& mdt,
                                                const std::string& current,
                                                const MetadataWriterOptions& options) {
  ARROW_RETURN_NOT_OK(AbandonPendingCompactions(*mdt));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt->LoadActiveTimeline());
  std::optional<Instant> latest =
      DueDeltaCommit(timeline.timeline(), options.compact_max_delta_commits);
  if (!latest) return false;
  // validateTimelineBeforeSchedulingCompaction: a base file at T must hold every data
  // instant up to T, so none of them may still be pending.
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline data_timeline, data_table->LoadActiveTimeline());
  Timeline pending =
      data_timeline.timeline().FilterPending().FindInstantsBeforeOrEquals(latest->timestamp);
  for (const Instant& instant : pending.instants()) {
    if (instant.timestamp == current) continue;
    LogInfo("metadata table compaction waits: data instant " + instant.ToString() +
            " is pending");
    return false;
  }
  const auto started = std::chrono::steady_clock::now();
  const std::string time = latest->timestamp + std::string(kCompactionSuffix);
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(*data_table, data_timeline));
  if (metadata == nullptr) return false;
  ARROW_ASSIGN_OR_RAISE(std::vector<CompactedGroup> groups, MergedGroups(*metadata));

  CompactionPlan plan;
  plan.version = kPlanVersion;
  plan.operations.emplace();
  for (const CompactedGroup& group : groups) plan.operations->push_back(OperationOf(group.slice));
  ARROW_ASSIGN_OR_RAISE(std::string plan_bytes, plan.ToAvroBytes());
  Instant requested{time, Action::kCompaction, State::kRequested};
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(requested, plan_bytes));
  ARROW_ASSIGN_OR_RAISE(Instant inflight, timeline.TransitionToInflight(requested));

  CommitMetadata commit;
  commit.compacted = true;
  commit.operation_type = WriteOperationType::kCompact;
  size_t records = 0;
  for (const CompactedGroup& group : groups) {
    const std::string partition(group.partition->name);
    const std::string& file_id = group.slice.group.file_id;
    const std::string name = MakeBaseFileName(file_id, MakeWriteToken(0, 0, 0), time, ".hfile");
    const std::string relative = partition + "/" + name;
    ARROW_RETURN_NOT_OK(WriteMarkers(mdt->storage(), mdt->base_path(), time)
                            .Create(Marker{partition, name, IoType::kCreate}));
    ARROW_ASSIGN_OR_RAISE(int64_t size,
                          WriteMetadataBaseFile(mdt->storage().get(),
                                                JoinPath(mdt->base_path(), relative),
                                                group.cells, options));
    WriteStat stat;
    stat.file_id = file_id;
    stat.path = relative;
    stat.num_writes = static_cast<int64_t>(group.cells.size());
    stat.total_write_bytes = stat.file_size_in_bytes = size;
    stat.partition_path = partition;
    stat.prev_commit = group.slice.base_instant;
    stat.total_log_files_compacted = static_cast<int64_t>(group.slice.log_files.size());
    for (const LogFile& log : group.slice.log_files) stat.total_log_size_compacted += log.size;
    stat.runtime_stats = RuntimeStats{
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started)
            .count(),
        0, 0};
    commit.AddWriteStat(partition, std::move(stat));
    records += group.cells.size();
  }
  ARROW_RETURN_NOT_OK(CompleteMetadataInstant(mdt, inflight, &commit));
  LogInfo("compacted the metadata table of " + data_table->base_path() + " at " + time +
          ": " + std::to_string(records) + " records");
  return true;
}

}  // namespace hoodie::internal
