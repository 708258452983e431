// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_client.cc
/// \brief WriteClient: the commit protocol of writes to copy-on-write and merge-on-read
/// tables.

#include "hoodie/client/write_client.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <tuple>

#include <arrow/record_batch.h>
#include <arrow/type.h>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/spill_directory.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/avro/schema_evolution.h"
#include "hoodie/index/index.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/bootstrap_guard.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/markers.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/write/bucket_writer_internal.h"
#include "hoodie/write/bulk_insert_internal.h"
#include "hoodie/write/keyed_batch_internal.h"
#include "hoodie/write/write_plan_internal.h"
#include "hoodie/write/write_table_config.h"

namespace hoodie {
namespace {

// The instant `operation` commits as: a replacecommit for the replace operations, else
// a commit (copy-on-write) or deltacommit (merge-on-read).
Instant WriteInstant(const std::string& time, WriteOperationType operation, State state,
                     bool merge_on_read) {
  Action action = merge_on_read ? Action::kDeltaCommit : Action::kCommit;
  return Instant{time, IsReplaceOperation(operation) ? Action::kReplaceCommit : action,
                 state};
}

// What Hudi puts in `T.<action>.requested`: nothing for a commit; for a replacecommit
// started by a writer (createRequestedReplaceCommit) an empty
// HoodieRequestedReplaceMetadata, every field null, `version` included.
::arrow::Result<std::string> RequestedContent(WriteOperationType operation) {
  if (!IsReplaceOperation(operation)) return std::string();
  RequestedReplaceMetadata requested;
  requested.version = std::nullopt;
  return requested.ToAvroBytes();
}

// The writer schema: the latest commit's (as Spark keeps the table schema), else the
// input's without meta columns.
struct WriterSchema {
  std::shared_ptr<::arrow::Schema> arrow;
  std::string avro;
};

// The schema of the latest completed commit that stored one, if any.
::arrow::Result<std::optional<WriterSchema>> LatestCommitSchema(
    const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(std::optional<std::string> schema, timeline.LatestCommitSchema());
  if (!schema) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(auto arrow, AvroJsonToArrowSchema(*schema));
  return WriterSchema{RemoveMetadataFields(*arrow), *std::move(schema)};
}

::arrow::Result<WriterSchema> ResolveSchema(const ActiveTimeline& timeline,
                                            const ::arrow::Schema& input,
                                            const std::string& table_name, bool evolve) {
  // Spark's types first: input Spark refuses is refused whatever the table holds.
  ARROW_ASSIGN_OR_RAISE(auto spark_shaped, internal::SparkShapedSchema(input));
  ARROW_ASSIGN_OR_RAISE(std::optional<WriterSchema> latest, LatestCommitSchema(timeline));
  if (latest) {
    // Schema evolution on write: input columns the table lacks are added after its own
    // (older records read them as null), if every one is nullable, as Hudi's
    // isSchemaCompatible check asks; other changes stay refused when the input is
    // aligned to the table's types.
    ::arrow::FieldVector fields = latest->arrow->fields();
    size_t table_columns = fields.size();
    const std::shared_ptr<::arrow::Schema> incoming = RemoveMetadataFields(*spark_shaped);
    for (const auto& field : incoming->fields()) {
      if (evolve && latest->arrow->GetFieldIndex(field->name()) < 0) fields.push_back(field);
    }
    if (fields.size() == table_columns) return *std::move(latest);
    auto evolved = ::arrow::schema(std::move(fields));
    ARROW_RETURN_NOT_OK(CheckSchemaEvolution(*latest->arrow, *evolved));
    WriterSchema out{evolved, ""};
    ARROW_ASSIGN_OR_RAISE(out.avro, ArrowSchemaToAvroJson(*evolved, table_name));
    return out;
  }
  WriterSchema out;
  out.arrow = RemoveMetadataFields(*spark_shaped);
  out.arrow = ::arrow::schema(out.arrow->fields());
  ARROW_ASSIGN_OR_RAISE(out.avro, ArrowSchemaToAvroJson(*out.arrow, table_name));
  return out;
}

// True when `text` matches `pattern`, where each `token` stands for any characters
// and everything else is literal (Java's "^\\Q" + p.replace(token, "\\E.*\\Q") + "\\E$").
bool WildcardMatches(std::string_view pattern, std::string_view token,
                     std::string_view text) {
  std::vector<std::string_view> pieces;
  for (size_t start = 0;;) {
    size_t at = pattern.find(token, start);
    pieces.push_back(
        pattern.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) break;
    start = at + token.size();
  }
  if (text.substr(0, pieces.front().size()) != pieces.front()) return false;
  size_t position = pieces.front().size();
  for (size_t i = 1; i + 1 < pieces.size(); ++i) {
    size_t at = text.find(pieces[i], position);
    if (at == std::string_view::npos) return false;
    position = at + pieces[i].size();
  }
  const std::string_view last = pieces.back();
  return pieces.size() == 1 ? text.size() == position
                            : text.size() >= position + last.size() &&
                                  text.substr(text.size() - last.size()) == last;
}

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

// HoodieSparkSqlWriter.resolvePartitionWildcards: a partition with `*` (or `%2A`, as
// Spark SQL may encode it) is a pattern over the table's partitions; the others are
// taken as given. Keeps the first of duplicates.
std::vector<std::string> ResolvePartitionWildcards(
    const std::vector<std::string>& requested, const std::vector<std::string>& existing) {
  std::vector<std::string> plain, out;
  std::vector<std::string> patterns;
  for (const std::string& partition : requested) {
    bool wildcard = partition.find('*') != std::string::npos ||
                    partition.find("%2A") != std::string::npos;
    (wildcard ? patterns : plain).push_back(partition);
  }
  auto add = [&out](const std::string& partition) {
    if (std::find(out.begin(), out.end(), partition) == out.end())
      out.push_back(partition);
  };
  for (const std::string& partition : plain) add(partition);
  for (const std::string& pattern : patterns) {
    std::string token = pattern.find('*') != std::string::npos ? "*" : "%2A";
    for (const std::string& candidate : existing) {
      if (WildcardMatches(pattern, token, candidate)) add(candidate);
    }
  }
  return out;
}

// BLOOM, SIMPLE and their global twins hold no state beyond the base files
// (isImplicitWithStorage).
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

void Count(const std::vector<WriteStat>& stats, WriteResult* result) {
  for (const WriteStat& stat : stats) {
    result->inserted += stat.num_inserts;
    result->updated += stat.num_update_writes;
    result->deleted += stat.num_deletes;
  }
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
    struct rusage usage {};
    ::getrusage(RUSAGE_SELF, &usage);
    std::snprintf(text, sizeof(text),
                  "write %s: %.*s in %.3f s, resident %lld MiB (peak so far %lld MiB)",
                  instant_.c_str(), static_cast<int>(phase.size()), phase.data(), seconds,
                  static_cast<long long>(ResidentBytes() >> 20),
                  static_cast<long long>(usage.ru_maxrss >> 10));
    LogDebug(text);
  }

