// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata/metadata_validation.h"

#include <map>
#include <set>

#include <arrow/array.h>
#include <arrow/table.h>

#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/parquet/parquet_file_reader.h"
#include "hoodie/metadata/footer_index_records_internal.h"
#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/metadata_table_listing.h"
#include "hoodie/metadata/record_index_record.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/table/table_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

namespace {

// The files of the latest slices of a view built from `listing`, by partition.
::arrow::Result<std::map<std::string, std::set<std::string>>> LatestFiles(
    const TableMetaClient& table, const ActiveTimeline& timeline,
    std::shared_ptr<TableListing> listing) {
  FileSystemViewOptions options;
  options.listing = std::move(listing);
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline, options));
  std::map<std::string, std::set<std::string>> out;
  for (const FileSlice& slice : view->LatestFileSlices()) {
    std::set<std::string>& files = out[slice.group.partition_path];
    if (slice.base_file) files.insert(slice.base_file->file_name);
    for (const LogFile& log : slice.log_files) files.insert(log.file_name);
  }
  return out;
}

// Whether a block of the log file `name` in `partition` was written by a completed
// instant. A storage listing sees the log files of a write that never completed (their
// names carry the slice's instant, not the writer's) until the next writer rolls them
// back; the metadata table rightly never lists them.
::arrow::Result<bool> WrittenByCompletedInstant(const TableMetaClient& table,
                                                const Timeline& completed,
                                                const std::string& partition,
                                                const std::string& name) {
  LogReadOptions options;
  options.lazy = true;
  const std::string folder =
      partition.empty() ? table.base_path() : JoinPath(table.base_path(), partition);
  ARROW_ASSIGN_OR_RAISE(std::vector<LogBlock> blocks,
                        ReadLogFile(table.storage().get(), JoinPath(folder, name), options));
  for (const LogBlock& block : blocks) {
    if (completed.ContainsTimestamp(block.instant_time())) return true;
  }
  return false;
}

// Every column's statistics the column_stats partition holds, merged, by file name
// then column.
::arrow::Result<std::map<std::string, std::map<std::string, ColumnStats>>> IndexedStats(
    const MetadataTable& metadata) {
  ColumnStatsFold fold;
  ARROW_RETURN_NOT_OK(metadata.Read(
      kColumnStatsPartition, MetadataKeys::All(),
      [&](std::string_view key, const AvroValue* record) { return fold.Add(key, record); }));
  std::map<std::string, std::map<std::string, ColumnStats>> out;
  for (auto& [key, stats] : fold.Live()) out[stats.file_name][stats.column_name] = std::move(stats);
  return out;
}

std::string StatsText(const ColumnStats& stats) {
  auto bound = [](const std::optional<AvroValue>& v) { return v ? v->ToString() : "null"; };
  return "[" + bound(stats.min_value) + ", " + bound(stats.max_value) + "], " +
         std::to_string(stats.null_count) + " nulls of " + std::to_string(stats.value_count);
}

// The column statistics of every latest base file against its Parquet footer
// (`hoodie metadata validate`, as Hudi's validator's column stats check).
::arrow::Status ValidateColumnStats(const TableMetaClient& table, const ActiveTimeline& timeline,
                                    const MetadataTable& metadata,
                                    std::vector<std::string>* mismatches) {
  ARROW_ASSIGN_OR_RAISE(auto indexed, IndexedStats(metadata));
  FileSystemViewOptions options;
  options.listing = StorageTableListing::Of(table);
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline, options));
  for (const FileSlice& slice : view->LatestFileSlices()) {
    if (!slice.base_file || !slice.base_file->file_name.ends_with(kParquetExtension)) continue;
    const BaseFile& base = *slice.base_file;
    const std::string where = "column_stats: partition '" + slice.group.partition_path +
                              "': " + base.file_name;
    auto found = indexed.find(base.file_name);
    if (found == indexed.end()) {
      mismatches->push_back(where + " has no column statistics in the metadata table");
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(auto footer, ReadParquetFooter(*table.storage(), base.path, base.size));
    for (const ColumnStats& expected :
         internal::FooterColumnStats(*footer, base.file_name, {})) {
      auto column = found->second.find(expected.column_name);
      if (column == found->second.end()) continue;  // a column the index does not cover
      const ColumnStats& listed = column->second;
      if (StatsText(listed) != StatsText(expected)) {
        mismatches->push_back(where + " column " + expected.column_name + ": " +
                              StatsText(listed) + " in the metadata table, " +
                              StatsText(expected) + " in the footer");
      }
    }
  }
  return ::arrow::Status::OK();
}

// A record key's partition and file group.
using PartitionAndFileId = std::pair<std::string, std::string>;
using KeyLocations = std::map<std::string, PartitionAndFileId, std::less<>>;

