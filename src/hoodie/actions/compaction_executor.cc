// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_executor.cc
/// \brief RunCompaction: plan operations merged slice by slice into new base files.
#include "hoodie/actions/compaction_executor.h"

#include <algorithm>
#include <chrono>
#include <map>

#include <arrow/record_batch.h>

#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/read/base_file_scan_internal.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/read/log_scan_options.h"
#include "hoodie/read/merged_log_records_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/bootstrap_guard.h"
#include "hoodie/table/file_name_internal.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_listing.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/write_options.h"

namespace hoodie {
namespace {

using Clock = std::chrono::steady_clock;

int64_t MillisSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start)
      .count();
}

// The table schema the compaction writes and records (HoodieCompactor sets the
// config schema to TableSchemaResolver.getTableAvroSchema(false)): the newest completed
// write's schema, table services' own commits aside.
::arrow::Result<std::string> TableAvroSchema(const ActiveTimeline& timeline,
                                             const std::string& base_path) {
  ARROW_ASSIGN_OR_RAISE(std::optional<std::string> schema,
                         timeline.LatestCommitSchema(/*writes_only=*/true));
  if (schema) return *std::move(schema);
  return ::arrow::Status::Invalid("cannot compact ", base_path,
                                  ": no completed commit records the table schema");
}

// The blocks a compaction merges: those of instants completed when it runs
// (HoodieCompactor.getMaxInstantTime: the last completed commit, deltacommit or
// rollback).
internal::LogScanTimeline CompactionScanTimeline(const ActiveTimeline& timeline) {
  internal::LogScanTimeline out;
  Timeline commits = timeline.timeline().GetCommitsTimeline();
  out.completed = commits.FilterCompleted();
  out.inflight = commits.FilterInflight();
  std::optional<Instant> last =
      timeline.timeline()
          .FilterByActions({Action::kCommit, Action::kDeltaCommit, Action::kRollback})
          .FilterCompleted()
          .LastInstant();
  if (last) out.latest_instant = last->timestamp;
  return out;
}

// The sizes of the files in each partition the compaction touches, from the table's
// listing (where the metadata table will answer), once per partition: the plan names
// files but not their sizes, and a size known spares the status request of each open
// on an object store (Storage::OpenListed).
class ListedSizes {
 public:
  explicit ListedSizes(std::shared_ptr<TableListing> listing) : listing_(std::move(listing)) {}

  // The size of `file_name` in `partition`; 0 when unknown (not listed, or the listing
  // failed: the file's own open then reports what is wrong).
  int64_t Of(const std::string& partition, const std::string& file_name) {
    auto listed = by_partition_.find(partition);
    if (listed == by_partition_.end()) {
      std::map<std::string, int64_t> sizes;
      auto files = listing_->FilesInPartition(partition);
      if (files.ok()) {
        for (const FileStatus& file : *files) sizes[std::string(file.name())] = file.size;
      }
      listed = by_partition_.emplace(partition, std::move(sizes)).first;
    }
    auto found = listed->second.find(file_name);
    return found == listed->second.end() ? 0 : found->second;
  }

 private:
  std::shared_ptr<TableListing> listing_;
  std::map<std::string, std::map<std::string, int64_t>> by_partition_;
};

