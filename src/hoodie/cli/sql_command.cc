// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/sql_command.cc
/// \brief `hoodie sql STATEMENT...`: Hudi's Spark SQL on the embedded DuckDB (SqlSession),
/// each argument one statement run in order in one session, its rows printed.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hoodie/cli/command.h"
#include "hoodie/cli/query_command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/common/error.h"
#include "hoodie/sql/sql_session.h"

namespace hoodie::cli {
namespace {

struct SqlArgs {
  std::vector<std::string> statements;
  std::string warehouse;
  std::vector<std::string> tables;
  std::string format = "table";
  std::string props;
  std::vector<std::string> hoodie_conf;
};

::arrow::Status RegisterTables(const std::vector<std::string>& tables, SqlSession* session) {
  for (const std::string& table : tables) {
    size_t equals = table.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == table.size()) {
      return WithErrorCode(
          ::arrow::Status::Invalid("--table ", table, ": give NAME=PATH"),
          ErrorCode::kInvalidOption);
    }
    ARROW_RETURN_NOT_OK(session->Register(table.substr(0, equals), table.substr(equals + 1)));
  }
  return ::arrow::Status::OK();
}

::arrow::Status RunSql(const SqlArgs& args) {
  SqlSessionOptions options;
  ARROW_ASSIGN_OR_RAISE(options.config, CommandConfig(args.props, args.hoodie_conf));
  options.warehouse = args.warehouse;
  ARROW_ASSIGN_OR_RAISE(auto session, SqlSession::Open(std::move(options)));
  ARROW_RETURN_NOT_OK(RegisterTables(args.tables, session.get()));
  for (size_t i = 0; i < args.statements.size(); ++i) {
    auto result = session->Run(args.statements[i]);
    if (!result.ok()) {
      return result.status().WithMessage("statement ", i + 1, ": ", result.status().message());
    }
    if (result->rows != nullptr) {
      ARROW_RETURN_NOT_OK(PrintRows(result->rows.get(), args.format, std::cout));
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace

void AddSqlCommand(CLI::App* app, const GlobalOptions* /*options*/) {
  auto* cmd = app->add_subcommand(
      "sql", "Run Hudi's Spark SQL (queries, DML, CREATE TABLE ... USING hudi, CALL) on "
             "the embedded DuckDB");
  cmd->footer(
      "Each STATEMENT is one statement; they run in order in one session. Tables: "
      "hudi_scan('<path>', as_of => ..., query_type => ..., begin => ..., end => ..., "
      "filters => ['col>=v']), names registered with --table or CREATE TABLE, and tables "
      "in the warehouse folder. Each INSERT, INSERT OVERWRITE, UPDATE, DELETE and MERGE "
      "INTO on a Hudi table commits one instant.");
  auto args = std::make_shared<SqlArgs>();
  cmd->add_option("statements", args->statements, "SQL statements")->required();
  cmd->add_option("--warehouse", args->warehouse,
                  "Folder of tables by name (spark.sql.warehouse.dir; default "
                  "./spark-warehouse)");
  cmd->add_option("--table", args->tables, "NAME=PATH: a Hudi table by name (repeatable)");
  cmd->add_option("--format", args->format, "table|json|csv (default table)")
      ->check(CLI::IsMember({"table", "json", "csv"}));
  cmd->add_option("--props", args->props, kPropsHelp);
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "An option key=value for every read and write (repeatable)");
  SetAction(cmd, [args]() { return RunSql(*args); });
}

}  // namespace hoodie::cli