// Where the snapshot holds each live key: rows of base files name the file, rows of
// log files the file id.
::arrow::Result<KeyLocations> SnapshotKeys(const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(auto loaded, TableMetaClient::Load(table.storage(), table.base_path()));
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(loaded));
  ReadOptions options;
  options.columns = {std::string(kRecordKeyField), std::string(kPartitionPathField),
                     std::string(kFileNameField)};
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(options));
  KeyLocations out;
  for (const auto& batch : ::arrow::TableBatchReader(*rows)) {
    ARROW_ASSIGN_OR_RAISE(auto each, batch);
    auto keys = std::static_pointer_cast<::arrow::StringArray>(each->column(0));
    auto partitions = std::static_pointer_cast<::arrow::StringArray>(each->column(1));
    auto names = std::static_pointer_cast<::arrow::StringArray>(each->column(2));
    for (int64_t i = 0; i < each->num_rows(); ++i) {
      std::string name(names->GetView(i));
      auto base = ParseBaseFileName(name);
      out[std::string(keys->GetView(i))] = {std::string(partitions->GetView(i)),
                                            base.ok() ? base->file_id : name};
    }
  }
  return out;
}

// record_index against the snapshot: every live key at its file group, no other key.
::arrow::Status ValidateRecordIndex(const TableMetaClient& table, const MetadataTable& metadata,
                                    std::vector<std::string>* mismatches) {
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, table.table_config()->timeline_timezone());
  ARROW_ASSIGN_OR_RAISE(
      KeyLocations indexed,
      NewestByKey<PartitionAndFileId>(
          [&](const MetadataRecordVisitor& visit) {
            return metadata.Read(kRecordIndexPartition, MetadataKeys::All(), visit);
          },
          [zone](const AvroValue& record) -> ::arrow::Result<PartitionAndFileId> {
            ARROW_ASSIGN_OR_RAISE(RecordIndexLocation location, RecordIndexLocationOf(record, zone));
            return PartitionAndFileId{location.partition_path, location.file_id};
          }));
  ARROW_ASSIGN_OR_RAISE(KeyLocations live, SnapshotKeys(table));
  auto where = [](const std::pair<std::string, std::string>& at) {
    return "'" + at.first + "'/" + at.second;
  };
  for (const auto& [key, at] : live) {
    auto found = indexed.find(key);
    if (found == indexed.end()) {
      mismatches->push_back("record_index: key '" + key + "' (in " + where(at) +
                            ") is missing");
    } else if (found->second != at) {
      mismatches->push_back("record_index: key '" + key + "' is at " + where(found->second) +
                            ", the table has it in " + where(at));
    }
  }
  for (const auto& [key, at] : indexed) {
    if (!live.contains(key)) {
      mismatches->push_back("record_index: key '" + key + "' at " + where(at) +
                            " is not in the table");
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<std::vector<std::string>> ValidateMetadataTable(const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.ReloadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(auto metadata, MetadataTable::Open(table, timeline));
  if (metadata == nullptr) {
    return ::arrow::Status::Invalid("the table at ", table.base_path(),
                                    " has no metadata table readers may use (",
                                    "hoodie.table.metadata.partitions lists no files)");
  }
  std::vector<std::string> mismatches;
  if (::arrow::Status in_sync = metadata->CheckInSync(timeline); !in_sync.ok()) {
    mismatches.push_back(in_sync.message());
  }
  // Both views over the metadata table's listing, read strictly (no fallback).
  ARROW_ASSIGN_OR_RAISE(
      auto listed, LatestFiles(table, timeline,
                               std::make_shared<MetadataTableListing>(metadata, nullptr)));
  ARROW_ASSIGN_OR_RAISE(auto stored, LatestFiles(table, timeline, StorageTableListing::Of(table)));
  const Timeline completed = timeline.timeline().FilterCompleted();
  std::set<std::string> partitions;
  for (const auto& [partition, files] : listed) partitions.insert(partition);
  for (const auto& [partition, files] : stored) partitions.insert(partition);
  for (const std::string& partition : partitions) {
    const std::set<std::string>& a = listed[partition];
    const std::set<std::string>& b = stored[partition];
    for (const std::string& file : a) {
      if (!b.contains(file)) {
        mismatches.push_back("partition '" + partition + "': " + file +
                             " is listed by the metadata table but not on storage");
      }
    }
    for (const std::string& file : b) {
      if (!a.contains(file)) {
        if (ParseLogFileName(file).ok()) {
          ARROW_ASSIGN_OR_RAISE(bool committed,
                                WrittenByCompletedInstant(table, completed, partition, file));
          if (!committed) continue;
        }
        mismatches.push_back("partition '" + partition + "': " + file +
                             " is on storage but not in the metadata table");
      }
    }
  }
  if (metadata->partitions().contains(kColumnStatsPartition.name)) {
    ARROW_RETURN_NOT_OK(ValidateColumnStats(table, timeline, *metadata, &mismatches));
  }
  if (metadata->partitions().contains(kRecordIndexPartition.name)) {
    ARROW_RETURN_NOT_OK(ValidateRecordIndex(table, *metadata, &mismatches));
  }
  return mismatches;
}

}  // namespace hoodie