 private:
  static int64_t ResidentBytes() {
    std::ifstream statm("/proc/self/statm");
    int64_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * ::sysconf(_SC_PAGESIZE);
  }

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

// bulk_insert streams its input into new file groups (bulk_insert_internal.h); like
// Hudi's BulkInsertHelper it marks the instant inflight with no workload profile.
::arrow::Result<WriteResult> BulkInsertStreamed(
    const TableMetaClient& table, const WriteOptions& options,
    const ActiveTimeline& timeline, const std::string& instant,
    const WriterSchema& schema, ::arrow::RecordBatchReader* input, bool combine,
    const RecordMerger* merger) {
  ARROW_RETURN_NOT_OK(
      timeline
          .TransitionToInflight(
              Instant{instant,
                      options.merge_on_read ? Action::kDeltaCommit : Action::kCommit,
                      State::kRequested},
              "")
          .status());
  WriteMarkers markers(table.storage(), table.base_path(), instant);
  internal::WriteContext context{
      table.storage(), table.base_path(), instant,     &options,
      &markers,        schema.arrow,      schema.avro, merger};
  // Indexes with their own state learn where the records went, as after other writes.
  bool stateful = !options.index->IsImplicitWithStorage();
  internal::WrittenLocations written;
  ARROW_ASSIGN_OR_RAISE(
      internal::BulkInsertOutcome outcome,
      internal::StreamBulkInsert(context, *options.key_generator, input, combine,
                                 combine && options.precombine_field_explicit,
                                 stateful ? &written : nullptr));
  // An auto-commit with failed records is aborted: the index must not learn its files.
  if (stateful && (outcome.failed.empty() || !options.auto_commit)) {
    ARROW_RETURN_NOT_OK(options.index->UpdateLocation(written.keys, written.locations));
  }
  WriteResult result;
  result.instant_time = instant;
  result.operation = WriteOperationType::kBulkInsert;
  result.schema = schema.avro;
  result.input_records = outcome.input_records;
  for (const auto& failed : outcome.failed) {
    result.failed.push_back({failed.input_row, failed.message});
  }
  result.deduplicated = outcome.deduplicated;
  result.stats = std::move(outcome.stats);
  Count(result.stats, &result);
  return result;
}

}  // namespace

::arrow::Result<std::unique_ptr<WriteClient>> WriteClient::Make(
    std::shared_ptr<TableMetaClient> table, const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(WriteOptions options,
                        WriteOptions::FromConfig(config, table->table_config().get()));
  ARROW_RETURN_NOT_OK(ValidateWriteAgainstTable(config, options, *table->table_config()));
  if (table->table_version() != 6) {
    return ::arrow::Status::NotImplemented(
        "hoodie writes table version 6 only (no upgrade); the table has version ",
        table->table_version());
  }
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<TableServiceClient> services,
                        TableServiceClient::Make(table, config, options));
  auto client =
      std::unique_ptr<WriteClient>(new WriteClient(std::move(table), std::move(options)));
  client->services_ = std::move(services);
  return client;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> WriteClient::OpenOrCreateTable(
    std::shared_ptr<Storage> storage, const std::string& base_path,
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(auto existing, TableMetaClient::LoadIfExists(storage, base_path));
  if (existing != nullptr) return existing;
  ARROW_ASSIGN_OR_RAISE(WriteOptions options, WriteOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(TableCreateOptions create,
                        TableCreateOptionsForWrite(config, options));
  return TableMetaClient::Create(storage, base_path, create);
}

namespace {

// Key generators prefix their messages with the row within the batch ("row 3: "); the
// caller places the record itself, so the prefix would only mislead.
std::string WithoutBatchRow(const std::string& message) {
  std::string out;
  size_t start = 0;
  while (start <= message.size()) {
    size_t end = message.find("; ", start);
    if (end == std::string::npos) end = message.size();
    std::string_view part(message.data() + start, end - start);
    if (part.starts_with("row ")) {
      size_t digits = 4;
      while (digits < part.size() &&
             std::isdigit(static_cast<unsigned char>(part[digits])))
        ++digits;
      if (digits > 4 && part.substr(digits).starts_with(": "))
        part.remove_prefix(digits + 2);
    }
    if (!out.empty()) out += "; ";
    out += part;
    start = end + 2;
  }
  return out;
}

}  // namespace

::arrow::Status FailedRecordsError(int64_t input_records,
                                   const std::vector<FailedWrite>& failed,
                                   const std::function<std::string(int64_t)>& where,
                                   std::string_view hint) {
  constexpr size_t kShown = 5;
  std::string text = std::to_string(failed.size()) + " of " +
                     std::to_string(input_records) +
                     " records failed, nothing was committed: ";
  for (size_t i = 0; i < failed.size() && i < kShown; ++i) {
    if (i > 0) text += "; ";
    text += where(failed[i].input_row) + ": " + WithoutBatchRow(failed[i].message);
  }
  if (failed.size() > kShown) {
    text += "; and " + std::to_string(failed.size() - kShown) + " more";
  }
  if (!hint.empty()) text += " (" + std::string(hint) + ")";
  return ::arrow::Status::Invalid(text);
}

int64_t WriteResult::FilesReplaced() const {
  int64_t count = 0;
  for (const auto& [partition, file_ids] : replaced_file_ids) count += file_ids.size();
  return count;
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> WriteClient::TableSchema() const {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::optional<WriterSchema> latest, LatestCommitSchema(timeline));
  if (!latest) return std::shared_ptr<::arrow::Schema>();
  return latest->arrow;
}

::arrow::Result<std::string> WriteClient::StartCommit() {
  return StartCommit(WriteOperationType::kUpsert);
}

::arrow::Result<std::string> WriteClient::StartCommit(WriteOperationType operation) {
  ARROW_RETURN_NOT_OK(RefuseMetadataBootstrap(*table_, "write"));
  // BaseHoodieWriteClient.startCommit: failed writes are rolled back (EAGER) before the
  // new instant time is taken, so the new instant is newer than the rollbacks.
  ARROW_RETURN_NOT_OK(RollbackFailedWrites(*table_, options_.rollback).status());
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(std::string instant, timeline.CreateNewInstantTime());
  ARROW_ASSIGN_OR_RAISE(std::string content, RequestedContent(operation));
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(
      WriteInstant(instant, operation, State::kRequested, options_.merge_on_read),
      content));
  return instant;
}

::arrow::Result<WriteResult> WriteClient::Insert(const std::string& instant,
                                                 ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kInsert, input);
}

