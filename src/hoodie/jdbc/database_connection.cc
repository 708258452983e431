// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/database_connection.cc
/// \brief DatabaseConnection::Open (by the URL's database) and ColumnsSchema.
#include "hoodie/jdbc/database_connection.h"

#include <arrow/type.h>

#include "hoodie/config/config_property.h"
#include "hoodie/jdbc/connection_internal.h"

namespace hoodie {

::arrow::Result<std::shared_ptr<DatabaseConnection>> DatabaseConnection::Open(
    const ConnectOptions& options) {
  return options.url.kind == DatabaseKind::kSqlite ? internal::OpenSqlite(options)
                                                   : internal::OpenPostgreSql(options);
}

std::shared_ptr<::arrow::Schema> ColumnsSchema(const std::vector<DatabaseColumn>& columns,
                                               bool keep_not_null) {
  ::arrow::FieldVector fields;
  for (const DatabaseColumn& column : columns) {
    fields.push_back(
        ::arrow::field(column.name, column.type, !(keep_not_null && column.not_null)));
  }
  return ::arrow::schema(std::move(fields));
}

namespace internal {

std::string WithoutSecret(std::string message, const std::string& secret) {
  if (secret.empty()) return message;
  for (size_t at = message.find(secret); at != std::string::npos;
       at = message.find(secret, at)) {
    message.replace(at, secret.size(), kRedactedValue);
    at += kRedactedValue.size();
  }
  return message;
}

}  // namespace internal
}  // namespace hoodie
