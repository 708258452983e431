// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_commit.cc
#include <algorithm>
#include <chrono>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/metadata/metadata_record_schema.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie::internal {

namespace {

// The write tokens of the files a metadata deltacommit writes: one task per file group.
const std::string kBaseFileToken = MakeWriteToken(0, 0, 0);
const std::string kLogFileToken = MakeWriteToken(0, 1, 0);

// Requested then inflight (with `profile` as Hudi saves the workload profile).
::arrow::Result<Instant> StartDeltaCommit(const TableMetaClient& mdt,
                                          const std::string& instant_time,
                                          const std::string& profile) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.LoadActiveTimeline());
  Instant requested{instant_time, Action::kDeltaCommit, State::kRequested};
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(requested));
  return timeline.TransitionToInflight(requested, profile);
}

std::string Relative(const MetadataPartition& partition, const std::string& name) {
  return std::string(partition.name) + "/" + name;
}

}  // namespace

::arrow::Status CompleteMetadataInstant(const std::shared_ptr<TableMetaClient>& mdt,
                                       const Instant& inflight, CommitMetadata* metadata) {
  metadata->AddMetadata("schema", std::string(MetadataRecordSchemaJson()));
  ARROW_ASSIGN_OR_RAISE(Transaction txn, Transaction::Begin(mdt, inflight));
  return txn.Commit(metadata->ToJson(), metadata).status();
}

RollbackOptions MetadataRollbackOptions() {
  RollbackOptions options;
  options.check_commit_sequence = false;
  return options;
}

::arrow::Status RollBackEarlierAttempts(const TableMetaClient& mdt,
                                        const std::string& instant_time) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.LoadActiveTimeline());
  if (timeline.timeline().GetCommitsTimeline().ContainsTimestamp(instant_time)) {
    LogInfo("rolling back the earlier attempt of metadata table deltacommit " +
            instant_time);
    ARROW_RETURN_NOT_OK(
        RollbackInstant(mdt, instant_time, MetadataRollbackOptions()).status());
  }
  return RollbackFailedWrites(mdt, MetadataRollbackOptions()).status();
}

::arrow::Status CommitMetadataInitialization(const std::shared_ptr<TableMetaClient>& mdt,
                                             const std::string& instant_time,
                                             const MetadataPartition& partition,
                                             const std::vector<HFileRecord>& cells,
                                             const MetadataWriterOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  ARROW_ASSIGN_OR_RAISE(Instant inflight, StartDeltaCommit(*mdt, instant_time, ""));
  Storage* storage = mdt->storage().get();
  const std::string file_id = MetadataFileGroupId(partition, 0);
  ARROW_RETURN_NOT_OK(PartitionMetadata::Write(storage, mdt->base_path(),
                                               partition.name, instant_time));
  WriteMarkers markers(mdt->storage(), mdt->base_path(), instant_time);
  const std::string base_name = MakeBaseFileName(file_id, kBaseFileToken, instant_time, ".hfile");
  ARROW_RETURN_NOT_OK(markers.Create(Marker{std::string(partition.name), base_name,
                                            IoType::kCreate}));
  ARROW_ASSIGN_OR_RAISE(
      int64_t size,
      WriteMetadataBaseFile(storage, JoinPath(mdt->base_path(), Relative(partition, base_name)),
                            cells, options));
  // Every new file group starts with a log holding an empty delete block
  // (HoodieBackedTableMetadataWriter.initializeFileGroups), instant header only.
  LogBlock empty;
  empty.type = LogBlockType::kDelete;
  empty.header = {{LogHeaderKey::kInstantTime, instant_time}};
  ARROW_ASSIGN_OR_RAISE(empty.content, EncodeDeleteBlock({}));
  const std::string log_name =
      MakeLogFileName(file_id, instant_time, 1, MakeWriteToken(0, 0, 0));
  ARROW_RETURN_NOT_OK(WriteLogFile(
      storage, JoinPath(mdt->base_path(), Relative(partition, log_name)), {empty}));

  WriteStat stat;
  stat.file_id = file_id;
  stat.path = Relative(partition, base_name);
  stat.num_writes = stat.num_inserts = static_cast<int64_t>(cells.size());
  stat.total_write_bytes = stat.file_size_in_bytes = size;
  stat.partition_path = std::string(partition.name);
  stat.runtime_stats = RuntimeStats{
      0, 0,
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                            started)
          .count()};
  CommitMetadata metadata;
  metadata.operation_type = WriteOperationType::kBulkInsert;
  metadata.AddWriteStat(std::string(partition.name), std::move(stat));
  return CompleteMetadataInstant(mdt, inflight, &metadata);
}

