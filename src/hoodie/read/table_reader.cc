// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/table_reader.cc
/// \brief TableReader: choosing file slices per query type (HoodieFileIndex,
/// IncrementalRelation, MergeOnReadIncrementalRelation) and streaming their base files.
#include "hoodie/read/table_reader.h"

#include "hoodie/read/file_pruner.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <utility>

#include <arrow/compute/api.h>

#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/read/base_file_scan_internal.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/read/merged_slice_scan_internal.h"
#include "hoodie/read/partition_values_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/bootstrap_guard.h"
#include "hoodie/table/file_name_internal.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline_avro/clean_metadata.h"

namespace hoodie {

namespace {

::arrow::Status InitializeComputeOnce() {
  static std::once_flag once;
  static ::arrow::Status status;
  std::call_once(once, [] { status = ::arrow::compute::Initialize(); });
  return status;
}

::arrow::Status ValidateOptions(const ReadOptions& options) {
  if (options.query_type == QueryType::kIncremental) {
    if (options.as_of) {
      return ::arrow::Status::Invalid(
          "as-of (time travel) applies to snapshot and read_optimized queries, not to "
          "incremental ones; use the end instant instead");
    }
    if (!options.begin) {
      return ::arrow::Status::Invalid(
          "an incremental query needs a begin instant "
          "(hoodie.datasource.read.begin.instanttime; 0 reads from the beginning)");
    }
  } else if (options.begin || options.end) {
    return ::arrow::Status::Invalid(
        "begin/end instants apply to incremental queries only, "
        "not to query type ",
        QueryTypeName(options.query_type));
  }
  if (options.limit && *options.limit < 0) {
    return ::arrow::Status::Invalid("row limit must not be negative, got ",
                                    *options.limit);
  }
  return ::arrow::Status::OK();
}

// Hudi 0.15 reads these through BaseFileOnlyRelation, which takes partition column
// values from the partition path (see partition_values_internal.h).
bool FillsPartitionValuesFromPath(TableType table_type, QueryType query_type) {
  if (query_type == QueryType::kIncremental) return false;
  return table_type == TableType::kCopyOnWrite || query_type == QueryType::kReadOptimized;
}

std::string NewestBaseFile(const std::vector<FileSlice>& slices) {
  const BaseFile* newest = nullptr;
  for (const FileSlice& slice : slices) {
    if (slice.base_file &&
        (newest == nullptr || slice.base_file->commit_time > newest->commit_time)) {
      newest = &*slice.base_file;
    }
  }
  return newest == nullptr ? std::string() : newest->path;
}

// The commit time of the plan's schema file, "" when it is not one of the planned slices.
std::string SchemaCommitTime(const ReadPlan& plan) {
  for (const FileSlice& slice : plan.slices) {
    if (slice.base_file && slice.base_file->path == plan.schema_file) {
      return slice.base_file->commit_time;
    }
  }
  return "";
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::Schema>> TableReader::WithLatestCommitColumns(
    std::shared_ptr<::arrow::Schema> schema, const std::string& schema_commit_time) const {
  // Only a commit after the schema file's can have added columns (ALTER TABLE ... ADD
  // COLUMNS, or a write whose new column reached only log files); Spark reads with the
  // latest schema (TableSchemaResolver), older files' rows null in the new columns.
  std::optional<Instant> latest =
      timeline_.timeline().GetCommitsTimeline().FilterCompleted().LastInstant();
  if (!latest || (!schema_commit_time.empty() && latest->timestamp <= schema_commit_time)) {
    return schema;
  }
  ARROW_ASSIGN_OR_RAISE(std::optional<std::string> recorded, timeline_.LatestCommitSchema());
  if (!recorded) return schema;
  ARROW_ASSIGN_OR_RAISE(auto committed, AvroJsonToArrowSchema(*recorded));
  ::arrow::FieldVector fields = schema->fields();
  for (const auto& field : committed->fields()) {
    if (schema->GetFieldIndex(field->name()) < 0 && !IsMetaField(field->name())) {
      fields.push_back(field->WithNullable(true));
    }
  }
  if (fields.size() == static_cast<size_t>(schema->num_fields())) return schema;
  return ::arrow::schema(std::move(fields), schema->metadata());
}

::arrow::Result<std::unique_ptr<TableReader>> TableReader::Open(
    std::shared_ptr<TableMetaClient> table) {
  ARROW_RETURN_NOT_OK(InitializeComputeOnce());
  // A read sees every commit made before it opens, by any writer; the checks below
  // share this listing.
  ARROW_RETURN_NOT_OK(table->ReloadActiveTimeline().status());
  ARROW_RETURN_NOT_OK(RefuseMetadataBootstrap(*table, "read"));
  // A table of base files hoodie cannot read is refused here, not at its first file.
  ARROW_RETURN_NOT_OK(MakeBaseFileFormat(table->table_config()->base_file_format()).status());
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  return std::unique_ptr<TableReader>(
      new TableReader(std::move(table), std::move(timeline)));
}

::arrow::Result<std::vector<FileSlice>> TableReader::LatestSlices(
    const FileSystemView& view, QueryType type, std::optional<std::string> as_of) const {
  bool merge_on_read = table_->table_type() == TableType::kMergeOnRead;
  if (merge_on_read && type != QueryType::kReadOptimized) {
    return view.LatestFileSlices(as_of);
  }
  // COW snapshot and MOR read-optimized read the latest base file of every group.
  return view.LatestBaseFileSlices(as_of);
}

::arrow::Result<TableReader::WrittenInRange> TableReader::GroupsWrittenInRange(
    const Timeline& commits) const {
  std::set<FileGroupId> groups;
  WrittenInRange written;
  for (const Instant& instant : commits.instants()) {
    CommitMetadata metadata;
    if (instant.action == Action::kReplaceCommit) {
      ARROW_ASSIGN_OR_RAISE(metadata, timeline_.ReadReplaceCommitMetadata(instant));
    } else {
      ARROW_ASSIGN_OR_RAISE(metadata, timeline_.ReadCommitMetadata(instant));
    }
    for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
      for (const WriteStat& stat : stats) {
        if (!stat.file_id) continue;
        FileGroupId group{partition, *stat.file_id};
        if (stat.path) {
          written.files.insert(std::string(FileName(*stat.path)));
          written.paths[group].push_back(*stat.path);
        } else {
          written.groups_without_paths.insert(group);
        }
        groups.insert(std::move(group));
      }
    }
  }
  written.groups.assign(groups.begin(), groups.end());
  return written;
}

namespace {

// Keeps the files of `slice` that `files` names; false when none is left.
bool KeepFilesWrittenInRange(const std::set<std::string>& files, FileSlice* slice) {
  if (slice->base_file && files.count(slice->base_file->file_name) == 0) {
    slice->base_file.reset();
  }
  std::erase_if(slice->log_files,
                [&](const LogFile& log) { return files.count(log.file_name) == 0; });
  return slice->base_file.has_value() || !slice->log_files.empty();
}

std::vector<ColumnFilter> CommitTimeFilters(CompareOp lower_op, const std::string& lower,
                                            const std::string& upper) {
  return {{std::string(kCommitTimeField), lower_op, lower},
          {std::string(kCommitTimeField), CompareOp::kLessEqual, upper}};
}

// The instant a written file's slice starts at: a base file's commit time, a log
// file's base commit time.
std::string SliceInstantOf(const std::string& path) {
  std::string_view name = FileName(path);
  if (auto log = internal::ParseLogFileName(name)) return log->base_commit_time;
  if (auto base = internal::ParseBaseFileName(name)) return base->commit_time;
  return {};
}

// The files of the range's commits a Hudi 0.15 incremental read opens. Copy-on-write:
// the last file each group got in the range (IncrementalRelation's fileIdToFullPath).
// Merge-on-read: the files of each group's latest slice among them, the slices of the
// file-system view MergeOnReadIncrementalRelation builds from the affected files;
// with `all` every affected file, which its full-scan fallback checks.
std::vector<std::string> FilesOpenedInRange(
    const std::map<FileGroupId, std::vector<std::string>>& paths, bool merge_on_read,
    bool all) {
  std::vector<std::string> out;
  for (const auto& [group, written] : paths) {
    if (!merge_on_read) {
      out.push_back(written.back());
      continue;
    }
    std::string latest;
    for (const std::string& path : written) latest = std::max(latest, SliceInstantOf(path));
    for (const std::string& path : written) {
      if (all || SliceInstantOf(path) == latest) out.push_back(path);
    }
  }
  return out;
}

}  // namespace

// Answered from the listing `view` already made (every committed slice's files,
// replaced groups included): a file of a partition the view did not list, which a
// partition filter left out, is asked of the storage.
::arrow::Result<std::optional<std::string>> TableReader::FirstMissingFile(
    const std::vector<std::string>& paths, const FileSystemView& view) const {
  std::set<std::string> listed;
  for (const std::string& partition : view.partitions()) {
    for (const FileGroupSlices& group : view.FileGroupsInPartition(partition)) {
      for (const FileSlice& slice : group.slices) {
        if (slice.base_file) listed.insert(JoinPath(partition, slice.base_file->file_name));
        for (const LogFile& log : slice.log_files) {
          listed.insert(JoinPath(partition, log.file_name));
        }
      }
    }
  }
  const std::vector<std::string>& partitions = view.partitions();
  for (const std::string& path : paths) {
    std::string partition(ParentPath(path));
    if (std::binary_search(partitions.begin(), partitions.end(), partition)) {
      if (listed.count(path) == 0) return path;
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(bool exists,
                           table_->storage()->FileExists(table_->base_path() + "/" + path));
    if (!exists) return path;
  }
  return std::nullopt;
}

// The fallback of IncrementalRelation and MergeOnReadIncrementalRelation: the table's
// latest snapshot, filtered on _hoodie_commit_time in (begin, end].
::arrow::Status TableReader::PlanFullTableScan(const ReadOptions& options,
                                               ReadPlan* plan) const {
  FileSystemViewOptions view_options;
  view_options.partition_filters = options.partitions;
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(*table_, timeline_, view_options));
  ARROW_ASSIGN_OR_RAISE(plan->slices,
                         LatestSlices(*view, QueryType::kSnapshot, std::nullopt));
  plan->as_of.reset();
  plan->full_table_scan = true;
  return ::arrow::Status::OK();
}

::arrow::Status TableReader::PlanIncremental(const ReadOptions& options,
                                             ReadPlan* plan) const {
  if (!table_->table_config()->populate_meta_fields()) {
    return ::arrow::Status::Invalid(
        "incremental queries need _hoodie_commit_time, but this table does not populate "
        "meta fields (hoodie.populate.meta.fields=false): ",
        table_->base_path());
  }
  ARROW_ASSIGN_OR_RAISE(std::string begin,
                         NormalizeInstantTime(*options.begin, /*allow_zero=*/true));
  Timeline completed = timeline_.timeline().GetCommitsTimeline().FilterCompleted();
  std::string end = begin;
  if (options.end) {
    ARROW_ASSIGN_OR_RAISE(end, NormalizeInstantTime(*options.end, /*allow_zero=*/true));
  } else if (std::optional<Instant> last = completed.LastInstant()) {
    end = std::max(begin, last->timestamp);
  }
  const CompareOp lower = options.begin_inclusive ? CompareOp::kGreaterEqual
                                                  : CompareOp::kGreater;
  plan->commit_time_filters = CommitTimeFilters(lower, begin, end);
  plan->as_of = end;
  // Without the fallback, commits archived out of the active timeline are not seen, as
  // in Hudi 0.15.
  bool fallback = options.incremental_fallback_to_full_scan;
  if (fallback &&
      (completed.IsBeforeTimelineStarts(begin) || completed.IsBeforeTimelineStarts(end))) {
    return PlanFullTableScan(options, plan);
  }
  Timeline range = options.begin_inclusive ? completed.FindInstantsInClosedRange(begin, end)
                                            : completed.FindInstantsInRange(begin, end);
  ARROW_ASSIGN_OR_RAISE(WrittenInRange written, GroupsWrittenInRange(range));
  if (written.groups.empty()) return ::arrow::Status::OK();
  bool merge_on_read = table_->table_type() == TableType::kMergeOnRead;
  FileSystemViewOptions view_options;
  view_options.partition_filters = options.partitions;
  ARROW_ASSIGN_OR_RAISE(auto view,
                         FileSystemView::Make(*table_, timeline_, view_options));
  ARROW_ASSIGN_OR_RAISE(std::optional<std::string> missing,
                         FirstMissingFile(FilesOpenedInRange(written.paths, merge_on_read,
                                                             /*all=*/fallback),
                                          *view));
  if (missing && fallback) return PlanFullTableScan(options, plan);
  if (missing) {
    // Hudi fails the same way (HoodieIncrementalPathNotFoundException on
    // copy-on-write, a missing file on merge-on-read).
    return ::arrow::Status::IOError(
        "incremental read of ", options.begin_inclusive ? "[" : "(", begin, ", ", end,
        "] needs ", *missing,
        ", which a commit in the range wrote but the cleaner has deleted; read from a "
        "later begin instant, retain more commits (hoodie.cleaner.commits.retained), or "
        "set hoodie.datasource.read.incr.fallback.fulltablescan.enable=true to read the "
        "latest snapshot filtered on _hoodie_commit_time");
  }
  if (!merge_on_read) {
    // Records of archived commits before the range's first active one stay out.
    plan->commit_time_filters =
        CommitTimeFilters(CompareOp::kGreaterEqual, range.FirstInstant()->timestamp,
                          range.LastInstant()->timestamp);
  }
  // The latest state as of `end` of every file group written in the range; groups
  // replaced by `end` are gone, as in the snapshot as of `end`.
  for (FileSlice& slice : view->LatestFileSlices(end)) {
    if (!std::binary_search(written.groups.begin(), written.groups.end(), slice.group)) {
      continue;
    }
    // Spark's MergeOnReadIncrementalRelation builds its file-system view from the
    // files the range's commits wrote only: a base file or log file written before
    // `begin` is not merged, so an update in range is returned as its log record.
    if (merge_on_read && written.groups_without_paths.count(slice.group) == 0 &&
        !KeepFilesWrittenInRange(written.files, &slice)) {
      continue;
    }
    plan->slices.push_back(std::move(slice));
  }
  return ::arrow::Status::OK();
}

// TimelineUtils.validateTimestampAsOf, which Spark's time travel runs: an instant
// before the earliest commit the last completed clean retained may have lost files.
::arrow::Status TableReader::ValidateAsOfAgainstCleaning(const std::string& as_of) const {
  ARROW_ASSIGN_OR_RAISE(std::string earliest,
                         EarliestCommitRetainedByLastClean(timeline_));
  if (!earliest.empty() && as_of < earliest) {
    return ::arrow::Status::Invalid(
        "Cleaner cleaned up the timestamp of interest: time travel to ", as_of,
        " needs commits the last clean did not retain (it kept ", earliest,
        " and later); retain more commits with hoodie.cleaner.commits.retained");
  }
  return ::arrow::Status::OK();
}

::arrow::Result<ReadPlan> TableReader::Plan(const ReadOptions& options) const {
  ARROW_RETURN_NOT_OK(ValidateOptions(options));
  ReadPlan plan;
  if (options.query_type == QueryType::kIncremental) {
    ARROW_RETURN_NOT_OK(PlanIncremental(options, &plan));
  } else {
    if (options.as_of) {
      ARROW_ASSIGN_OR_RAISE(plan.as_of, NormalizeInstantTime(*options.as_of));
      ARROW_RETURN_NOT_OK(ValidateAsOfAgainstCleaning(*plan.as_of));
    }
    FileSystemViewOptions view_options;
    view_options.partition_filters = options.partitions;
    ARROW_ASSIGN_OR_RAISE(auto view,
                           FileSystemView::Make(*table_, timeline_, view_options));
    ARROW_ASSIGN_OR_RAISE(plan.slices,
                           LatestSlices(*view, options.query_type, plan.as_of));
  }
  plan.schema_file = NewestBaseFile(plan.slices);
  if (plan.schema_file.empty()) {
    // Nothing to read: still answer with the table's current schema, taken from its
    // newest base file, so that empty ranges keep their columns.
    ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Load(*table_));
    ARROW_ASSIGN_OR_RAISE(auto latest,
                           LatestSlices(*view, QueryType::kReadOptimized, std::nullopt));
    plan.schema_file = NewestBaseFile(latest);
  }
  // A split of a distributed read: its file groups only, with the whole read's schema.
  if (!options.file_groups.empty()) {
    std::erase_if(plan.slices, [&](const FileSlice& slice) {
      return std::find(options.file_groups.begin(), options.file_groups.end(),
                       slice.group) == options.file_groups.end();
    });
  }
  return plan;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> TableReader::Read(
    const ReadOptions& options) const {
  ARROW_ASSIGN_OR_RAISE(ReadPlan plan, Plan(options));
  std::shared_ptr<::arrow::Schema> table_schema = ::arrow::schema({});
  bool merged = table_->table_type() == TableType::kMergeOnRead &&
                options.query_type != QueryType::kReadOptimized;
  QueryType read_as = plan.full_table_scan ? QueryType::kSnapshot : options.query_type;
  std::shared_ptr<::arrow::Schema> log_schema;
  if (plan.schema_file.empty() && merged) {
    // Only log files so far (inserts into log-only file groups): their block schema.
    ARROW_ASSIGN_OR_RAISE(
        log_schema, internal::NewestLogSchema(table_->storage().get(), plan.slices));
  }
  if (!plan.schema_file.empty()) {
    ARROW_ASSIGN_OR_RAISE(table_schema, internal::ReadBaseFileSchema(
                                             table_->storage(), plan.schema_file));
    ARROW_ASSIGN_OR_RAISE(table_schema, WithLatestCommitColumns(std::move(table_schema),
                                                                SchemaCommitTime(plan)));
  } else if (log_schema != nullptr) {
    table_schema = std::move(log_schema);
  } else {
    // No data file anywhere (the commits so far wrote no record): the schema the latest
    // commit records, as TableSchemaResolver falls back to, answers with no rows.
    ARROW_ASSIGN_OR_RAISE(std::optional<std::string> recorded, timeline_.LatestCommitSchema());
    if (recorded) {
      ARROW_ASSIGN_OR_RAISE(auto arrow, AvroJsonToArrowSchema(*recorded));
      table_schema = AddMetadataFields(*arrow);
    } else if (!options.columns.empty() || !options.filters.empty()) {
      return ::arrow::Status::Invalid(
          "the table has no data files and no commit records its schema, so no column can "
          "be projected or filtered yet: ", table_->base_path());
    } else {
      return ::arrow::RecordBatchReader::Make({}, table_schema);
    }
  }
  std::vector<internal::PartitionConstants> constants;
  if (merged && read_as != QueryType::kIncremental) {
    ARROW_RETURN_NOT_OK(PrunePartitionsByFilters(options, *table_schema, &plan));
  }
  if (options.explain != nullptr) {
    options.explain->slices_planned = static_cast<int64_t>(plan.slices.size());
  }
  if (read_as != QueryType::kIncremental) {
    ARROW_RETURN_NOT_OK(SkipSlices(options, *table_schema, &plan));
  }
  if (options.explain != nullptr) {
    options.explain->slices_read = static_cast<int64_t>(plan.slices.size());
  }
  if (!merged && FillsPartitionValuesFromPath(table_->table_type(), read_as)) {
    ARROW_ASSIGN_OR_RAISE(constants, PathPartitionValues(plan, &table_schema));
  }
  ARROW_ASSIGN_OR_RAISE(
      internal::ScanSpec spec,
      internal::MakeScanSpec(*table_schema, options, plan.commit_time_filters));
  if (merged) {
    return ReadMerged(std::move(plan), options, std::move(table_schema), std::move(spec));
  }
  std::vector<BaseFile> files;
  for (FileSlice& slice : plan.slices) files.push_back(std::move(*slice.base_file));
  return internal::MakeBaseFileScan(table_->storage(), std::move(files), std::move(spec),
                                    std::move(constants));
}

namespace {

// Whether the partition values of one slice satisfy every filter on a partition
// column; a null comparison prunes, as a SQL predicate that is not true.
::arrow::Result<bool> PartitionMatches(const internal::PartitionConstants& values,
                                       const std::vector<ColumnFilter>& filters) {
  for (const ColumnFilter& filter : filters) {
    for (const auto& [column, value] : values) {
      if (column != filter.column) continue;
      auto literal = ::arrow::Scalar::Parse(value->type, filter.value);
      // A literal that does not parse fails later, naming the column, in MakeScanSpec.
      if (!literal.ok()) return true;
      ARROW_ASSIGN_OR_RAISE(
          ::arrow::Datum match,
          ::arrow::compute::CallFunction(CompareFunctionName(filter.op), {value, *literal}));
      const auto& result = match.scalar_as<::arrow::BooleanScalar>();
      if (!result.is_valid || !result.value) return false;
    }
  }
  return true;
}

}  // namespace

// Data skipping (HoodieFileIndex.lookupCandidateFilesInMetadataTable): the slices the
// file pruner rules out for the filters are not read.
::arrow::Status TableReader::SkipSlices(const ReadOptions& options,
                                        const ::arrow::Schema& table_schema,
                                        ReadPlan* plan) const {
  if (options.file_pruner == nullptr || options.filters.empty()) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(std::vector<bool> keep,
                        options.file_pruner->MayMatch(plan->slices, options.filters,
                                                      table_schema));
  std::vector<FileSlice> kept;
  for (size_t i = 0; i < plan->slices.size(); ++i) {
    if (keep[i]) kept.push_back(std::move(plan->slices[i]));
  }
  plan->slices = std::move(kept);
  return ::arrow::Status::OK();
}

// MergeOnReadSnapshotRelation prunes partitions by the filters on partition columns,
// evaluated on the values parsed from the partition paths (HoodieFileIndex), and then
// filters the merged rows by their stored values: a record whose stored partition value
// differs from its path's matches only where both do (checked against Spark).
// Timestamp-keyed columns, whose path text Spark types as a string, are not pruned.
::arrow::Status TableReader::PrunePartitionsByFilters(const ReadOptions& options,
                                                      const ::arrow::Schema& table_schema,
                                                      ReadPlan* plan) const {
  if (options.filters.empty()) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(
      std::optional<internal::PathPartitionColumns> columns,
      internal::PathValuedPartitionColumns(*table_->table_config(), table_schema));
  if (!columns || columns->path_text) return ::arrow::Status::OK();
  std::map<std::string, bool> kept;
  std::vector<FileSlice> slices;
  for (FileSlice& slice : plan->slices) {
    const std::string& partition = slice.group.partition_path;
    auto it = kept.find(partition);
    if (it == kept.end()) {
      ARROW_ASSIGN_OR_RAISE(auto values,
                             internal::ParsePartitionPath(*columns, partition));
      ARROW_ASSIGN_OR_RAISE(bool matches, PartitionMatches(values, options.filters));
      it = kept.emplace(partition, matches).first;
    }
    if (it->second) slices.push_back(std::move(slice));
  }
  plan->slices = std::move(slices);
  return ::arrow::Status::OK();
}

::arrow::Result<std::vector<internal::PartitionConstants>>
TableReader::PathPartitionValues(const ReadPlan& plan,
                                 std::shared_ptr<::arrow::Schema>* table_schema) const {
  ARROW_ASSIGN_OR_RAISE(
      std::optional<internal::PathPartitionColumns> columns,
      internal::PathValuedPartitionColumns(*table_->table_config(), **table_schema));
  std::vector<internal::PartitionConstants> constants;
  if (!columns) return constants;
  *table_schema = internal::WithPartitionTypes(**table_schema, *columns);
  std::map<std::string, internal::PartitionConstants> parsed;
  for (const FileSlice& slice : plan.slices) {
    const std::string& partition = slice.group.partition_path;
    auto it = parsed.find(partition);
    if (it == parsed.end()) {
      auto values = internal::ParsePartitionPath(*columns, partition);
      if (!values.ok()) {
        return values.status().WithMessage(values.status().message(), " (table ",
                                           table_->base_path(), ")");
      }
      it = parsed.emplace(partition, std::move(*values)).first;
    }
    constants.push_back(it->second);
  }
  return constants;
}

// The payload and ordering field come from hoodie.properties
// (hoodie.compaction.payload.class, hoodie.table.precombine.field), as a Spark read
// without write options resolves them.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> TableReader::ReadMerged(
    ReadPlan plan, const ReadOptions& options,
    std::shared_ptr<::arrow::Schema> table_schema, internal::ScanSpec spec) const {
  HoodieConfig config;
  for (const auto& [key, value] : table_->table_config()->entries())
    config.Set(key, value);
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<RecordMerger> merger, MakeRecordMerger(config));
  internal::MergedScanSpec merged;
  merged.scan = std::move(spec);
  merged.table_schema = std::move(table_schema);
  merged.merger = std::move(merger);
  merged.merge_type = options.merge_type;
  merged.log_scan = options.log_scan;
  merged.emit_changes =
      options.emit_changes &&
      merged.table_schema->GetFieldIndex(std::string(kOperationField)) >= 0;
  merged.timeline = internal::SnapshotLogScanTimeline(timeline_.timeline(), plan.as_of);
  return internal::MakeMergedSliceScan(table_->storage(), std::move(plan.slices),
                                       std::move(merged));
}

::arrow::Result<std::shared_ptr<::arrow::Table>> TableReader::ReadTable(
    const ReadOptions& options) const {
  ARROW_ASSIGN_OR_RAISE(auto reader, Read(options));
  return reader->ToTable();
}

}  // namespace hoodie