::arrow::Result<WriteResult> WriteClient::Upsert(const std::string& instant,
                                                 ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kUpsert, input);
}

::arrow::Result<WriteResult> WriteClient::BulkInsert(const std::string& instant,
                                                     ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kBulkInsert, input);
}

::arrow::Result<WriteResult> WriteClient::Delete(const std::string& instant,
                                                 ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kDelete, input);
}

::arrow::Result<WriteResult> WriteClient::Write(const std::string& instant,
                                                WriteOperationType operation,
                                                ::arrow::RecordBatchReader* input) {
  switch (operation) {
    case WriteOperationType::kInsert:
      return Insert(instant, input);
    case WriteOperationType::kUpsert:
      return Upsert(instant, input);
    case WriteOperationType::kBulkInsert:
      return BulkInsert(instant, input);
    case WriteOperationType::kDelete:
      return Delete(instant, input);
    case WriteOperationType::kInsertOverwrite:
      return InsertOverwrite(instant, input);
    case WriteOperationType::kInsertOverwriteTable:
      return InsertOverwriteTable(instant, input);
    case WriteOperationType::kDeletePartition:
      return DeletePartitionsOf(instant, input);
    default:
      return ::arrow::Status::Invalid(
          "operation ", WriteOperationTypeName(operation),
          " does not write records; use insert, upsert, bulk_insert, delete, "
          "insert_overwrite, insert_overwrite_table or delete_partition");
  }
}

