// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_session.h
/// \brief SqlSession: Hudi tables in SQL, as Hudi's Spark SQL gives them, on the
/// embedded DuckDB: queries over `hudi_scan(...)` and table names, DML (INSERT,
/// INSERT OVERWRITE, UPDATE, DELETE, MERGE INTO) each committed as one hoodie write,
/// `CREATE TABLE ... USING hudi`, `ALTER TABLE ... ADD COLUMNS` and `CALL` procedures.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/sql/sql_engine.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief How a session finds its tables and writes them; a value.
struct HOODIE_EXPORT SqlSessionOptions {
  /// Where `CREATE TABLE` without LOCATION puts a table (`<warehouse>/<name>`) and where
  /// a name no statement registered is looked for, as Spark's spark.sql.warehouse.dir;
  /// empty: `spark-warehouse` in the working directory, Spark's default.
  std::string warehouse;
  /// Hudi keys for every read, write and service of the session (storage keys among
  /// them); a statement's TBLPROPERTIES/OPTIONS go over them.
  HoodieConfig config;
  /// The DuckDB engine's memory bound, threads and spill folder.
  SqlEngineOptions engine;
};

/// \brief What one statement gave: its rows (a query's, a procedure's, or one row
/// naming the instant a DML statement committed) and, for DML, that instant.
struct HOODIE_EXPORT SqlResult {
  std::shared_ptr<::arrow::RecordBatchReader> rows;
  /// The instant a write committed; unset for statements that write no table.
  std::optional<std::string> instant;
};

/// \brief One SQL session: a DuckDB database with hoodie's `hudi_scan` table function,
/// a catalog of Hudi tables (names registered by CREATE TABLE or Register, then
/// `<warehouse>/<name>`) and the write path of DML. One statement per Run, as
/// `spark.sql`; not thread-safe.
class HOODIE_EXPORT SqlSession {
 public:
  static ::arrow::Result<std::unique_ptr<SqlSession>> Open(SqlSessionOptions options);
  ~SqlSession();

  /// Makes `name` stand for the Hudi table at `path` in later statements.
  ::arrow::Status Register(const std::string& name, const std::string& path);

  /// Runs one statement.
  /// \return Invalid (ErrorCode::kInvalidOption for a bad option or argument) naming
  ///   what is wrong; the errors of DuckDB (with its message), of the read and of the
  ///   write. A failed DML statement commits nothing.
  ::arrow::Result<SqlResult> Run(const std::string& statement);

  struct State;

 private:
  explicit SqlSession(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace hoodie
