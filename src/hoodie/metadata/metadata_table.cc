// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_table.cc
/// \brief HoodieBackedTableMetadata's read path: valid instants, file slices, merge.
#include "hoodie/metadata/metadata_table.h"

#include <algorithm>
#include <map>

#include <arrow/buffer.h>

#include "hoodie/common/logging.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/hfile/hfile_reader.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/metadata/files_record.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/rollback_metadata.h"
#include "hoodie/timeline_avro/savepoint_metadata.h"

namespace hoodie {

namespace {

// Hudi's instant time length in milliseconds (MILLIS_INSTANT_ID_LENGTH) and the suffixes
// of the metadata table's own operations (OperationSuffix: compaction 001 to rollback
// 006) and of partition initializations (010 and above).
constexpr size_t kMillisInstantLength = 17;
constexpr std::string_view kSoloCommitTimestamp = "00000000000000";

// HoodieTableMetadataUtil.isValidInstant: a deltacommit of the metadata table's own,
// named by the data instant it belongs to plus a three-digit operation suffix.
bool IsMetadataOnlyDeltaCommit(const Instant& instant) {
  if (instant.action != Action::kDeltaCommit) return false;
  const std::string& time = instant.timestamp;
  if (time.size() != kMillisInstantLength + 3) return false;
  std::string_view suffix = std::string_view(time).substr(kMillisInstantLength);
  return (suffix >= "001" && suffix <= "006") || suffix >= "010";
}

// Keeps one parsed schema per distinct schema text: every block of a metadata table
// carries the same HoodieMetadataRecord schema.
class SchemaCache {
 public:
  ::arrow::Result<const AvroNode*> Root(const std::string& json) {
    auto found = schemas_.find(json);
    if (found == schemas_.end()) {
      ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const AvroSchema> schema, AvroSchema::Parse(json));
      found = schemas_.emplace(json, std::move(schema)).first;
    }
    return &found->second->root();
  }

 private:
  std::map<std::string, std::shared_ptr<const AvroSchema>, std::less<>> schemas_;
};

::arrow::Status VisitValue(std::string_view key, std::string_view value,
                           const AvroNode& schema, std::string_view where,
                           const MetadataRecordVisitor& visit) {
  ::arrow::Result<AvroValue> record = DecodeAvroBinary(&value, schema, schema);
  if (!record.ok()) {
    return ::arrow::Status::Invalid("metadata record '", key, "' of ", where,
                                    " does not decode: ", record.status().message());
  }
  return visit(key, &*record);
}

// The cells of `reader` (a base HFile or the HFile of a log block) whose keys `keys`
// selects, in key order: a scan for all or by prefix, else a point lookup of each key.
::arrow::Status VisitSelectedCells(HFileReader* reader, const MetadataKeys& keys,
                                   const HFileReader::CellVisitor& each) {
  if (keys.all) return reader->Scan("", each);
  for (const std::string& key : keys.keys) {
    if (keys.prefix) {
      ARROW_RETURN_NOT_OK(reader->Scan(key, each));
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(std::optional<std::string> value, reader->Get(key));
    if (value) ARROW_RETURN_NOT_OK(each(key, *value));
  }
  return ::arrow::Status::OK();
}

}  // namespace

MetadataKeys MetadataKeys::Exactly(std::vector<std::string> keys) {
  MetadataKeys out;
  out.all = false;
  std::sort(keys.begin(), keys.end());
  out.keys = std::move(keys);
  return out;
}

MetadataKeys MetadataKeys::WithPrefixes(std::vector<std::string> prefixes) {
  MetadataKeys out = Exactly(std::move(prefixes));
  out.prefix = true;
  return out;
}

bool MetadataKeys::Matches(std::string_view key) const {
  if (all) return true;
  if (!prefix) return std::binary_search(keys.begin(), keys.end(), key);
  return std::any_of(keys.begin(), keys.end(),
                     [&](const std::string& p) { return key.starts_with(p); });
}

std::string MetadataTable::PathOf(std::string_view base_path) {
  return std::string(base_path) + "/" + std::string(TableMetaClient::kMetaFolder) +
         "/metadata";
}

MetadataTable::~MetadataTable() = default;

::arrow::Result<std::shared_ptr<const MetadataTable>> MetadataTable::Open(
    const TableMetaClient& data_table, const ActiveTimeline& data_timeline) {
  std::vector<std::string> partitions = data_table.table_config()->metadata_partitions();
  if (std::find(partitions.begin(), partitions.end(), kFilesPartition.name) ==
      partitions.end()) {
    return nullptr;
  }
  const std::string path = PathOf(data_table.base_path());
  ARROW_ASSIGN_OR_RAISE(bool exists, TableMetaClient::Exists(*data_table.storage(), path));
  if (!exists) return nullptr;
  std::shared_ptr<MetadataTable> table(new MetadataTable());
  table->data_base_path_ = data_table.base_path();
  table->partitions_.insert(partitions.begin(), partitions.end());
  ARROW_ASSIGN_OR_RAISE(table->meta_client_,
                        TableMetaClient::Load(data_table.storage(), path));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->meta_client_->LoadActiveTimeline());
  ARROW_RETURN_NOT_OK(table->LoadValidInstants(data_timeline, timeline));
  ARROW_ASSIGN_OR_RAISE(table->view_, FileSystemView::Make(*table->meta_client_, timeline));
  return std::shared_ptr<const MetadataTable>(std::move(table));
}