::arrow::Result<WriteResult> WriteClient::InsertOverwrite(
    const std::string& instant, ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kInsertOverwrite, input);
}

::arrow::Result<WriteResult> WriteClient::InsertOverwriteTable(
    const std::string& instant, ::arrow::RecordBatchReader* input) {
  return Run(instant, WriteOperationType::kInsertOverwriteTable, input);
}

::arrow::Result<ActiveTimeline> WriteClient::LoadRequested(
    const std::string& instant, WriteOperationType operation) const {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  Instant requested =
      WriteInstant(instant, operation, State::kRequested, options_.merge_on_read);
  if (!timeline.timeline().ContainsInstant(requested)) {
    return ::arrow::Status::Invalid("instant ", instant, " is not a requested ",
                                    ActionName(requested.action), "; call StartCommit(",
                                    WriteOperationTypeName(operation), ") first");
  }
  return timeline;
}

::arrow::Result<WriteResult> WriteClient::DeletePartitions(
    const std::string& instant, const std::vector<std::string>& partitions) {
  const WriteOperationType operation = WriteOperationType::kDeletePartition;
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, LoadRequested(instant, operation));
  if (partitions.empty()) {
    return ::arrow::Status::Invalid(
        "delete_partition needs at least one partition: set "
        "hoodie.datasource.write.partitions.to.delete or give input records");
  }
  // Hudi stores the table schema (TableSchemaResolver) in the commit.
  ARROW_ASSIGN_OR_RAISE(std::optional<WriterSchema> schema, LatestCommitSchema(timeline));
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
      *view, ResolvePartitionWildcards(partitions, view->partitions()));
  // SparkDeletePartitionCommitActionExecutor saves an empty workload profile.
  CommitMetadata profile;
  profile.operation_type = operation;
  ARROW_RETURN_NOT_OK(
      timeline
          .TransitionToInflight(
              WriteInstant(instant, operation, State::kRequested, options_.merge_on_read),
              profile.ToJson())
          .status());
  if (options_.auto_commit) ARROW_RETURN_NOT_OK(Commit(&result));
  return result;
}

