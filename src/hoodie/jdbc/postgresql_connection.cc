// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/postgresql_connection.cc
/// \brief A DatabaseConnection through libpq: results in text form, read through a
/// server-side cursor fetchSize rows at a time, as pgJDBC reads with a fetch size and
/// autocommit off; the session in UTC, as Spark's JDBC reader runs with a UTC session.
#include <libpq-fe.h>

#include <string>
#include <utility>
#include <vector>

#include <arrow/type.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/jdbc/column_builder_internal.h"
#include "hoodie/jdbc/connection_internal.h"

namespace hoodie::internal {
namespace {

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// Session settings that fix the text form of values: UTC timestamps with an offset,
// ISO dates, hex bytea, shortest exact floats.
constexpr char kSessionOptions[] =
    "-c TimeZone=UTC -c DateStyle=ISO,YMD -c IntervalStyle=postgres "
    "-c bytea_output=hex -c extra_float_digits=3";

// pgJDBC URL parameters and the libpq keyword each becomes.
struct UrlParameter {
  std::string_view jdbc;
  std::string_view libpq;
};
constexpr UrlParameter kUrlParameters[] = {
    {"user", "user"},           {"password", "password"},
    {"sslmode", "sslmode"},     {"sslrootcert", "sslrootcert"},
    {"sslcert", "sslcert"},     {"sslkey", "sslkey"},
    {"connectTimeout", "connect_timeout"}, {"loginTimeout", "connect_timeout"},
    {"ApplicationName", "application_name"}, {"options", "options"},
};

// The libpq keywords and values of a connection, owned.
class ConnectionParameters {
 public:
  void Set(std::string_view keyword, std::string value) {
    for (auto& [key, existing] : entries_) {
      if (key == keyword) {
        existing = std::move(value);
        return;
      }
    }
    entries_.emplace_back(std::string(keyword), std::move(value));
  }
  std::string Get(std::string_view keyword) const {
    for (const auto& [key, value] : entries_) {
      if (key == keyword) return value;
    }
    return "";
  }
  PGconn* Connect() const {
    std::vector<const char*> keywords;
    std::vector<const char*> values;
    for (const auto& [key, value] : entries_) {
      keywords.push_back(key.c_str());
      values.push_back(value.c_str());
    }
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    return PQconnectdbParams(keywords.data(), values.data(), /*expand_dbname=*/0);
  }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

::arrow::Result<ConnectionParameters> MakeParameters(const ConnectOptions& options) {
  ConnectionParameters out;
  out.Set("host", options.url.host);
  out.Set("port", std::to_string(options.url.port));
  if (!options.url.database.empty()) out.Set("dbname", options.url.database);
  out.Set("connect_timeout", std::to_string(options.timeout_seconds));
  out.Set("application_name", "hoodie");
  out.Set("client_encoding", "UTF8");
  std::string session = kSessionOptions;
  for (const auto& [name, value] : options.url.parameters) {
    if (name == "currentSchema") {
      session += " -c search_path=" + value;
      continue;
    }
    if (name == "ssl") {
      out.Set("sslmode", EqualsIgnoreCase(value, "false") ? "disable" : "verify-full");
      continue;
    }
    const UrlParameter* known = nullptr;
    for (const UrlParameter& each : kUrlParameters) {
      if (each.jdbc == name) known = &each;
    }
    if (known == nullptr) {
      return ::arrow::Status::Invalid(
          "the JDBC URL parameter '", name, "' has no meaning for hoodie's libpq "
          "connection; it takes user, password, ssl, sslmode, sslrootcert, sslcert, sslkey, "
          "connectTimeout, loginTimeout, ApplicationName, options and currentSchema");
    }
    if (known->libpq == "options") {
      session += " " + value;
    } else {
      out.Set(known->libpq, value);
    }
  }
  if (options.statement_timeout && options.timeout_seconds > 0) {
    session += " -c statement_timeout=" + std::to_string(options.timeout_seconds * 1000);
  }
  out.Set("options", session);
  if (!options.user.empty()) out.Set("user", options.user);
  if (!options.password.empty()) out.Set("password", options.password);
  return out;
}

class PostgreSqlConnection : public DatabaseConnection {
 public:
  PostgreSqlConnection(std::string address, PGconn* connection, std::string password)
      : DatabaseConnection(std::move(address)),
        connection_(connection),
        password_(std::move(password)) {}
  ~PostgreSqlConnection() override { PQfinish(connection_); }

