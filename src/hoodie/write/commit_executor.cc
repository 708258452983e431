// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/commit_executor.cc
/// \brief CommitExecutor: stage, pre-combine, plan, bucket, write, update the index.

#include "hoodie/write/commit_executor.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "hoodie/common/logging.h"
#include "hoodie/common/memory_probe.h"
#include "hoodie/common/spill_directory.h"
#include "hoodie/index/index.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/write/bucket_writer_internal.h"
#include "hoodie/write/bulk_insert_internal.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/partition_wildcards_internal.h"
#include "hoodie/write/write_plan_internal.h"
#include "hoodie/write/writer_schema_internal.h"

namespace hoodie {
namespace {

using internal::WriterSchema;

bool CombineFor(const WriteOptions& options, WriteOperationType operation) {
  switch (operation) {
    case WriteOperationType::kUpsert:
      return options.combine_before_upsert;
    case WriteOperationType::kDelete:
      return options.combine_before_delete;
    case WriteOperationType::kInsertOverwrite:
    case WriteOperationType::kInsertOverwriteTable:
      // HoodieSparkSqlWriter skips insert.drop.duplicates for the overwrites.
      return options.combine_before_insert;
    default:
      return options.combine_before_insert || options.insert_drop_duplicates;
  }
}

// The options' merger, or, when no ordering field was configured and the input lacks
// the default "ts", the same payload without ordering field: records then merge in
// arrival order (Hudi's payloads fall back to their natural order).
::arrow::Result<std::shared_ptr<const RecordMerger>> MergerFor(
    const WriteOptions& options, const ::arrow::Schema& input) {
  const RecordMergerOptions& merger_options = options.merger->options();
  if (options.precombine_field_explicit || merger_options.ordering_field.empty() ||
      input.GetFieldIndex(merger_options.ordering_field) >= 0) {
    return options.merger;
  }
  RecordMergerOptions unordered = merger_options;
  unordered.ordering_field.clear();
  ARROW_ASSIGN_OR_RAISE(
      std::unique_ptr<RecordMerger> merger,
      RecordMergerRegistry::Global()->Make(options.payload_class, unordered));
  return std::shared_ptr<const RecordMerger>(std::move(merger));
}

// Logs at debug level (HOODIE_LOG_LEVEL=debug) how long each phase of a write took and
// the process's resident memory after it: the per-phase account a profile starts from.
class PhaseClock {
 public:
  explicit PhaseClock(std::string instant) : instant_(std::move(instant)) {}

  void Lap(std::string_view phase) {
    if (GetLogLevel() > LogLevel::kDebug) return;
    auto now = std::chrono::steady_clock::now();
    double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    char text[160];
    std::snprintf(text, sizeof(text),
                  "write %s: %.*s in %.3f s, resident %lld MiB (peak so far %lld MiB)",
                  instant_.c_str(), static_cast<int>(phase.size()), phase.data(), seconds,
                  static_cast<long long>(ResidentBytes() >> 20),
                  static_cast<long long>(PeakResidentBytes() >> 20));
    LogDebug(text);
  }

