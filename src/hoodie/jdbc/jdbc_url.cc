// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_url.cc
/// \brief JdbcUrl::Parse: pgJDBC's URL grammar (one host) and sqlite-jdbc's.
#include "hoodie/jdbc/jdbc_url.h"

#include <charconv>

#include "hoodie/common/string_list.h"

namespace hoodie {
namespace {

constexpr std::string_view kPostgreSqlPrefix = "jdbc:postgresql:";
constexpr std::string_view kSqlitePrefix = "jdbc:sqlite:";
constexpr char kSupported[] =
    "hoodie reads jdbc:postgresql://host[:port]/database (through libpq) and "
    "jdbc:sqlite:<path> (through SQLite) URLs only";

// %XX escapes of a URL parameter, as pgJDBC decodes them.
::arrow::Result<std::string> PercentDecoded(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    int value = 0;
    if (i + 2 >= text.size() ||
        std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16).ptr !=
            text.data() + i + 3) {
      return ::arrow::Status::Invalid("a JDBC URL parameter has a malformed % escape");
    }
    out += static_cast<char>(value);
    i += 2;
  }
  return out;
}

::arrow::Status ParseParameters(std::string_view query, JdbcUrl* url) {
  for (const std::string& pair : SplitAt(query, '&')) {
    if (pair.empty()) continue;
    const size_t equals = pair.find('=');
    ARROW_ASSIGN_OR_RAISE(std::string name, PercentDecoded(pair.substr(0, equals)));
    std::string value;
    if (equals != std::string::npos) {
      ARROW_ASSIGN_OR_RAISE(value, PercentDecoded(pair.substr(equals + 1)));
    }
    url->parameters.emplace_back(std::move(name), std::move(value));
  }
  return ::arrow::Status::OK();
}

// "//host[:port]/database", "//[::1]:port/database", or pgJDBC's short forms
// "database" and "/" (the local server).
::arrow::Status ParsePostgreSqlAddress(std::string_view rest, JdbcUrl* url) {
  url->host = "localhost";
  if (rest.substr(0, 2) != "//") {
    url->database = std::string(rest == "/" ? "" : rest);
    return ::arrow::Status::OK();
  }
  rest.remove_prefix(2);
  const size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  url->database = slash == std::string_view::npos ? "" : std::string(rest.substr(slash + 1));
  size_t colon = authority.rfind(':');
  if (!authority.empty() && authority.front() == '[') {
    const size_t close = authority.find(']');
    if (close == std::string_view::npos) {
      return ::arrow::Status::Invalid("the JDBC URL's IPv6 host has no closing ']'");
    }
    colon = close + 1 < authority.size() ? close + 1 : std::string_view::npos;
    url->host = std::string(authority.substr(1, close - 1));
  } else {
    url->host = std::string(authority.substr(0, colon));
  }
  if (authority.find(',') != std::string_view::npos) {
    return ::arrow::Status::Invalid(
        "the JDBC URL names several PostgreSQL hosts; hoodie connects to one");
  }
  if (colon != std::string_view::npos) {
    std::string_view port = authority.substr(colon + 1);
    if (std::from_chars(port.data(), port.data() + port.size(), url->port).ptr !=
            port.data() + port.size() ||
        url->port <= 0 || url->port > 65535) {
      return ::arrow::Status::Invalid("the JDBC URL's port '", port, "' is not a port number");
    }
  }
  if (url->host.empty()) url->host = "localhost";
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<JdbcUrl> JdbcUrl::Parse(const std::string& text) {
  JdbcUrl url;
  std::string_view view = text;
  const size_t question = view.find('?');
  std::string_view base = view.substr(0, question);
  if (question != std::string_view::npos) {
    ARROW_RETURN_NOT_OK(ParseParameters(view.substr(question + 1), &url));
  }
  if (base.substr(0, kPostgreSqlPrefix.size()) == kPostgreSqlPrefix) {
    url.kind = DatabaseKind::kPostgreSql;
    ARROW_RETURN_NOT_OK(ParsePostgreSqlAddress(base.substr(kPostgreSqlPrefix.size()), &url));
    return url;
  }
  if (base.substr(0, kSqlitePrefix.size()) == kSqlitePrefix) {
    url.kind = DatabaseKind::kSqlite;
    // SQLite takes a file: URI whole, its parameters included (mode=ro, ...).
    url.path = text.substr(kSqlitePrefix.size());
    url.parameters.clear();
    if (url.path.empty()) return ::arrow::Status::Invalid("the SQLite JDBC URL names no file");
    return url;
  }
  // Only the scheme is repeated: the rest may carry a password.
  const size_t scheme_end = base.find(':', base.find(':') + 1);
  return ::arrow::Status::Invalid(kSupported, ", not ",
                                  base.substr(0, scheme_end == std::string_view::npos
                                                     ? std::min<size_t>(base.size(), 16)
                                                     : scheme_end + 1),
                                  " URLs");
}

std::string JdbcUrl::address() const {
  if (kind == DatabaseKind::kSqlite) return "SQLite file " + path;
  const bool ipv6 = host.find(':') != std::string::npos;
  return "PostgreSQL at " + (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port) +
         "/" + database;
}

std::string_view JdbcUrl::driver_class() const {
  return kind == DatabaseKind::kSqlite ? "org.sqlite.JDBC" : "org.postgresql.Driver";
}

::arrow::Status JdbcUrl::CheckDriverClass(const std::string& driver_class,
                                          std::string_view key) const {
  if (driver_class.empty() || driver_class == this->driver_class()) {
    return ::arrow::Status::OK();
  }
  return ::arrow::Status::Invalid(key, "=", driver_class, " does not serve ", address(),
                                  ": hoodie reads it natively and accepts only its driver "
                                  "class ", this->driver_class());
}

}  // namespace hoodie
