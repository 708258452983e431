// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/filter_pushdown_internal.h
/// \brief WHERE clauses pushed into hoodie's reader. DuckDB's C API gives table
/// functions no filter pushdown, so the session reads a query's syntax tree as DuckDB
/// serializes it (json_serialize_sql) and hands the reader the conjuncts it can prune
/// with; DuckDB still applies the whole WHERE clause to the rows read.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/read/read_options.h"

namespace hoodie {
class SqlEngine;
}  // namespace hoodie

namespace hoodie::internal {

/// For a SELECT over one Hudi table named in its FROM (no join, no CTE of that name):
/// the `column <op> literal` conjuncts of its WHERE clause (numbers, strings, booleans),
/// keyed by the table's base path; empty for any other statement.
::arrow::Result<std::map<std::string, std::vector<ColumnFilter>>> PushableWhereFilters(
    SqlEngine* engine, const std::string& statement,
    const std::function<::arrow::Result<std::optional<std::string>>(const std::string&)>&
        resolve);

}  // namespace hoodie::internal
