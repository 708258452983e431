// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/record_index_partition.cc
/// \brief The record_index partition: initialization and per-write updates.
#include <algorithm>
#include <cmath>
#include <unordered_set>

#include <arrow/array.h>
#include <arrow/io/interfaces.h>

#include "hoodie/common/logging.h"
#include "hoodie/common/spill_directory.h"
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
#include "hoodie/write/spillable_stream_internal.h"

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

// One spilled key: its length and the index of its base file (4 bytes each, little
// endian), then its bytes.
::arrow::Status WriteKeyEntry(SpillableStream* out, std::string_view key, uint32_t file) {
  uint8_t head[8];
  const auto length = static_cast<uint32_t>(key.size());
  for (int i = 0; i < 4; ++i) {
    head[i] = static_cast<uint8_t>(length >> (8 * i));
    head[4 + i] = static_cast<uint8_t>(file >> (8 * i));
  }
  ARROW_RETURN_NOT_OK(out->Write(head, sizeof(head)));
  return out->Write(key.data(), static_cast<int64_t>(key.size()));
}

// Reads exactly `size` bytes. \return false at the end of the stream.
::arrow::Result<bool> ReadExactly(::arrow::io::InputStream* in, int64_t size, void* out) {
  int64_t done = 0;
  while (done < size) {
    ARROW_ASSIGN_OR_RAISE(int64_t got,
                          in->Read(size - done, static_cast<uint8_t*>(out) + done));
    if (got == 0) break;
    done += got;
  }
  if (done == 0) return false;
  if (done < size) return ::arrow::Status::IOError("a record-index spill stream is truncated");
  return true;
}

// Each entry of a closed stream, once (its memory given back as it is read).
template <typename Visit>
::arrow::Status ReadKeyEntries(SpillableStream* stream, Visit visit) {
  ARROW_ASSIGN_OR_RAISE(auto in, stream->Open(/*release=*/true));
  std::string key;
  for (;;) {
    uint8_t head[8];
    ARROW_ASSIGN_OR_RAISE(bool more, ReadExactly(in.get(), sizeof(head), head));
    if (!more) break;
    uint32_t length = 0, file = 0;
    for (int i = 0; i < 4; ++i) {
      length |= static_cast<uint32_t>(head[i]) << (8 * i);
      file |= static_cast<uint32_t>(head[4 + i]) << (8 * i);
    }
    key.resize(length);
    if (length > 0) {
      ARROW_ASSIGN_OR_RAISE(bool read, ReadExactly(in.get(), length, key.data()));
      if (!read) return ::arrow::Status::IOError("a record-index spill stream is truncated");
    }
    ARROW_RETURN_NOT_OK(visit(std::string_view(key), file));
  }
  return in->Close();
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
  // Every key, with its base file's index, in one stream held in memory up to the
  // budget and spilled past it: the table's size does not bound the memory.
  auto space = std::make_shared<SpillSpace>(options.memory_budget,
                                            SpillDirectory(options.spill_directory));
  std::vector<std::string> values;  // the encoded location every key of a file shares
  SpillableStream all(space, "record-index-keys");
  int64_t keys = 0;
  for (const FileSlice& slice : slices) {
    const RecordIndexLocation location{slice.group.partition_path, slice.group.file_id,
                                       slice.base_file->commit_time};
    ARROW_ASSIGN_OR_RAISE(HFileRecord cell, Cell("", location, zone));
    values.push_back(std::move(cell.second));
    const auto file = static_cast<uint32_t>(values.size() - 1);
    ::arrow::Status spilled;
    ARROW_RETURN_NOT_OK(ForEachKey(*data_table, slice, [&](std::string_view key) {
      if (spilled.ok()) spilled = WriteKeyEntry(&all, key, file);
      ++keys;
    }));
    ARROW_RETURN_NOT_OK(spilled);
  }
  ARROW_RETURN_NOT_OK(all.Close());
  const int groups = RecordIndexFileGroupCount(keys, options);
  LogInfo("initializing the record_index partition of the metadata table of " +
          data_table->base_path() + " at " + init_time + ": " + std::to_string(keys) +
          " keys of " + std::to_string(slices.size()) + " base files in " +
          std::to_string(groups) + " file groups");
  // Routed to their file groups, one stream each.
  std::vector<std::unique_ptr<SpillableStream>> routed;
  for (int g = 0; g < groups; ++g) {
    routed.push_back(std::make_unique<SpillableStream>(space, "record-index-group"));
  }
  std::vector<int64_t> counts(static_cast<size_t>(groups));
  ARROW_RETURN_NOT_OK(ReadKeyEntries(&all, [&](std::string_view key, uint32_t file) {
    const int g = groups > 1 ? MetadataFileGroupIndex(key, groups) : 0;
    ++counts[static_cast<size_t>(g)];
    return WriteKeyEntry(routed[static_cast<size_t>(g)].get(), key, file);
  }));
  for (auto& stream : routed) ARROW_RETURN_NOT_OK(stream->Close());
  ARROW_RETURN_NOT_OK(SetMetadataPartitionState(data_table, kRecordIndexPartition, false));
  ARROW_RETURN_NOT_OK(CommitMetadataInitialization(
      mdt, init_time, kRecordIndexPartition, counts,
      [&](size_t g) -> ::arrow::Result<std::vector<HFileRecord>> {
        std::vector<HFileRecord> cells;
        cells.reserve(static_cast<size_t>(counts[g]));
        ARROW_RETURN_NOT_OK(
            ReadKeyEntries(routed[g].get(), [&](std::string_view key, uint32_t file) {
              cells.emplace_back(std::string(key), values[file]);
              return ::arrow::Status::OK();
            }));
        SortUniqueByKey(&cells);
        return cells;
      },
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
