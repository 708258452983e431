// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_commit.cc
#include <algorithm>
#include <chrono>
#include <iterator>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/parallel_for_each.h"
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

std::vector<std::vector<HFileRecord>> RouteToFileGroups(std::vector<HFileRecord> cells,
                                                        int count) {
  std::vector<std::vector<HFileRecord>> groups(static_cast<size_t>(std::max(count, 1)));
  for (HFileRecord& cell : cells) {
    const int index = count > 1 ? MetadataFileGroupIndex(cell.first, count) : 0;
    groups[static_cast<size_t>(index)].push_back(std::move(cell));
  }
  // A key twice (a write inserting it twice, a table holding it twice) keeps one cell.
  for (auto& group : groups) SortUniqueByKey(&group);
  return groups;
}

void SortUniqueByKey(std::vector<HFileRecord>* cells) {
  std::sort(cells->begin(), cells->end());
  cells->erase(std::unique(cells->begin(), cells->end(),
                           [](const HFileRecord& a, const HFileRecord& b) {
                             return a.first == b.first;
                           }),
               cells->end());
}

::arrow::Status CommitMetadataInitialization(const std::shared_ptr<TableMetaClient>& mdt,
                                             const std::string& instant_time,
                                             const MetadataPartition& partition,
                                             const std::vector<std::vector<HFileRecord>>& groups,
                                             const MetadataWriterOptions& options) {
  std::vector<int64_t> counts;
  for (const auto& group : groups) counts.push_back(static_cast<int64_t>(group.size()));
  return CommitMetadataInitialization(
      mdt, instant_time, partition, counts,
      [&](size_t index) -> ::arrow::Result<std::vector<HFileRecord>> { return groups[index]; },
      options);
}

::arrow::Status CommitMetadataInitialization(const std::shared_ptr<TableMetaClient>& mdt,
                                             const std::string& instant_time,
                                             const MetadataPartition& partition,
                                             const std::vector<int64_t>& counts,
                                             const InitializationCells& cells_of,
                                             const MetadataWriterOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  ARROW_ASSIGN_OR_RAISE(Instant inflight, StartDeltaCommit(*mdt, instant_time, ""));
  Storage* storage = mdt->storage().get();
  ARROW_RETURN_NOT_OK(PartitionMetadata::Write(storage, mdt->base_path(),
                                               partition.name, instant_time));
  WriteMarkers markers(mdt->storage(), mdt->base_path(), instant_time);
  auto file_id = [&](size_t index) {
    return MetadataFileGroupId(partition, static_cast<int>(index));
  };
  auto base_name = [&](size_t index) {
    return MakeBaseFileName(file_id(index), kBaseFileToken, instant_time, ".hfile");
  };
  for (size_t index = 0; index < counts.size(); ++index) {
    if (counts[index] == 0) continue;
    ARROW_RETURN_NOT_OK(markers.Create(Marker{std::string(partition.name), base_name(index),
                                              IoType::kCreate}));
  }
  // Each file group is written on its own (its HFile compressed there): every new one
  // starts with a log holding an empty delete block
  // (HoodieBackedTableMetadataWriter.initializeFileGroups), instant header only, and
  // one with cells gets its base HFile.
  std::vector<int64_t> sizes(counts.size());
  std::vector<int64_t> written(counts.size());
  ARROW_RETURN_NOT_OK(ParallelForEach(counts.size(), 0, [&](size_t index) -> ::arrow::Status {
    LogBlock empty;
    empty.type = LogBlockType::kDelete;
    empty.header = {{LogHeaderKey::kInstantTime, instant_time}};
    ARROW_ASSIGN_OR_RAISE(empty.content, EncodeDeleteBlock({}));
    const std::string log_name =
        MakeLogFileName(file_id(index), instant_time, 1, MakeWriteToken(0, 0, 0));
    if (counts[index] > 0) {
      ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, cells_of(index));
      written[index] = static_cast<int64_t>(cells.size());
      ARROW_ASSIGN_OR_RAISE(
          sizes[index],
          WriteMetadataBaseFile(storage,
                                JoinPath(mdt->base_path(), Relative(partition, base_name(index))),
                                cells, options));
    }
    return WriteLogFile(storage, JoinPath(mdt->base_path(), Relative(partition, log_name)),
                        {empty});
  }));
  CommitMetadata metadata;
  metadata.operation_type = WriteOperationType::kBulkInsert;
  for (size_t index = 0; index < counts.size(); ++index) {
    if (counts[index] == 0) continue;
    WriteStat stat;
    stat.file_id = file_id(index);
    stat.path = Relative(partition, base_name(index));
    stat.num_writes = stat.num_inserts = written[index];
    stat.total_write_bytes = stat.file_size_in_bytes = sizes[index];
    stat.partition_path = std::string(partition.name);
    stat.runtime_stats = RuntimeStats{
        0, 0,
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started)
            .count()};
    metadata.AddWriteStat(std::string(partition.name), std::move(stat));
  }
  return CompleteMetadataInstant(mdt, inflight, &metadata);
}

