// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_source.cc
/// \brief SqlSource: the rows of hoodie.deltastreamer.source.sql.sql.query, run on the
/// embedded SQL engine over the Hudi tables registered by name (and any file DuckDB
/// reads itself: read_parquet, read_json, read_csv). Used for backfills: it keeps no
/// checkpoint (or the epoch milliseconds, with ...sql.checkpoint.emit), so later rounds
/// of the regular source resume where they were.
#include <chrono>
#include <utility>
#include <vector>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/sql/sql_engine.h"
#include "hoodie/sql/sql_plugins_internal.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::internal {
namespace {

struct NamedTable {
  std::string name;
  std::string path;
};

// hoodie.streamer.source.sql.tables: name=path pairs, comma-separated.
::arrow::Result<std::vector<NamedTable>> ParseTables(const std::string& text) {
  std::vector<NamedTable> out;
  for (const std::string& entry : SplitAtCommas(text)) {
    std::string pair = Trim(entry);
    if (pair.empty()) continue;
    size_t equals = pair.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == pair.size()) {
      return ::arrow::Status::Invalid(StreamerConfig::kSqlSourceTables.key, ": '", pair,
                                      "' is not name=base-path");
    }
    out.push_back({Trim(pair.substr(0, equals)), Trim(pair.substr(equals + 1))});
  }
  return out;
}

// Keeps the engine alive while the rows are read.
class EngineRows : public ::arrow::RecordBatchReader {
 public:
  EngineRows(std::shared_ptr<SqlEngine> engine, std::shared_ptr<::arrow::RecordBatchReader> rows)
      : engine_(std::move(engine)), rows_(std::move(rows)) {}
  std::shared_ptr<::arrow::Schema> schema() const override { return rows_->schema(); }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    return rows_->ReadNext(batch);
  }

 private:
  std::shared_ptr<SqlEngine> engine_;
  std::shared_ptr<::arrow::RecordBatchReader> rows_;
};

class SqlSource : public Source {
 public:
  static ::arrow::Result<std::unique_ptr<Source>> Make(const SourceContext& context) {
    const HoodieConfig& config = *context.config;
    auto out = std::unique_ptr<SqlSource>(new SqlSource());
    std::optional<std::string> query = config.GetExplicit(StreamerConfig::kSqlQuery);
    if (!query || Trim(*query).empty()) {
      return ::arrow::Status::Invalid("SqlSource needs ", StreamerConfig::kSqlQuery.key);
    }
    out->query_ = *query;
    ARROW_ASSIGN_OR_RAISE(out->storage_options_, StorageOptions::FromConfig(config));
    ARROW_ASSIGN_OR_RAISE(out->tables_,
                          ParseTables(config.GetExplicit(StreamerConfig::kSqlSourceTables).value_or("")));
    ARROW_ASSIGN_OR_RAISE(out->emit_checkpoint_,
                          config.Get(StreamerConfig::kSqlSourceEmitCheckpoint));
    ARROW_ASSIGN_OR_RAISE(out->engine_options_.memory_limit,
                          config.Get(StreamerConfig::kSqlMemoryLimit));
    out->engine_options_.spill_directory =
        config.GetExplicit(MemoryConfig::kSpillableMapPath).value_or("");
    return out;
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>&, int64_t) override {
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<SqlEngine> made, SqlEngine::Open(engine_options_));
    std::shared_ptr<SqlEngine> engine = std::move(made);
    for (const NamedTable& table : tables_) {
      std::string inside;
      ARROW_ASSIGN_OR_RAISE(auto storage,
                            Storage::FromUri(table.path, &inside, storage_options_));
      ARROW_ASSIGN_OR_RAISE(auto meta, TableMetaClient::Load(storage, inside));
      ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(meta));
      ARROW_ASSIGN_OR_RAISE(auto snapshot, reader->Read({}));
      auto registered = engine->RegisterTable(table.name, std::move(snapshot));
      if (!registered.ok()) {
        return registered.WithMessage("SqlSource table ", table.name, " (", table.path,
                                      "): ", registered.message());
      }
    }
    auto rows = engine->Query(query_);
    if (!rows.ok()) return rows.status().WithMessage("SqlSource: ", rows.status().message());
    SourceBatch out;
    out.description = "the rows of the SQL query";
    if (emit_checkpoint_) {
      // SqlSourceConfig.EMIT_EPOCH_CHECKPOINT: System.currentTimeMillis().
      out.checkpoint = std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                                          std::chrono::system_clock::now().time_since_epoch())
                                          .count());
    }
    out.records = WithoutMetaColumns(std::make_shared<EngineRows>(engine, *std::move(rows)),
                                     /*all=*/false);
    return out;
  }

 private:
  SqlSource() = default;
  std::string query_;
  std::vector<NamedTable> tables_;
  StorageOptions storage_options_;
  bool emit_checkpoint_ = false;
  SqlEngineOptions engine_options_;
};

}  // namespace

::arrow::Status RegisterSqlSource(SourceRegistry* registry) {
  return registry->Register(std::string(kSourcesPackage) + "SqlSource", {"SqlSource"},
                            SqlSource::Make);
}

}  // namespace hoodie::internal
