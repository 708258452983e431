// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/read_options.cc
/// \brief Parsing of query types, instants and column filters.
#include "hoodie/read/read_options.h"

#include "hoodie/common/ascii.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "hoodie/common/enum_choice.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {

namespace {

constexpr std::array<std::pair<std::string_view, CompareOp>, 7> kOperators = {{
    {"==", CompareOp::kEqual},
    {"!=", CompareOp::kNotEqual},
    {"<=", CompareOp::kLessEqual},
    {">=", CompareOp::kGreaterEqual},
    {"=", CompareOp::kEqual},
    {"<", CompareOp::kLess},
    {">", CompareOp::kGreater},
}};

std::string_view OperatorText(CompareOp op) {
  switch (op) {
    case CompareOp::kEqual:
      return "=";
    case CompareOp::kNotEqual:
      return "!=";
    case CompareOp::kLess:
      return "<";
    case CompareOp::kLessEqual:
      return "<=";
    case CompareOp::kGreater:
      return ">";
    case CompareOp::kGreaterEqual:
      return ">=";
  }
  return "?";
}

}  // namespace

std::string_view QueryTypeName(QueryType type) {
  return EnumName(type, kQueryTypeNames, "snapshot");
}

::arrow::Result<QueryType> ParseQueryType(std::string_view name) {
  return ParseEnum(DataSourceConfig::kQueryType.key, name, kQueryTypeNames,
                   EnumCase::kExact);
}

::arrow::Result<ColumnFilter> ColumnFilter::Parse(std::string_view text) {
  size_t best = std::string_view::npos;
  std::pair<std::string_view, CompareOp> found;
  // The leftmost operator wins; at one position the two-character ones are tried first.
  for (const auto& candidate : kOperators) {
    size_t pos = text.find(candidate.first);
    if (pos != std::string_view::npos && (best == std::string_view::npos || pos < best)) {
      best = pos;
      found = candidate;
    }
  }
  if (best == std::string_view::npos) {
    return ::arrow::Status::Invalid(
        "filter must look like column=value (operators = != < <= > >=), got: ", text);
  }
  ColumnFilter filter;
  filter.column = Trim(text.substr(0, best));
  filter.op = found.second;
  filter.value = Trim(text.substr(best + found.first.size()));
  if (filter.column.empty()) {
    return ::arrow::Status::Invalid("filter has no column name: ", text);
  }
  // Quotes are optional around string literals: name='Alice' and name=Alice match alike.
  const std::string& v = filter.value;
  if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front()) {
    filter.value = v.substr(1, v.size() - 2);
  }
  return filter;
}

std::string ColumnFilter::ToString() const {
  return column + " " + std::string(OperatorText(op)) + " " + value;
}

::arrow::Result<MergeType> ParseMergeType(std::string_view name) {
  return ParseEnum(DataSourceConfig::kMergeType.key, name, kMergeTypeNames,
                   EnumCase::kExact);
}

::arrow::Result<std::string> NormalizeInstantTime(std::string_view text,
                                                  bool allow_zero) {
  bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
  if (digits && allow_zero && text.size() <= 3 &&
      std::all_of(text.begin(), text.end(), [](char c) { return c == '0'; })) {
    return std::string(text);
  }
  if (digits && text.size() == 17) return std::string(text);
  if (digits && text.size() == 14) return std::string(text) + "000";
  return ::arrow::Status::Invalid(
      "instant time must be yyyyMMddHHmmssSSS or yyyyMMddHHmmss", allow_zero ? " (or 0)" : "",
      ", got: ", text);
}

::arrow::Result<ReadOptions> ReadOptions::FromConfig(const HoodieConfig& config) {
  ARROW_RETURN_NOT_OK(config.CheckSupported());
  ReadOptions options;
  ARROW_ASSIGN_OR_RAISE(std::string type, config.Get(DataSourceConfig::kQueryType));
  ARROW_ASSIGN_OR_RAISE(options.query_type, ParseQueryType(type));
  if (auto begin = config.GetRaw(DataSourceConfig::kBeginInstantTime.key)) {
    options.begin = *begin;
  }
  if (auto end = config.GetRaw(DataSourceConfig::kEndInstantTime.key)) {
    options.end = *end;
  }
  ARROW_ASSIGN_OR_RAISE(
      options.incremental_fallback_to_full_scan,
      config.Get(DataSourceConfig::kIncrementalFallbackToFullTableScan));
  ARROW_ASSIGN_OR_RAISE(std::string merge_type, config.Get(DataSourceConfig::kMergeType));
  ARROW_ASSIGN_OR_RAISE(options.merge_type, ParseMergeType(merge_type));
  ARROW_ASSIGN_OR_RAISE(options.log_scan, LogScanOptions::FromConfig(config));
  return options;
}

const char* CompareFunctionName(CompareOp op) {
  switch (op) {
    case CompareOp::kEqual:
      return "equal";
    case CompareOp::kNotEqual:
      return "not_equal";
    case CompareOp::kLess:
      return "less";
    case CompareOp::kLessEqual:
      return "less_equal";
    case CompareOp::kGreater:
      return "greater";
    case CompareOp::kGreaterEqual:
      return "greater_equal";
  }
  return "equal";
}

}  // namespace hoodie