namespace {

// The log file one deltacommit adds to a file group: the group's latest slice and the
// next log version in it.
struct LogTarget {
  FileSlice slice;
  std::string log_name;
  int version = 0;
};

::arrow::Result<LogTarget> LogTargetOf(const FileSystemView& view,
                                       const MetadataPartition& partition, int index) {
  const std::string file_id = MetadataFileGroupId(partition, index);
  for (FileSlice& candidate : view.LatestFileSlicesInPartition(partition.name)) {
    if (candidate.group.file_id != file_id) continue;
    LogTarget target;
    for (const LogFile& log : candidate.log_files) {
      target.version = std::max(target.version, log.version);
    }
    target.version += 1;
    target.log_name =
        MakeLogFileName(file_id, candidate.base_instant, target.version, kLogFileToken);
    target.slice = std::move(candidate);
    return target;
  }
  return ::arrow::Status::Invalid("the metadata table has no file group ", file_id,
                                  " in its ", partition.name,
                                  " partition; rebuild it (hoodie metadata rebuild)");
}

// `writes` with those of kRouteByKey split among their partition's file groups (as many
// as `view` holds) by key.
std::vector<FileGroupCells> RouteByKey(const FileSystemView& view,
                                       std::vector<FileGroupCells> writes) {
  std::vector<FileGroupCells> out;
  for (FileGroupCells& write : writes) {
    if (write.index != kRouteByKey) {
      out.push_back(std::move(write));
      continue;
    }
    const int count = std::max<int>(
        1, static_cast<int>(view.LatestFileSlicesInPartition(write.partition->name).size()));
    std::vector<std::vector<HFileRecord>> routed = RouteToFileGroups(std::move(write.cells), count);
    std::vector<FileGroupCells> groups(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      groups[static_cast<size_t>(i)] = FileGroupCells{
          write.partition, i, std::move(routed[static_cast<size_t>(i)]), {}};
    }
    for (std::string& key : write.deleted) {
      const int index = count > 1 ? MetadataFileGroupIndex(key, count) : 0;
      groups[static_cast<size_t>(index)].deleted.push_back(std::move(key));
    }
    std::move(groups.begin(), groups.end(), std::back_inserter(out));
  }
  return out;
}

// The blocks one deltacommit appends to a file group (HoodieAppendHandle
// .appendDataAndDeleteBlocks): its records, then its deletions, whose DeleteRecords name
// the metadata partition and carry EmptyHoodieRecordPayload's ordering value 0.
::arrow::Result<std::vector<LogBlock>> LogBlocksOf(const std::string& instant_time,
                                                   const MetadataPartition& partition,
                                                   FileGroupCells write,
                                                   const MetadataWriterOptions& options) {
  const std::string schema(MetadataRecordSchemaJson());
  std::vector<LogBlock> blocks;
  if (!write.cells.empty()) {
    ARROW_ASSIGN_OR_RAISE(LogBlock data,
                          MakeHFileDataLogBlock(instant_time, schema, std::move(write.cells),
                                                options.compression));
    blocks.push_back(std::move(data));
  }
  if (!write.deleted.empty()) {
    std::vector<DeleteRecord> deletes;
    deletes.reserve(write.deleted.size());
    for (std::string& key : write.deleted) {
      deletes.push_back(DeleteRecord{std::move(key), std::string(partition.name),
                                     WrapOrderingValue(kIntWrapper, AvroValue::Int(0))});
    }
    ARROW_ASSIGN_OR_RAISE(LogBlock removed, MakeDeleteLogBlock(instant_time, schema, deletes));
    blocks.push_back(std::move(removed));
  }
  return blocks;
}

}  // namespace