// The file slice an operation names, with full paths and the sizes `sizes` lists.
::arrow::Result<FileSlice> SliceOf(const TableMetaClient& table,
                                   const CompactionOperation& op, ListedSizes* sizes) {
  FileSlice slice;
  slice.group = {op.partition_path.value_or(""), op.file_id.value_or("")};
  slice.base_instant = op.base_instant_time.value_or("");
  std::string dir = JoinPath(table.base_path(), slice.group.partition_path);
  if (op.data_file_path && !op.data_file_path->empty()) {
    std::optional<BaseFile> base = internal::ParseBaseFileName(*op.data_file_path);
    if (!base) {
      return ::arrow::Status::Invalid(
          "compaction plan names a base file hoodie cannot "
          "parse: ",
          *op.data_file_path);
    }
    base->path = JoinPath(dir, base->file_name);
    base->size = sizes->Of(slice.group.partition_path, base->file_name);
    slice.base_file = std::move(base);
  }
  const std::vector<std::string> names =
      op.delta_file_paths.value_or(std::vector<std::string>{});
  for (const std::string& name : names) {
    // Version 1 plans held full paths; version 2 names.
    std::string file_name(FileName(name));
    std::optional<LogFile> log = internal::ParseLogFileName(file_name);
    if (!log) {
      return ::arrow::Status::Invalid(
          "compaction plan names a log file hoodie cannot parse: ", name);
    }
    log->path = JoinPath(dir, file_name);
    log->size = sizes->Of(slice.group.partition_path, file_name);
    slice.log_files.push_back(std::move(*log));
  }
  std::sort(slice.log_files.begin(), slice.log_files.end(), LogFileLess);
  return slice;
}

// HoodieMergeHandle / HoodieCreateHandle counters.
struct HandleCounts {
  int64_t deletes = 0;
  int64_t updates = 0;
  int64_t inserts = 0;
};

// Writes one batch of merged rows (table schema, meta columns first) with their own
// commit time and sequence number: compaction preserves record metadata.
::arrow::Status WriteRows(internal::FileGroupWriter* writer,
                          const ::arrow::RecordBatch& rows) {
  if (rows.num_rows() == 0) return ::arrow::Status::OK();
  MetaColumns meta;
  meta.commit_time = rows.GetColumnByName(std::string(kCommitTimeField));
  meta.commit_seqno = rows.GetColumnByName(std::string(kCommitSeqNoField));
  meta.record_key = rows.GetColumnByName(std::string(kRecordKeyField));
  meta.partition_path = rows.GetColumnByName(std::string(kPartitionPathField));
  meta.operation = rows.GetColumnByName(std::string(kOperationField));
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (int i = 0; i < rows.num_columns(); ++i) {
    if (IsMetaField(rows.schema()->field(i)->name())) continue;
    fields.push_back(rows.schema()->field(i));
    columns.push_back(rows.column(i));
  }
  auto data = ::arrow::RecordBatch::Make(::arrow::schema(fields), rows.num_rows(),
                                         std::move(columns));
  return writer->Write(*data, meta);
}

class SliceCompactor {
 public:
  SliceCompactor(const internal::WriteContext& context,
                 std::shared_ptr<::arrow::Schema> table_schema,
                 const internal::LogScanTimeline& timeline, LogScanOptions log_scan)
      : context_(context),
        table_schema_(std::move(table_schema)),
        timeline_(timeline),
        log_scan_(std::move(log_scan)) {}

