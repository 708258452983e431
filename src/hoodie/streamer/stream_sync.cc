// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/stream_sync.cc
#include "hoodie/streamer/stream_sync.h"

#include <arrow/type.h>

#include <utility>

#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/client/write_client.h"
#include "hoodie/common/enum_choice.h"
#include "hoodie/common/logging.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/config/write_config.h"
#include "hoodie/format/avro/schema_evolution.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/cdc_records.h"
#include "hoodie/streamer/conform_reader_internal.h"
#include "hoodie/client/rate_limit.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/transformer.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/write_options.h"

namespace hoodie {
namespace {

// Sets `key` to what the streamer needs unless the user set it; a user value that
// contradicts it is refused as HoodieStreamer's checks refuse it.
::arrow::Status Require(HoodieConfig* config, const ConfigProperty<bool>& key, bool value) {
  if (auto set = config->GetExplicit(key)) {
    ARROW_ASSIGN_OR_RAISE(bool given, config->Get(key));
    if (given != value) {
      return ::arrow::Status::Invalid(key.key, " should be set to ", value ? "true" : "false",
                                      " for the streamer (it is ", *set, ")");
    }
  }
  config->Set(key.key, value ? "true" : "false");
  return ::arrow::Status::OK();
}

void SetUnlessGiven(HoodieConfig* config, const ConfigProperty<std::string>& key,
                    const std::string& value) {
  if (!config->GetExplicit(key)) config->Set(key.key, value);
}

// write.insert.cluster (Flink's append mode): a copy-on-write insert merges records
// into small files only when it is true; false writes new files, as Flink's insert does
// (no small files: hoodie.parquet.small.file.limit 0). Unset, the Spark writer's small
// file handling stays; merge-on-read and other operations ignore it, as Flink does.
::arrow::Status ApplyInsertCluster(const StreamerOptions& options, HoodieConfig* config) {
  if (!config->GetExplicit(FlinkConfig::kWriteInsertCluster)) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(bool cluster, config->Get(FlinkConfig::kWriteInsertCluster));
  if (options.merge_on_read() || options.operation != WriteOperationType::kInsert) {
    return ::arrow::Status::OK();
  }
  const auto& limit = CompactionConfig::kParquetSmallFileLimit;
  ARROW_ASSIGN_OR_RAISE(int64_t given, config->Get(limit));
  if (cluster && given <= 0) {
    return ::arrow::Status::Invalid(FlinkConfig::kWriteInsertCluster.key,
                                    "=true merges inserts into small files, but ", limit.key,
                                    "=", given, " counts no file as small: raise it");
  }
  if (!cluster) config->Set(limit.key, "0");
  return ::arrow::Status::OK();
}

bool IsStreamerOperation(WriteOperationType op) {
  switch (op) {
    case WriteOperationType::kUpsert:
    case WriteOperationType::kInsert:
    case WriteOperationType::kBulkInsert:
    case WriteOperationType::kInsertOverwrite:
    case WriteOperationType::kInsertOverwriteTable:
    case WriteOperationType::kDeletePartition:
      return true;
    default:
      return false;
  }
}

}  // namespace

::arrow::Result<HoodieConfig> StreamerWriteConfig(const StreamerOptions& options,
                                                  HoodieConfig config) {
  // HoodieTableType.valueOf(cfg.tableType): the Java names, exact case.
  ARROW_RETURN_NOT_OK(
      ParseEnum("--table-type", options.table_type, kTableTypeNames, EnumCase::kExact)
          .status());
  // The format registry decides which base file formats hoodie writes.
  if (auto format = MakeBaseFileFormat(options.base_file_format); !format.ok()) {
    return format.status().WithMessage("--base-file-format ", options.base_file_format,
                                       ": ", format.status().message());
  }
  if (!IsStreamerOperation(options.operation)) {
    return ::arrow::Status::Invalid("--op ", WriteOperationTypeName(options.operation),
                                    " is not a streamer operation (UPSERT, INSERT, BULK_INSERT)");
  }
  // HoodieStreamer's constructor: dropping duplicates would lose updates.
  if (options.filter_dupes && options.operation == WriteOperationType::kUpsert) {
    return ::arrow::Status::Invalid(
        "'--filter-dupes' needs to be disabled when '--op' is 'UPSERT' to ensure updates "
        "are not missed");
  }
  config.Set(TableConfigKeys::kTableName.key, options.target_table);
  config.Set(DataSourceConfig::kTableType.key, options.table_type);
  config.Set(DataSourceConfig::kOperation.key,
             std::string(WriteOperationTypeName(options.operation)));
  SetUnlessGiven(&config, DataSourceConfig::kPrecombineField, options.source_ordering_field);
  SetUnlessGiven(&config, DataSourceConfig::kPayloadClass, options.payload_class);
  ARROW_RETURN_NOT_OK(ApplyInsertCluster(options, &config));
  // getHoodieClientConfig: combineInput(filterDupes, true), auto commit off, inline
  // compaction only for a merge-on-read table outside continuous mode.
  ARROW_RETURN_NOT_OK(Require(&config, WriteConfig::kCombineBeforeInsert, options.filter_dupes));
  ARROW_RETURN_NOT_OK(Require(&config, WriteConfig::kCombineBeforeUpsert, true));
  ARROW_RETURN_NOT_OK(Require(&config, WriteConfig::kAutoCommit, false));
  ARROW_RETURN_NOT_OK(
      Require(&config, CompactionConfig::kInlineCompact, options.inline_compaction()));
  // DataSourceUtils.dropDuplicates: records whose key the table holds are dropped.
  if (options.filter_dupes) config.Set(DataSourceConfig::kInsertDropDuplicates.key, "true");
  return config;
}

StreamSync::~StreamSync() = default;

::arrow::Result<std::unique_ptr<StreamSync>> StreamSync::Make(StreamerOptions options,
                                                            HoodieConfig props) {
  auto out = std::unique_ptr<StreamSync>(new StreamSync());
  ARROW_ASSIGN_OR_RAISE(out->config_, StreamerWriteConfig(options, std::move(props)));
  ARROW_RETURN_NOT_OK(out->config_.CheckSupported());
  ARROW_ASSIGN_OR_RAISE(out->storage_, Storage::FromUri(options.target_base_path,
                                                        &out->base_path_, out->config_));
  ARROW_ASSIGN_OR_RAISE(out->schema_provider_,
                        MakeSchemaProvider(options.schema_provider_class, out->config_));
  // write.ignore.failed (Flink: ignore the failed records of a batch) is the streamer's
  // --commit-on-errors. Only an explicit value counts: the registry's default is the
  // seed's true, Hudi 0.15's is false.
  if (out->config_.GetExplicit(FlinkConfig::kWriteIgnoreFailed)) {
    ARROW_ASSIGN_OR_RAISE(bool ignore, out->config_.Get(FlinkConfig::kWriteIgnoreFailed));
    if (options.commit_on_errors && !ignore) {
      return ::arrow::Status::Invalid(
          "--commit-on-errors and write.ignore.failed=false contradict each other: drop one");
    }
    options.commit_on_errors = ignore;
  }
  SourceContext context{.config = &out->config_,
                        .schema_provider = out->schema_provider_,
                        .skip_bad_records = options.commit_on_errors};
  ARROW_ASSIGN_OR_RAISE(out->source_, MakeSource(options.source_class, context));
  if (auto own = out->source_->schema_provider()) out->schema_provider_ = std::move(own);
  ARROW_ASSIGN_OR_RAISE(out->transformer_,
                        MakeTransformers(options.transformer_class, out->config_));
  out->options_ = std::move(options);
  return out;
}

::arrow::Result<RoundResult> StreamSync::SyncOnce() {
  RoundResult round;
  std::optional<ActiveTimeline> timeline;
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::LoadIfExists(storage_, base_path_));
  if (table != nullptr) {
    if (TableTypeName(table->table_type()) != options_.table_type) {
      return ::arrow::Status::Invalid("--table-type ", options_.table_type, " but the table at ",
                                      options_.target_base_path, " is ",
                                      TableTypeName(table->table_type()));
    }
    ARROW_ASSIGN_OR_RAISE(timeline, table->LoadActiveTimeline());
  }
  ARROW_ASSIGN_OR_RAISE(
      ResumePoint resume,
      ChooseResumeCheckpoint(timeline ? &*timeline : nullptr, options_.merge_on_read(),
                             options_.checkpoint));
  round.resumed_from = resume.checkpoint;
  ARROW_ASSIGN_OR_RAISE(SourceBatch batch,
                        source_->FetchNext(resume.checkpoint, options_.source_limit));
  round.checkpoint = batch.checkpoint;
  round.source_size = batch.source_size;
  round.source_description = batch.description;
  round.backlog = batch.backlog;
  round.backlog_description = batch.backlog_description;
  if (!options_.allow_commit_on_no_checkpoint_change && batch.checkpoint == resume.checkpoint) {
    round.skipped = "no new data, source checkpoint has not changed";
    return round;
  }
  ARROW_RETURN_NOT_OK(WriteRound(std::move(batch), &round));
  if (schema_provider_ != nullptr) ARROW_RETURN_NOT_OK(schema_provider_->Refresh());
  return round;
}