::arrow::Status CommitMetadataDeltaCommit(const std::shared_ptr<TableMetaClient>& mdt,
                                          const std::string& instant_time,
                                          std::vector<FileGroupCells> writes,
                                          const MetadataWriterOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const FileSystemView> view,
                        FileSystemView::Load(*mdt));
  writes = RouteByKey(*view, std::move(writes));
  writes.erase(std::remove_if(writes.begin(), writes.end(),
                              [](const FileGroupCells& w) {
                                return w.cells.empty() && w.deleted.empty();
                              }),
               writes.end());
  std::vector<LogTarget> targets;
  CommitMetadata profile;
  profile.operation_type = WriteOperationType::kUpsertPrepped;
  for (const FileGroupCells& write : writes) {
    ARROW_ASSIGN_OR_RAISE(LogTarget target, LogTargetOf(*view, *write.partition, write.index));
    WriteStat planned;
    planned.file_id = target.slice.group.file_id;
    planned.prev_commit = target.slice.base_instant;
    planned.num_update_writes = static_cast<int64_t>(write.cells.size());
    planned.num_deletes = static_cast<int64_t>(write.deleted.size());
    profile.AddWriteStat(std::string(write.partition->name), planned);
    targets.push_back(std::move(target));
  }
  ARROW_ASSIGN_OR_RAISE(Instant inflight,
                        StartDeltaCommit(*mdt, instant_time, profile.ToJson()));

  CommitMetadata metadata;
  metadata.operation_type = WriteOperationType::kUpsertPrepped;
  WriteMarkers markers(mdt->storage(), mdt->base_path(), instant_time);
  for (size_t i = 0; i < writes.size(); ++i) {
    ARROW_RETURN_NOT_OK(markers.Create(
        Marker{std::string(writes[i].partition->name), targets[i].log_name, IoType::kAppend}));
  }
  // Each file group's log is encoded (its HFile compressed) and written on its own.
  std::vector<int64_t> records(writes.size());
  std::vector<int64_t> deletes(writes.size());
  std::vector<int64_t> sizes(writes.size());
  ARROW_RETURN_NOT_OK(ParallelForEach(writes.size(), 0, [&](size_t i) -> ::arrow::Status {
    const MetadataPartition& partition = *writes[i].partition;
    records[i] = static_cast<int64_t>(writes[i].cells.size());
    deletes[i] = static_cast<int64_t>(writes[i].deleted.size());
    ARROW_ASSIGN_OR_RAISE(std::vector<LogBlock> blocks,
                          LogBlocksOf(instant_time, partition, std::move(writes[i]), options));
    ARROW_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlocks(blocks));
    sizes[i] = static_cast<int64_t>(bytes.size());
    return mdt->storage()->WriteAll(
        JoinPath(mdt->base_path(), Relative(partition, targets[i].log_name)), bytes,
        /*overwrite=*/false);
  }));
  for (size_t i = 0; i < writes.size(); ++i) {
    const MetadataPartition& partition = *writes[i].partition;
    const LogTarget& target = targets[i];
    WriteStat stat;
    stat.file_id = target.slice.group.file_id;
    stat.path = Relative(partition, target.log_name);
    stat.prev_commit = target.slice.base_instant;
    stat.num_writes = stat.num_update_writes = records[i];
    stat.num_deletes = deletes[i];
    stat.total_write_bytes = stat.file_size_in_bytes = sizes[i];
    stat.partition_path = std::string(partition.name);
    stat.runtime_stats = RuntimeStats{
        0,
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started)
            .count(),
        0};
    DeltaWriteStat delta;
    delta.log_version = target.version;
    if (target.slice.base_file) delta.base_file = target.slice.base_file->file_name;
    for (const LogFile& log : target.slice.log_files) delta.log_files.push_back(log.file_name);
    delta.log_files.push_back(target.log_name);
    stat.delta = std::move(delta);
    metadata.AddWriteStat(std::string(partition.name), std::move(stat));
  }
  return CompleteMetadataInstant(mdt, inflight, &metadata);
}

}  // namespace hoodie::internal
