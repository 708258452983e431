// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/index_partitions.cc
/// \brief The bloom_filters and column_stats partitions: their records for each instant
/// and their initialization (initializeBloomFiltersPartition,
/// initializeColumnStatsPartition).
#include <algorithm>
#include <iterator>

#include <arrow/type.h>

#include "hoodie/common/logging.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/parquet_file_reader.h"
#include "hoodie/metadata/footer_index_records_internal.h"
#include "hoodie/metadata/metadata_record_schema.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata_writer/index_partitions_internal.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/metadata_writer/record_index_partition_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

namespace {

// The data-table partition path of a files record's key ("." is the table's root).
std::string PartitionPathOf(const std::string& partition_id) {
  return partition_id == MetadataPartitionId("") ? std::string() : partition_id;
}

// bloom_filters: each base file's bloom filter from its footer, stamped with the file's
// instant; a deleted file's entry is a tombstone stamped with the deleting instant.
class BloomFiltersPartition : public IndexPartition {
 public:
  explicit BloomFiltersPartition(const MetadataWriterOptions& options)
      : file_groups_(options.bloom_filters_file_groups) {}
  const MetadataPartition& partition() const override { return kBloomFiltersPartition; }
  int file_groups() const override { return file_groups_; }

  ::arrow::Result<std::vector<HFileRecord>> Added(const std::string& partition,
                                                  const std::string& name,
                                                  const parquet::FileMetaData& footer) override {
    ARROW_ASSIGN_OR_RAISE(BaseFileName parsed, ParseBaseFileName(name));
    std::optional<BloomFilterEntry> entry = FooterBloomFilter(footer, parsed.instant_time);
    if (!entry) return std::vector<HFileRecord>();
    return Cell(partition, name, *entry);
  }

  ::arrow::Result<std::vector<HFileRecord>> Deleted(const std::string& partition,
                                                    const std::string& name,
                                                    const std::string& instant) override {
    BloomFilterEntry tombstone;
    tombstone.timestamp = instant;
    tombstone.is_deleted = true;
    return Cell(partition, name, tombstone);
  }

 private:
  static ::arrow::Result<std::vector<HFileRecord>> Cell(const std::string& partition,
                                                        const std::string& name,
                                                        const BloomFilterEntry& entry) {
    ARROW_ASSIGN_OR_RAISE(std::string value, EncodeMetadataRecord(BloomFilterRecordValue(entry)));
    std::vector<HFileRecord> cells;
    cells.emplace_back(BloomFilterIndexKey(partition, name), std::move(value));
    return cells;
  }

  int file_groups_;
};

// column_stats: each base file's footer statistics of the indexed columns; a deleted
// file's are tombstones.
class ColumnStatsPartition : public IndexPartition {
 public:
  ColumnStatsPartition(const TableMetaClient& data_table, const MetadataWriterOptions& options)
      : data_table_(data_table),
        file_groups_(options.column_stats_file_groups),
        columns_(options.column_stats_columns) {}
  const MetadataPartition& partition() const override { return kColumnStatsPartition; }
  int file_groups() const override { return file_groups_; }

  ::arrow::Result<std::vector<HFileRecord>> Added(const std::string& partition,
                                                  const std::string& name,
                                                  const parquet::FileMetaData& footer) override {
    return ColumnStatsCells(partition, FooterColumnStats(footer, name, columns_));
  }

  ::arrow::Result<std::vector<HFileRecord>> Deleted(const std::string& partition,
                                                    const std::string& name,
                                                    const std::string& /*instant*/) override {
    if (!tombstone_columns_) {
      ARROW_ASSIGN_OR_RAISE(tombstone_columns_, IndexedColumns());
    }
    return ColumnStatsCells(partition, ColumnStatsTombstones(name, *tombstone_columns_));
  }

  ::arrow::Result<std::vector<HFileRecord>> Appended(
      const std::string& partition, const std::vector<ColumnStats>& column_stats) override {
    return ColumnStatsCells(partition, column_stats);
  }

