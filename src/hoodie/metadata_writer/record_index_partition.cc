// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/record_index_partition.cc
/// \brief The record_index partition: initialization and per-write updates.
#include <algorithm>
#include <cmath>
#include <unordered_set>

#include <arrow/array.h>

#include "hoodie/common/logging.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_record_schema.h"
#include "hoodie/metadata/record_index_record.h"
#include "hoodie/metadata_writer/metadata_services_internal.h"
#include "hoodie/metadata_writer/record_index_partition_internal.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {

namespace {

// HoodieBackedTableMetadataWriter.RECORD_INDEX_AVERAGE_RECORD_SIZE: bytes a record
// index entry takes in an HFile (GZ, 1 MiB blocks).
constexpr int64_t kAverageRecordBytes = 48;

// The keys of a base file, each passed to `visit`.
template <typename Visit>
::arrow::Status ForEachKey(const TableMetaClient& table, const FileSlice& slice, Visit visit) {
  const BaseFile& base = *slice.base_file;
  ARROW_ASSIGN_OR_RAISE(auto keys, ReadBaseFileRecordKeys(table.storage(), base.path, base.size));
  for (int64_t i = 0; i < keys->length(); ++i) visit(keys->GetView(i));
  return ::arrow::Status::OK();
}

// The latest base files of `partitions` (all when null), as of the completed instants.
::arrow::Result<std::vector<FileSlice>> LatestBaseFiles(
    const TableMetaClient& table, const std::vector<std::string>* partitions) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  FileSystemViewOptions options;
  if (partitions != nullptr) options.partitions = *partitions;
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(table, timeline, options));
  return view->LatestBaseFileSlices();
}

// One cell: `key` at `location`.
::arrow::Result<HFileRecord> Cell(std::string key, const RecordIndexLocation& location,
                                  TimelineTimeZone zone) {
  ARROW_ASSIGN_OR_RAISE(AvroValue record, RecordIndexRecordValue(location, zone));
  ARROW_ASSIGN_OR_RAISE(std::string value, EncodeMetadataRecord(record));
  return HFileRecord(std::move(key), std::move(value));
}

// Tombstones for the keys of the latest base files of the partitions `written` replaces
// that it did not insert again (getRecordIndexAdditionalUpdates).
::arrow::Status AddReplacedKeys(const TableMetaClient& table, const WrittenKeys& written,
                                std::vector<std::string>* deleted) {
  if (written.replaced_partitions.empty()) return ::arrow::Status::OK();
  std::unordered_set<std::string_view> inserted;
  for (const auto& group : written.inserted) inserted.insert(group.keys.begin(), group.keys.end());
  ARROW_ASSIGN_OR_RAISE(std::vector<FileSlice> slices,
                        LatestBaseFiles(table, &written.replaced_partitions));
  for (const FileSlice& slice : slices) {
    ARROW_RETURN_NOT_OK(ForEachKey(table, slice, [&](std::string_view key) {
      if (!inserted.contains(key)) deleted->emplace_back(key);
    }));
  }
  return ::arrow::Status::OK();
}

}  // namespace

int RecordIndexFileGroupCount(int64_t records, const MetadataWriterOptions& options) {
  const int min = options.record_index_min_file_groups;
  const int max = options.record_index_max_file_groups;
  if (min == max && min != 0) return min;
  // Java computes the grown count in float.
  const auto expected = static_cast<int64_t>(
      std::ceil(static_cast<float>(records) * static_cast<float>(options.record_index_growth_factor)));
  const int64_t per_group = options.record_index_max_file_group_bytes / kAverageRecordBytes;
  const int64_t estimated = per_group > 0 ? expected / per_group : max;
  if (estimated >= max) return max;
  if (estimated <= min) return min;
  return std::max(1, static_cast<int>(estimated));
}

::arrow::Status InitializeRecordIndex(TableMetaClient* data_table,
                                      const std::shared_ptr<TableMetaClient>& mdt,
                                      const std::string& init_time,
                                      const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, data_table->table_config()->timeline_timezone());
  ARROW_ASSIGN_OR_RAISE(std::vector<FileSlice> slices, LatestBaseFiles(*data_table, nullptr));
  std::vector<HFileRecord> cells;
  for (const FileSlice& slice : slices) {
    const RecordIndexLocation location{slice.group.partition_path, slice.group.file_id,
                                       slice.base_file->commit_time};
    // One encoding serves every key of the file: only the HFile key differs.
    ARROW_ASSIGN_OR_RAISE(HFileRecord cell, Cell("", location, zone));
    ARROW_RETURN_NOT_OK(ForEachKey(*data_table, slice, [&](std::string_view key) {
      cells.emplace_back(std::string(key), cell.second);
    }));
  }
  const int groups = RecordIndexFileGroupCount(static_cast<int64_t>(cells.size()), options);
  LogInfo("initializing the record_index partition of the metadata table of " +
          data_table->base_path() + " at " + init_time + ": " + std::to_string(cells.size()) +
          " keys of " + std::to_string(slices.size()) + " base files in " +
          std::to_string(groups) + " file groups");
  ARROW_RETURN_NOT_OK(SetMetadataPartitionState(data_table, kRecordIndexPartition, false));
  ARROW_RETURN_NOT_OK(CommitMetadataInitialization(
      mdt, init_time, kRecordIndexPartition, RouteToFileGroups(std::move(cells), groups),
      options));
  return SetMetadataPartitionState(data_table, kRecordIndexPartition, true);
}

::arrow::Result<std::vector<FileGroupCells>> RecordIndexWrites(const PreCommitContext& context) {
  std::vector<FileGroupCells> writes;
  const WrittenKeys* written = context.written_keys;
  const std::vector<std::string> built = context.table.table_config()->metadata_partitions();
  if (written == nullptr ||
      std::find(built.begin(), built.end(), kRecordIndexPartition.name) == built.end()) {
    return writes;
  }
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, context.table.table_config()->timeline_timezone());
  std::vector<HFileRecord> cells;
  for (const WrittenKeys::FileGroup& group : written->inserted) {
    const RecordIndexLocation location{group.partition_path, group.file_id,
                                       context.inflight.timestamp};
    ARROW_ASSIGN_OR_RAISE(HFileRecord cell, Cell("", location, zone));
    for (const std::string& key : group.keys) cells.emplace_back(key, cell.second);
  }
  std::vector<std::string> deleted = written->deleted;
  ARROW_RETURN_NOT_OK(AddReplacedKeys(context.table, *written, &deleted));
  if (cells.empty() && deleted.empty()) return writes;
  // Routed by the deltacommit, which counts the partition's file groups (fixed when it
  // was built) in the view it loads anyway.
  writes.push_back(FileGroupCells{&kRecordIndexPartition, kRouteByKey,
                                  std::move(cells), std::move(deleted)});
  return writes;
}

}  // namespace hoodie::internal