  ::arrow::Status BeginSnapshot() override {
    return Execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").status();
  }
  ::arrow::Status EndSnapshot() override { return Execute("ROLLBACK").status(); }

  ::arrow::Result<std::vector<DatabaseColumn>> Describe(const std::string& sql) override {
    ARROW_RETURN_NOT_OK(Check(Result(PQprepare(connection_, "", sql.c_str(), 0, nullptr)),
                              PGRES_COMMAND_OK)
                            .status());
    ARROW_ASSIGN_OR_RAISE(Result described,
                          Check(Result(PQdescribePrepared(connection_, "")), PGRES_COMMAND_OK));
    std::vector<DatabaseColumn> columns;
    for (int i = 0; i < PQnfields(described.get()); ++i) {
      DatabaseColumn column;
      column.name = PQfname(described.get(), i);
      ARROW_ASSIGN_OR_RAISE(PostgreSqlType type,
                            TypeOf(column.name, PQftype(described.get(), i),
                                   PQfmod(described.get(), i)));
      column.type = type.type;
      column.form = type.form;
      ARROW_ASSIGN_OR_RAISE(column.not_null, IsNotNull(PQftable(described.get(), i),
                                                      PQftablecol(described.get(), i)));
      columns.push_back(std::move(column));
    }
    return columns;
  }

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Query(
      const std::string& sql, int batch_rows,
      const std::vector<DatabaseColumn>& columns) override;

  // Runs `sql`; Invalid (IOError when the connection is lost) with the server's message.
  ::arrow::Result<Result> Execute(const std::string& sql) {
    Result result(PQexec(connection_, sql.c_str()));
    const bool rows = result != nullptr && PQresultStatus(result.get()) == PGRES_TUPLES_OK;
    return Check(std::move(result), rows ? PGRES_TUPLES_OK : PGRES_COMMAND_OK);
  }

 private:
  ::arrow::Result<Result> Check(Result result, ExecStatusType expected) {
    if (result != nullptr && PQresultStatus(result.get()) == expected) return result;
    // The server's primary message, without the LINE/caret lines it adds for a person.
    const char* primary =
        result ? PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    std::string message = WithoutSecret(
        primary != nullptr ? std::string(primary) : Trim(PQerrorMessage(connection_)),
        password_);
    if (PQstatus(connection_) != CONNECTION_OK) {
      return ::arrow::Status::IOError("lost the connection to ", address(), ": ", message);
    }
    return ::arrow::Status::Invalid(address(), " refused the query: ", message);
  }

  // A built-in type, or an enum (a string, as pgJDBC reports enums as VARCHAR) or a
  // domain over a built-in type, looked up in pg_type.
  ::arrow::Result<PostgreSqlType> TypeOf(const std::string& column, Oid oid, int modifier) {
    if (auto known = MapPostgreSqlType(oid, modifier)) return *known;
    ARROW_ASSIGN_OR_RAISE(
        Result type, Execute("SELECT typtype, typbasetype, typtypmod, format_type(" +
                             std::to_string(oid) + ", " + std::to_string(modifier) +
                             ") FROM pg_type WHERE oid = " + std::to_string(oid)));
    const std::string kind = PQntuples(type.get()) == 1 ? PQgetvalue(type.get(), 0, 0) : "";
    if (kind == "e") return PostgreSqlStringType();
    if (kind == "d") {
      const Oid base = std::stoul(PQgetvalue(type.get(), 0, 1));
      if (auto known = MapPostgreSqlType(base, std::stoi(PQgetvalue(type.get(), 0, 2)))) {
        return *known;
      }
    }
    const std::string name =
        PQntuples(type.get()) == 1 ? PQgetvalue(type.get(), 0, 3) : std::to_string(oid);
    return ::arrow::Status::NotImplemented(
        "column ", column, " has the PostgreSQL type ", name,
        ", which hoodie's JDBC source does not read (arrays, composite and range types, "
        "bit strings); select the column cast to text in a view");
  }

  ::arrow::Result<bool> IsNotNull(Oid table, int column) {
    if (table == InvalidOid || column <= 0) return false;
    ARROW_ASSIGN_OR_RAISE(Result found,
                          Execute("SELECT attnotnull FROM pg_attribute WHERE attrelid = " +
                                  std::to_string(table) + " AND attnum = " +
                                  std::to_string(column)));
    return PQntuples(found.get()) == 1 && std::string_view(PQgetvalue(found.get(), 0, 0)) == "t";
  }

