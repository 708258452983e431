// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_client.cc
/// \brief WriteClient: the commit protocol of copy-on-write writes.

#include "hoodie/write/write_client.h"

#include <algorithm>
#include <tuple>

#include <arrow/record_batch.h>
#include <arrow/type.h>

#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/bucket_writer_internal.h"
#include "hoodie/write/bulk_insert_internal.h"
#include "hoodie/write/markers.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie {
namespace {

Instant CommitInstant(const std::string& time, State state) {
  return Instant{time, Action::kCommit, state};
}

// The writer schema: the latest commit's (as Spark keeps the table schema), else the
// input's without meta columns.
struct WriterSchema {
  std::shared_ptr<::arrow::Schema> arrow;
  std::string avro;
};

::arrow::Result<WriterSchema> ResolveSchema(const ActiveTimeline& timeline,
                                            const ::arrow::Schema& input,
                                            const std::string& table_name) {
  const std::vector<Instant> commits =
      timeline.timeline().GetCommitsTimeline().FilterCompleted().instants();
  for (auto it = commits.rbegin(); it != commits.rend(); ++it) {
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline.ReadCommitMetadata(*it));
    if (auto schema = metadata.Schema(); schema && !schema->empty()) {
      ARROW_ASSIGN_OR_RAISE(auto arrow, AvroJsonToArrowSchema(*schema));
      return WriterSchema{RemoveMetadataFields(*arrow), *schema};
    }
  }
  WriterSchema out;
  out.arrow = RemoveMetadataFields(input);
  out.arrow = ::arrow::schema(out.arrow->fields());
  ARROW_ASSIGN_OR_RAISE(out.avro, ArrowSchemaToAvroJson(*out.arrow, table_name));
  return out;
}

bool CombineFor(const WriteOptions& options, WriteOperationType operation) {
  switch (operation) {
    case WriteOperationType::kUpsert:
      return options.combine_before_upsert;
    case WriteOperationType::kDelete:
      return options.combine_before_delete;
    default:
      return options.combine_before_insert || options.insert_drop_duplicates;
  }
}

void Count(const std::vector<WriteStat>& stats, WriteResult* result) {
  for (const WriteStat& stat : stats) {
    result->inserted += stat.num_inserts;
    result->updated += stat.num_update_writes;
    result->deleted += stat.num_deletes;
  }
}

// bulk_insert streams its input into new file groups (bulk_insert_internal.h); like
// Hudi's BulkInsertHelper it marks the instant inflight with no workload profile.
::arrow::Result<WriteResult> BulkInsertStreamed(
    const TableMetaClient& table, const WriteOptions& options,
    const ActiveTimeline& timeline, const std::string& instant,
    const WriterSchema& schema, ::arrow::RecordBatchReader* input, bool combine) {
  ARROW_RETURN_NOT_OK(
      timeline.TransitionToInflight(CommitInstant(instant, State::kRequested), "")
          .status());
  WriteMarkers markers(table.storage(), table.base_path(), instant);
  internal::WriteContext context{table.storage(), table.base_path(), instant,    &options,
                                 &markers,        schema.arrow,      schema.avro};
  ARROW_ASSIGN_OR_RAISE(
      internal::BulkInsertOutcome outcome,
      internal::StreamBulkInsert(context, *options.key_generator, input, combine,
                                 combine && options.precombine_field_explicit));
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
  if (table->table_version() != 6) {
    return ::arrow::Status::NotImplemented(
        "hoodie writes table version 6 only (no upgrade); the table has version ",
        table->table_version());
  }
  return std::unique_ptr<WriteClient>(
      new WriteClient(std::move(table), std::move(options)));
}

::arrow::Result<std::shared_ptr<TableMetaClient>> WriteClient::OpenOrCreateTable(
    std::shared_ptr<Storage> storage, const std::string& base_path,
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(
      bool exists, storage->Exists(JoinPath(base_path, TableMetaClient::kMetaFolder)));
  if (exists) return TableMetaClient::Load(storage, base_path);
  ARROW_ASSIGN_OR_RAISE(WriteOptions options, WriteOptions::FromConfig(config));
  TableCreateOptions create;
  create.table_name = options.table_name;
  create.table_type = TableType::kCopyOnWrite;
  create.record_key_fields = options.record_key_fields;
  create.partition_fields = options.partition_fields;
  if (options.precombine_field_explicit)
    create.precombine_field = *options.precombine_field;
  create.key_generator_class = options.key_generator_class;
  create.hive_style_partitioning = options.hive_style_partitioning;
  create.url_encode_partitioning = options.url_encode_partitioning;
  create.drop_partition_columns = false;
  create.base_file_format = "PARQUET";
  return TableMetaClient::Create(storage, base_path, create);
}

