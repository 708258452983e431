// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/connection_internal.h
/// \brief The two kinds of DatabaseConnection (DatabaseConnection::Open picks one), and
/// how PostgreSQL's types map to Spark's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include <arrow/result.h>

#include "hoodie/jdbc/database_connection.h"

namespace hoodie::internal {

::arrow::Result<std::shared_ptr<DatabaseConnection>> OpenPostgreSql(
    const ConnectOptions& options);
::arrow::Result<std::shared_ptr<DatabaseConnection>> OpenSqlite(const ConnectOptions& options);

/// A PostgreSQL built-in type, by oid.
struct PostgreSqlType {
  std::shared_ptr<::arrow::DataType> type;
  ValueForm form = ValueForm::kText;
};

/// The Arrow type of Spark's type for the built-in PostgreSQL type `oid` with modifier
/// `modifier` (numeric's precision and scale), as Spark 3.5's PostgresDialect and
/// JdbcUtils.getCatalystType map them; nullopt for a type they do not map, or that is
/// not built in (enums and domains are looked up by the caller).
std::optional<PostgreSqlType> MapPostgreSqlType(uint32_t oid, int modifier);

/// Spark's string type, for PostgreSQL enums (pgJDBC reports them as VARCHAR).
PostgreSqlType PostgreSqlStringType();

/// Removes every occurrence of `secret` from `message` (a driver's message quoting
/// what it was given), so that no password reaches an error.
std::string WithoutSecret(std::string message, const std::string& secret);

}  // namespace hoodie::internal
