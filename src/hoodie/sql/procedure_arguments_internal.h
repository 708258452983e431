// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/procedure_arguments_internal.h
/// \brief What every CALL procedure is made of: its parameters and the arguments bound
/// to them (Hudi's ProcedureParameter and BaseProcedure.checkArgs), its result rows
/// (Spark's types), and the table and options its arguments name.
#pragma once

#include <charconv>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <arrow/builder.h>
#include <arrow/table.h>
#include <arrow/type.h>

#include "hoodie/common/ascii.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/sql/sql_procedures_internal.h"

namespace hoodie {
class TableMetaClient;
}  // namespace hoodie

namespace hoodie::internal {

using TableResult = ::arrow::Result<std::shared_ptr<::arrow::Table>>;

// ---------------------------------------------------------------------------------
// Parameters and arguments (Hudi's ProcedureParameter, BaseProcedure.checkArgs).

enum class ValueType { kString, kInt, kLong, kBool };


std::string_view TypeName(ValueType type);


struct Parameter {
  std::string_view name;
  ValueType type = ValueType::kString;
  bool required = false;
  /// The default's text; none: the argument is absent unless given.
  std::optional<std::string_view> default_value;
};

Parameter RequiredParameter(std::string_view name, ValueType type);
Parameter OptionalParameter(std::string_view name, ValueType type,
                            std::optional<std::string_view> default_value = std::nullopt);

class Arguments;
using Handler = TableResult (*)(const Arguments& args, const ProcedureContext& context);

struct ProcedureSpec {
  std::string_view name;
  std::vector<Parameter> parameters;
  Handler run = nullptr;