  PGconn* connection_;
  std::string password_;
  int cursors_ = 0;
};

// The rows of a cursor, FETCH by FETCH; closes the cursor when they end.
class PostgreSqlRows : public ::arrow::RecordBatchReader {
 public:
  PostgreSqlRows(std::shared_ptr<PostgreSqlConnection> connection, std::string cursor,
                 int batch_rows, BatchAssembler assembler)
      : connection_(std::move(connection)),
        cursor_(std::move(cursor)),
        batch_rows_(batch_rows),
        assembler_(std::move(assembler)) {}
  ~PostgreSqlRows() override {
    if (!done_) HOODIE_WARN_NOT_OK(Close(), "closing a PostgreSQL cursor");
  }

  std::shared_ptr<::arrow::Schema> schema() const override { return assembler_.schema(); }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    *batch = nullptr;
    if (done_) return ::arrow::Status::OK();
    ARROW_ASSIGN_OR_RAISE(Result rows,
                          connection_->Execute("FETCH FORWARD " + std::to_string(batch_rows_) +
                                               " FROM " + cursor_));
    const int count = PQntuples(rows.get());
    if (count < batch_rows_) ARROW_RETURN_NOT_OK(Close());
    if (count == 0) return ::arrow::Status::OK();
    if (PQnfields(rows.get()) != assembler_.schema()->num_fields()) {
      return ::arrow::Status::Invalid(connection_->address(), ": the query's columns changed");
    }
    for (int row = 0; row < count; ++row) {
      for (int col = 0; col < PQnfields(rows.get()); ++col) {
        ColumnBuilder& builder = assembler_.column(col);
        ARROW_RETURN_NOT_OK(
            PQgetisnull(rows.get(), row, col)
                ? builder.AppendNull()
                : builder.Append(std::string_view(PQgetvalue(rows.get(), row, col),
                                                  PQgetlength(rows.get(), row, col))));
      }
    }
    ARROW_ASSIGN_OR_RAISE(*batch, assembler_.Finish(count));
    return ::arrow::Status::OK();
  }

 private:
  ::arrow::Status Close() {
    done_ = true;
    return connection_->Execute("CLOSE " + cursor_).status();
  }

  std::shared_ptr<PostgreSqlConnection> connection_;
  std::string cursor_;
  int batch_rows_;
  BatchAssembler assembler_;
  bool done_ = false;
};

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> PostgreSqlConnection::Query(
    const std::string& sql, int batch_rows, const std::vector<DatabaseColumn>& columns) {
  ARROW_ASSIGN_OR_RAISE(BatchAssembler assembler, BatchAssembler::Make(columns));
  // A cursor lives in a transaction: a caller without a snapshot gets one of its own.
  if (PQtransactionStatus(connection_) == PQTRANS_IDLE) ARROW_RETURN_NOT_OK(BeginSnapshot());
  std::string cursor = "hoodie_rows_" + std::to_string(++cursors_);
  ARROW_RETURN_NOT_OK(Execute("DECLARE " + cursor + " NO SCROLL CURSOR FOR " + sql).status());
  return std::make_shared<PostgreSqlRows>(
      std::static_pointer_cast<PostgreSqlConnection>(shared_from_this()), std::move(cursor),
      batch_rows, std::move(assembler));
}

}  // namespace

::arrow::Result<std::shared_ptr<DatabaseConnection>> OpenPostgreSql(
    const ConnectOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ConnectionParameters parameters, MakeParameters(options));
  const std::string user = parameters.Get("user");
  const std::string password = parameters.Get("password");
  PGconn* connection = parameters.Connect();
  if (connection == nullptr || PQstatus(connection) != CONNECTION_OK) {
    std::string message = connection == nullptr ? "out of memory" : PQerrorMessage(connection);
    PQfinish(connection);
    return ::arrow::Status::IOError("cannot connect to ", options.url.address(),
                                    user.empty() ? "" : " as user " + user, ": ",
                                    WithoutSecret(Trim(message), password));
  }
  // Notices (a NOTICE of the server) go to the log, not to stderr as libpq's default does.
  PQsetNoticeProcessor(
      connection, [](void*, const char* notice) { LogDebug(Trim(notice)); }, nullptr);
  return std::make_shared<PostgreSqlConnection>(options.url.address(), connection, password);
}

}  // namespace hoodie::internal
