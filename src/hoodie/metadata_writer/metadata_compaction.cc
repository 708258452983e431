// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_compaction.cc
/// \brief compactIfNecessary: the metadata table's file slices merged into new base
/// HFiles at its latest deltacommit plus `001`.
#include <chrono>
#include <map>

#include "hoodie/common/logging.h"
#include "hoodie/metadata/files_record.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/storage/path.h"
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

}  // namespace

::arrow::Result<bool> CompactMetadataTableIfDue(TableMetaClient* data_table,
                                                const std::shared_ptr<TableMetaClient>& mdt,
                                                const std::string& current,
                                                const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt->LoadActiveTimeline());
  std::optional<Instant> latest =
      DueDeltaCommit(timeline.timeline(), options.compact_max_delta_commits);
  if (!latest) return false;
  // validateTimelineBeforeSchedulingCompaction: a base file at T must hold every data
  // instant up to T, so none of them may still be pending.
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline data_timeline, data_table->ReloadActiveTimeline());
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
  ARROW_ASSIGN_OR_RAISE(FilesRecords merged, metadata->ReadFilesRecords());
  ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, FilesRecordCells(merged));

  // The slices the merged records came from.
  std::vector<FileSlice> slices = metadata->LatestFileSlices(kFilesPartition);
  CompactionPlan plan;
  plan.version = kPlanVersion;
  plan.operations.emplace();
  for (const FileSlice& slice : slices) plan.operations->push_back(OperationOf(slice));
  ARROW_ASSIGN_OR_RAISE(std::string plan_bytes, plan.ToAvroBytes());
  Instant requested{time, Action::kCompaction, State::kRequested};
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(requested, plan_bytes));
  ARROW_ASSIGN_OR_RAISE(Instant inflight, timeline.TransitionToInflight(requested));

  const std::string file_id = MetadataFileGroupId(kFilesPartition, 0);
  const std::string name = MakeBaseFileName(file_id, MakeWriteToken(0, 0, 0), time, ".hfile");
  const std::string relative = std::string(kFilesPartition.name) + "/" + name;
  ARROW_RETURN_NOT_OK(WriteMarkers(mdt->storage(), mdt->base_path(), time)
                          .Create(Marker{std::string(kFilesPartition.name), name,
                                         IoType::kCreate}));
  ARROW_ASSIGN_OR_RAISE(int64_t size,
                        WriteMetadataBaseFile(mdt->storage().get(),
                                              JoinPath(mdt->base_path(), relative), cells,
                                              options));
  WriteStat stat;
  stat.file_id = file_id;
  stat.path = relative;
  stat.num_writes = static_cast<int64_t>(cells.size());
  stat.total_write_bytes = stat.file_size_in_bytes = size;
  stat.partition_path = std::string(kFilesPartition.name);
  if (!slices.empty()) {
    const FileSlice& slice = slices.front();
    stat.prev_commit = slice.base_instant;
    stat.total_log_files_compacted = static_cast<int64_t>(slice.log_files.size());
    for (const LogFile& log : slice.log_files) stat.total_log_size_compacted += log.size;
  }
  stat.runtime_stats = RuntimeStats{
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                            started)
          .count(),
      0, 0};
  CommitMetadata commit;
  commit.compacted = true;
  commit.operation_type = WriteOperationType::kCompact;
  commit.AddWriteStat(std::string(kFilesPartition.name), std::move(stat));
  ARROW_RETURN_NOT_OK(CompleteMetadataInstant(mdt, inflight, &commit));
  LogInfo("compacted the metadata table of " + data_table->base_path() + " at " + time +
          ": " + std::to_string(cells.size()) + " records");
  return true;
}

}  // namespace hoodie::internal