::arrow::Result<WriteResult> WriteClient::DeletePartitionsOf(
    const std::string& instant, ::arrow::RecordBatchReader* input) {
  ARROW_ASSIGN_OR_RAISE(
      internal::IncomingRecords records,
      internal::IncomingRecords::Stage(input, *options_.key_generator, nullptr,
                                       *options_.merger, std::nullopt));
  if (options_.auto_commit && !records.failed.empty()) {
    std::vector<FailedWrite> failed;
    for (const auto& f : records.failed) failed.push_back({f.input_row, f.message});
    WriteResult result;
    result.instant_time = instant;
    result.input_records = records.total_input;
    result.failed = std::move(failed);
    return Finish(std::move(result));
  }
  std::vector<std::string> partitions;
  for (const auto& record : records.records) {
    if (std::find(partitions.begin(), partitions.end(), record.partition()) ==
        partitions.end()) {
      partitions.emplace_back(record.partition());
    }
  }
  ARROW_ASSIGN_OR_RAISE(WriteResult result, DeletePartitions(instant, partitions));
  result.input_records = records.total_input;
  for (const auto& failed : records.failed) {
    result.failed.push_back({failed.input_row, failed.message});
  }
  return result;
}

::arrow::Result<WriteResult> WriteClient::Run(const std::string& instant,
                                              WriteOperationType operation,
                                              ::arrow::RecordBatchReader* input) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, LoadRequested(instant, operation));
  // preWrite: the asynchronous services start with the write, on the timeline before it.
  if (services_ != nullptr) services_->StartAsyncServices();
  Instant requested =
      WriteInstant(instant, operation, State::kRequested, options_.merge_on_read);
  ARROW_ASSIGN_OR_RAISE(WriterSchema schema,
                        ResolveSchema(timeline, *input->schema(), options_.table_name,
                                      /*evolve=*/operation != WriteOperationType::kDelete));
  bool is_delete = operation == WriteOperationType::kDelete;
  bool combine = CombineFor(options_, operation);
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const RecordMerger> merger,
                        MergerFor(options_, *input->schema()));
  if (operation == WriteOperationType::kBulkInsert) {
    ARROW_ASSIGN_OR_RAISE(WriteResult result,
                          BulkInsertStreamed(*table_, options_, timeline, instant, schema,
                                             input, combine, merger.get()));
    return Finish(std::move(result));
  }
  // Pre-combining needs every record's ordering value (Java's payloads refuse null).
  std::optional<std::string> ordering;
  if (combine && !is_delete && !merger->options().ordering_field.empty()) {
    ordering = merger->options().ordering_field;
  }
  PhaseClock clock(instant);
  ARROW_ASSIGN_OR_RAISE(
      internal::IncomingRecords records,
      internal::IncomingRecords::Stage(
          input, *options_.key_generator, is_delete ? nullptr : schema.arrow, *merger,
          ordering,
          internal::SpillOptions{options_.memory_budget,
                                 SpillDirectory(options_.spill_directory)}));
  clock.Lap("staging");
  WriteResult result;
  result.instant_time = instant;
  result.operation = operation;
  result.schema = schema.avro;
  result.input_records = records.total_input;
  for (const auto& failed : records.failed) {
    result.failed.push_back({failed.input_row, failed.message});
  }
  // Failures known before any file is written: nothing is written at all.
  if (options_.auto_commit && !result.failed.empty()) return Finish(std::move(result));
  if (combine) {
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
  result.replaced_file_ids = plan.replaced_file_ids;
  ARROW_RETURN_NOT_OK(records.PrepareBuckets(BucketRows(records, plan)));
  clock.Lap("grouping payloads by bucket");
  ARROW_RETURN_NOT_OK(
      timeline
          .TransitionToInflight(requested,
                                plan.WorkloadProfile(records, operation).ToJson())
          .status());
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  internal::WriteContext context{
      table_->storage(), table_->base_path(), instant,     &options_,
      &markers,          schema.arrow,        schema.avro, merger.get()};
  // Indexes that keep their own state learn where the records went (Java calls
  // updateLocation with the write statuses); the file-based ones read the files.
  bool stateful = !options_.index->IsImplicitWithStorage();
  std::vector<HoodieKey> keys;
  TaggedLocations locations;
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
  }
  if (stateful) ARROW_RETURN_NOT_OK(options_.index->UpdateLocation(keys, locations));
  Count(result.stats, &result);
  return Finish(std::move(result));
}

