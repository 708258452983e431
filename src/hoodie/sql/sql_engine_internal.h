// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_engine_internal.h
/// \brief The DuckDB handles of a SqlEngine, for the module's own code that registers
/// functions on them (hudi_scan) and prepares statements.
#pragma once

#include <memory>
#include <string>

#include <arrow/status.h>

#include <duckdb.h>

#include "hoodie/sql/sql_engine.h"

namespace hoodie {

struct SqlEngine::Handles {
  /// State the database's registered functions point to (a SqlSession's catalog);
  /// released after the database is closed.
  std::shared_ptr<void> extension;
  duckdb_database database = nullptr;
  duckdb_connection connection = nullptr;
  /// A second connection, for conversions made while `connection` runs a query.
  duckdb_connection conversions = nullptr;
  ~Handles() {
    if (conversions != nullptr) duckdb_disconnect(&conversions);
    if (connection != nullptr) duckdb_disconnect(&connection);
    if (database != nullptr) duckdb_close(&database);
  }
};

namespace internal {

/// `error` of a DuckDB C API call as a Status naming `what` and DuckDB's version (OK
/// for no error); the error data is destroyed.
::arrow::Status TakeDuckDbError(duckdb_error_data error, const std::string& what);

}  // namespace internal
}  // namespace hoodie