  // The write stat of the new base file, or nullopt when the slice has no base file
  // and its logs hold no record (HoodieCompactor writes nothing then).
  ::arrow::Result<std::optional<WriteStat>> Run(const CompactionOperation& op,
                                                const FileSlice& slice, int64_t task) {
    Clock::time_point scan_start = Clock::now();
    internal::LogScanStats scan;
    internal::MergedLogRecords records(
        context_.merger, internal::MakeSpillableLogRecordMap(log_scan_.memory_budget,
                                                             log_scan_.spill_directory));
    records.set_reader_schema(table_schema_);
    ARROW_RETURN_NOT_OK(internal::AddLogFiles(context_.storage.get(), slice.log_files,
                                               timeline_, log_scan_, &records, &scan));
    const int64_t scan_ms = MillisSince(scan_start);
    if (!slice.base_file && records.records().size() == 0) return std::nullopt;

    Clock::time_point write_start = Clock::now();
    ARROW_ASSIGN_OR_RAISE(
        auto writer, internal::FileGroupWriter::Open(
                         context_, slice.group.partition_path, slice.group.file_id, task,
                         slice.base_file ? IoType::kMerge : IoType::kCreate,
                         internal::FileRows::kAnyRecords));
    HandleCounts counts;
    if (slice.base_file) {
      ARROW_RETURN_NOT_OK(MergeBaseFile(*slice.base_file, writer.get(),
                                         &records.records(), &counts));
    }
    ARROW_RETURN_NOT_OK(WriteLogOnly(writer.get(), &records.records(),
                                      slice.base_file.has_value(), &counts));
    ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
    const int64_t write_ms = MillisSince(write_start);
    stat.num_deletes = counts.deletes;
    stat.num_update_writes = counts.updates;
    stat.num_inserts = counts.inserts;
    if (slice.base_file) {
      stat.prev_commit = slice.base_file->commit_time;
      stat.runtime_stats = RuntimeStats{scan_ms, write_ms, 0};
    } else {
      stat.runtime_stats = RuntimeStats{scan_ms, 0, write_ms};
    }
    // HoodieCompactor's per-operation statistics.
    stat.total_updated_records_compacted = static_cast<int64_t>(records.records().size());
    stat.total_log_files_compacted = scan.log_files;
    stat.total_log_records = records.data_records();
    stat.total_log_size_compacted = static_cast<int64_t>(
        op.metrics.value_or(std::map<std::string, double>{})["TOTAL_LOG_FILES_SIZE"]);
    stat.total_log_blocks = scan.blocks;
    stat.total_corrupt_log_block = scan.corrupt_blocks;
    stat.total_rollback_blocks = scan.rollback_blocks;
    return stat;
  }

