// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/filter_pushdown.cc
/// \brief PushableWhereFilters over DuckDB's serialized syntax tree: only the shapes it
/// knows are taken; anything else is simply not pushed (DuckDB filters every row anyway).
#include "hoodie/sql/filter_pushdown_internal.h"

#include <cctype>

#include <arrow/scalar.h>
#include <arrow/table.h>
#include <nlohmann/json.hpp>

#include "hoodie/sql/sql_engine.h"

namespace hoodie::internal {
namespace {

using Json = nlohmann::json;

std::optional<CompareOp> OpOf(const std::string& type, bool flipped) {
  if (type == "COMPARE_EQUAL") return CompareOp::kEqual;
  if (type == "COMPARE_NOTEQUAL") return CompareOp::kNotEqual;
  if (type == "COMPARE_LESSTHAN") return flipped ? CompareOp::kGreater : CompareOp::kLess;
  if (type == "COMPARE_GREATERTHAN") return flipped ? CompareOp::kLess : CompareOp::kGreater;
  if (type == "COMPARE_LESSTHANOREQUALTO") {
    return flipped ? CompareOp::kGreaterEqual : CompareOp::kLessEqual;
  }
  if (type == "COMPARE_GREATERTHANOREQUALTO") {
    return flipped ? CompareOp::kLessEqual : CompareOp::kGreaterEqual;
  }
  return std::nullopt;
}

// A DECIMAL constant's text: DuckDB serializes 2.5 as 25 with scale 1.
std::optional<std::string> DecimalText(const Json& value, const Json& type) {
  if (!value.is_number_integer() || !type.contains("type_info") ||
      !type["type_info"].is_object()) {
    return std::nullopt;
  }
  int scale = type["type_info"].value("scale", 0);
  std::string digits = std::to_string(value.get<int64_t>());
  bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  if (scale > 0) {
    if (static_cast<int>(digits.size()) <= scale) {
      digits.insert(0, static_cast<size_t>(scale) + 1 - digits.size(), '0');
    }
    digits.insert(digits.size() - static_cast<size_t>(scale), ".");
  }
  return (negative ? "-" : "") + digits;
}

// The literal of a CONSTANT (or of a cast of a string to BOOLEAN, as DuckDB reads `true`).
std::optional<std::string> LiteralText(const Json& node) {
  if (node.value("class", "") == "CAST" && node.contains("cast_type") &&
      node["cast_type"].value("id", "") == "BOOLEAN" && node.contains("child")) {
    auto text = LiteralText(node["child"]);
    if (!text) return std::nullopt;
    if (*text == "t" || *text == "true") return std::string("true");
    if (*text == "f" || *text == "false") return std::string("false");
    return std::nullopt;
  }
  if (node.value("class", "") != "CONSTANT" || !node.contains("value")) return std::nullopt;
  const Json& constant = node["value"];
  if (constant.value("is_null", true)) return std::nullopt;
  const std::string id = constant["type"].value("id", "");
  const Json& value = constant["value"];
  if ((id == "INTEGER" || id == "BIGINT" || id == "SMALLINT" || id == "TINYINT") &&
      value.is_number_integer()) {
    return std::to_string(value.get<int64_t>());
  }
  if (id == "DECIMAL") return DecimalText(value, constant["type"]);
  if (id == "BOOLEAN" && value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (id == "VARCHAR" && value.is_string()) return value.get<std::string>();
  return std::nullopt;
}

// The column a COLUMN_REF names when it is `column` or `<the table or alias>.column`.
std::optional<std::string> ColumnOf(const Json& node, const std::string& table,
                                    const std::string& alias) {
  if (node.value("class", "") != "COLUMN_REF" || !node.contains("column_names")) {
    return std::nullopt;
  }
  const Json& names = node["column_names"];
  if (names.size() == 1) return names[0].get<std::string>();
  if (names.size() == 2 && (names[0] == table || (!alias.empty() && names[0] == alias))) {
    return names[1].get<std::string>();
  }
  return std::nullopt;
}

void AddConjuncts(const Json& node, const std::string& table, const std::string& alias,
                  std::vector<ColumnFilter>* out) {
  if (node.value("type", "") == "CONJUNCTION_AND") {
    for (const Json& child : node["children"]) AddConjuncts(child, table, alias, out);
    return;
  }
  if (node.value("class", "") != "COMPARISON") return;
  const std::string type = node.value("type", "");
  for (bool flipped : {false, true}) {
    const Json& column_side = flipped ? node["right"] : node["left"];
    const Json& literal_side = flipped ? node["left"] : node["right"];
    auto column = ColumnOf(column_side, table, alias);
    auto literal = LiteralText(literal_side);
    auto op = OpOf(type, flipped);
    if (column && literal && op) {
      out->push_back(ColumnFilter{*column, *op, *literal});
      return;
    }
  }
}

::arrow::Result<Json> SyntaxTree(SqlEngine* engine, const std::string& statement) {
  ARROW_ASSIGN_OR_RAISE(auto rows, engine->Query("SELECT json_serialize_sql(" +
                                                 SqlEngine::QuoteString(statement) + ")"));
  ARROW_ASSIGN_OR_RAISE(auto table, rows->ToTable());
  if (table->num_rows() != 1) return Json();
  ARROW_ASSIGN_OR_RAISE(auto cell, table->column(0)->GetScalar(0));
  return Json::parse(cell->ToString(), nullptr, false);
}

}  // namespace

::arrow::Result<std::map<std::string, std::vector<ColumnFilter>>> PushableWhereFilters(
    SqlEngine* engine, const std::string& statement,
    const std::function<::arrow::Result<std::optional<std::string>>(const std::string&)>&
        resolve) {
  std::map<std::string, std::vector<ColumnFilter>> out;
  ARROW_ASSIGN_OR_RAISE(Json tree, SyntaxTree(engine, statement));
  if (!tree.is_object() || tree.value("error", true) || tree["statements"].size() != 1) {
    return out;
  }
  const Json& node = tree["statements"][0]["node"];
  if (node.value("type", "") != "SELECT_NODE" || !node.contains("from_table") ||
      !node["where_clause"].is_object()) {
    return out;
  }
  const Json& from = node["from_table"];
  if (from.value("type", "") != "BASE_TABLE" || !from.value("catalog_name", "").empty()) {
    return out;
  }
  const std::string table = from.value("table_name", "");
  // A CTE of that name is not the table.
  if (node.contains("cte_map") && !node["cte_map"]["map"].empty()) return out;
  ARROW_ASSIGN_OR_RAISE(auto path, resolve(table));
  if (!path) return out;
  std::vector<ColumnFilter> filters;
  AddConjuncts(node["where_clause"], table, from.value("alias", ""), &filters);
  if (!filters.empty()) out[*path] = std::move(filters);
  return out;
}

}  // namespace hoodie::internal
