// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/procedure_arguments.cc
#include "hoodie/common/ascii.h"
#include "hoodie/sql/procedure_arguments_internal.h"

#include <cctype>

#include "hoodie/client/table.h"
#include "hoodie/common/error.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::internal {

std::string_view TypeName(ValueType type) {
  switch (type) {
    case ValueType::kString:
      return "string";
    case ValueType::kInt:
      return "int";
    case ValueType::kLong:
      return "long";
    case ValueType::kBool:
      return "boolean";
  }
  return "?";
}

Parameter RequiredParameter(std::string_view name, ValueType type) {
  return {name, type, true, {}};
}

Parameter OptionalParameter(std::string_view name, ValueType type,
                            std::optional<std::string_view> default_value) {
  return {name, type, false, default_value};
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

// "table (string, required), limit (int, default 10)": what an error lists.
std::string ParameterList(const ProcedureSpec& spec) {
  std::string out;
  for (const Parameter& p : spec.parameters) {
    if (!out.empty()) out += ", ";
    out += std::string(p.name) + " (" + std::string(TypeName(p.type));
    if (p.required) {
      out += ", required";
    } else if (p.default_value) {
      out += ", default " + (p.default_value->empty() ? std::string("''")
                                                        : std::string(*p.default_value));
    }
    out += ")";
  }
  return out;
}

// A bad argument: Invalid with kInvalidOption, naming the procedure, the argument and
// every parameter the procedure takes.
::arrow::Status InvalidArgument(const ProcedureSpec& spec, std::string_view argument,
                                std::string_view problem) {
  return WithErrorCode(
      ::arrow::Status::Invalid(spec.name, ": ", problem, " (argument '", argument,
                               "'; parameters: ", ParameterList(spec), ")"),
      ErrorCode::kInvalidOption);
}

bool ParseBool(std::string_view text, bool* out) {
  std::string lower = ToLowerAscii(Trim(text));
  if (lower == "true") *out = true;
  if (lower == "false") *out = false;
  return lower == "true" || lower == "false";
}

// Whether `text` is a value of `type` (a string takes any literal).
bool IsValueOf(ValueType type, std::string_view text) {
  int32_t i32 = 0;
  int64_t i64 = 0;
  bool flag = false;
  switch (type) {
    case ValueType::kString:
      return true;
    case ValueType::kInt:
      return ParseInteger(text, &i32);
    case ValueType::kLong:
      return ParseInteger(text, &i64);
    case ValueType::kBool:
      return ParseBool(text, &flag);
  }
  return false;
}


Cell OrNull(const std::optional<std::string>& value) {
  if (!value) return std::monostate();
  return *value;
}

TableResult OneBoolean(std::string_view column, bool value) {
  ResultRows rows({{column, ValueType::kBool}});
  rows.Add({value});
  return rows.Finish();
}

// ---------------------------------------------------------------------------------
// Tables and configurations.

// BaseProcedure.getBasePath: the table name wins over the path.
::arrow::Result<std::string> BasePath(const Arguments& args,
                                      const ProcedureContext& context) {
  if (auto table = args.Get("table")) {
    if (!context.table_path) {
      return args.Invalid("table", "this session resolves no table names; give path");
    }
    return context.table_path(*table);
  }
  if (auto path = args.Get("path")) return *path;
  return args.Invalid("table", "Table name or table path must be given one");
}

::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(const Arguments& args,
                                                            const ProcedureContext& context,
                                                            const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(std::string base_path, BasePath(args, context));
  TableOptions options;
  options.config = config;
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<hoodie::Table> table,
                        hoodie::Table::Open(base_path, options));
  return table->meta_client();
}

// HoodieCLIUtils.extractOptions: "k1=v1,k2=v2" over `config`.
::arrow::Status AddOptions(const Arguments& args, HoodieConfig* config) {
  std::optional<std::string> text = args.Get("options");
  if (!text) return ::arrow::Status::OK();
  std::string_view rest = *text;
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string_view piece = Trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (piece.empty()) continue;
    size_t equals = piece.find('=');
    if (equals == std::string_view::npos || Trim(piece.substr(0, equals)).empty()) {
      return args.Invalid("options", "'" + std::string(piece) + "' is not key=value");
    }
    config->Set(Trim(piece.substr(0, equals)), Trim(piece.substr(equals + 1)));
  }
  return ::arrow::Status::OK();
}

// Sets `key` to the argument `name` when the call gave it.
void SetIfGiven(const Arguments& args, std::string_view name, std::string_view key,
                HoodieConfig* config) {
  if (auto value = args.Get(name)) config->Set(key, Trim(*value));
}

std::vector<std::string> SplitList(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view piece = Trim(text.substr(0, comma));
    if (!piece.empty()) out.emplace_back(piece);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return out;
}

}  // namespace hoodie::internal
