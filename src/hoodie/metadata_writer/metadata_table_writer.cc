// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_table_writer.cc
/// \brief HoodieBackedTableMetadataWriter.update for each action, in Hudi's order.
#include "hoodie/metadata_writer/metadata_table_writer.h"

#include "hoodie/concurrency/concurrency_control.h"

#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/metadata/files_partition_records.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/metadata_table_listing.h"
#include "hoodie/metadata_writer/index_partitions_internal.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/metadata_writer/record_index_partition_internal.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/in_process_lock.h"
#include "hoodie/table/metadata_table_guard_internal.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/rollback_metadata.h"

namespace hoodie {

namespace {

// HoodieTableMetadataUtil.OperationSuffix.ROLLBACK.
constexpr std::string_view kRollbackSuffix = "006";

// The files a write is committing, relative to the base path: its own deltacommit lists
// them, so a metadata table initialized during that commit leaves them out.
std::set<std::string> FilesOf(const CommitMetadata* metadata) {
  std::set<std::string> files;
  if (metadata == nullptr) return files;
  for (const WriteStat& stat : metadata->AllWriteStats()) {
    if (stat.path) files.insert(*stat.path);
  }
  return files;
}

// update(HoodieRollbackMetadata): the rolled-back instants' own deltacommits go too,
// as rollbacks named `R006`; one already compacted into a base file cannot be taken
// out, so the metadata table is disabled and rebuilt by the next write.
::arrow::Status RollBackDeltaCommits(TableMetaClient* data_table,
                                     const std::shared_ptr<TableMetaClient>& mdt,
                                     const RollbackMetadata& rollback,
                                     const std::string& rollback_time) {
  for (const std::string& target : rollback.commits_rollback) {
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt->ReloadActiveTimeline());
    const Timeline& all = timeline.timeline();
    if (!all.GetDeltaCommitTimeline().ContainsTimestamp(target)) continue;
    std::optional<Instant> compacted =
        all.FilterCompleted().GetCommitTimeline().LastInstant();
    if (compacted && target <= compacted->timestamp) {
      LogWarning("rolled-back instant " + target +
                 " is compacted into the metadata table (compaction " +
                 compacted->timestamp + "); disabling the metadata table, which the next "
                 "write rebuilds");
      return internal::DisableMetadataTable(data_table).status();
    }
    RollbackOptions options = internal::MetadataRollbackOptions();
    options.rollback_instant_time = rollback_time + std::string(kRollbackSuffix);
    ARROW_RETURN_NOT_OK(RollbackInstant(*mdt, target, options).status());
  }
  return ::arrow::Status::OK();
}

// A rollback planned from markers names the failed commit's log files with size 1 (it
// never knew them; Hudi records the same placeholder), and a marker may name a log file
// its writer never got to write: the metadata table gets the real sizes, which readers
// size their reads by, and no file that is not there.
::arrow::Status ResolvePlaceholderSizes(const TableMetaClient& table, FilesRecords* records) {
  Storage* storage = table.storage().get();
  for (auto& [key, record] : *records) {
    if (record.type != MetadataRecordType::kFileList) continue;
    const std::string folder =
        key == MetadataPartitionId("") ? table.base_path() : table.base_path() + "/" + key;
    for (auto it = record.entries.begin(); it != record.entries.end();) {
      MetadataFileInfo& info = it->second;
      if (info.is_deleted || info.size > 1) {
        ++it;
        continue;
      }
      const std::string path = folder + "/" + it->first;
      ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(path));
      if (!exists) {
        it = record.entries.erase(it);
        continue;
      }
      ARROW_ASSIGN_OR_RAISE(FileStatus status, storage->GetFileStatus(path));
      info.size = status.size;
      ++it;
    }
  }
  return ::arrow::Status::OK();
}

