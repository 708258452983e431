// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_schema_provider.cc
/// \brief JdbcbasedSchemaProvider: a table's columns as the source schema, with the
/// types Spark's JDBC reader gives them (UtilHelpers.getJDBCSchema runs
/// "SELECT * FROM <dbtable> WHERE 1=0"); read once, when made.
#include "hoodie/jdbc/jdbc_options.h"
#include "hoodie/jdbc/jdbc_plugins_internal.h"
#include "hoodie/streamer/schema_provider.h"

namespace hoodie::internal {
namespace {

class JdbcSchemaProvider : public SchemaProvider {
 public:
  explicit JdbcSchemaProvider(std::shared_ptr<::arrow::Schema> schema)
      : schema_(std::move(schema)) {}

  static ::arrow::Result<std::unique_ptr<SchemaProvider>> Make(const HoodieConfig& config) {
    auto schema = ReadSchema(config);
    if (!schema.ok()) {
      return schema.status().WithMessage("JdbcbasedSchemaProvider: ",
                                         schema.status().message());
    }
    return std::make_unique<JdbcSchemaProvider>(*std::move(schema));
  }

  ::arrow::Result<std::shared_ptr<::arrow::Schema>> SourceSchema() override { return schema_; }

 private:
  static ::arrow::Result<std::shared_ptr<::arrow::Schema>> ReadSchema(
      const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(JdbcSchemaOptions options, JdbcSchemaOptions::FromConfig(config));
    ARROW_ASSIGN_OR_RAISE(auto connection, DatabaseConnection::Open(options.connection));
    ARROW_ASSIGN_OR_RAISE(std::vector<DatabaseColumn> columns,
                          connection->Describe("SELECT * FROM " + options.table));
    return ColumnsSchema(columns, /*keep_not_null=*/!options.nullable);
  }

  std::shared_ptr<::arrow::Schema> schema_;
};

}  // namespace

::arrow::Status RegisterJdbcSchemaProvider(SchemaProviderRegistry* registry) {
  return registry->Register("org.apache.hudi.utilities.schema.JdbcbasedSchemaProvider",
                            {"JdbcbasedSchemaProvider", "jdbc"}, JdbcSchemaProvider::Make);
}

}  // namespace hoodie::internal