// HoodieTableMetadataUtil.getValidInstantTimestamps: the data table's completed
// instants, the metadata table's own deltacommits, the instants the data table's
// rollbacks and restores undid (their metadata-table deltacommits stay readable until
// the deltacommit of the rollback itself lands), the metadata table's rollbacks and
// restores, and its initialization instants.
::arrow::Status MetadataTable::LoadValidInstants(const ActiveTimeline& data_timeline,
                                                 const ActiveTimeline& timeline) {
  Timeline data_completed = data_timeline.timeline().FilterCompleted();
  for (const Instant& instant : data_completed.instants()) {
    valid_instants_.insert(instant.timestamp);
  }
  completed_ = timeline.timeline().FilterCompleted();
  for (const Instant& instant : completed_.instants()) {
    bool own = IsMetadataOnlyDeltaCommit(instant) || instant.action == Action::kRollback ||
               instant.action == Action::kRestore ||
               (instant.action == Action::kDeltaCommit &&
                instant.timestamp.starts_with(kSoloCommitTimestamp));
    if (own) valid_instants_.insert(instant.timestamp);
  }
  const std::string earliest = valid_instants_.empty()
                                   ? std::string(kSoloCommitTimestamp)
                                   : *valid_instants_.begin();
  Timeline undo = data_timeline.timeline()
                      .FilterByActions({Action::kRollback, Action::kRestore})
                      .FilterCompleted()
                      .FindInstantsAfter(earliest);
  for (const Instant& instant : undo.instants()) {
    if (instant.action == Action::kRollback) {
      ARROW_ASSIGN_OR_RAISE(RollbackMetadata rollback,
                            data_timeline.ReadAvro<RollbackMetadata>(instant));
      valid_instants_.insert(rollback.commits_rollback.begin(),
                             rollback.commits_rollback.end());
    } else {
      ARROW_ASSIGN_OR_RAISE(RestoreMetadata restore,
                            data_timeline.ReadAvro<RestoreMetadata>(instant));
      valid_instants_.insert(restore.instants_to_rollback.begin(),
                             restore.instants_to_rollback.end());
    }
  }
  scan_timeline_ = std::make_unique<internal::LogScanTimeline>(
      internal::SnapshotLogScanTimeline(timeline.timeline(), std::nullopt));
  // A scan stops at the first block after its latest instant. The metadata table's is
  // its last completed instant of any action (HoodieBackedTableMetadata's
  // latestMetadataInstant), not only of its commits: a rollback's command block, stamped
  // with the rollback's instant, may sit before later deltacommits' blocks in file order,
  // and the scan must not stop there.
  if (std::optional<Instant> last = timeline.timeline().FilterCompleted().LastInstant()) {
    scan_timeline_->latest_instant = std::max(scan_timeline_->latest_instant, last->timestamp);
  }
  scan_timeline_->valid_instants = valid_instants_;
  latest_instant_ = scan_timeline_->latest_instant;
  return ::arrow::Status::OK();
}

