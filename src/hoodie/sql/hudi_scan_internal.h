// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/hudi_scan_internal.h
/// \brief `hudi_scan(path, as_of =>, query_type =>, begin =>, end =>, filters =>)`: a
/// DuckDB table function that streams a Hudi table's rows from hoodie's reader as Arrow,
/// with DuckDB's projection pushed down; and the replacement scan that makes a catalog
/// name (`FROM t`) stand for `hudi_scan('<its path>')`.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/type.h>
#include <arrow/status.h>
#include <duckdb.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/read_options.h"

namespace hoodie {
class Table;
}  // namespace hoodie

namespace hoodie::internal {

struct HudiScanContext;

/// One registered scan function: hudi_scan, or hudi_catalog_scan with the partition
/// columns last, the order of Spark's catalog table (the columns a name gives).
struct ScanFunction {
  HudiScanContext* context = nullptr;
  bool catalog_order = false;
};

/// What the table function and the replacement scan read with; owned by the session,
/// it outlives the database.
struct HudiScanContext {
  /// The base path a name stands for; nullopt for a name that is no Hudi table.
  std::function<::arrow::Result<std::optional<std::string>>(const std::string&)> resolve;
  /// Read options (Hudi keys) of every scan.
  HoodieConfig config;
  /// A connection of the database kept for Arrow-to-DuckDB conversions.
  duckdb_connection conversions = nullptr;
  /// The names the replacement scan made Hudi tables of, in order (the session clears
  /// it before binding a statement whose Hudi tables it needs to know).
  std::vector<std::string> replaced;
  /// hudi_scan's and hudi_catalog_scan's.
  ScanFunction functions[2];
  /// The WHERE conjuncts of the statement being run, by table path, for the reads of
  /// tables named in it (set around one statement; see filter_pushdown_internal.h).
  std::map<std::string, std::vector<ColumnFilter>> pushdown;
};

/// The columns hudi_scan gives for `table` read with `options`: meta columns, then the
/// data columns of the latest commit, or of hoodie.table.create.schema for a table
/// created without data (then `*no_data`, when given, is set).
::arrow::Result<std::shared_ptr<::arrow::Schema>> ScanSchema(const Table& table,
                                                             const ReadOptions& options,
                                                             bool* no_data = nullptr);

/// `schema` (of `table`) with the partition columns last, in the order Spark's catalog
/// gives a Hudi table's columns (HoodieCatalogTable): what INSERT's values follow.
std::shared_ptr<::arrow::Schema> CatalogOrder(const Table& table,
                                              const std::shared_ptr<::arrow::Schema>& schema);

/// Registers hudi_scan on `connection` and the replacement scan on `database`.
::arrow::Status RegisterHudiScan(duckdb_database database, duckdb_connection connection,
                                 HudiScanContext* context);

}  // namespace hoodie::internal
