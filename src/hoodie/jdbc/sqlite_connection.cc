// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/sqlite_connection.cc
/// \brief A DatabaseConnection to a SQLite file, opened read-only. Column types follow
/// the declared type: a few names Spark reads through sqlite-jdbc as booleans, dates,
/// timestamps and decimals, then SQLite's type affinity (datatype3.html section 3.1).
#include <sqlite3.h>

#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <arrow/type.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/jdbc/column_builder_internal.h"
#include "hoodie/jdbc/connection_internal.h"

namespace hoodie::internal {
namespace {

struct StatementDeleter {
  void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

bool Contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// The Arrow type of a declared column type ("" for an expression or an undeclared
// column, which has no affinity: bytes).
DatabaseColumn TypedColumn(std::string name, std::string declared) {
  DatabaseColumn column{std::move(name), ::arrow::binary(), ValueForm::kRawBytes};
  const std::string upper = ToUpperAscii(declared);
  static const std::regex kDecimal(R"((DECIMAL|NUMERIC)\s*\(\s*(\d+)\s*(,\s*(\d+)\s*)?\))");
  std::smatch decimal;
  if (upper == "BOOLEAN" || upper == "BOOL") {
    column.type = ::arrow::boolean();
    column.form = ValueForm::kBoolean;
  } else if (upper == "DATE") {
    column.type = ::arrow::date32();
    column.form = ValueForm::kText;
  } else if (upper == "DATETIME" || upper == "TIMESTAMP") {
    column.type = ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC");
    column.form = ValueForm::kLocalTimestamp;
  } else if (std::regex_search(upper, decimal, kDecimal)) {
    const int precision = std::min(std::stoi(decimal[2]), 38);
    const int scale = decimal[4].matched ? std::min(std::stoi(decimal[4]), precision) : 0;
    column.type = ::arrow::decimal128(precision, scale);
    column.form = ValueForm::kText;
  } else if (Contains(upper, "INT")) {
    // INTEGER affinity: SQLite's integers are 64-bit whatever the declared name.
    column.type = ::arrow::int64();
    column.form = ValueForm::kText;
  } else if (Contains(upper, "CHAR") || Contains(upper, "CLOB") || Contains(upper, "TEXT")) {
    column.type = ::arrow::utf8();
    column.form = ValueForm::kText;
  } else if (Contains(upper, "REAL") || Contains(upper, "FLOA") || Contains(upper, "DOUB")) {
    column.type = ::arrow::float64();
    column.form = ValueForm::kText;
  } else if (!upper.empty() && !Contains(upper, "BLOB")) {
    // NUMERIC affinity without a precision: Spark's DecimalType.SYSTEM_DEFAULT.
    column.type = ::arrow::decimal128(38, 18);
    column.form = ValueForm::kText;
  }
  return column;
}

class SqliteConnection : public DatabaseConnection {
 public:
  SqliteConnection(std::string address, sqlite3* database)
      : DatabaseConnection(std::move(address)), database_(database) {}
  ~SqliteConnection() override { sqlite3_close_v2(database_); }

  ::arrow::Status BeginSnapshot() override { return Execute("BEGIN"); }
  ::arrow::Status EndSnapshot() override {
    if (sqlite3_get_autocommit(database_)) return ::arrow::Status::OK();
    return Execute("ROLLBACK");
  }

  ::arrow::Result<std::vector<DatabaseColumn>> Describe(const std::string& sql) override {
    ARROW_ASSIGN_OR_RAISE(Statement statement, Prepare(sql));
    std::vector<DatabaseColumn> columns;
    for (int i = 0; i < sqlite3_column_count(statement.get()); ++i) {
      const char* declared = sqlite3_column_decltype(statement.get(), i);
      DatabaseColumn column =
          TypedColumn(sqlite3_column_name(statement.get(), i), declared ? declared : "");
      column.not_null = IsNotNull(statement.get(), i);
      columns.push_back(std::move(column));
    }
    return columns;
  }

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Query(
      const std::string& sql, int batch_rows,
      const std::vector<DatabaseColumn>& columns) override;

  ::arrow::Result<Statement> Prepare(const std::string& sql) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(database_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
      sqlite3_finalize(statement);
      return Failure("refused the query");
    }
    return Statement(statement);
  }

  ::arrow::Status Failure(std::string_view what) const {
    return ::arrow::Status::Invalid(address(), " ", what, ": ", sqlite3_errmsg(database_));
  }

