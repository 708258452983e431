// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_engine.cc
/// \brief SqlEngine over DuckDB's C API.
#include "hoodie/sql/sql_engine.h"

#include <utility>
#include <vector>

#include <arrow/c/abi.h>  // before duckdb.h, which only declares the C structs
#include <arrow/c/bridge.h>
#include <arrow/table.h>
#include <duckdb.h>

#include "hoodie/sql/spark_sql_functions_internal.h"
#include "hoodie/sql/sql_engine_internal.h"

namespace hoodie {

namespace {

::arrow::Status SqlError(const std::string& what, const char* message) {
  return ::arrow::Status::Invalid(what, " failed in DuckDB ", duckdb_library_version(), ": ",
                                  message != nullptr ? message : "(no message)");
}

// Batches of a streaming DuckDB result, joined to about options.batch_rows rows.
class ResultReader : public ::arrow::RecordBatchReader {
 public:
  static ::arrow::Result<std::shared_ptr<ResultReader>> Make(
      std::shared_ptr<SqlEngine::Handles> handles, duckdb_result result, int64_t batch_rows);
  ~ResultReader() override {
    if (options_ != nullptr) duckdb_destroy_arrow_options(&options_);
    duckdb_destroy_result(&result_);
  }
  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override;

 private:
  ResultReader(std::shared_ptr<SqlEngine::Handles> handles, duckdb_result result,
               int64_t batch_rows)
      : handles_(std::move(handles)), result_(result), batch_rows_(batch_rows) {}

