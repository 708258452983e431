// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_options.h
/// \brief The options of JdbcSource and JdbcbasedSchemaProvider, parsed once from their
/// hoodie.deltastreamer.jdbc.* / ...source.schema.jdbc.* keys.
#pragma once

#include <cstdint>
#include <string>

#include <arrow/result.h>

#include "hoodie/jdbc/database_connection.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// JdbcSource's options (Hudi's JdbcSourceConfig).
struct HOODIE_EXPORT JdbcSourceOptions {
  ConnectOptions connection;
  /// table.name: a table, or anything a FROM clause takes.
  std::string table;
  /// incr.pull: checkpoints are the incremental column's maximum.
  bool incremental = false;
  /// table.incr.column.name (required when incremental).
  std::string incremental_column;
  /// incr.fallback.to.full.fetch.
  bool fallback_to_full_fetch = false;
  /// extra.options.fetchSize: rows per round trip and per batch.
  int32_t fetch_size = 10000;

  /// \return Invalid naming the key when url, table.name or incr.pull is missing, the
  ///   incremental column is missing in incremental mode, the URL is not one hoodie
  ///   serves or driver.class is not its driver; IOError when the password file cannot
  ///   be read (naming the file, never its content).
  static ::arrow::Result<JdbcSourceOptions> FromConfig(const HoodieConfig& config);
};

/// JdbcbasedSchemaProvider's options (Hudi's JdbcbasedSchemaProviderConfig).
struct HOODIE_EXPORT JdbcSchemaOptions {
  ConnectOptions connection;
  /// dbtable.
  std::string table;
  /// nullable (true by default): every column nullable; false keeps NOT NULL columns
  /// required.
  bool nullable = true;

  /// \return Invalid naming the key when connection.url or dbtable is missing, the URL
  ///   is not one hoodie serves or driver.type is not its driver.
  static ::arrow::Result<JdbcSchemaOptions> FromConfig(const HoodieConfig& config);
};

}  // namespace hoodie