  const Parameter* Find(std::string_view parameter) const {
    for (const Parameter& p : parameters) {
      if (p.name == parameter) return &p;
    }
    return nullptr;
  }
};

std::string_view Trim(std::string_view text);
/// "table (string, required), limit (int, default 10)": what an error lists.
std::string ParameterList(const ProcedureSpec& spec);
/// A bad argument: Invalid with kInvalidOption, naming the procedure, the argument and
/// every parameter the procedure takes.
::arrow::Status InvalidArgument(const ProcedureSpec& spec, std::string_view argument,
                                std::string_view problem);
template <typename T>
bool ParseInteger(std::string_view text, T* out) {
  text = Trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

bool ParseBool(std::string_view text, bool* out);
/// Whether `text` is a value of `type` (a string takes any literal).
bool IsValueOf(ValueType type, std::string_view text);

/// \brief The arguments of one call bound to their parameters, defaults applied; every
/// value already checked against its parameter's type.
class Arguments {
 public:
  // Binds positional arguments (first, in parameter order) then named ones, as Spark
  // takes named arguments: a positional one after a named one is refused.
  static ::arrow::Result<Arguments> Bind(const ProcedureSpec& spec,
                                         const ProcedureCall& call) {
    Arguments out(&spec);
    bool named_seen = false;
    for (size_t i = 0; i < call.arguments.size(); ++i) {
      const ProcedureArgument& argument = call.arguments[i];
      ARROW_ASSIGN_OR_RAISE(const Parameter* parameter,
                            out.ParameterOf(argument, i, &named_seen));
      std::string name(parameter->name);
      if (out.given_.count(name) > 0) {
        return InvalidArgument(spec, name, "the argument is given twice");
      }
      out.given_.insert(name);
      // SQL NULL leaves the argument unset, as Hudi reads a null value as absent.
      if (!argument.quoted && ToLowerAscii(Trim(argument.value)) == "null") continue;
      if (!IsValueOf(parameter->type, argument.value)) {
        return InvalidArgument(spec, name,
                               "'" + argument.value + "' is not a " +
                                   std::string(TypeName(parameter->type)));
      }
      out.values_[name] = argument.value;
    }
    for (const Parameter& parameter : spec.parameters) {
      if (parameter.required && out.values_.count(std::string(parameter.name)) == 0) {
        return InvalidArgument(spec, parameter.name, "missing required argument");
      }
    }
    return out;
  }

  const ProcedureSpec& spec() const { return *spec_; }

  /// The argument's text, else its parameter's default, else nullopt.
  std::optional<std::string> Get(std::string_view name) const {
    auto it = values_.find(std::string(name));
    if (it != values_.end()) return it->second;
    const Parameter* parameter = spec_->Find(name);
    if (parameter != nullptr && parameter->default_value) {
      return std::string(*parameter->default_value);
    }
    return std::nullopt;
  }
  /// Get, with "" for absent (Hudi's string parameters defaulting to "").
  std::string GetString(std::string_view name) const { return Get(name).value_or(""); }
  /// An int or long argument (or default); 0 when absent.
  int64_t GetInteger(std::string_view name) const {
    int64_t value = 0;
    if (auto text = Get(name)) ParseInteger(*text, &value);
    return value;
  }
  bool GetBool(std::string_view name) const {
    bool value = false;
    if (auto text = Get(name)) ParseBool(*text, &value);
    return value;
  }

  ::arrow::Status Invalid(std::string_view argument, std::string_view problem) const {
    return InvalidArgument(*spec_, argument, problem);
  }

  /// The `limit` argument, refused when negative (Java's Stream.limit throws).
  ::arrow::Result<size_t> Limit() const {
    int64_t limit = GetInteger("limit");
    if (limit < 0) return Invalid("limit", "the limit must not be negative");
    return static_cast<size_t>(limit);
  }

 private:
  explicit Arguments(const ProcedureSpec* spec) : spec_(spec) {}

  ::arrow::Result<const Parameter*> ParameterOf(const ProcedureArgument& argument,
                                                size_t position, bool* named_seen) const {
    if (argument.name) {
      *named_seen = true;
      std::string name = ToLowerAscii(Trim(*argument.name));
      const Parameter* parameter = spec_->Find(name);
      if (parameter == nullptr) return Invalid(name, "unknown argument");
      return parameter;
    }
    std::string label = "#" + std::to_string(position + 1);
    if (*named_seen) {
      return Invalid(label, "a positional argument cannot follow a named one");
    }
    if (position >= spec_->parameters.size()) {
      return Invalid(label, "too many arguments: the procedure takes " +
                                std::to_string(spec_->parameters.size()));
    }
    return &spec_->parameters[position];
  }

  const ProcedureSpec* spec_;
  std::set<std::string> given_;
  std::map<std::string, std::string> values_;
};

// ---------------------------------------------------------------------------------
// Result rows (Spark's StringType, IntegerType, LongType, BooleanType; all nullable).

using Cell = std::variant<std::monostate, std::string, int64_t, bool>;

struct OutputColumn {
  std::string_view name;
  ValueType type;
};

class ResultRows {
 public:
  explicit ResultRows(std::vector<OutputColumn> columns) : columns_(std::move(columns)) {}

  void Add(std::vector<Cell> row) { rows_.push_back(std::move(row)); }
  size_t size() const { return rows_.size(); }

  TableResult Finish() const {
    ::arrow::FieldVector fields;
    ::arrow::ArrayVector arrays;
    for (size_t c = 0; c < columns_.size(); ++c) {
      fields.push_back(::arrow::field(std::string(columns_[c].name),
                                      DataTypeOf(columns_[c].type), /*nullable=*/true));
      ARROW_ASSIGN_OR_RAISE(auto array, BuildColumn(c));
      arrays.push_back(std::move(array));
    }
    return ::arrow::Table::Make(::arrow::schema(std::move(fields)), std::move(arrays),
                                static_cast<int64_t>(rows_.size()));
  }

 private:
  static std::shared_ptr<::arrow::DataType> DataTypeOf(ValueType type) {
    switch (type) {
      case ValueType::kString:
        return ::arrow::utf8();
      case ValueType::kInt:
        return ::arrow::int32();
      case ValueType::kLong:
        return ::arrow::int64();
      case ValueType::kBool:
        return ::arrow::boolean();
    }
    return ::arrow::null();
  }

  template <typename Builder, typename Convert>
  ::arrow::Result<std::shared_ptr<::arrow::Array>> Build(size_t column,
                                                        Convert convert) const {
    Builder builder;
    for (const std::vector<Cell>& row : rows_) {
      const Cell& cell = row.at(column);
      if (std::holds_alternative<std::monostate>(cell)) {
        ARROW_RETURN_NOT_OK(builder.AppendNull());
      } else {
        ARROW_RETURN_NOT_OK(builder.Append(convert(cell)));
      }
    }
    return builder.Finish();
  }

  ::arrow::Result<std::shared_ptr<::arrow::Array>> BuildColumn(size_t column) const {
    switch (columns_[column].type) {
      case ValueType::kString:
        return Build<::arrow::StringBuilder>(
            column, [](const Cell& cell) { return std::get<std::string>(cell); });
      case ValueType::kInt:
        return Build<::arrow::Int32Builder>(column, [](const Cell& cell) {
          return static_cast<int32_t>(std::get<int64_t>(cell));
        });
      case ValueType::kLong:
        return Build<::arrow::Int64Builder>(
            column, [](const Cell& cell) { return std::get<int64_t>(cell); });
      case ValueType::kBool:
        return Build<::arrow::BooleanBuilder>(
            column, [](const Cell& cell) { return std::get<bool>(cell); });
    }
    return ::arrow::Status::Invalid("unknown column type");
  }

  std::vector<OutputColumn> columns_;
  std::vector<std::vector<Cell>> rows_;
};

Cell OrNull(const std::optional<std::string>& value);
TableResult OneBoolean(std::string_view column, bool value);

/// BaseProcedure.getBasePath: the table name wins over the path.
::arrow::Result<std::string> BasePath(const Arguments& args, const ProcedureContext& context);
::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(const Arguments& args,
                                                            const ProcedureContext& context,
                                                            const HoodieConfig& config);
/// HoodieCLIUtils.extractOptions: "k1=v1,k2=v2" over `config`.
::arrow::Status AddOptions(const Arguments& args, HoodieConfig* config);
/// Sets `key` to the argument `name` when the call gave it.
void SetIfGiven(const Arguments& args, std::string_view name, std::string_view key,
                HoodieConfig* config);
std::vector<std::string> SplitList(std::string_view text);

}  // namespace hoodie::internal