::arrow::Status StreamSync::WriteRound(SourceBatch batch, RoundResult* round) {
  ARROW_ASSIGN_OR_RAISE(auto table, WriteClient::OpenOrCreateTable(storage_, base_path_, config_));
  ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table, config_));
  std::shared_ptr<::arrow::Schema> target;
  if (schema_provider_ != nullptr) {
    ARROW_ASSIGN_OR_RAISE(target, schema_provider_->TargetSchema());
    ARROW_ASSIGN_OR_RAISE(target, CdcTargetSchema(config_, std::move(target)));
  }
  if (target != nullptr) {
    // getDeducedSchemaProvider: the provider's schema must be able to read the table's
    // data (added nullable columns evolve the table; other changes are refused).
    ARROW_ASSIGN_OR_RAISE(auto table_schema, client->TableSchema());
    if (table_schema != nullptr) {
      // reconcileSchemaRequirements: a column the table keeps nullable stays nullable
      // whatever the provider says (Spark-written tables make every column nullable).
      ::arrow::FieldVector canonical;
      for (const auto& field : target->fields()) {
        auto stored = table_schema->GetFieldByName(field->name());
        canonical.push_back(stored != nullptr && stored->nullable() ? field->WithNullable(true)
                                                                     : field);
      }
      ::arrow::Status compatible =
          CheckSchemaEvolution(*table_schema, *::arrow::schema(std::move(canonical)));
      if (!compatible.ok()) {
        return compatible.WithMessage("the schema provider's schema cannot replace the table's: ",
                                      compatible.message());
      }
    }
  }
  std::shared_ptr<::arrow::RecordBatchReader> records = batch.records;
  if (records == nullptr) {
    std::shared_ptr<::arrow::Schema> schema = target;
    if (schema == nullptr) {
      ARROW_ASSIGN_OR_RAISE(schema, client->TableSchema());
    }
    if (schema == nullptr) {
      round->skipped = "no records and no schema yet: nothing to commit";
      return ::arrow::Status::OK();
    }
    // Nothing new but the checkpoint moved: Hudi commits the round empty.
    ARROW_ASSIGN_OR_RAISE(records, ::arrow::RecordBatchReader::Make({}, schema));
  } else {
    // Counts the records read from the source, before the transformers.
    int64_t* read = &round->records_read;
    records = MapBatches(records, records->schema(),
                                   [read](const std::shared_ptr<::arrow::RecordBatch>& in)
                                       -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> {
                                     *read += in->num_rows();
                                     return in;
                                   });
    ARROW_ASSIGN_OR_RAISE(int64_t rate, config_.Get(FlinkConfig::kWriteRateLimit));
    records = RateLimited(std::move(records), rate);
    if (transformer_ != nullptr) {
      ARROW_ASSIGN_OR_RAISE(records, transformer_->Apply(records));
    }
    // Records are rewritten into the provider's target schema (LazyCastingIterator).
    if (target != nullptr) {
      ARROW_ASSIGN_OR_RAISE(records, internal::ConformToSchema(records, target));
    }
  }
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit(options_.operation));
  auto written = client->Write(instant, options_.operation, records.get());
  if (!written.ok()) {
    HOODIE_WARN_NOT_OK(client->Abort(instant), "rolling back the failed round " + instant);
    return written.status().WithMessage("round ", instant, " failed and was rolled back: ",
                                        written.status().message());
  }
  WriteResult result = *std::move(written);
  auto where = [&batch](int64_t row) {
    return batch.where ? batch.where(row) : "record " + std::to_string(row);
  };
  if (!result.failed.empty() && !options_.commit_on_errors) {
    ARROW_RETURN_NOT_OK(client->Abort(instant));
    return FailedRecordsError(result.input_records, result.failed, where,
                              "--commit-on-errors commits the other records");
  }
  for (const FailedWrite& failed : result.failed) {
    round->failed.push_back(where(failed.input_row) + ": " + failed.message);
  }
  // Records the source could not decode were left out before the write.
  if (batch.skipped != nullptr) {
    round->failed.insert(round->failed.end(), batch.skipped->begin(), batch.skipped->end());
  }
  ARROW_ASSIGN_OR_RAISE(bool force_skip, config_.Get(StreamerConfig::kCheckpointForceSkip));
  result.extra_metadata = CheckpointMetadata(batch.checkpoint, options_.checkpoint, force_skip);
  ARROW_RETURN_NOT_OK(client->Commit(&result));
  round->instant = instant;
  round->records_written = result.inserted + result.updated + result.deleted;
  round->inserted = result.inserted;
  round->updated = result.updated;
  round->deleted = result.deleted;
  round->compactions = result.compactions;
  round->cleans = result.cleans;
  round->archived = result.archived;
  round->failed_commit_callbacks = result.failed_commit_callbacks;
  ARROW_RETURN_NOT_OK(source_->OnCommit(batch.checkpoint));
  if (options_.async_compaction()) {
    ARROW_ASSIGN_OR_RAISE(auto reloaded, TableMetaClient::Load(storage_, base_path_));
    ARROW_ASSIGN_OR_RAISE(auto scheduled, ScheduleCompaction(*reloaded, config_));
    if (scheduled) round->scheduled_compaction = scheduled->instant_time;
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie
