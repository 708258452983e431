// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/spark_sql_functions.cc
#include "hoodie/sql/spark_sql_functions_internal.h"

#include <optional>
#include <string>

#include "hoodie/sql/java_date_pattern.h"

namespace hoodie {
namespace {

constexpr const char* kMacros[] = {
    "CREATE OR REPLACE TEMP MACRO nvl(a, b) AS coalesce(a, b)",
    "CREATE OR REPLACE TEMP MACRO nvl2(a, b, c) AS CASE WHEN a IS NOT NULL THEN b ELSE c END",
    "CREATE OR REPLACE TEMP MACRO from_unixtime(s) AS "
    "strftime(make_timestamp(CAST(s AS BIGINT) * 1000000), '%Y-%m-%d %H:%M:%S')",
    "CREATE OR REPLACE TEMP MACRO to_date(s) AS CAST(s AS DATE)",
    "CREATE OR REPLACE TEMP MACRO size(a) AS len(a)",
    // Spark takes dates, timestamps and their strings alike.
    "CREATE OR REPLACE TEMP MACRO date_format(d, f) AS "
    "hoodie_date_format(CAST(d AS TIMESTAMP), f)",
};

std::string_view View(duckdb_string_t* value) {
  return {duckdb_string_t_data(value), duckdb_string_t_length(*value)};
}

CivilTime ToCivil(duckdb_timestamp ts) {
  duckdb_timestamp_struct parts = duckdb_from_timestamp(ts);
  return {parts.date.year,   parts.date.month, parts.date.day, parts.time.hour,
          parts.time.min,    parts.time.sec,   parts.time.micros};
}

// hoodie_date_format(TIMESTAMP, VARCHAR): NULL in either gives NULL, as in Spark.
void DateFormat(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  idx_t rows = duckdb_data_chunk_get_size(input);
  duckdb_vector times = duckdb_data_chunk_get_vector(input, 0);
  duckdb_vector patterns = duckdb_data_chunk_get_vector(input, 1);
  auto* time_data = static_cast<duckdb_timestamp*>(duckdb_vector_get_data(times));
  auto* pattern_data = static_cast<duckdb_string_t*>(duckdb_vector_get_data(patterns));
  uint64_t* time_valid = duckdb_vector_get_validity(times);
  uint64_t* pattern_valid = duckdb_vector_get_validity(patterns);
  duckdb_vector_ensure_validity_writable(output);
  uint64_t* out_valid = duckdb_vector_get_validity(output);
  std::string last_text;
  std::optional<JavaDatePattern> last;
  for (idx_t row = 0; row < rows; ++row) {
    if (!duckdb_validity_row_is_valid(time_valid, row) ||
        !duckdb_validity_row_is_valid(pattern_valid, row)) {
      duckdb_validity_set_row_invalid(out_valid, row);
      continue;
    }
    std::string_view text = View(&pattern_data[row]);
    if (!last || text != last_text) {
      auto parsed = JavaDatePattern::Parse(text);
      if (!parsed.ok()) {
        duckdb_scalar_function_set_error(info, parsed.status().message().c_str());
        return;
      }
      last = std::move(*parsed);
      last_text = std::string(text);
    }
    std::string formatted = last->Format(ToCivil(time_data[row]));
    duckdb_vector_assign_string_element_len(output, row, formatted.data(), formatted.size());
  }
}

::arrow::Status AddDateFormat(duckdb_connection connection) {
  duckdb_scalar_function function = duckdb_create_scalar_function();
  duckdb_scalar_function_set_name(function, "hoodie_date_format");
  duckdb_logical_type timestamp = duckdb_create_logical_type(DUCKDB_TYPE_TIMESTAMP);
  duckdb_logical_type varchar = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  duckdb_scalar_function_add_parameter(function, timestamp);
  duckdb_scalar_function_add_parameter(function, varchar);
  duckdb_scalar_function_set_return_type(function, varchar);
  duckdb_scalar_function_set_function(function, DateFormat);
  duckdb_state state = duckdb_register_scalar_function(connection, function);
  duckdb_destroy_logical_type(&timestamp);
  duckdb_destroy_logical_type(&varchar);
  duckdb_destroy_scalar_function(&function);
  if (state != DuckDBSuccess) {
    return ::arrow::Status::Invalid("DuckDB refused the date_format function");
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Status AddSparkSqlFunctions(
    duckdb_connection connection,
    const std::function<::arrow::Status(const std::string&)>& execute) {
  ARROW_RETURN_NOT_OK(AddDateFormat(connection));
  for (const char* macro : kMacros) ARROW_RETURN_NOT_OK(execute(macro));
  return ::arrow::Status::OK();
}

}  // namespace hoodie