::arrow::Result<std::string> WriteClient::StartCommit() {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  Timeline pending = timeline.timeline()
                         .FilterByActions({Action::kCommit, Action::kDeltaCommit,
                                           Action::kReplaceCommit})
                         .FilterPending();
  if (auto first = pending.FirstInstant()) {
    return ::arrow::Status::Invalid("pending instant ", first->timestamp,
                                    " must be rolled back first (failed-writes "
                                    "policy EAGER; hoodie has no rollback yet): ",
                                    first->ToString());
  }
  ARROW_ASSIGN_OR_RAISE(std::string instant, timeline.CreateNewInstantTime());
  ARROW_RETURN_NOT_OK(
      timeline.CreateRequested(CommitInstant(instant, State::kRequested)));
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

::arrow::Result<WriteResult> WriteClient::Run(const std::string& instant,
                                              WriteOperationType operation,
                                              ::arrow::RecordBatchReader* input) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  Instant requested = CommitInstant(instant, State::kRequested);
  if (!timeline.timeline().ContainsInstant(requested)) {
    return ::arrow::Status::Invalid("instant ", instant,
                                    " is not a requested commit; call StartCommit first");
  }
  ARROW_ASSIGN_OR_RAISE(WriterSchema schema,
                        ResolveSchema(timeline, *input->schema(), options_.table_name));
  bool is_delete = operation == WriteOperationType::kDelete;
  bool combine = CombineFor(options_, operation);
  if (operation == WriteOperationType::kBulkInsert) {
    ARROW_ASSIGN_OR_RAISE(
        WriteResult result,
        BulkInsertStreamed(*table_, options_, timeline, instant, schema, input, combine));
    if (options_.auto_commit) ARROW_RETURN_NOT_OK(Commit(&result));
    return result;
  }
  ARROW_ASSIGN_OR_RAISE(
      internal::IncomingRecords records,
      internal::IncomingRecords::Stage(
          input, *options_.key_generator, is_delete ? nullptr : schema.arrow,
          options_.precombine_field, combine && options_.precombine_field_explicit));
  WriteResult result;
  result.instant_time = instant;
  result.operation = operation;
  result.schema = schema.avro;
  result.input_records = records.total_input;
  for (const auto& failed : records.failed) {
    result.failed.push_back({failed.input_row, failed.message});
  }
  if (is_delete) {
    for (auto& record : records.records) record.is_delete = true;
  }
  if (combine) result.deduplicated += records.Deduplicate();
  ARROW_ASSIGN_OR_RAISE(
      internal::WritePlan plan,
      internal::PlanWrite(*table_, timeline, options_, operation, records));
  if (operation == WriteOperationType::kInsert) result.deduplicated += plan.dropped;
  ARROW_RETURN_NOT_OK(
      timeline
          .TransitionToInflight(requested,
                                plan.WorkloadProfile(records, operation).ToJson())
          .status());
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  internal::WriteContext context{
      table_->storage(), table_->base_path(), instant,    &options_,
      &markers,          schema.arrow,        schema.avro};
  for (size_t task = 0; task < plan.buckets.size(); ++task) {
    ARROW_RETURN_NOT_OK(internal::WriteBucket(context, records, plan.buckets[task],
                                              static_cast<int64_t>(task), &result.stats));
  }
  Count(result.stats, &result);
  if (options_.auto_commit) ARROW_RETURN_NOT_OK(Commit(&result));
  return result;
}

::arrow::Status WriteClient::Commit(WriteResult* result) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  CommitMetadata metadata;
  for (const WriteStat& stat : result->stats) {
    metadata.AddWriteStat(stat.partition_path.value_or(""), stat);
  }
  metadata.AddMetadata("schema", result->schema);
  for (const auto& [key, value] : options_.commit_meta_entries) {
    metadata.AddMetadata(key, value);
  }
  metadata.operation_type = result->operation;
  ARROW_RETURN_NOT_OK(
      timeline
          .TransitionToComplete(CommitInstant(result->instant_time, State::kInflight),
                                metadata.ToJson())
          .status());
  result->committed = true;
  // Hudi deletes the marker folder after the commit is visible (postCommit).
  return WriteMarkers(table_->storage(), table_->base_path(), result->instant_time)
      .DeleteFolder();
}

::arrow::Status WriteClient::Abort(const std::string& instant) {
  WriteMarkers markers(table_->storage(), table_->base_path(), instant);
  ARROW_ASSIGN_OR_RAISE(std::vector<Marker> written, markers.List());
  for (const Marker& marker : written) {
    std::string path = JoinPath(table_->base_path(), marker.DataFileRelativePath());
    ARROW_ASSIGN_OR_RAISE(bool exists, table_->storage()->Exists(path));
    if (exists) ARROW_RETURN_NOT_OK(table_->storage()->DeleteFile(path));
  }
  ARROW_RETURN_NOT_OK(markers.DeleteFolder());
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table_->LoadActiveTimeline());
  for (State state : {State::kInflight, State::kRequested}) {
    Instant pending = CommitInstant(instant, state);
    if (timeline.timeline().ContainsInstant(pending)) {
      ARROW_RETURN_NOT_OK(timeline.DeletePending(pending));
      if (state == State::kInflight) {
        ARROW_RETURN_NOT_OK(
            timeline.DeletePending(CommitInstant(instant, State::kRequested)));
      }
      return ::arrow::Status::OK();
    }
  }
  return ::arrow::Status::Invalid("instant ", instant, " is not pending");
}

}  // namespace hoodie