::arrow::Status CheckMetadataInSync(const std::string& base_path, const Timeline& data,
                                    const Timeline& metadata) {
  const Timeline completed = metadata.FilterCompleted();
  std::optional<Instant> first = completed.FirstInstant();
  if (!first) {
    return ::arrow::Status::Invalid("the metadata table of ", base_path,
                                    " has no completed instant");
  }
  const Timeline data_completed = data.FilterCompleted();
  for (const Instant& instant : data_completed.instants()) {
    if (instant.action == Action::kSavepoint || !(first->timestamp < instant.timestamp)) {
      continue;
    }
    if (instant.action == Action::kRestore || instant.action == Action::kClean ||
        instant.action == Action::kRollback) {
      // The metadata table's own restore, at a later instant, stands for a data
      // restore (Hudi restores the metadata table at a new instant, not at the data
      // table's) and for the cleans and rollbacks it undid in the metadata table, which
      // its sync deltacommit then brought in step with storage.
      if (!completed.FilterByActions({Action::kRestore})
               .FindInstantsAfter(instant.timestamp)
               .Empty()) {
        continue;
      }
    }
    if (!completed.ContainsTimestamp(instant.timestamp)) {
      return ::arrow::Status::Invalid(
          "the metadata table of ", base_path, " is out of sync: data instant ",
          instant.timestamp, " (", ActionName(instant.action),
          ") has no completed deltacommit in it");
    }
  }
  return ::arrow::Status::OK();
}

::arrow::Status MetadataTable::CheckInSync(const ActiveTimeline& data_timeline) const {
  return CheckMetadataInSync(data_base_path_, data_timeline.timeline(), completed_);
}

std::vector<FileSlice> MetadataTable::LatestFileSlices(
    const MetadataPartition& partition) const {
  return view_->LatestFileSlicesInPartition(partition.name, latest_instant_);
}

::arrow::Status MetadataTable::Read(const MetadataPartition& partition,
                                    const MetadataKeys& keys,
                                    const MetadataRecordVisitor& visit) const {
  for (const FileSlice& slice : LatestFileSlices(partition)) {
    ARROW_RETURN_NOT_OK(ReadSlice(slice, keys, visit));
  }
  return ::arrow::Status::OK();
}

::arrow::Status MetadataTable::ReadSlice(const FileSlice& slice, const MetadataKeys& keys,
                                         const MetadataRecordVisitor& visit) const {
  if (slice.base_file) ARROW_RETURN_NOT_OK(ReadBaseFile(*slice.base_file, keys, visit));
  return ReadLogBlocks(slice.log_files, keys, visit);
}

::arrow::Status MetadataTable::ReadBaseFile(const BaseFile& base, const MetadataKeys& keys,
                                            const MetadataRecordVisitor& visit) const {
  // The listing gave the size: no status request before the reads.
  const std::string& path = base.path;
  ARROW_ASSIGN_OR_RAISE(auto file, meta_client_->storage()->OpenListed(path, base.size));
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<HFileReader> reader,
                        HFileReader::Open(file, base.size, path));
  std::optional<std::string_view> schema_json = reader->FileInfo("schema");
  if (!schema_json) {
    return ::arrow::Status::Invalid("metadata table base file ", path,
                                    " has no 'schema' in its file info");
  }
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const AvroSchema> schema,
                        AvroSchema::Parse(*schema_json));
  return VisitSelectedCells(reader.get(), keys,
                            [&](std::string_view key, std::string_view value) {
                              return VisitValue(key, value, schema->root(), path, visit);
                            });
}

