// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_initialization.cc
/// \brief initializeIfNeeded: the metadata table built from a listing of the data table.
#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "hoodie/common/logging.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata_writer/index_partitions_internal.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/metadata_table_guard_internal.h"
#include "hoodie/table/table_listing.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

namespace {

// HoodieTableMetadata.SOLO_COMMIT_TIMESTAMP and the files partition's initialization
// suffix (PARTITION_INITIALIZATION_TIME_SUFFIX, offset 0).
constexpr std::string_view kSoloCommitTimestamp = "00000000000000";
constexpr std::string_view kFilesInitSuffix = "010";

// The instant that made a data file: a base file's own, a log file's slice's (what
// FSUtils.getCommitTime gives); nullopt for a file of neither kind.
std::optional<std::string> CommitTimeOf(std::string_view name) {
  if (auto base = ParseBaseFileName(name); base.ok()) return base->instant_time;
  if (auto log = ParseLogFileName(name); log.ok()) return log->base_instant_time;
  return std::nullopt;
}

}  // namespace

// The data table's partitions and the files a reader of the instants up to
// `max_instant` sees there (DirectoryInfo of initializeFromFilesystem).
::arrow::Result<std::map<std::string, std::vector<FileStatus>>> ListCommittedFiles(
    const TableMetaClient& data_table, const std::string& max_instant,
    const std::set<std::string>& excluded) {
  std::shared_ptr<TableListing> listing = StorageTableListing::Of(data_table);
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> partitions, listing->AllPartitionPaths());
  std::map<std::string, std::vector<FileStatus>> out;
  for (const std::string& partition : partitions) {
    ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> files, listing->FilesInPartition(partition));
    std::vector<FileStatus>& kept = out[partition];
    for (FileStatus& file : files) {
      std::optional<std::string> instant = CommitTimeOf(file.name());
      if (!instant || *instant > max_instant) continue;
      std::string relative = partition.empty() ? std::string(file.name())
                                               : partition + "/" + std::string(file.name());
      if (excluded.contains(relative)) continue;
      kept.push_back(std::move(file));
    }
  }
  return out;
}

namespace {

::arrow::Status SetPartitionProperties(TableMetaClient* data_table,
                                       const std::vector<std::string>& completed,
                                       const std::vector<std::string>& inflight) {
  auto join = [](std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ",") + name;
    return out;
  };
  return data_table->UpdateTableConfig(
      {{std::string(TableConfig::kMetadataPartitions), join(completed)},
       {std::string(TableConfig::kMetadataPartitionsInflight), join(inflight)}},
      {});
}

::arrow::Result<std::shared_ptr<TableMetaClient>> Initialize(
    TableMetaClient* data_table, const std::string& current,
    const std::set<std::string>& excluded, const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, data_table->LoadActiveTimeline());
  const std::string pending = PendingBeside(timeline.timeline(), current);
  if (!pending.empty()) {
    LogWarning("cannot build the metadata table of " + data_table->base_path() +
               " while other instants are pending (" + pending +
               "); readers list storage until a write finds none pending");
    // One left from before (out of step) must not be read meanwhile.
    ARROW_RETURN_NOT_OK(DisableMetadataTable(data_table).status());
    return nullptr;
  }
  Storage* storage = data_table->storage().get();
  const std::string folder = MetadataTable::PathOf(data_table->base_path());
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(folder));
  if (exists) {
    LogInfo("deleting the metadata table at " + folder +
            ", which readers may not use, to build it again");
    ARROW_RETURN_NOT_OK(SetPartitionProperties(data_table, {}, {}));
    ARROW_RETURN_NOT_OK(storage->DeleteDir(folder));
  }
  std::optional<Instant> last = timeline.timeline().FilterCompleted().LastInstant();
  const std::string base = last ? last->timestamp : std::string(kSoloCommitTimestamp);
  const std::string init_time = base + std::string(kFilesInitSuffix);
  ARROW_RETURN_NOT_OK(SetPartitionProperties(data_table, {}, {std::string(kFilesPartition.name)}));
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<TableMetaClient> mdt,
                        CreateMetadataMetaClient(*data_table));
  ARROW_ASSIGN_OR_RAISE(auto files, ListCommittedFiles(*data_table, base, excluded));
  size_t count = 0;
  for (const auto& [partition, listed] : files) count += listed.size();
  LogInfo("initializing the metadata table of " + data_table->base_path() + " at " +
          init_time + ": " + std::to_string(files.size()) + " partitions, " +
          std::to_string(count) + " files");
  ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells,
                        FilesRecordCells(FilesRecordsOfListing(files)));
  ARROW_RETURN_NOT_OK(
      CommitMetadataInitialization(mdt, init_time, kFilesPartition, {cells}, options));
  ARROW_RETURN_NOT_OK(
      SetPartitionProperties(data_table, {std::string(kFilesPartition.name)}, {}));
  return mdt;
}