 private:
  // The columns a tombstone covers: the configured list, else every top-level column of
  // the table's schema (the latest commit's) behind the meta fields (getColumnsToIndex).
  ::arrow::Result<std::vector<std::string>> IndexedColumns() const {
    if (!columns_.empty()) return columns_;
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, data_table_.LoadActiveTimeline());
    ARROW_ASSIGN_OR_RAISE(std::optional<std::string> schema, timeline.LatestCommitSchema());
    std::vector<std::string> columns;
    if (!schema) return columns;
    ARROW_ASSIGN_OR_RAISE(auto arrow, AvroJsonToArrowSchema(*schema));
    const std::shared_ptr<::arrow::Schema> with_meta = AddMetadataFields(*arrow);
    for (const auto& field : with_meta->fields()) columns.push_back(field->name());
    return columns;
  }

  const TableMetaClient& data_table_;
  int file_groups_;
  std::vector<std::string> columns_;
  std::optional<std::vector<std::string>> tombstone_columns_;
};

// The cells each of `indexes` holds for the Parquet base files `records` adds (sizes
// known; each footer read once for all of them) and deletes (by `instant`).
::arrow::Result<std::vector<std::vector<HFileRecord>>> CellsOf(
    const TableMetaClient& data_table, const FilesRecords& records, const std::string& instant,
    const std::vector<IndexPartition*>& indexes) {
  std::vector<std::vector<HFileRecord>> cells(indexes.size());
  if (indexes.empty()) return cells;
  auto add = [&](size_t i, std::vector<HFileRecord> more) {
    std::move(more.begin(), more.end(), std::back_inserter(cells[i]));
  };
  for (const auto& [key, record] : records) {
    if (record.type != MetadataRecordType::kFileList) continue;
    const std::string partition = PartitionPathOf(key);
    const std::string folder =
        partition.empty() ? data_table.base_path() : JoinPath(data_table.base_path(), partition);
    for (const auto& [name, info] : record.entries) {
      if (!ParseBaseFileName(name).ok() || !name.ends_with(kParquetExtension)) continue;
      if (info.is_deleted) {
        for (size_t i = 0; i < indexes.size(); ++i) {
          ARROW_ASSIGN_OR_RAISE(auto more, indexes[i]->Deleted(partition, name, instant));
          add(i, std::move(more));
        }
        continue;
      }
      ARROW_ASSIGN_OR_RAISE(auto footer, ReadParquetFooter(*data_table.storage(),
                                                           JoinPath(folder, name), info.size));
      for (size_t i = 0; i < indexes.size(); ++i) {
        ARROW_ASSIGN_OR_RAISE(auto more, indexes[i]->Added(partition, name, *footer));
        add(i, std::move(more));
      }
    }
  }
  return cells;
}

// The first initialization instant of `base` (the latest completed data instant) the
// metadata table has not used (generateUniqueCommitInstantTime): `010`, `011`, ...
::arrow::Result<std::string> FreeInitializationTime(const TableMetaClient& mdt,
                                                    const std::string& base) {
  // This process made every instant since the metadata table was opened: its cached
  // listing (refreshed after each of them) is current.
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, mdt.LoadActiveTimeline());
  const Timeline commits = timeline.timeline().GetCommitsTimeline();
  for (int offset = 10;; ++offset) {
    std::string suffix = std::to_string(offset);
    suffix.insert(0, 3 - std::min<size_t>(3, suffix.size()), '0');
    if (!commits.ContainsTimestamp(base + suffix)) return base + suffix;
  }
}

// Every live file the `files` partition lists, as readers of the completed instants see
// them.
::arrow::Result<FilesRecords> ListedFiles(const TableMetaClient& data_table,
                                          const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(data_table, timeline));
  if (metadata == nullptr) {
    return ::arrow::Status::Invalid("the metadata table of ", data_table.base_path(),
                                    " has no files partition to build an index from");
  }
  ARROW_ASSIGN_OR_RAISE(FilesRecords listed, metadata->ReadFilesRecords());
  FilesRecords live;
  for (auto& [key, record] : listed) {
    if (record.type != MetadataRecordType::kFileList) continue;
    FilesRecord kept;
    for (const auto& [name, size] : record.Live()) kept.entries[name] = MetadataFileInfo{size, false};
    live.emplace(key, std::move(kept));
  }
  return live;
}

}  // namespace

std::vector<std::unique_ptr<IndexPartition>> KeptIndexPartitions(
    const TableMetaClient& data_table, const MetadataWriterOptions& options) {
  std::vector<std::unique_ptr<IndexPartition>> kept;
  if (options.bloom_filters) {
    kept.push_back(std::make_unique<BloomFiltersPartition>(options));
  }
  if (options.column_stats) {
    kept.push_back(std::make_unique<ColumnStatsPartition>(data_table, options));
  }
  return kept;
}

