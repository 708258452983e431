// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/spark_statement_internal.h
/// \brief The heads of the Spark SQL statements DuckDB's grammar lacks: CREATE TABLE
/// ... USING hudi, ALTER TABLE ... ADD COLUMNS, INSERT OVERWRITE / INSERT ... PARTITION,
/// and CALL. Only the head is recognised here, by keywords over quoted-aware tokens;
/// every piece that is SQL (column definitions, queries, expressions) is handed to
/// DuckDB's parser as text, so there is no second SQL grammar in hoodie.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <arrow/result.h>

#include "hoodie/sql/sql_procedures_internal.h"

namespace hoodie::internal {

/// `CREATE TABLE [IF NOT EXISTS] name [(columns)] USING hudi [PARTITIONED BY (...)]
/// [TBLPROPERTIES|OPTIONS (k = v, ...)] [LOCATION 'path'] [COMMENT '...'] [AS query]`.
struct CreateTableStatement {
  std::string name;
  bool if_not_exists = false;
  /// The column definitions as written, without the parentheses; empty when none.
  std::string columns;
  std::vector<std::string> partitioned_by;
  /// TBLPROPERTIES and OPTIONS, in order (keys as written).
  std::vector<std::pair<std::string, std::string>> properties;
  std::optional<std::string> location;
  /// The query of CREATE TABLE ... AS; empty when none.
  std::string query;
};

/// `ALTER TABLE name ADD COLUMNS (columns)`.
struct AddColumnsStatement {
  std::string name;
  std::string columns;
};

/// `INSERT OVERWRITE [TABLE] name [PARTITION (...)] query` or
/// `INSERT INTO [TABLE] name PARTITION (...) query` / `INSERT INTO TABLE name query`.
struct SparkInsertStatement {
  std::string name;
  bool overwrite = false;
  /// PARTITION (p = 'v', q): static values, and dynamic columns (no value).
  std::vector<std::pair<std::string, std::optional<std::string>>> partition;
  bool has_partition_clause = false;
  std::string query;
};

using SparkStatement = std::variant<CreateTableStatement, AddColumnsStatement,
                                    SparkInsertStatement, ProcedureCall>;

/// The Spark statement `text` is, when its head is one of the above; nullopt when it is
/// not (the statement goes to DuckDB as it is).
/// \return Invalid naming the token and its position when the head is one of these but
///   malformed (e.g. an unclosed TBLPROPERTIES list).
::arrow::Result<std::optional<SparkStatement>> ParseSparkStatement(const std::string& text);

/// `text` with Spark's MERGE actions in DuckDB's spelling: `UPDATE SET *` becomes
/// `UPDATE BY NAME` and `INSERT *` becomes `INSERT BY NAME`, since Spark assigns the
/// source's columns to the table's by name and DuckDB's `*` takes them by position.
/// Words inside strings and comments are left alone.
::arrow::Result<std::string> DuckDbSpelling(const std::string& text);

}  // namespace hoodie::internal