::arrow::Status MetadataTable::ReadLogBlocks(const std::vector<LogFile>& logs,
                                             const MetadataKeys& keys,
                                             const MetadataRecordVisitor& visit) const {
  if (logs.empty()) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(
      std::vector<LogBlock> blocks,
      internal::ScanLogBlocks(meta_client_->storage().get(), logs, *scan_timeline_));
  SchemaCache schemas;
  for (const LogBlock& block : blocks) {
    const std::string where = "the block of instant " + block.instant_time() + " in " +
                              logs.front().path.substr(0, logs.front().path.rfind('/'));
    if (block.type == LogBlockType::kDelete) {
      ARROW_ASSIGN_OR_RAISE(std::vector<DeleteRecord> deletes,
                            DecodeDeleteBlock(block.content));
      for (const DeleteRecord& deleted : deletes) {
        if (deleted.record_key && keys.Matches(*deleted.record_key)) {
          ARROW_RETURN_NOT_OK(visit(*deleted.record_key, nullptr));
        }
      }
      continue;
    }
    if (block.type != LogBlockType::kHFileData) {
      return ::arrow::Status::Invalid("metadata table log ", where, " is a ",
                                      LogBlockTypeName(block.type),
                                      "; the metadata table holds HFile data blocks");
    }
    std::optional<std::string> schema_json =
        FindLogMetadata(block.header, LogHeaderKey::kSchema);
    if (!schema_json) {
      return ::arrow::Status::Invalid("metadata table log ", where, " has no SCHEMA header");
    }
    ARROW_ASSIGN_OR_RAISE(const AvroNode* schema, schemas.Root(*schema_json));
    // The block's HFile read in place: a lookup decodes only the cells it selects.
    ARROW_ASSIGN_OR_RAISE(
        std::unique_ptr<HFileReader> reader,
        HFileReader::Open(std::make_shared<::arrow::Buffer>(
                              reinterpret_cast<const uint8_t*>(block.content.data()),
                              static_cast<int64_t>(block.content.size())),
                          "in " + where));
    ARROW_RETURN_NOT_OK(VisitSelectedCells(
        reader.get(), keys, [&](std::string_view key, std::string_view value) {
          return VisitValue(key, value, *schema, where, visit);
        }));
  }
  return ::arrow::Status::OK();
}

namespace {

// Folds one version of a files record into `merged` (HoodieMetadataPayload.preCombine):
// a delete drops the key.
::arrow::Status MergeFilesVersion(std::string_view key, const AvroValue* record,
                                  std::map<std::string, FilesRecord>* merged) {
  if (record == nullptr) {
    merged->erase(std::string(key));
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(FilesRecord files, FilesRecordOf(*record));
  auto [it, inserted] = merged->try_emplace(std::string(key), files);
  if (!inserted) it->second = CombineFilesRecords(it->second, files);
  return ::arrow::Status::OK();
}

// The merged files record of `key`, or nullopt when the partition has none.
::arrow::Result<std::optional<FilesRecord>> MergedFilesRecord(const MetadataTable& table,
                                                              const std::string& key) {
  std::map<std::string, FilesRecord> merged;
  ARROW_RETURN_NOT_OK(table.Read(kFilesPartition, MetadataKeys::Exactly({key}),
                                 [&](std::string_view k, const AvroValue* record) {
                                   return MergeFilesVersion(k, record, &merged);
                                 }));
  auto found = merged.find(key);
  if (found == merged.end()) return std::nullopt;
  return std::move(found->second);
}

}  // namespace

::arrow::Result<std::map<std::string, FilesRecord>> MetadataTable::ReadFilesRecords() const {
  std::map<std::string, FilesRecord> merged;
  ARROW_RETURN_NOT_OK(Read(kFilesPartition, MetadataKeys::All(),
                           [&](std::string_view key, const AvroValue* record) {
                             return MergeFilesVersion(key, record, &merged);
                           }));
  return merged;
}

std::vector<std::string> MetadataTable::PartitionPathsOf(const FilesRecord& record) {
  std::vector<std::string> out;
  for (const auto& [name, size] : record.Live()) {
    out.push_back(name == MetadataPartitionId("") ? "" : name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<FileStatus> MetadataTable::FileStatusesOf(const std::string& partition,
                                                      const FilesRecord& record) const {
  const std::string folder =
      partition.empty() ? data_base_path_ : data_base_path_ + "/" + partition;
  std::vector<FileStatus> out;
  for (const auto& [name, size] : record.Live()) {
    FileStatus status;
    status.path = folder + "/" + name;
    status.size = size;
    out.push_back(std::move(status));
  }
  return out;
}

::arrow::Result<std::vector<std::string>> MetadataTable::AllPartitionPaths() const {
  ARROW_ASSIGN_OR_RAISE(std::optional<FilesRecord> record,
                        MergedFilesRecord(*this, std::string(kAllPartitionsKey)));
  if (!record) return std::vector<std::string>();
  return PartitionPathsOf(*record);
}

::arrow::Result<std::vector<FileStatus>> MetadataTable::FilesInPartition(
    const std::string& partition) const {
  ARROW_ASSIGN_OR_RAISE(std::optional<FilesRecord> record,
                        MergedFilesRecord(*this, MetadataPartitionId(partition)));
  if (!record) return std::vector<FileStatus>();
  return FileStatusesOf(partition, *record);
}

}  // namespace hoodie