::arrow::Result<std::vector<FileGroupCells>> IndexPartitionWrites(
    const TableMetaClient& data_table, const FilesRecords& records, const CommitMetadata* commit,
    const std::string& instant, const MetadataWriterOptions& options) {
  std::vector<std::unique_ptr<IndexPartition>> kept = KeptIndexPartitions(data_table, options);
  std::vector<IndexPartition*> indexes;
  for (const auto& index : kept) indexes.push_back(index.get());
  ARROW_ASSIGN_OR_RAISE(auto cells, CellsOf(data_table, records, instant, indexes));
  if (commit != nullptr) {
    // translateWriteStatToColumnStats: a log append's statistics come with its stat.
    for (const auto& [partition, stats] : commit->partition_to_write_stats) {
      for (const WriteStat& stat : stats) {
        if (!stat.delta || stat.delta->column_stats.empty()) continue;
        for (size_t i = 0; i < indexes.size(); ++i) {
          ARROW_ASSIGN_OR_RAISE(auto more, indexes[i]->Appended(partition, stat.delta->column_stats));
          std::move(more.begin(), more.end(), std::back_inserter(cells[i]));
        }
      }
    }
  }
  std::vector<FileGroupCells> writes;
  for (size_t i = 0; i < indexes.size(); ++i) {
    std::vector<std::vector<HFileRecord>> groups =
        RouteToFileGroups(std::move(cells[i]), indexes[i]->file_groups());
    for (size_t group = 0; group < groups.size(); ++group) {
      writes.push_back(FileGroupCells{&indexes[i]->partition(), static_cast<int>(group),
                                      std::move(groups[group]), {}});
    }
  }
  return writes;
}

::arrow::Status InitializeIndexPartitions(TableMetaClient* data_table,
                                          const std::shared_ptr<TableMetaClient>& mdt,
                                          const MetadataWriterOptions& options) {
  std::vector<std::unique_ptr<IndexPartition>> kept = KeptIndexPartitions(*data_table, options);
  const std::vector<std::string> built = data_table->table_config()->metadata_partitions();
  auto is_built = [&](const MetadataPartition& partition) {
    return std::find(built.begin(), built.end(), partition.name) != built.end();
  };
  std::vector<IndexPartition*> missing;
  for (const auto& index : kept) {
    if (!is_built(index->partition())) missing.push_back(index.get());
  }
  const bool record_index = options.record_index && !is_built(kRecordIndexPartition);
  if (missing.empty() && !record_index) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, data_table->LoadActiveTimeline());
  std::optional<Instant> last = timeline.timeline().FilterCompleted().LastInstant();
  const std::string base = last ? last->timestamp : std::string(14, '0');
  ARROW_ASSIGN_OR_RAISE(FilesRecords listed, ListedFiles(*data_table, timeline));
  // (Only live files are listed: no tombstone takes the instant passed.)
  ARROW_ASSIGN_OR_RAISE(auto cells, CellsOf(*data_table, listed, base, missing));
  for (size_t i = 0; i < missing.size(); ++i) {
    const MetadataPartition& partition = missing[i]->partition();
    ARROW_ASSIGN_OR_RAISE(std::string init_time, FreeInitializationTime(*mdt, base));
    LogInfo("initializing the " + std::string(partition.name) +
            " partition of the metadata table of " + data_table->base_path() + " at " +
            init_time + ": " + std::to_string(cells[i].size()) + " records");
    ARROW_RETURN_NOT_OK(SetMetadataPartitionState(data_table, partition, false));
    ARROW_RETURN_NOT_OK(CommitMetadataInitialization(
        mdt, init_time, partition,
        RouteToFileGroups(std::move(cells[i]), missing[i]->file_groups()), options));
    ARROW_RETURN_NOT_OK(SetMetadataPartitionState(data_table, partition, true));
  }
  if (record_index) {
    ARROW_ASSIGN_OR_RAISE(std::string init_time, FreeInitializationTime(*mdt, base));
    ARROW_RETURN_NOT_OK(InitializeRecordIndex(data_table, mdt, init_time, options));
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
