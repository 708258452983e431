// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_session_internal.h
/// \brief The parts of a SqlSession: its state, the catalog, DML and DDL.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/sql/hudi_scan_internal.h"
#include "hoodie/sql/spark_statement_internal.h"
#include "hoodie/sql/sql_engine.h"
#include "hoodie/sql/sql_session.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie {

struct SqlSession::State {
  SqlSessionOptions options;
  std::unique_ptr<SqlEngine> engine;
  /// Owned by the engine's handles (the functions it registers point to it).
  internal::HudiScanContext* scan = nullptr;
  /// Names registered in this session (lower-cased) and their base paths.
  std::map<std::string, std::string> catalog;

  /// The base path `name` stands for: a registered name, else `<warehouse>/<name>`
  /// when a Hudi table is there; nullopt otherwise.
  ::arrow::Result<std::optional<std::string>> Resolve(const std::string& name) const;
  /// `<warehouse>/<name>`.
  std::string WarehousePath(const std::string& name) const;
};

namespace internal {

using InputOpener = std::function<::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>>()>;

/// The statement DuckDB can run, with a Hudi table as the target of its DML: the
/// target staged into a temporary table of its name, the statement run there with
/// RETURNING, the rows it returned written as one instant.
::arrow::Result<SqlResult> RunDml(SqlSession::State* state, const std::string& text);

/// INSERT OVERWRITE / INSERT ... PARTITION: the query run by DuckDB, its rows (with the
/// static partition values) written as one insert, insert_overwrite or
/// insert_overwrite_table.
::arrow::Result<SqlResult> RunSparkInsert(SqlSession::State* state,
                                          const SparkInsertStatement& statement);

/// CREATE TABLE ... USING hudi.
::arrow::Result<SqlResult> RunCreateTable(SqlSession::State* state,
                                          const CreateTableStatement& statement);

/// The data columns of the table at `path` in Spark's catalog order (partition columns
/// last): the columns of a DML statement's target and of INSERT's values; with
/// `key_fields`, its record key fields too.
::arrow::Result<std::shared_ptr<::arrow::Schema>> TableDataSchema(
    const SqlSession::State& state, const std::string& path,
    std::vector<std::string>* key_fields = nullptr);

/// The operation of INSERT INTO the table at `path`: hoodie.spark.sql.insert.into.operation
/// when set, else upsert for a table with a precombine field and insert for one without.
::arrow::Result<WriteOperationType> InsertIntoOperation(const SqlSession::State& state,
                                                       const std::string& path);

/// ALTER TABLE ... ADD COLUMNS: one commit (operation ALTER_SCHEMA) whose schema has the
/// new nullable columns after the table's, as AlterHoodieTableAddColumnsCommand commits.
::arrow::Result<SqlResult> RunAddColumns(SqlSession::State* state,
                                         const AddColumnsStatement& statement);

/// Writes the rows `open_input` gives to the table at `path` as one instant of
/// `operation` (its commit recording `recorded` when set); the result is one row:
/// instant, the operation recorded, num_affected_rows.
::arrow::Result<SqlResult> WriteRows(
    const SqlSession::State& state, const std::string& path, WriteOperationType operation,
    InputOpener open_input, int64_t affected_rows,
    std::optional<WriteOperationType> recorded = std::nullopt);

/// The rows of `reader` copied to a temporary Arrow IPC file beside DuckDB's spill
/// files, so that a write may read them again (after a lost conflict) without holding
/// them in memory; the file is removed when the returned opener is destroyed.
::arrow::Result<std::pair<InputOpener, int64_t>> SpillRows(
    const SqlSession::State& state, ::arrow::RecordBatchReader* reader);

}  // namespace internal
}  // namespace hoodie