 private:
  ::arrow::Status Execute(const std::string& sql) {
    if (sqlite3_exec(database_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
      return Failure("refused " + sql);
    }
    return ::arrow::Status::OK();
  }

  bool IsNotNull(sqlite3_stmt* statement, int i) const {
    const char* table = sqlite3_column_table_name(statement, i);
    const char* origin = sqlite3_column_origin_name(statement, i);
    int not_null = 0;
    if (table == nullptr || origin == nullptr ||
        sqlite3_table_column_metadata(database_, sqlite3_column_database_name(statement, i),
                                      table, origin, nullptr, nullptr, &not_null, nullptr,
                                      nullptr) != SQLITE_OK) {
      return false;
    }
    return not_null != 0;
  }

  sqlite3* database_;
};

// The rows of one statement, stepped batch_rows at a time.
class SqliteRows : public ::arrow::RecordBatchReader {
 public:
  SqliteRows(std::shared_ptr<SqliteConnection> connection, Statement statement,
             int batch_rows, BatchAssembler assembler)
      : connection_(std::move(connection)),
        statement_(std::move(statement)),
        batch_rows_(batch_rows),
        assembler_(std::move(assembler)) {}

  std::shared_ptr<::arrow::Schema> schema() const override { return assembler_.schema(); }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    *batch = nullptr;
    int64_t rows = 0;
    while (statement_ != nullptr && rows < batch_rows_) {
      const int stepped = sqlite3_step(statement_.get());
      if (stepped == SQLITE_DONE) {
        statement_.reset();
        break;
      }
      if (stepped != SQLITE_ROW) return connection_->Failure("failed reading a row");
      ARROW_RETURN_NOT_OK(AppendRow());
      ++rows;
    }
    if (rows > 0) {
      ARROW_ASSIGN_OR_RAISE(*batch, assembler_.Finish(rows));
    }
    return ::arrow::Status::OK();
  }

 private:
  ::arrow::Status AppendRow() {
    for (int i = 0; i < assembler_.schema()->num_fields(); ++i) {
      ColumnBuilder& builder = assembler_.column(i);
      sqlite3_stmt* row = statement_.get();
      switch (sqlite3_column_type(row, i)) {
        case SQLITE_NULL:
          ARROW_RETURN_NOT_OK(builder.AppendNull());
          break;
        case SQLITE_FLOAT:
          ARROW_RETURN_NOT_OK(builder.AppendDouble(sqlite3_column_double(row, i)));
          break;
        case SQLITE_BLOB: {
          const void* bytes = sqlite3_column_blob(row, i);
          ARROW_RETURN_NOT_OK(builder.Append(std::string_view(
              static_cast<const char*>(bytes), sqlite3_column_bytes(row, i))));
          break;
        }
        default: {
          const unsigned char* text = sqlite3_column_text(row, i);
          ARROW_RETURN_NOT_OK(builder.Append(std::string_view(
              reinterpret_cast<const char*>(text), sqlite3_column_bytes(row, i))));
        }
      }
    }
    return ::arrow::Status::OK();
  }

  std::shared_ptr<SqliteConnection> connection_;
  Statement statement_;
  int batch_rows_;
  BatchAssembler assembler_;
};

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> SqliteConnection::Query(
    const std::string& sql, int batch_rows, const std::vector<DatabaseColumn>& columns) {
  ARROW_ASSIGN_OR_RAISE(BatchAssembler assembler, BatchAssembler::Make(columns));
  ARROW_ASSIGN_OR_RAISE(Statement statement, Prepare(sql));
  return std::make_shared<SqliteRows>(
      std::static_pointer_cast<SqliteConnection>(shared_from_this()), std::move(statement),
      batch_rows, std::move(assembler));
}

}  // namespace

::arrow::Result<std::shared_ptr<DatabaseConnection>> OpenSqlite(const ConnectOptions& options) {
  sqlite3* database = nullptr;
  // Read-only, and never creating a file: a wrong path is an error, as sqlite-jdbc
  // reports a missing database when it may not create one.
  const int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
  if (sqlite3_open_v2(options.url.path.c_str(), &database, flags, nullptr) != SQLITE_OK) {
    std::string message = database ? sqlite3_errmsg(database) : "out of memory";
    sqlite3_close_v2(database);
    return ::arrow::Status::IOError("cannot open ", options.url.address(), ": ", message);
  }
  sqlite3_busy_timeout(database, options.timeout_seconds * 1000);
  return std::make_shared<SqliteConnection>(options.url.address(), database);
}

}  // namespace hoodie::internal
