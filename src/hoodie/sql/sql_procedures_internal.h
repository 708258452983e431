// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_procedures_internal.h
/// \brief `CALL <procedure>(...)` of a SQL session: the table services named as Hudi's
/// Spark SQL procedures (org.apache.hudi.spark.sql.hudi.command.procedures), each one
/// call of the actions the CLI and the Python package run, with the output columns of
/// Hudi's procedure; the procedures hoodie does not serve are refused by name.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/table.h>

#include "hoodie/config/hoodie_config.h"

namespace hoodie::internal {

/// One argument of a CALL: `name => value` or positional (`name` unset). `value` is the
/// literal's text, unquoted; `quoted` says it was a string literal.
struct ProcedureArgument {
  std::optional<std::string> name;
  std::string value;
  bool quoted = false;
};

/// `CALL name(arguments...)`, as the statement gave it (the name lower-cased).
struct ProcedureCall {
  std::string name;
  std::vector<ProcedureArgument> arguments;
};

/// What a procedure runs with.
struct ProcedureContext {
  /// The base path of the table a session knows as `name` (Hudi's `table` argument).
  std::function<::arrow::Result<std::string>(const std::string& name)> table_path;
  /// The session's options (Hudi keys), under each call's own.
  HoodieConfig config;
};

/// Runs `call`: its rows, with the columns of Hudi 0.15's procedure of that name.
/// \return Invalid (ErrorCode::kInvalidOption) for an unknown argument, a missing
///   required one or a bad value, naming the procedure, the argument and its parameters;
///   NotImplemented naming the procedure for one of Hudi's procedures hoodie does not
///   serve (with what it would need); Invalid listing the served procedures for a name
///   Hudi does not have; errors of the service.
::arrow::Result<std::shared_ptr<::arrow::Table>> RunProcedure(const ProcedureCall& call,
                                                              const ProcedureContext& context);

/// The names of the procedures RunProcedure serves, sorted.
std::vector<std::string> ServedProcedures();

}  // namespace hoodie::internal