// deleteMetadataIndexIfNecessary: an index partition this writer does not keep would
// go stale, so it leaves the properties, then its folder goes. A partition hoodie does
// not know is some newer writer's: kept, and reported.
::arrow::Status DropUnkeptPartitions(TableMetaClient* data_table,
                                     const MetadataWriterOptions& options) {
  std::set<std::string_view> kept_names = {kFilesPartition.name};
  for (const auto& index : KeptIndexPartitions(*data_table, options)) {
    kept_names.insert(index->partition().name);
  }
  if (options.record_index) kept_names.insert(kRecordIndexPartition.name);
  std::vector<std::string> kept;
  std::vector<std::string> dropped;
  for (const std::string& name : data_table->table_config()->metadata_partitions()) {
    const bool known = std::any_of(std::begin(kMetadataPartitions), std::end(kMetadataPartitions),
                                   [&](const MetadataPartition* p) { return p->name == name; });
    (known && !kept_names.contains(name) ? dropped : kept).push_back(name);
    if (!known) {
      LogWarning("the metadata table of " + data_table->base_path() + " has a partition '" +
                 name + "' hoodie does not know; it is kept as it is");
    }
  }
  if (dropped.empty()) return ::arrow::Status::OK();
  ARROW_RETURN_NOT_OK(SetPartitionProperties(
      data_table, kept, data_table->table_config()->metadata_partitions_inflight()));
  for (const std::string& name : dropped) {
    const std::string folder = MetadataTable::PathOf(data_table->base_path()) + "/" + name;
    LogInfo("deleting metadata table partition " + folder +
            ": hoodie does not keep that index (hoodie.metadata.index.* is off)");
    ARROW_RETURN_NOT_OK(data_table->storage()->DeleteDir(folder));
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<std::shared_ptr<TableMetaClient>> OpenOrInitializeMetadataTable(
    TableMetaClient* data_table, const std::string& current,
    const std::set<std::string>& excluded, const MetadataWriterOptions& options,
    bool* initialized) {
  if (initialized != nullptr) *initialized = false;
  // Another writer may have built, dropped or extended it since the table was opened.
  ARROW_RETURN_NOT_OK(data_table->ReloadTableConfig());
  std::vector<std::string> partitions = data_table->table_config()->metadata_partitions();
  bool available = std::find(partitions.begin(), partitions.end(), kFilesPartition.name) !=
                   partitions.end();
  std::shared_ptr<TableMetaClient> mdt;
  if (available) {
    ARROW_ASSIGN_OR_RAISE(mdt, LoadMetadataMetaClient(*data_table));
  }
  if (mdt != nullptr) {
    // One that lacks a completed data instant lists too little: built again. The two
    // timelines tell; none of its files need reading.
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, data_table->LoadActiveTimeline());
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline mdt_timeline, mdt->LoadActiveTimeline());
    ::arrow::Status in_sync = CheckMetadataInSync(data_table->base_path(), timeline.timeline(),
                                                  mdt_timeline.timeline());
    if (!in_sync.ok()) {
      LogWarning(in_sync.message() + "; building it again from a listing");
      mdt = nullptr;
    }
  }
  if (mdt == nullptr) {
    ARROW_ASSIGN_OR_RAISE(mdt, Initialize(data_table, current, excluded, options));
    if (mdt == nullptr) return mdt;
    if (initialized != nullptr) *initialized = true;
  }
  ARROW_RETURN_NOT_OK(DropUnkeptPartitions(data_table, options));
  ARROW_RETURN_NOT_OK(InitializeIndexPartitions(data_table, mdt, options));
  return mdt;
}

// Their files, and the log files written onto the new slices of a pending compaction,
// have no place in a listing of completed instants yet.
std::string PendingBeside(const Timeline& timeline, const std::string& current) {
  std::string out;
  const Timeline pending = timeline.FilterPending();
  for (const Instant& instant : pending.instants()) {
    if (instant.timestamp == current || instant.action == Action::kIndexing) continue;
    out += (out.empty() ? "" : ", ") + instant.ToString();
  }
  return out;
}

::arrow::Status SetMetadataPartitionState(TableMetaClient* data_table,
                                         const MetadataPartition& partition, bool completed) {
  ARROW_RETURN_NOT_OK(data_table->ReloadTableConfig());
  std::vector<std::string> done = data_table->table_config()->metadata_partitions();
  std::vector<std::string> building =
      data_table->table_config()->metadata_partitions_inflight();
  const std::string name(partition.name);
  auto drop = [&](std::vector<std::string>* names) {
    names->erase(std::remove(names->begin(), names->end(), name), names->end());
  };
  drop(&done);
  drop(&building);
  (completed ? done : building).push_back(name);
  return SetPartitionProperties(data_table, done, building);
}

}  // namespace hoodie::internal
