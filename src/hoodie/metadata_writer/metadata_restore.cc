// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_restore.cc
/// \brief RestoreMetadataTable: the metadata table restored with the data table
/// (HoodieBackedTableMetadataWriter.update(HoodieRestoreMetadata)).
#include <string_view>

#include "hoodie/actions/restore.h"
#include "hoodie/common/logging.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/metadata_table_guard_internal.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/savepoint_metadata.h"

namespace hoodie::internal {

namespace {

// Why the metadata table cannot be restored to `instant`, or empty when it can: it must
// hold a completed deltacommit at `instant`, and every file group of every partition a
// slice from at or before it (the base files of later compactions go with them, and a
// clean may have deleted the older slices; Hudi checks the files partition and fails).
::arrow::Result<std::string> WhyNotRestorable(const TableMetaClient& mdt,
                                              const std::string& instant) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.ReloadActiveTimeline());
  if (!timeline.timeline().GetDeltaCommitTimeline().FilterCompleted().ContainsTimestamp(
          instant)) {
    return "it has no completed deltacommit at " + instant;
  }
  // RestoreToInstant's own rule: its last clean may have deleted files from before.
  ARROW_ASSIGN_OR_RAISE(std::string retained, EarliestCommitRetainedByLastClean(timeline));
  if (instant < retained) {
    return "its last clean retains commits from " + retained + " on, after " + instant;
  }
  // A partition initialized after `instant` (at a data instant plus 010 or more) would
  // lose its records while hoodie.properties still lists it as built.
  const Timeline after = timeline.timeline().GetDeltaCommitTimeline().FindInstantsAfter(instant);
  for (const Instant& later : after.instants()) {
    const std::string& time = later.timestamp;
    if (time.size() > 17 && time.substr(time.size() - 3) >= "010") {
      return "a partition of it was initialized at " + time + ", after " + instant;
    }
  }
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const FileSystemView> view,
                        FileSystemView::Make(mdt, timeline));
  for (const std::string& partition : view->partitions()) {
    for (const FileGroupSlices& group : view->FileGroupsInPartition(partition)) {
      bool old_enough = false;
      for (const FileSlice& slice : group.slices) old_enough |= slice.base_instant <= instant;
      if (!old_enough) {
        return "file group " + group.id.file_id + " of its " + partition +
               " partition has no slice from before " + instant;
      }
    }
  }
  return std::string();
}

// HoodieTableMetadataUtil.OperationSuffix.RESTORE: the sync after a restore has no
// data-table instant of its time, and readers take a deltacommit with this suffix for
// one of the metadata table's own (isValidInstant).
constexpr std::string_view kRestoreSuffix = "003";

// createRestoreTimestamp(createNewInstantTime()).
::arrow::Result<std::string> SyncInstantTime(const TableMetaClient& mdt) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.ReloadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::string time, timeline.CreateNewInstantTime());
  return time + std::string(kRestoreSuffix);
}

// Every partition the metadata table lists with its files, after its restore.
::arrow::Result<std::map<std::string, std::vector<FileStatus>>> ListedFiles(
    const TableMetaClient& data_table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline data_timeline, data_table.ReloadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(data_table, data_timeline));
  std::map<std::string, std::vector<FileStatus>> listed;
  if (metadata == nullptr) return listed;
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions, metadata->AllPartitionPaths());
  for (const std::string& partition : partitions) {
    ARROW_ASSIGN_OR_RAISE(listed[partition], metadata->FilesInPartition(partition));
  }
  return listed;
}

::arrow::Result<bool> Disable(TableMetaClient* data_table, const std::string& why) {
  LogWarning("disabling the metadata table of " + data_table->base_path() +
             " at the restore, as it cannot be restored with it: " + why +
             "; the next write builds it again");
  ARROW_RETURN_NOT_OK(DisableMetadataTable(data_table).status());
  return false;
}

}  // namespace

::arrow::Result<bool> RestoreMetadataTable(TableMetaClient* data_table, const Instant& restore,
                                           const MetadataWriterOptions& options) {
  const std::string path = MetadataTable::PathOf(data_table->base_path());
  ARROW_ASSIGN_OR_RAISE(bool exists, TableMetaClient::Exists(*data_table->storage(), path));
  if (!exists) return false;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline data_timeline, data_table->ReloadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(
      RestorePlan plan,
      data_timeline.ReadAvro<RestorePlan>(
          Instant{restore.timestamp, Action::kRestore, State::kRequested}));
  if (!plan.savepoint_to_restore_timestamp) {
    return Disable(data_table, "its restore plan names no instant");
  }
  const std::string& instant = *plan.savepoint_to_restore_timestamp;
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<TableMetaClient> mdt,
                        TableMetaClient::Load(data_table->storage(), path));
  ARROW_ASSIGN_OR_RAISE(std::string why, WhyNotRestorable(*mdt, instant));
  if (!why.empty()) return Disable(data_table, why);
  // The restore removed every file of the instants after `instant`: what storage holds
  // now is what the files partition must list.
  ARROW_ASSIGN_OR_RAISE(auto on_storage, ListCommittedFiles(*data_table, restore.timestamp, {}));
  ::arrow::Result<RestoreOutcome> restored =
      RestoreToInstant(mdt, instant, /*proceed_savepoint=*/false, MetadataRollbackOptions());
  // WhyNotRestorable ruled out its refusals: an error here (of storage) fails the
  // restore, which the next attempt resumes in both tables.
  ARROW_RETURN_NOT_OK(restored.status());
  LogInfo("restored the metadata table of " + data_table->base_path() + " to " + instant +
          " (its restore " + restored->restore_instant + ")");
  // The cleans after `instant` deleted files the restored files partition lists again.
  ARROW_ASSIGN_OR_RAISE(auto listed, ListedFiles(*data_table));
  ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells,
                        FilesRecordCells(FilesRecordsOfOutOfSync(listed, on_storage)));
  ARROW_ASSIGN_OR_RAISE(std::string sync_time, SyncInstantTime(*mdt));
  std::vector<FileGroupCells> writes;
  writes.push_back(FileGroupCells{&kFilesPartition, 0, std::move(cells), {}});
  ARROW_RETURN_NOT_OK(CommitMetadataDeltaCommit(mdt, sync_time, std::move(writes), options));
  return true;
}

}  // namespace hoodie::internal
