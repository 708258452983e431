// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_engine.h
/// \brief SqlEngine: an embedded DuckDB database that runs SQL over Arrow record batch
/// streams and hands results back as Arrow batches (the C data interface both ways).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

struct HOODIE_EXPORT SqlEngineOptions {
  /// DuckDB's memory_limit (bytes); beyond it temporary tables spill to `spill_directory`.
  int64_t memory_limit = 512LL << 20;
  /// Worker threads of DuckDB (it keeps its own pool).
  int32_t threads = 1;
  /// Where DuckDB spills; empty: its default (a .tmp folder beside the process).
  std::string spill_directory;
  /// Rows per batch handed out (DuckDB makes chunks of 2048; these are joined).
  int64_t batch_rows = 64 * 1024;
};

/// \brief One in-memory DuckDB database and connection, with Spark SQL function shims
/// (nvl, date_format, from_unixtime, to_date, size, ...) so that common transformer
/// SQL runs unchanged; other Spark-only functions fail with DuckDB's message naming the
/// function. Not thread-safe: one query at a time.
class HOODIE_EXPORT SqlEngine {
 public:
  static ::arrow::Result<std::unique_ptr<SqlEngine>> Open(const SqlEngineOptions& options);
  ~SqlEngine();

  /// Copies `input` (read once, to its end) into temporary table `name`, so the SQL may
  /// read it any number of times.
  ::arrow::Status RegisterTable(const std::string& name,
                                std::shared_ptr<::arrow::RecordBatchReader> input);
  /// Drops temporary table `name` (no error if absent).
  ::arrow::Status DropTable(const std::string& name);
  /// Runs a statement that returns nothing to keep (CREATE, INSERT, SET, ...).
  ::arrow::Status Execute(const std::string& sql);
  /// Runs a query; its rows stream out as Arrow batches. The reader must be read to its
  /// end (or dropped) before the next call on this engine.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Query(const std::string& sql);

  /// The DuckDB library version ("v1.5.6").
  static std::string Version();
  /// `name` as a double-quoted SQL identifier.
  static std::string QuoteName(const std::string& name);
  /// `text` as a single-quoted SQL string literal.
  static std::string QuoteString(const std::string& text);

  /// The database and connection (sql_engine_internal.h); results keep them open.
  struct Handles;
  const std::shared_ptr<Handles>& handles() const { return handles_; }

 private:
  explicit SqlEngine(SqlEngineOptions options);

  SqlEngineOptions options_;
  std::shared_ptr<Handles> handles_;
};

}  // namespace hoodie