 private:
  std::string instant_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// The staged rows each bucket writes, for reading the payloads bucket by bucket.
std::vector<internal::RecordIndices> BucketRows(const internal::IncomingRecords& records,
                                                const internal::WritePlan& plan) {
  std::vector<internal::RecordIndices> out(plan.buckets.size());
  if (records.payloads == nullptr) return out;
  for (size_t b = 0; b < plan.buckets.size(); ++b) {
    // Each record's row is read by one bucket: updates, inserts, and the stored rows a
    // merge-on-read bucket writes back for records a global index would have moved.
    for (const auto* indices :
         {&plan.buckets[b].updates, &plan.buckets[b].inserts, &plan.buckets[b].restamped}) {
      for (size_t index : *indices) {
        const int64_t row = records.records[index].row();
        out[b].push_back(static_cast<internal::RecordIndex>(row));
      }
    }
  }
  return out;
}

// The records a write could not key, as the result reports them.
void AddFailed(const std::vector<internal::FailedRecord>& failed,
               std::vector<FailedWrite>* out) {
  for (const auto& f : failed) out->push_back({f.input_row, f.message});
}

}  // namespace

Instant WriteInstant(const std::string& time, WriteOperationType operation, State state,
                     bool merge_on_read) {
  Action action = merge_on_read ? Action::kDeltaCommit : Action::kCommit;
  return Instant{time, IsReplaceOperation(operation) ? Action::kReplaceCommit : action,
                 state};
}

::arrow::Result<std::string> RequestedContent(WriteOperationType operation) {
  if (!IsReplaceOperation(operation)) return std::string();
  RequestedReplaceMetadata requested;
  requested.version = std::nullopt;
  return requested.ToAvroBytes();
}

::arrow::Status CommitExecutor::MarkInflight(const ActiveTimeline& timeline,
                                            const std::string& instant,
                                            WriteOperationType operation,
                                            std::string_view profile) const {
  const Instant requested =
      WriteInstant(instant, operation, State::kRequested, options_.merge_on_read);
  return timeline.TransitionToInflight(requested, profile).status();
}

::arrow::Result<WriteResult> CommitExecutor::Write(const ActiveTimeline& timeline,
                                                   const std::string& instant,
                                                   WriteOperationType operation,
                                                   ::arrow::RecordBatchReader* input) const {
  if (options_.changelog && operation != WriteOperationType::kUpsert &&
      operation != WriteOperationType::kInsert && operation != WriteOperationType::kDelete) {
    return ::arrow::Status::NotImplemented(
        "changelog.enabled=true keeps the changes of upserts, inserts and deletes; ",
        WriteOperationTypeName(operation), " is not supported with it");
  }
  if (operation == WriteOperationType::kBulkInsert) {
    return BulkInsert(timeline, instant, input);
  }
  ARROW_ASSIGN_OR_RAISE(WriterSchema schema,
                        internal::ResolveWriterSchema(
                            timeline, *input->schema(), options_.table_name,
                            /*evolve=*/operation != WriteOperationType::kDelete));
  const bool is_delete = operation == WriteOperationType::kDelete;
  const bool combine = CombineFor(options_, operation);
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const RecordMerger> merger,
                        MergerFor(options_, *input->schema()));
  // Pre-combining needs every record's ordering value (Java's payloads refuse null).
  std::optional<std::string> ordering;
  if (combine && !is_delete && !merger->options().ordering_field.empty()) {
    ordering = merger->options().ordering_field;
  }
  // Changelog mode stages each record's operation with its row.
  std::shared_ptr<::arrow::Schema> staged = schema.arrow;
  if (options_.changelog && !is_delete) staged = internal::WithOperationColumn(*schema.arrow);
  PhaseClock clock(instant);
  ARROW_ASSIGN_OR_RAISE(
      internal::IncomingRecords records,
      internal::IncomingRecords::Stage(
          input, *options_.key_generator, is_delete ? nullptr : staged, *merger,
          ordering,
          internal::SpillOptions{options_.memory_budget,
                                 SpillDirectory(options_.spill_directory)}));
  clock.Lap("staging");
  WriteResult result;
  result.instant_time = instant;
  result.operation = operation;
  result.schema = schema.avro;
  result.input_records = records.total_input;
  AddFailed(records.failed, &result.failed);
  // Failures known before any file is written: nothing is written at all.
  if (options_.auto_commit && !result.failed.empty()) return result;
  // Changelog mode keeps a stored key's changes: PlanWrite combines new keys only.
  if (combine && !(options_.changelog && operation == WriteOperationType::kUpsert)) {
    ARROW_ASSIGN_OR_RAISE(int64_t dropped,
                          records.Deduplicate(*merger, options_.index->IsGlobal()));
    result.deduplicated += dropped;
    clock.Lap("pre-combining");
  }
  ARROW_ASSIGN_OR_RAISE(
      internal::WritePlan plan,
      internal::PlanWrite(*table_, timeline, options_, operation, &records, *merger));
  clock.Lap("tagging and planning");
  if (operation == WriteOperationType::kInsert) result.deduplicated += plan.dropped;
  result.deduplicated += plan.combined;
  result.replaced_file_ids = plan.replaced_file_ids;
  ARROW_RETURN_NOT_OK(records.PrepareBuckets(BucketRows(records, plan)));
  clock.Lap("grouping payloads by bucket");
  ARROW_ASSIGN_OR_RAISE(auto format, internal::TableBaseFileFormat(*table_));
  ARROW_RETURN_NOT_OK(MarkInflight(timeline, instant, operation,
                                   plan.WorkloadProfile(records, operation).ToJson()));
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  WatchForEarlyConflicts(timeline, instant, &markers);
  internal::WriteContext context{
      table_->storage(), table_->base_path(), instant,       &options_,
      &markers,          schema.arrow,        schema.avro,   merger.get(),
      std::move(format)};
  // Indexes that keep their own state learn where the records went (Java calls
  // updateLocation with the write statuses); the file-based ones read the files.
  const bool stateful = !options_.index->IsImplicitWithStorage();
  std::vector<HoodieKey> keys;
  TaggedLocations locations;
  internal::WrittenKeysBuilder written_keys;
  ARROW_ASSIGN_OR_RAISE(std::vector<std::vector<WriteStat>> bucket_stats,
                        internal::WriteBuckets(context, records, plan.buckets));
  clock.Lap("writing " + std::to_string(plan.buckets.size()) + " buckets");
  for (size_t task = 0; task < plan.buckets.size(); ++task) {
    size_t first_stat = result.stats.size();
    for (WriteStat& stat : bucket_stats[task]) result.stats.push_back(std::move(stat));
    if (stateful) {
      internal::AddWrittenLocations(records, plan.buckets[task], result.stats, first_stat,
                                    instant, &keys, &locations);
    }
    if (options_.track_written_keys) {
      written_keys.Add(records, plan.buckets[task], result.stats, first_stat);
    }
  }
  if (stateful) ARROW_RETURN_NOT_OK(options_.index->UpdateLocation(keys, locations));
  if (options_.track_written_keys) {
    written_keys.SetReplaced(plan.replaced_file_ids);
    ARROW_ASSIGN_OR_RAISE(result.written_keys,
                          written_keys.Finish(table_->storage(), table_->base_path()));
  }
  result.CountStats();
  return result;
}

void CommitExecutor::WatchForEarlyConflicts(const ActiveTimeline& timeline,
                                            const std::string& instant,
                                            WriteMarkers* markers) const {
  if (!options_.early_conflict_detection.enabled) return;
  markers->SetBeforeCreate(MakeMarkerConflictCheck(
      table_, instant, std::make_shared<const ActiveTimeline>(timeline),
      options_.early_conflict_detection));
}

// bulk_insert streams its input into new file groups (bulk_insert_internal.h); like
// Hudi's BulkInsertHelper it marks the instant inflight with no workload profile.
::arrow::Result<WriteResult> CommitExecutor::BulkInsert(
    const ActiveTimeline& timeline, const std::string& instant,
    ::arrow::RecordBatchReader* input) const {
  const WriteOperationType operation = WriteOperationType::kBulkInsert;
  ARROW_ASSIGN_OR_RAISE(WriterSchema schema,
                        internal::ResolveWriterSchema(timeline, *input->schema(),
                                                      options_.table_name, true));
  const bool combine = CombineFor(options_, operation);
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const RecordMerger> merger,
                        MergerFor(options_, *input->schema()));
  ARROW_ASSIGN_OR_RAISE(auto format, internal::TableBaseFileFormat(*table_));
  ARROW_RETURN_NOT_OK(MarkInflight(timeline, instant, operation, ""));
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  WatchForEarlyConflicts(timeline, instant, &markers);
  internal::WriteContext context{
      table_->storage(), table_->base_path(), instant,       &options_,
      &markers,          schema.arrow,        schema.avro,   merger.get(),
      std::move(format)};
  // Indexes with their own state learn where the records went, as after other writes.
  const bool stateful = !options_.index->IsImplicitWithStorage();
  internal::WrittenLocations written;
  ARROW_ASSIGN_OR_RAISE(
      internal::BulkInsertOutcome outcome,
      internal::StreamBulkInsert(context, *options_.key_generator, input, combine,
                                 combine && options_.precombine_field_explicit,
                                 stateful || options_.track_written_keys ? &written
                                                                          : nullptr));
  // An auto-commit with failed records is aborted: the index must not learn its files.
  if (stateful && (outcome.failed.empty() || !options_.auto_commit)) {
    ARROW_RETURN_NOT_OK(options_.index->UpdateLocation(written.keys, written.locations));
  }
  WriteResult result;
  result.instant_time = instant;
  result.operation = operation;
  result.schema = schema.avro;
  result.input_records = outcome.input_records;
  AddFailed(outcome.failed, &result.failed);
  result.deduplicated = outcome.deduplicated;
  result.stats = std::move(outcome.stats);
  if (options_.track_written_keys) {
    internal::WrittenKeysBuilder written_keys;
    written_keys.AddInserted(written.keys, written.locations);
    ARROW_ASSIGN_OR_RAISE(result.written_keys,
                          written_keys.Finish(table_->storage(), table_->base_path()));
  }
  result.CountStats();
  return result;
}