 private:
  // The stored rows in file order: copied, merged with their key's log record, or
  // dropped (HoodieMergeHandle.write(oldRecord)).
  ::arrow::Status MergeBaseFile(const BaseFile& file,
                                internal::FileGroupWriter* writer,
                                internal::LogRecordMap* records, HandleCounts* counts) {
    ARROW_ASSIGN_OR_RAISE(auto reader,
                           OpenBaseFile(context_.storage, file.path, kBatchRows,
                                        BaseFileReader::Decode::kSerial, file.size));
    ARROW_ASSIGN_OR_RAISE(auto batches, reader->GetRecordBatchReader());
    while (true) {
      std::shared_ptr<::arrow::RecordBatch> base;
      ARROW_RETURN_NOT_OK(batches->ReadNext(&base));
      if (base == nullptr) return ::arrow::Status::OK();
      ARROW_ASSIGN_OR_RAISE(auto merged, MergeBatch(*base, file.path, records, counts));
      ARROW_RETURN_NOT_OK(WriteRows(writer, *merged));
    }
  }

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MergeBatch(
      const ::arrow::RecordBatch& base, const std::string& path,
      internal::LogRecordMap* records, HandleCounts* counts) {
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(table_schema_));
    std::shared_ptr<::arrow::Array> keys =
        base.GetColumnByName(std::string(kRecordKeyField));
    if (keys == nullptr) {
      return ::arrow::Status::Invalid("base file has no ", kRecordKeyField,
                                      " column to merge its log records by: ", path);
    }
    // All keys of the batch looked up at once, so the spilled records among them are
    // read back together into one batch rather than one batch each.
    keys_.clear();
    for (int64_t row = 0; row < base.num_rows(); ++row) {
      ARROW_ASSIGN_OR_RAISE(std::string_view key, internal::RecordKeyAt(*keys, row));
      keys_.push_back(key);
    }
    ARROW_RETURN_NOT_OK(records->FindAll(keys_, &entries_));
    for (int64_t row = 0; row < base.num_rows(); ++row) {
      RowRef stored{&base, row};
      std::string_view key = keys_[row];
      const internal::LogRecordEntry* entry = entries_[row];
      if (entry == nullptr) {
        ARROW_RETURN_NOT_OK(builder->AppendRow(stored));
        continue;
      }
      if (entry->deleted) {
        ++counts->deletes;
        ARROW_RETURN_NOT_OK(records->MarkMergedWithBase(key));
        continue;
      }
      // The builder keeps the columns of every batch it is given until Finish, so the
      // record may be dropped by the map's next call.
      RowRef log_record = entry->record();
      ARROW_ASSIGN_OR_RAISE(MergeResult result,
                             context_.merger->Combine(stored, log_record));
      switch (result.outcome) {
        case MergeOutcome::kDelete:
          ++counts->deletes;
          break;
        case MergeOutcome::kKeepOld:  // the incoming record is dropped: a plain copy
          ARROW_RETURN_NOT_OK(builder->AppendRow(stored));
          break;
        default:
          ++counts->updates;
          ARROW_RETURN_NOT_OK(builder->Append(result, stored, log_record));
          break;
      }
      ARROW_RETURN_NOT_OK(records->MarkMergedWithBase(key));
    }
    return builder->Finish();
  }

  // The log records no stored row took (HoodieMergeHandle.writeIncomingRecords, or
  // every record for HoodieCreateHandle). A delete is counted as deleted; the merge
  // handle also counts it as an insert (writeInsertRecord's writeRecord reports
  // success), the create handle does not.
  ::arrow::Status WriteLogOnly(internal::FileGroupWriter* writer,
                               internal::LogRecordMap* records, bool merge_handle,
                               HandleCounts* counts) {
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(table_schema_));
    // Entries in runs, so the spilled records of a run are read back into one batch.
    for (size_t position = 0; position < records->size();) {
      ARROW_RETURN_NOT_OK(records->EntriesAt(position, static_cast<size_t>(kBatchRows),
                                              &keys_, &entries_));
      position += entries_.size();
      for (const internal::LogRecordEntry* entry : entries_) {
        if (entry->merged_with_base) continue;
        if (entry->deleted || context_.merger->IsDelete(entry->record())) {
          ++counts->deletes;
          if (merge_handle) ++counts->inserts;
          continue;
        }
        ++counts->inserts;
        ARROW_RETURN_NOT_OK(builder->AppendRow(entry->record()));
      }
      // A finished batch releases the read-back batches it held.
      if (builder->num_rows() >= kBatchRows) {
        ARROW_ASSIGN_OR_RAISE(auto rows, builder->Finish());
        ARROW_RETURN_NOT_OK(WriteRows(writer, *rows));
      }
    }
    ARROW_ASSIGN_OR_RAISE(auto rows, builder->Finish());
    return WriteRows(writer, *rows);
  }

  static constexpr int64_t kBatchRows = 16 * 1024;

  // Keys and entries of the last FindAll / EntriesAt, kept to reuse their memory.
  std::vector<std::string_view> keys_;
  std::vector<const internal::LogRecordEntry*> entries_;

  const internal::WriteContext& context_;
  std::shared_ptr<::arrow::Schema> table_schema_;
  const internal::LogScanTimeline& timeline_;
  LogScanOptions log_scan_;
};

// The requested or inflight compaction at `instant_time`.
::arrow::Result<Instant> PendingCompaction(const ActiveTimeline& timeline,
                                           const std::string& instant_time,
                                           const std::string& base_path) {
  for (const Instant& instant : timeline.timeline().instants()) {
    if (instant.timestamp != instant_time) continue;
    if (instant.action == Action::kCompaction && !instant.IsCompleted()) return instant;
    return ::arrow::Status::Invalid("instant ", instant.ToString(), " of ", base_path,
                                    " is not a pending compaction");
  }
  return ::arrow::Status::Invalid("no compaction ", instant_time, " on the timeline of ",
                                  base_path,
                                  "; schedule one with hoodie compaction schedule");
}

}  // namespace

::arrow::Result<std::optional<std::string>> EarliestPendingCompaction(
    const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  std::optional<Instant> first =
      timeline.timeline().FilterPendingCompaction().FirstInstant();
  if (!first) return std::nullopt;
  return first->timestamp;
}