::arrow::Result<WriteResult> WriteClient::Finish(WriteResult result) {
  if (!options_.auto_commit) return result;
  if (result.failed.empty()) {
    ARROW_RETURN_NOT_OK(Commit(&result));
    return result;
  }
  // Hudi's Spark writer rolls the commit back when any write status has errors.
  ARROW_RETURN_NOT_OK(Abort(result.instant_time));
  return FailedRecordsError(
      result.input_records, result.failed,
      [](int64_t row) { return "record " + std::to_string(row); },
      "set hoodie.auto.commit=false to get the uncommitted result and Commit or Abort "
      "it yourself");
}

// hoodie.write.meta.key.prefixes (TransactionUtils.overrideWithLatestCommitMetadata of
// the releases that had it): entries of the latest completed commit this one lacks.
::arrow::Status WriteClient::CopyLatestCommitMetadata(CommitMetadata* metadata) const {
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

::arrow::Status WriteClient::Commit(WriteResult* result) {
  // CommitUtils.buildMetadata: a HoodieReplaceCommitMetadata for replacecommits.
  ReplaceCommitMetadata metadata;
  for (const WriteStat& stat : result->stats) {
    metadata.AddWriteStat(stat.partition_path.value_or(""), stat);
  }
  metadata.AddMetadata("schema", result->schema);
  for (const auto& [key, value] : options_.commit_meta_entries) {
    metadata.AddMetadata(key, value);
  }
  for (const auto& [key, value] : result->extra_metadata) metadata.AddMetadata(key, value);
  ARROW_RETURN_NOT_OK(CopyLatestCommitMetadata(&metadata));
  metadata.operation_type = result->operation;
  metadata.partition_to_replace_file_ids = result->replaced_file_ids;
  bool replace = IsReplaceOperation(result->operation);
  CommitHooks hooks = hooks_;
  // runTableServicesInline: after the commit, failing the write when a service fails
  // (hoodie.fail.writes.on.inline.table.service.exception defaults to true).
  if (services_ != nullptr) {
    hooks.post_commit.insert(
        hooks.post_commit.begin(),
        PostCommitHook{"the inline table services", [this, result](const Instant& done) {
                         ARROW_ASSIGN_OR_RAISE(InlineServicesOutcome outcome,
                                               services_->RunAfterCommit(done));
                         result->compactions = std::move(outcome.compactions);
                         result->cleans = std::move(outcome.cleans);
                         result->archived = std::move(outcome.archived);
                         return ::arrow::Status::OK();
                       }});
  }
  ARROW_ASSIGN_OR_RAISE(
      Transaction txn,
      Transaction::Begin(table_,
                         WriteInstant(result->instant_time, result->operation,
                                      State::kInflight, options_.merge_on_read),
                         std::move(hooks)));
  auto committed =
      txn.Commit(replace ? metadata.ToJson() : metadata.CommitMetadata::ToJson());
  result->committed = txn.committed();
  return committed.status();
}

// A partition this instant created holds only its `.hoodie_partition_metadata` once
// the instant's files are gone; removing it (and parent folders left empty) leaves the
// table as it was. (Hudi's rollback leaves such folders; readers see empty partitions.)
::arrow::Status WriteClient::RemoveIfCreatedEmpty(const std::string& partition) {
  Storage& storage = *table_->storage();
  std::string relative = partition;
  bool own_partition = true;
  while (!relative.empty()) {
    std::string dir = JoinPath(table_->base_path(), relative);
    ARROW_ASSIGN_OR_RAISE(bool exists, storage.Exists(dir));
    if (!exists) return ::arrow::Status::OK();
    ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries, storage.List(dir, false));
    for (const FileStatus& entry : entries) {
      bool metafile = own_partition && !entry.is_directory &&
                      entry.name().starts_with(".hoodie_partition_metadata");
      if (!metafile) return ::arrow::Status::OK();
    }
    ARROW_RETURN_NOT_OK(storage.DeleteDir(dir));
    relative = ParentPath(relative);
    own_partition = false;
  }
  return ::arrow::Status::OK();
}