::arrow::Result<WriteResult> CommitExecutor::DeletePartitions(
    const ActiveTimeline& timeline, const std::string& instant,
    const std::vector<std::string>& partitions) const {
  const WriteOperationType operation = WriteOperationType::kDeletePartition;
  if (partitions.empty()) {
    return ::arrow::Status::Invalid(
        "delete_partition needs at least one partition: set "
        "hoodie.datasource.write.partitions.to.delete or give input records");
  }
  // Hudi stores the table schema (TableSchemaResolver) in the commit.
  ARROW_ASSIGN_OR_RAISE(std::optional<WriterSchema> schema,
                        internal::LatestCommitSchema(timeline));
  if (!schema) {
    return ::arrow::Status::Invalid("delete_partition: the table at ",
                                    table_->base_path(),
                                    " has no completed commit with a schema");
  }
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(*table_, timeline));
  WriteResult result;
  result.instant_time = instant;
  result.operation = operation;
  result.schema = schema->avro;
  result.replaced_file_ids = internal::ExistingFileIds(
      *view, internal::ResolvePartitionWildcards(partitions, view->partitions()));
  if (options_.track_written_keys) {
    internal::WrittenKeysBuilder written_keys;
    written_keys.SetReplaced(result.replaced_file_ids);
    ARROW_ASSIGN_OR_RAISE(result.written_keys,
                          written_keys.Finish(table_->storage(), table_->base_path()));
  }
  // SparkDeletePartitionCommitActionExecutor saves an empty workload profile.
  CommitMetadata profile;
  profile.operation_type = operation;
  ARROW_RETURN_NOT_OK(MarkInflight(timeline, instant, operation, profile.ToJson()));
  return result;
}