// What the instant adds to the `files` partition (convertMetadataToRecords), into
// `records`; a rollback's metadata into `rollback`. \return false when the context does
// not carry the instant's metadata yet (a pre-commit before the action's work, which
// Commit repeats with it) or the action leaves the metadata table alone (savepoints).
::arrow::Result<bool> RecordsOf(const PreCommitContext& context, FilesRecords* records,
                                std::optional<RollbackMetadata>* rollback) {
  switch (context.inflight.action) {
    case Action::kCommit:
    case Action::kDeltaCommit:
    case Action::kReplaceCommit:
    case Action::kCompaction:
    case Action::kLogCompaction:
      if (context.commit_metadata == nullptr) return false;
      *records = FilesRecordsOfCommit(*context.commit_metadata);
      return true;
    case Action::kClean: {
      if (context.action_metadata.empty()) return false;
      ARROW_ASSIGN_OR_RAISE(CleanMetadata clean,
                            CleanMetadata::FromAvroBytes(context.action_metadata));
      *records = FilesRecordsOfClean(clean);
      return true;
    }
    case Action::kRollback: {
      if (context.action_metadata.empty()) return false;
      ARROW_ASSIGN_OR_RAISE(*rollback,
                            RollbackMetadata::FromAvroBytes(context.action_metadata));
      *records = FilesRecordsOfRollback(**rollback);
      ARROW_RETURN_NOT_OK(ResolvePlaceholderSizes(context.table, records));
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

::arrow::Status MetadataTableWriter::Apply(const PreCommitContext& context) {
  const Instant& instant = context.inflight;
  if (instant.action == Action::kRestore) {
    // Once the restore's rollbacks are done (its metadata at hand), as finishRestore.
    if (context.action_metadata.empty()) return ::arrow::Status::OK();
    return internal::RestoreMetadataTable(&context.table, instant, options_).status();
  }
  FilesRecords records;
  std::optional<RollbackMetadata> rollback;
  ARROW_ASSIGN_OR_RAISE(bool applies, RecordsOf(context, &records, &rollback));
  if (!applies) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<TableMetaClient> mdt,
                        internal::OpenOrInitializeMetadataTable(
                            &context.table, instant.timestamp,
                            FilesOf(context.commit_metadata), options_));
  if (mdt == nullptr) return ::arrow::Status::OK();  // not buildable yet: nothing to keep
  // performTableServices, then the instant's own deltacommit.
  ARROW_RETURN_NOT_OK(internal::RollBackEarlierAttempts(*mdt, instant.timestamp));
  ARROW_RETURN_NOT_OK(internal::CleanMetadataTableIfDue(mdt, options_).status());
  ARROW_RETURN_NOT_OK(internal::CompactMetadataTableIfDue(&context.table, mdt,
                                                          instant.timestamp, options_)
                          .status());
  ARROW_RETURN_NOT_OK(internal::ArchiveMetadataTable(&context.table, mdt, options_).status());
  // The instant's records: files, then the index partitions kept.
  std::vector<internal::FileGroupCells> writes;
  ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, internal::FilesRecordCells(records));
  writes.push_back(internal::FileGroupCells{&kFilesPartition, 0, std::move(cells), {}});
  ARROW_ASSIGN_OR_RAISE(
      std::vector<internal::FileGroupCells> indexes,
      internal::IndexPartitionWrites(context.table, records, context.commit_metadata,
                                     instant.timestamp, options_));
  std::move(indexes.begin(), indexes.end(), std::back_inserter(writes));
  ARROW_ASSIGN_OR_RAISE(std::vector<internal::FileGroupCells> record_index,
                        internal::RecordIndexWrites(context));
  std::move(record_index.begin(), record_index.end(), std::back_inserter(writes));
  ARROW_RETURN_NOT_OK(internal::CommitMetadataDeltaCommit(mdt, instant.timestamp,
                                                          std::move(writes), options_));
  if (rollback) {
    ARROW_RETURN_NOT_OK(
        RollBackDeltaCommits(&context.table, mdt, *rollback, instant.timestamp));
  }
  return ::arrow::Status::OK();
}

::arrow::Status ConfigureMetadataTable(TableMetaClient* table,
                                          const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(bool enabled, config.Get(MetadataConfig::kEnable));
  auto hooks = std::make_shared<CommitHooks>(*table->commit_hooks());
  if (enabled) {
    ARROW_ASSIGN_OR_RAISE(MetadataWriterOptions options,
                          MetadataWriterOptions::FromConfig(config));
    hooks->metadata_table = std::make_shared<MetadataTableWriter>(options);
    // Writers of one table in this process (a streamer and its asynchronous
    // compaction) share its metadata table: their instants complete one at a time, as
    // Hudi configures its InProcessLockProvider with asynchronous services.
    if (hooks->lock == nullptr) {
      hooks->lock = InProcessLockManager(table->base_path());
    }
    table->SetListingFactory(&MetadataTableListing::Make);
  } else {
    hooks->metadata_table = std::make_shared<DisableMetadataTableStep>();
    table->SetListingFactory(nullptr);
  }
  table->SetCommitHooks(std::move(hooks));
  return ::arrow::Status::OK();
}

::arrow::Status ConfigureCommitHooks(TableMetaClient* table, const HoodieConfig& config) {
  ARROW_RETURN_NOT_OK(ConfigureConcurrency(table, config));
  return ConfigureMetadataTable(table, config);
}

::arrow::Result<bool> InitializeMetadataTable(TableMetaClient* table,
                                              const MetadataWriterOptions& options) {
  bool built = false;
  ARROW_ASSIGN_OR_RAISE(
      std::shared_ptr<TableMetaClient> mdt,
      internal::OpenOrInitializeMetadataTable(table, "", {}, options, &built));
  if (mdt == nullptr) {
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
    return ::arrow::Status::Invalid(
        "the metadata table of ", table->base_path(), " cannot be built while instants "
        "are pending (", internal::PendingBeside(timeline.timeline(), ""),
        "); complete or roll them back (hoodie compaction run, hoodie rollback) and retry");
  }
  return built;
}

::arrow::Result<bool> DeleteMetadataTable(TableMetaClient* table) {
  return internal::DisableMetadataTable(table);
}

}  // namespace hoodie
