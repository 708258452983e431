// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/database_connection.h
/// \brief One connection to a database of a JDBC URL (PostgreSQL through libpq, SQLite),
/// reading query results as Arrow batches with the types Spark's JDBC reader gives.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/jdbc/jdbc_url.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// How a database hands a column's values over, which decides how they are decoded.
enum class ValueForm {
  /// Text an Arrow cast of strings parses (numbers, decimals, dates, strings,
  /// timestamps with a zone offset).
  kText,
  /// A timestamp without an offset ("2024-01-01 10:00:00"): read as UTC.
  kLocalTimestamp,
  /// A time of day ("10:00:00[+02]"): on 1970-01-01, as Spark reads PostgreSQL's time.
  kTimeOfDay,
  /// PostgreSQL's t/f, SQLite's 1/0, bit(1)'s 1/0.
  kBoolean,
  /// PostgreSQL's bytea in hex output ("\x0aff").
  kHexBytes,
  /// Bytes as they are (SQLite blobs).
  kRawBytes,
};

/// One column of a query's result.
struct HOODIE_EXPORT DatabaseColumn {
  std::string name;
  /// The Arrow type of Spark's type for the database type (IntegerType: int32, ...).
  std::shared_ptr<::arrow::DataType> type;
  ValueForm form = ValueForm::kText;
  /// The table declares the column NOT NULL (known for plain table columns only).
  bool not_null = false;
};

/// What a connection is opened with.
struct HOODIE_EXPORT ConnectOptions {
  JdbcUrl url;
  std::string user;
  /// Never shown: messages name the address and the user only.
  std::string password;
  /// Gives up connecting (and, when positive, each statement) after this many seconds.
  int timeout_seconds = 10;
  /// Whether timeout_seconds also bounds each statement (the schema provider's timeout).
  bool statement_timeout = false;
};

/// \brief A connection to one database. Not thread-safe: one caller at a time, and one
/// open Query reader at a time.
class HOODIE_EXPORT DatabaseConnection
    : public std::enable_shared_from_this<DatabaseConnection> {
 public:
  virtual ~DatabaseConnection() = default;

  /// Connects to `options.url`. \return IOError naming the address and user (never the
  ///   password) when the database cannot be reached within the timeout or refuses
  ///   the login.
  static ::arrow::Result<std::shared_ptr<DatabaseConnection>> Open(
      const ConnectOptions& options);

  /// Starts a read-only transaction: the queries that follow see one snapshot, so a
  /// count and maximum taken first agree with the rows read after them.
  virtual ::arrow::Status BeginSnapshot() = 0;
  /// Ends it; after a failed statement too (PostgreSQL then refuses any other).
  virtual ::arrow::Status EndSnapshot() = 0;

  /// The columns `sql` returns, without running it. \return Invalid when the database
  ///   refuses the query or a column has a type hoodie does not map.
  virtual ::arrow::Result<std::vector<DatabaseColumn>> Describe(const std::string& sql) = 0;

  /// The rows of `sql`, `batch_rows` at a time (a PostgreSQL cursor, SQLite's steps),
  /// decoded as `columns` say (from Describe), in the snapshot begun (one is begun when
  /// none is). The reader holds the connection; it must be read, or dropped, before
  /// the next call.
  virtual ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Query(
      const std::string& sql, int batch_rows, const std::vector<DatabaseColumn>& columns) = 0;

  /// Where the connection goes, for messages ("PostgreSQL at 127.0.0.1:5432/db").
  const std::string& address() const { return address_; }

 protected:
  explicit DatabaseConnection(std::string address) : address_(std::move(address)) {}

 private:
  std::string address_;
};

/// The Arrow schema of `columns`: every column nullable unless `keep_not_null` and the
/// table declares it NOT NULL.
HOODIE_EXPORT std::shared_ptr<::arrow::Schema> ColumnsSchema(
    const std::vector<DatabaseColumn>& columns, bool keep_not_null);

}  // namespace hoodie