::arrow::Status CommitMetadataLogBlock(const std::shared_ptr<TableMetaClient>& mdt, const std::string& instant_time,
                                       const MetadataPartition& partition, int index,
                                       std::vector<HFileRecord> cells,
                                       const MetadataWriterOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::string file_id = MetadataFileGroupId(partition, index);
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const FileSystemView> view,
                        FileSystemView::Load(*mdt));
  std::optional<FileSlice> slice;
  for (FileSlice& candidate : view->LatestFileSlicesInPartition(partition.name)) {
    if (candidate.group.file_id == file_id) slice = std::move(candidate);
  }
  if (!slice) {
    return ::arrow::Status::Invalid("the metadata table has no file group ", file_id,
                                    " in its ", partition.name,
                                    " partition; rebuild it (hoodie metadata rebuild)");
  }
  int version = 0;
  for (const LogFile& log : slice->log_files) version = std::max(version, log.version);
  const std::string log_name =
      MakeLogFileName(file_id, slice->base_instant, version + 1, kLogFileToken);

  CommitMetadata profile;
  profile.operation_type = WriteOperationType::kUpsertPrepped;
  WriteStat planned;
  planned.file_id = file_id;
  planned.prev_commit = slice->base_instant;
  planned.num_update_writes = static_cast<int64_t>(cells.size());
  profile.AddWriteStat(std::string(partition.name), planned);
  ARROW_ASSIGN_OR_RAISE(Instant inflight,
                        StartDeltaCommit(*mdt, instant_time, profile.ToJson()));

  const int64_t records = static_cast<int64_t>(cells.size());
  int64_t size = 0;
  if (!cells.empty()) {
    WriteMarkers markers(mdt->storage(), mdt->base_path(), instant_time);
    ARROW_RETURN_NOT_OK(markers.Create(
        Marker{std::string(partition.name), log_name, IoType::kAppend}));
    ARROW_ASSIGN_OR_RAISE(LogBlock block,
                          MakeHFileDataLogBlock(instant_time,
                                                std::string(MetadataRecordSchemaJson()),
                                                std::move(cells), options.compression));
    ARROW_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlocks({block}));
    size = static_cast<int64_t>(bytes.size());
    ARROW_RETURN_NOT_OK(mdt->storage()->WriteAll(
        JoinPath(mdt->base_path(), Relative(partition, log_name)), bytes,
        /*overwrite=*/false));
  }

  CommitMetadata metadata;
  metadata.operation_type = WriteOperationType::kUpsertPrepped;
  if (records > 0) {
    WriteStat stat;
    stat.file_id = file_id;
    stat.path = Relative(partition, log_name);
    stat.prev_commit = slice->base_instant;
    stat.num_writes = stat.num_update_writes = records;
    stat.total_write_bytes = stat.file_size_in_bytes = size;
    stat.partition_path = std::string(partition.name);
    stat.runtime_stats = RuntimeStats{
        0,
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started)
            .count(),
        0};
    DeltaWriteStat delta;
    delta.log_version = version + 1;
    if (slice->base_file) delta.base_file = slice->base_file->file_name;
    for (const LogFile& log : slice->log_files) delta.log_files.push_back(log.file_name);
    delta.log_files.push_back(log_name);
    stat.delta = std::move(delta);
    metadata.AddWriteStat(std::string(partition.name), std::move(stat));
  }
  return CompleteMetadataInstant(mdt, inflight, &metadata);
}

}  // namespace hoodie::internal
