// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/spark_sql_functions_internal.h
/// \brief Spark SQL functions that streamer transformers commonly use and DuckDB spells
/// otherwise, added to a DuckDB connection.
#pragma once

#include <functional>
#include <string>

#include <arrow/status.h>
#include <duckdb.h>

namespace hoodie {

/// Adds nvl, nvl2, from_unixtime(s), to_date, size (macros over DuckDB's functions) and
/// date_format(value, javaPattern) (a native function: DuckDB's strftime needs a
/// constant strftime pattern) to `connection`, for its session; `execute` runs the
/// statements that define the macros on it.
::arrow::Status AddSparkSqlFunctions(
    duckdb_connection connection,
    const std::function<::arrow::Status(const std::string&)>& execute);

}  // namespace hoodie
