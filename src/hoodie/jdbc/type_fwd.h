// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/type_fwd.h
/// \brief Forward declarations of the JDBC component's types.
#pragma once

namespace hoodie {

class DatabaseConnection;
struct ConnectOptions;
struct DatabaseColumn;
struct JdbcSchemaOptions;
struct JdbcSourceOptions;
struct JdbcUrl;

}  // namespace hoodie