  std::shared_ptr<SqlEngine::Handles> handles_;  // keeps the database open
  duckdb_result result_;
  duckdb_arrow_options options_ = nullptr;
  int64_t batch_rows_;
  std::shared_ptr<::arrow::Schema> schema_;
  bool done_ = false;
};

::arrow::Result<std::shared_ptr<ResultReader>> ResultReader::Make(
    std::shared_ptr<SqlEngine::Handles> handles, duckdb_result result, int64_t batch_rows) {
  auto out = std::shared_ptr<ResultReader>(
      new ResultReader(std::move(handles), result, batch_rows));
  out->options_ = duckdb_result_get_arrow_options(&out->result_);
  idx_t count = duckdb_column_count(&out->result_);
  std::vector<duckdb_logical_type> types;
  std::vector<const char*> names;
  for (idx_t i = 0; i < count; ++i) {
    types.push_back(duckdb_column_logical_type(&out->result_, i));
    names.push_back(duckdb_column_name(&out->result_, i));
  }
  struct ArrowSchema c_schema;
  ::arrow::Status converted = internal::TakeDuckDbError(
      duckdb_to_arrow_schema(out->options_, types.data(), names.data(), count, &c_schema),
      "the result schema");
  for (duckdb_logical_type& type : types) duckdb_destroy_logical_type(&type);
  ARROW_RETURN_NOT_OK(converted);
  ARROW_ASSIGN_OR_RAISE(out->schema_, ::arrow::ImportSchema(&c_schema));
  return out;
}

::arrow::Status ResultReader::ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) {
  batch->reset();
  std::vector<std::shared_ptr<::arrow::RecordBatch>> parts;
  int64_t rows = 0;
  while (!done_ && rows < batch_rows_) {
    duckdb_data_chunk chunk = duckdb_fetch_chunk(result_);
    if (chunk == nullptr) {
      // A failed streaming query ends early; its error is on the result.
      if (const char* error = duckdb_result_error(&result_)) return SqlError("the query", error);
      done_ = true;
      break;
    }
    struct ArrowArray c_array;
    ::arrow::Status converted =
        internal::TakeDuckDbError(duckdb_data_chunk_to_arrow(options_, chunk, &c_array), "a result chunk");
    duckdb_destroy_data_chunk(&chunk);
    ARROW_RETURN_NOT_OK(converted);
    ARROW_ASSIGN_OR_RAISE(auto part, ::arrow::ImportRecordBatch(&c_array, schema_));
    rows += part->num_rows();
    if (part->num_rows() > 0) parts.push_back(std::move(part));
  }
  if (parts.empty()) return ::arrow::Status::OK();
  if (parts.size() == 1) {
    *batch = std::move(parts.front());
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches(schema_, parts));
  ARROW_ASSIGN_OR_RAISE(*batch, table->CombineChunksToBatch());
  return ::arrow::Status::OK();
}

std::string Quoted(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

SqlEngine::SqlEngine(SqlEngineOptions options)
    : options_(std::move(options)), handles_(std::make_shared<Handles>()) {}

SqlEngine::~SqlEngine() = default;

std::string SqlEngine::Version() { return duckdb_library_version(); }

std::string SqlEngine::QuoteName(const std::string& name) { return Quoted(name); }

std::string SqlEngine::QuoteString(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

::arrow::Result<std::unique_ptr<SqlEngine>> SqlEngine::Open(const SqlEngineOptions& options) {
  auto engine = std::unique_ptr<SqlEngine>(new SqlEngine(options));
  duckdb_config config = nullptr;
  if (duckdb_create_config(&config) == DuckDBError) {
    return ::arrow::Status::OutOfMemory("cannot make a DuckDB configuration");
  }
  std::string memory = std::to_string(options.memory_limit) + "B";
  std::string threads = std::to_string(options.threads);
  duckdb_set_config(config, "memory_limit", memory.c_str());
  duckdb_set_config(config, "threads", threads.c_str());
  // Nothing is fetched from the network: DuckDB would download extensions it lacks
  // (ICU among them) on first use. Without ICU, timestamps are zone-less, in UTC.
  duckdb_set_config(config, "autoinstall_known_extensions", "false");
  duckdb_set_config(config, "autoload_known_extensions", "false");
  if (!options.spill_directory.empty()) {
    duckdb_set_config(config, "temp_directory", options.spill_directory.c_str());
  }
  char* error = nullptr;
  duckdb_state opened = duckdb_open_ext(nullptr, &engine->handles_->database, config, &error);
  duckdb_destroy_config(&config);
  if (opened == DuckDBError) {
    ::arrow::Status status = SqlError("opening the database", error);
    if (error != nullptr) duckdb_free(error);
    return status;
  }
  if (duckdb_connect(engine->handles_->database, &engine->handles_->connection) == DuckDBError) {
    return ::arrow::Status::IOError("cannot connect to the embedded DuckDB database");
  }
  ARROW_RETURN_NOT_OK(AddSparkSqlFunctions(
      engine->handles_->connection,
      [&engine](const std::string& sql) { return engine->Execute(sql); }));
  return engine;
}

::arrow::Status SqlEngine::Execute(const std::string& sql) {
  duckdb_result result;
  duckdb_state state = duckdb_query(handles_->connection, sql.c_str(), &result);
  ::arrow::Status status = state == DuckDBError
                               ? SqlError("the statement", duckdb_result_error(&result))
                               : ::arrow::Status::OK();
  duckdb_destroy_result(&result);
  return status;
}

::arrow::Status SqlEngine::RegisterTable(const std::string& name,
                                         std::shared_ptr<::arrow::RecordBatchReader> input) {
  struct ArrowArrayStream stream;
  ARROW_RETURN_NOT_OK(::arrow::ExportRecordBatchReader(std::move(input), &stream));
  // A view over a stream can be scanned once only, so it is copied into a table before
  // the user's SQL, which may read its source any number of times.
  std::string view = name + "_stream";
  duckdb_state scanned = duckdb_arrow_scan(handles_->connection, view.c_str(),
                                           reinterpret_cast<duckdb_arrow_stream>(&stream));
  ::arrow::Status status =
      scanned == DuckDBError
          ? ::arrow::Status::Invalid("DuckDB cannot scan the records of ", name)
          : Execute("CREATE OR REPLACE TEMP TABLE " + Quoted(name) + " AS SELECT * FROM " +
                    Quoted(view));
  ::arrow::Status dropped = Execute("DROP VIEW IF EXISTS " + Quoted(view));
  if (stream.release != nullptr) stream.release(&stream);
  ARROW_RETURN_NOT_OK(status);
  return dropped;
}

::arrow::Status SqlEngine::DropTable(const std::string& name) {
  return Execute("DROP TABLE IF EXISTS " + Quoted(name));
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> SqlEngine::Query(
    const std::string& sql) {
  duckdb_prepared_statement statement = nullptr;
  if (duckdb_prepare(handles_->connection, sql.c_str(), &statement) == DuckDBError) {
    ::arrow::Status status = SqlError("the query", duckdb_prepare_error(statement));
    duckdb_destroy_prepare(&statement);
    return status;
  }
  // Streaming (DuckDB's pending streaming API; deprecated in 1.x but the one way to
  // stream a result through the C API): memory stays a few chunks, not the result.
  duckdb_pending_result pending = nullptr;
  duckdb_state state = duckdb_pending_prepared_streaming(statement, &pending);
  duckdb_destroy_prepare(&statement);
  if (state == DuckDBError) {
    ::arrow::Status status = SqlError("the query", duckdb_pending_error(pending));
    duckdb_destroy_pending(&pending);
    return status;
  }
  duckdb_result result;
  state = duckdb_execute_pending(pending, &result);
  duckdb_destroy_pending(&pending);
  if (state == DuckDBError) {
    ::arrow::Status status = SqlError("the query", duckdb_result_error(&result));
    duckdb_destroy_result(&result);
    return status;
  }
  ARROW_ASSIGN_OR_RAISE(auto reader, ResultReader::Make(handles_, result, options_.batch_rows));
  return reader;
}

namespace internal {

::arrow::Status TakeDuckDbError(duckdb_error_data error, const std::string& what) {
  if (error == nullptr) return ::arrow::Status::OK();
  ::arrow::Status status = duckdb_error_data_has_error(error)
                               ? SqlError(what, duckdb_error_data_message(error))
                               : ::arrow::Status::OK();
  duckdb_destroy_error_data(&error);
  return status;
}

}  // namespace internal
}  // namespace hoodie