::arrow::Status WriteClient::Abort(const std::string& instant) {
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  ARROW_ASSIGN_OR_RAISE(std::vector<Marker> written, markers.List());
  std::vector<std::string> partitions;
  for (const Marker& marker : written) {
    std::string path = JoinPath(table_->base_path(), marker.DataFileRelativePath());
    ARROW_ASSIGN_OR_RAISE(bool exists, table_->storage()->Exists(path));
    if (exists) ARROW_RETURN_NOT_OK(table_->storage()->DeleteFile(path));
    if (!marker.partition_path.empty() &&
        std::find(partitions.begin(), partitions.end(), marker.partition_path) ==
            partitions.end()) {
      partitions.push_back(marker.partition_path);
    }
  }
  for (const std::string& partition : partitions) {
    ARROW_RETURN_NOT_OK(RemoveIfCreatedEmpty(partition));
  }
  ARROW_RETURN_NOT_OK(markers.DeleteFolder());
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  for (Action action : {Action::kCommit, Action::kDeltaCommit, Action::kReplaceCommit}) {
    for (State state : {State::kInflight, State::kRequested}) {
      Instant pending{instant, action, state};
      if (!timeline.timeline().ContainsInstant(pending)) continue;
      ARROW_RETURN_NOT_OK(timeline.DeletePending(pending));
      if (state == State::kInflight) {
        ARROW_RETURN_NOT_OK(
            timeline.DeletePending(Instant{instant, action, State::kRequested}));
      }
      return ::arrow::Status::OK();
    }
  }
  return ::arrow::Status::Invalid("instant ", instant, " is not pending");
}

}  // namespace hoodie
