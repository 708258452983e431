// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/column_stats_partition.cc
/// \brief The column_stats partition: its records for each instant
/// (HoodieTableMetadataUtil.convertMetadataToColumnStatsRecords) and its initialization
/// (initializeColumnStatsPartition).
#include <arrow/type.h>

#include "hoodie/common/logging.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/column_stats_files_internal.h"
#include "hoodie/metadata_writer/metadata_commit_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

namespace {

// The data-table partition path of a files record's key ("." is the table's root).
std::string PartitionPathOf(const std::string& partition_id) {
  return partition_id == MetadataPartitionId("") ? std::string() : partition_id;
}

// The columns a tombstone covers: the configured list, else every top-level column of
// the table's schema (the latest commit's) behind the meta fields (getColumnsToIndex).
::arrow::Result<std::vector<std::string>> IndexedColumns(const TableMetaClient& data_table,
                                                         const MetadataWriterOptions& options) {
  if (!options.column_stats_columns.empty()) return options.column_stats_columns;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, data_table.LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::optional<std::string> schema, timeline.LatestCommitSchema());
  std::vector<std::string> columns;
  if (!schema) return columns;
  ARROW_ASSIGN_OR_RAISE(auto arrow, AvroJsonToArrowSchema(*schema));
  const std::shared_ptr<::arrow::Schema> with_meta = AddMetadataFields(*arrow);
  for (const auto& field : with_meta->fields()) columns.push_back(field->name());
  return columns;
}

// The statistics of every Parquet base file `records` lists (written files, sizes
// known) and the tombstones of every one they delete, as cells.
::arrow::Result<std::vector<HFileRecord>> CellsOf(const TableMetaClient& data_table,
                                                  const FilesRecords& records,
                                                  const MetadataWriterOptions& options) {
  std::vector<HFileRecord> cells;
  std::optional<std::vector<std::string>> tombstone_columns;
  for (const auto& [key, record] : records) {
    if (record.type != MetadataRecordType::kFileList) continue;
    const std::string partition = PartitionPathOf(key);
    const std::string folder =
        partition.empty() ? data_table.base_path() : JoinPath(data_table.base_path(), partition);
    std::vector<ColumnStats> stats;
    for (const auto& [name, info] : record.entries) {
      if (!ParseBaseFileName(name).ok() || !name.ends_with(kParquetExtension)) continue;
      if (info.is_deleted) {
        if (!tombstone_columns) {
          ARROW_ASSIGN_OR_RAISE(tombstone_columns, IndexedColumns(data_table, options));
        }
        auto dead = ColumnStatsTombstones(name, *tombstone_columns);
        stats.insert(stats.end(), dead.begin(), dead.end());
        continue;
      }
      ARROW_ASSIGN_OR_RAISE(auto footer,
                            ParquetFooterColumnStats(data_table.storage().get(),
                                                     JoinPath(folder, name), info.size, name,
                                                     options.column_stats_columns));
      stats.insert(stats.end(), footer.begin(), footer.end());
    }
    ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> more, ColumnStatsCells(partition, stats));
    cells.insert(cells.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
  }
  return cells;
}

// The first initialization instant of `base` (the latest completed data instant) the
// metadata table has not used (generateUniqueCommitInstantTime): `010`, `011`, ...
::arrow::Result<std::string> FreeInitializationTime(const TableMetaClient& mdt,
                                                    const std::string& base) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.ReloadActiveTimeline());
  const Timeline commits = timeline.timeline().GetCommitsTimeline();
  for (int offset = 10;; ++offset) {
    std::string suffix = std::to_string(offset);
    suffix.insert(0, 3 - std::min<size_t>(3, suffix.size()), '0');
    if (!commits.ContainsTimestamp(base + suffix)) return base + suffix;
  }
}

}  // namespace

::arrow::Result<std::vector<FileGroupCells>> ColumnStatsWrites(const TableMetaClient& data_table,
                                                               const FilesRecords& records,
                                                               const MetadataWriterOptions& options) {
  std::vector<FileGroupCells> writes;
  if (!options.column_stats) return writes;
  ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, CellsOf(data_table, records, options));
  std::vector<std::vector<HFileRecord>> groups =
      RouteToFileGroups(std::move(cells), options.column_stats_file_groups);
  for (size_t i = 0; i < groups.size(); ++i) {
    writes.push_back(FileGroupCells{&kColumnStatsPartition, static_cast<int>(i),
                                    std::move(groups[i])});
  }
  return writes;
}

::arrow::Status InitializeColumnStats(TableMetaClient* data_table,
                                      const std::shared_ptr<TableMetaClient>& mdt,
                                      const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, data_table->LoadActiveTimeline());
  std::optional<Instant> last = timeline.timeline().FilterCompleted().LastInstant();
  ARROW_ASSIGN_OR_RAISE(std::string init_time,
                        FreeInitializationTime(*mdt, last ? last->timestamp
                                                          : std::string(14, '0')));
  // Every base file the files partition lists, as readers of the completed instants
  // see them.
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(*data_table, timeline));
  if (metadata == nullptr) {
    return ::arrow::Status::Invalid("the metadata table of ", data_table->base_path(),
                                    " has no files partition to build column_stats from");
  }
  ARROW_ASSIGN_OR_RAISE(FilesRecords listed, metadata->ReadFilesRecords());
  FilesRecords live;
  for (auto& [key, record] : listed) {
    if (record.type != MetadataRecordType::kFileList) continue;
    FilesRecord kept;
    for (const auto& [name, size] : record.Live()) kept.entries[name] = MetadataFileInfo{size, false};
    live.emplace(key, std::move(kept));
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<HFileRecord> cells, CellsOf(*data_table, live, options));
  LogInfo("initializing the column_stats partition of the metadata table of " +
          data_table->base_path() + " at " + init_time + ": " +
          std::to_string(cells.size()) + " records");
  ARROW_RETURN_NOT_OK(SetMetadataPartitionState(data_table, kColumnStatsPartition, false));
  ARROW_RETURN_NOT_OK(CommitMetadataInitialization(
      mdt, init_time, kColumnStatsPartition,
      RouteToFileGroups(std::move(cells), options.column_stats_file_groups), options));
  return SetMetadataPartitionState(data_table, kColumnStatsPartition, true);
}

}  // namespace hoodie::internal