::arrow::Result<RecordPartitions> CommitExecutor::PartitionsOf(
    ::arrow::RecordBatchReader* input) const {
  ARROW_ASSIGN_OR_RAISE(
      internal::IncomingRecords records,
      internal::IncomingRecords::Stage(input, *options_.key_generator, nullptr,
                                       *options_.merger, std::nullopt));
  RecordPartitions out;
  out.input_records = records.total_input;
  AddFailed(records.failed, &out.failed);
  for (const auto& record : records.records) {
    if (std::find(out.partitions.begin(), out.partitions.end(), record.partition()) ==
        out.partitions.end()) {
      out.partitions.emplace_back(record.partition());
    }
  }
  return out;
}

// hoodie.write.meta.key.prefixes (TransactionUtils.overrideWithLatestCommitMetadata of
// the releases that had it): entries of the latest completed commit this one lacks.
::arrow::Status CommitExecutor::CopyLatestCommitMetadata(CommitMetadata* metadata) const {
  if (options_.copied_meta_key_prefixes.empty()) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  const Timeline commits = timeline.timeline().GetCommitsTimeline().FilterCompleted();
  std::optional<Instant> latest = commits.LastInstant();
  if (!latest) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(CommitMetadata previous, timeline.ReadCommitMetadata(*latest));
  for (const auto& [key, value] : previous.extra_metadata) {
    bool wanted = false;
    for (const std::string& prefix : options_.copied_meta_key_prefixes) {
      wanted |= key.starts_with(prefix);
    }
    if (wanted && !metadata->GetMetadata(key)) metadata->AddMetadata(key, value);
  }
  return ::arrow::Status::OK();
}

::arrow::Result<ReplaceCommitMetadata> CommitExecutor::CommitMetadataOf(
    const WriteResult& result) const {
  // CommitUtils.buildMetadata: a HoodieReplaceCommitMetadata for replacecommits.
  ReplaceCommitMetadata metadata;
  for (const WriteStat& stat : result.stats) {
    metadata.AddWriteStat(stat.partition_path.value_or(""), stat);
  }
  metadata.AddMetadata("schema", result.schema);
  for (const auto& [key, value] : options_.commit_meta_entries) {
    metadata.AddMetadata(key, value);
  }
  for (const auto& [key, value] : result.extra_metadata) metadata.AddMetadata(key, value);
  ARROW_RETURN_NOT_OK(CopyLatestCommitMetadata(&metadata));
  metadata.operation_type = result.operation;
  metadata.partition_to_replace_file_ids = result.replaced_file_ids;
  return metadata;
}

}  // namespace hoodie
