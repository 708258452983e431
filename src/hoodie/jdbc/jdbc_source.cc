// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_source.cc
/// \brief JdbcSource: a table's rows, all of them or those past the checkpoint of an
/// incremental column, as Hudi 0.15's JdbcSource reads them (hudi-services-v6.md 4.6),
/// streamed fetchSize rows at a time.
#include <utility>

#include <arrow/record_batch.h>
#include <arrow/scalar.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"
#include "hoodie/jdbc/checkpoint_text_internal.h"
#include "hoodie/jdbc/jdbc_options.h"
#include "hoodie/jdbc/jdbc_plugins_internal.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"

namespace hoodie::internal {
namespace {

// A SQL string literal of `text` (the checkpoint; Hudi quotes it without escaping).
std::string Quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// What a round reads, counted before its rows: Spark counts them (and takes the
// checkpoint's maximum) after reading; here both come first, from the same snapshot.
struct Summary {
  int64_t rows = 0;
  std::shared_ptr<::arrow::Scalar> maximum;  // null when none or not incremental
};

class JdbcSource : public Source {
 public:
  explicit JdbcSource(JdbcSourceOptions options) : options_(std::move(options)) {}

  static ::arrow::Result<std::unique_ptr<Source>> Make(const SourceContext& context) {
    auto options = JdbcSourceOptions::FromConfig(*context.config);
    if (!options.ok()) return options.status();
    return std::make_unique<JdbcSource>(*std::move(options));
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                         int64_t source_limit) override {
    auto fetched = Fetch(checkpoint, source_limit);
    if (!fetched.ok()) {
      return fetched.status().WithMessage("JdbcSource: ", fetched.status().message());
    }
    return fetched;
  }

 private:
  // JdbcSource.fetch: incremental after a non-empty checkpoint, else a full fetch; a
  // failed incremental query falls back to a full fetch when allowed.
  ::arrow::Result<SourceBatch> Fetch(const std::optional<std::string>& checkpoint,
                                     int64_t source_limit) {
    ARROW_ASSIGN_OR_RAISE(auto connection, DatabaseConnection::Open(options_.connection));
    const bool resume = checkpoint && !checkpoint->empty() &&
                        !options_.incremental_column.empty();
    if (!resume) return Read(*connection, FullQuery(source_limit), checkpoint);
    auto incremental = Read(*connection, IncrementalQuery(*checkpoint, source_limit), checkpoint);
    if (incremental.ok() || !options_.fallback_to_full_fetch) return incremental;
    LogWarning("JdbcSource: the incremental query failed (" + incremental.status().message() +
               "); falling back to a full fetch");
    ARROW_RETURN_NOT_OK(connection->EndSnapshot());
    return Read(*connection, FullQuery(source_limit), checkpoint);
  }

  // Spark's limit clause: ordered by the incremental column, when a limit is given.
  std::string Limited(std::string sql, int64_t source_limit) const {
    if (source_limit <= 0 || source_limit == kNoSourceLimit) return sql;
    if (!options_.incremental_column.empty()) sql += " ORDER BY " + options_.incremental_column;
    return sql + " LIMIT " + std::to_string(source_limit);
  }
  std::string FullQuery(int64_t source_limit) const {
    return Limited("SELECT * FROM " + options_.table, source_limit);
  }
  std::string IncrementalQuery(const std::string& checkpoint, int64_t source_limit) const {
    return Limited("SELECT * FROM " + options_.table + " WHERE " +
                       options_.incremental_column + " > " + Quoted(checkpoint),
                   source_limit);
  }

  ::arrow::Result<SourceBatch> Read(DatabaseConnection& connection, const std::string& sql,
                                    const std::optional<std::string>& last) {
    LogInfo("JdbcSource: reading " + connection.address() + ": " + sql);
    ARROW_RETURN_NOT_OK(connection.BeginSnapshot());
    ARROW_ASSIGN_OR_RAISE(std::vector<DatabaseColumn> columns, connection.Describe(sql));
    ARROW_ASSIGN_OR_RAISE(Summary summary, Summarize(connection, sql, columns));
    SourceBatch out;
    out.source_size = summary.rows;
    out.description = std::to_string(summary.rows) + " rows of " + options_.table;
    ARROW_ASSIGN_OR_RAISE(out.checkpoint, NextCheckpoint(summary, last));
    ARROW_ASSIGN_OR_RAISE(out.records,
                          connection.Query(sql, options_.fetch_size, columns));
    return out;
  }

  ::arrow::Result<Summary> Summarize(DatabaseConnection& connection, const std::string& sql,
                                     const std::vector<DatabaseColumn>& columns) {
    std::vector<DatabaseColumn> counted = {
        {"rows", ::arrow::int64(), ValueForm::kText, false}};
    std::string select = "SELECT count(*)";
    if (options_.incremental) {
      ARROW_ASSIGN_OR_RAISE(DatabaseColumn column, IncrementalColumn(columns));
      counted.push_back(column);
      select += ", max(" + options_.incremental_column + ")";
    }
    ARROW_ASSIGN_OR_RAISE(
        auto reader, connection.Query(select + " FROM (" + sql + ") AS rdbms_table", 1, counted));
    ARROW_ASSIGN_OR_RAISE(auto batch, reader->Next());
    if (batch == nullptr || batch->num_rows() != 1) {
      return ::arrow::Status::Invalid(connection.address(), " counted no rows");
    }
    Summary out;
    ARROW_ASSIGN_OR_RAISE(auto rows, batch->column(0)->GetScalar(0));
    out.rows = std::static_pointer_cast<::arrow::Int64Scalar>(rows)->value;
    if (options_.incremental) {
      ARROW_ASSIGN_OR_RAISE(out.maximum, batch->column(1)->GetScalar(0));
      if (!out.maximum->is_valid) out.maximum = nullptr;
    }
    return out;
  }

  ::arrow::Result<DatabaseColumn> IncrementalColumn(
      const std::vector<DatabaseColumn>& columns) const {
    std::string names;
    for (const DatabaseColumn& column : columns) {
      if (EqualsIgnoreCase(column.name, options_.incremental_column)) return column;
      names += (names.empty() ? "" : ", ") + column.name;
    }
    return ::arrow::Status::Invalid("the incremental column ", options_.incremental_column,
                                    " is not a column of ", options_.table, " (", names, ")");
  }

  // JdbcSource.checkpoint: the maximum as a string; none read, the last non-empty
  // checkpoint, or ""; "" when not incremental.
  ::arrow::Result<std::optional<std::string>> NextCheckpoint(
      const Summary& summary, const std::optional<std::string>& last) const {
    if (!options_.incremental) return std::optional<std::string>("");
    if (summary.maximum != nullptr) {
      ARROW_ASSIGN_OR_RAISE(std::string text, SparkStringOf(*summary.maximum));
      return std::optional<std::string>(std::move(text));
    }
    return std::optional<std::string>(last.value_or(""));
  }

  JdbcSourceOptions options_;
};

}  // namespace

::arrow::Status RegisterJdbcSource(SourceRegistry* registry) {
  return registry->Register(std::string(kSourcesPackage) + "JdbcSource", {"JdbcSource"},
                            JdbcSource::Make);
}

}  // namespace hoodie::internal
