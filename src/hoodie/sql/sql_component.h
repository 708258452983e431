// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_component.h
/// \brief hoodie's SQL component (libhoodie_sql, CMake target hoodie::sql): the streamer
/// plug-ins that run SQL on an embedded DuckDB, kept out of libhoodie so that a program
/// that only reads and writes tables links neither DuckDB nor its size.
#pragma once

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Registers SqlSource, SqlQueryBasedTransformer and SqlFileBasedTransformer
/// (also `sql` and `sql-file`) in the streamer's process-wide registries, taking over the
/// names libhoodie reserves for them; until then making one is refused naming this
/// component. Explicit rather than on load, as every builtin plug-in family registers
/// (STYLE.md section 5): linking the library changes nothing by itself.
///
/// Idempotent and thread-safe: later calls return the first call's status (OK, or
/// AlreadyExists when another library registered one of these names first).
HOODIE_EXPORT ::arrow::Status RegisterSqlComponent();

}  // namespace hoodie