::arrow::Result<CompactionResult> RunCompaction(std::shared_ptr<TableMetaClient> table,
                                                const HoodieConfig& config,
                                                const std::string& instant_time) {
  ARROW_RETURN_NOT_OK(RefuseMetadataBootstrap(*table, "compact"));
  ARROW_ASSIGN_OR_RAISE(WriteOptions options,
                         WriteOptions::FromConfig(config, table->table_config().get()));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(Instant pending,
                         PendingCompaction(timeline, instant_time, table->base_path()));
  const Instant requested{instant_time, Action::kCompaction, State::kRequested};
  ARROW_ASSIGN_OR_RAISE(CompactionPlan plan, timeline.ReadAvro<CompactionPlan>(requested));
  if (pending.IsInflight()) {
    // BaseHoodieTableServiceClient.compact: an earlier run died; its output is rolled
    // back through a rollback instant and the plan runs again from requested.
    ARROW_RETURN_NOT_OK(
        RollbackInflightCompaction(*table, instant_time, options.rollback).status());
    ARROW_ASSIGN_OR_RAISE(timeline, timeline.Reload());
  }
  ARROW_ASSIGN_OR_RAISE(Instant inflight, timeline.TransitionToInflight(requested));

  ARROW_ASSIGN_OR_RAISE(std::string avro_schema,
                         TableAvroSchema(timeline, table->base_path()));
  ARROW_ASSIGN_OR_RAISE(auto arrow_schema, AvroJsonToArrowSchema(avro_schema));
  std::shared_ptr<::arrow::Schema> data_schema = RemoveMetadataFields(*arrow_schema);
  // Changelog mode: the merged records keep their `_hoodie_operation`.
  std::shared_ptr<::arrow::Schema> table_schema =
      AddMetadataFields(*data_schema, options.changelog);
  ARROW_ASSIGN_OR_RAISE(auto format, internal::TableBaseFileFormat(*table));
  WriteMarkers markers(table->storage(), table->base_path(), instant_time);
  internal::WriteContext context{
      table->storage(), table->base_path(), instant_time, &options,
      &markers,         data_schema,        avro_schema,  options.merger.get(),
      std::move(format)};
  internal::LogScanTimeline scan_timeline = CompactionScanTimeline(timeline);
  ARROW_ASSIGN_OR_RAISE(LogScanOptions log_scan, LogScanOptions::FromConfig(config));
  SliceCompactor compactor(context, table_schema, scan_timeline, std::move(log_scan));

  CompactionResult result;
  result.instant_time = instant_time;
  result.metadata.compacted = true;
  const std::vector<CompactionOperation> ops =
      plan.operations.value_or(std::vector<CompactionOperation>{});
  ListedSizes sizes(StorageTableListing::Of(*table));
  for (size_t i = 0; i < ops.size(); ++i) {
    ARROW_ASSIGN_OR_RAISE(FileSlice slice, SliceOf(*table, ops[i], &sizes));
    ARROW_ASSIGN_OR_RAISE(std::optional<WriteStat> stat,
                           compactor.Run(ops[i], slice, static_cast<int64_t>(i)));
    if (stat) result.metadata.AddWriteStat(slice.group.partition_path, *std::move(stat));
  }
  // CompactHelpers.createCompactionMetadata.
  result.metadata.AddMetadata("schema", avro_schema);
  for (const auto& [key, value] :
       plan.extra_metadata.value_or(std::map<std::string, std::string>{})) {
    result.metadata.AddMetadata(key, value);
  }
  result.metadata.operation_type = WriteOperationType::kCompact;
  ARROW_ASSIGN_OR_RAISE(Transaction txn,
                         Transaction::Begin(table, inflight, StartedOn(timeline)));
  ARROW_RETURN_NOT_OK(txn.Commit(result.metadata.ToJson(), &result.metadata).status());
  return result;
}

}  // namespace hoodie
