// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_url.h
/// \brief JDBC URLs hoodie serves natively: jdbc:postgresql://host[:port]/db[?params]
/// (libpq) and jdbc:sqlite:<path> (SQLite); every other database is refused.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// The databases hoodie's JDBC component reaches.
enum class DatabaseKind { kPostgreSql, kSqlite };

/// \brief A parsed JDBC URL. Values only; thread-compatible.
struct HOODIE_EXPORT JdbcUrl {
  DatabaseKind kind = DatabaseKind::kPostgreSql;
  /// PostgreSQL: the server and database ("" for the user's default database).
  std::string host;
  int port = 5432;
  std::string database;
  /// SQLite: the database file (or a file: URI).
  std::string path;
  /// The URL's ?name=value parameters, percent-decoded, in order.
  std::vector<std::pair<std::string, std::string>> parameters;

  /// Parses `url`. \return Invalid naming the supported URL forms for any other
  ///   database, or a malformed PostgreSQL address; the message never repeats the URL's
  ///   parameters (they may hold a password).
  static ::arrow::Result<JdbcUrl> Parse(const std::string& url);

  /// Where the database is, for messages, without user or password:
  /// "PostgreSQL at 127.0.0.1:5432/db", "SQLite file /data/db.sqlite".
  std::string address() const;

  /// The JDBC driver class of this kind of URL (org.postgresql.Driver, org.sqlite.JDBC).
  std::string_view driver_class() const;

  /// OK when `driver_class` is empty or this URL's driver class; else Invalid naming
  /// `key` and the class expected.
  ::arrow::Status CheckDriverClass(const std::string& driver_class,
                                   std::string_view key) const;
};

}  // namespace hoodie
