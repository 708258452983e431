// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_session.cc
/// \brief SqlSession: the catalog, and which path a statement takes — a Spark statement
/// head (CREATE TABLE ... USING hudi, INSERT OVERWRITE, CALL, ...), DuckDB as it is, or
/// DML whose target is a Hudi table.
#include "hoodie/common/ascii.h"
#include "hoodie/sql/sql_session.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include <arrow/c/abi.h>  // before duckdb.h
#include <arrow/table.h>

#include "hoodie/client/table.h"
#include "hoodie/common/error.h"
#include "hoodie/sql/filter_pushdown_internal.h"
#include "hoodie/sql/sql_engine_internal.h"
#include "hoodie/sql/sql_session_internal.h"

namespace hoodie {
namespace {

// A name as the catalog keys it: lower-cased, without Spark's `default.` database.
std::string CatalogName(const std::string& name) {
  std::string lower = ToLowerAscii(name);
  for (const char* database : {"default.", "main."}) {
    if (lower.rfind(database, 0) == 0) return lower.substr(std::string(database).size());
  }
  return lower;
}

::arrow::Result<SqlResult> RunCall(SqlSession::State* state,
                                   const internal::ProcedureCall& call) {
  internal::ProcedureContext context;
  context.config = state->options.config;
  context.table_path = [state](const std::string& name) -> ::arrow::Result<std::string> {
    ARROW_ASSIGN_OR_RAISE(auto path, state->Resolve(name));
    if (!path) {
      return WithErrorCode(
          ::arrow::Status::Invalid("no Hudi table is named '", name,
                                   "': register it (CREATE TABLE ", name,
                                   " USING hudi LOCATION '<path>') or pass path => '<path>'"),
          ErrorCode::kInvalidOption);
    }
    return *path;
  };
  ARROW_ASSIGN_OR_RAISE(auto table, internal::RunProcedure(call, context));
  SqlResult result;
  result.rows = std::make_shared<::arrow::TableBatchReader>(table);
  return result;
}

::arrow::Result<SqlResult> RunSparkStatement(SqlSession::State* state,
                                             const internal::SparkStatement& statement) {
  if (auto* create = std::get_if<internal::CreateTableStatement>(&statement)) {
    return internal::RunCreateTable(state, *create);
  }
  if (auto* insert = std::get_if<internal::SparkInsertStatement>(&statement)) {
    return internal::RunSparkInsert(state, *insert);
  }
  if (auto* add = std::get_if<internal::AddColumnsStatement>(&statement)) {
    return internal::RunAddColumns(state, *add);
  }
  return RunCall(state, std::get<internal::ProcedureCall>(statement));
}

// How many statements DuckDB reads in `text`.
::arrow::Result<idx_t> CountStatements(duckdb_connection connection, const std::string& text) {
  duckdb_extracted_statements extracted = nullptr;
  idx_t count = duckdb_extract_statements(connection, text.c_str(), &extracted);
  ::arrow::Status status = ::arrow::Status::OK();
  if (count == 0) {
    const char* error = duckdb_extract_statements_error(extracted);
    if (error != nullptr) {
      status = ::arrow::Status::Invalid("DuckDB ", SqlEngine::Version(), " cannot parse the statement: ",
                                        error);
    }
  }
  duckdb_destroy_extracted(&extracted);
  ARROW_RETURN_NOT_OK(status);
  return count;
}

// A statement DuckDB runs as it is; a SELECT's WHERE conjuncts over a Hudi table go to
// the table's reader too, for the time DuckDB binds the statement.
::arrow::Result<SqlResult> RunQuery(SqlSession::State* state, const std::string& statement,
                                    duckdb_statement_type type) {
  if (type == DUCKDB_STATEMENT_TYPE_SELECT) {
    ARROW_ASSIGN_OR_RAISE(
        state->scan->pushdown,
        internal::PushableWhereFilters(state->engine.get(), statement,
                                       [state](const std::string& name) {
                                         return state->Resolve(name);
                                       }));
  }
  auto rows = state->engine->Query(statement);
  state->scan->pushdown.clear();
  ARROW_RETURN_NOT_OK(rows.status());
  SqlResult result;
  result.rows = *std::move(rows);
  return result;
}

}  // namespace

std::string SqlSession::State::WarehousePath(const std::string& name) const {
  std::string warehouse = options.warehouse.empty() ? "spark-warehouse" : options.warehouse;
  while (warehouse.size() > 1 && warehouse.back() == '/') warehouse.pop_back();
  return warehouse + "/" + name;
}

::arrow::Result<std::optional<std::string>> SqlSession::State::Resolve(
    const std::string& name) const {
  std::string key = CatalogName(name);
  if (auto it = catalog.find(key); it != catalog.end()) return it->second;
  std::string path = WarehousePath(key);
  TableOptions table_options;
  table_options.config = options.config;
  auto opened = Table::Open(path, table_options);
  if (opened.ok()) return path;
  if (IsNotATable(opened.status())) return std::nullopt;
  return opened.status();
}

SqlSession::SqlSession(std::unique_ptr<State> state) : state_(std::move(state)) {}
SqlSession::~SqlSession() = default;

::arrow::Result<std::unique_ptr<SqlSession>> SqlSession::Open(SqlSessionOptions options) {
  auto state = std::make_unique<State>();
  state->options = std::move(options);
  ARROW_ASSIGN_OR_RAISE(state->engine, SqlEngine::Open(state->options.engine));
  const auto& handles = state->engine->handles();
  if (duckdb_connect(handles->database, &handles->conversions) == DuckDBError) {
    return ::arrow::Status::IOError("cannot open a second connection to DuckDB");
  }
  auto scan = std::make_shared<internal::HudiScanContext>();
  scan->config = state->options.config;
  scan->conversions = handles->conversions;
  State* raw = state.get();
  // DuckDB resolves names while it binds a statement, which happens inside Run: the
  // session is alive whenever the resolver runs (a result streaming later only reads).
  scan->resolve = [raw](const std::string& name) { return raw->Resolve(name); };
  state->scan = scan.get();
  handles->extension = scan;
  ARROW_RETURN_NOT_OK(
      internal::RegisterHudiScan(handles->database, handles->connection, state->scan));
  return std::unique_ptr<SqlSession>(new SqlSession(std::move(state)));
}

::arrow::Status SqlSession::Register(const std::string& name, const std::string& path) {
  if (name.empty() || path.empty()) {
    return WithErrorCode(::arrow::Status::Invalid("a table needs a name and a path"),
                         ErrorCode::kInvalidOption);
  }
  state_->catalog[CatalogName(name)] = path;
  return ::arrow::Status::OK();
}

::arrow::Result<SqlResult> SqlSession::Run(const std::string& text) {
  ARROW_ASSIGN_OR_RAISE(auto spark, internal::ParseSparkStatement(text));
  if (spark) return RunSparkStatement(state_.get(), *spark);
  ARROW_ASSIGN_OR_RAISE(const std::string statement, internal::DuckDbSpelling(text));
  duckdb_connection connection = state_->engine->handles()->connection;
  ARROW_ASSIGN_OR_RAISE(idx_t count, CountStatements(connection, statement));
  if (count == 0) return SqlResult{};
  if (count > 1) {
    return WithErrorCode(
        ::arrow::Status::Invalid("one statement at a time, as spark.sql runs them: this "
                                 "text holds ",
                                 count, "; run each on its own"),
        ErrorCode::kInvalidOption);
  }
  duckdb_prepared_statement prepared = nullptr;
  duckdb_state state = duckdb_prepare(connection, statement.c_str(), &prepared);
  duckdb_statement_type type =
      state == DuckDBSuccess ? duckdb_prepared_statement_type(prepared)
                             : DUCKDB_STATEMENT_TYPE_INVALID;
  duckdb_destroy_prepare(&prepared);
  // A statement DuckDB binds as it is touches no Hudi table as a target: a query
  // (Hudi tables read through hudi_scan and the replacement scan) or DuckDB's own.
  if (state == DuckDBSuccess) return RunQuery(state_.get(), statement, type);
  return internal::RunDml(state_.get(), statement);
}

}  // namespace hoodie
