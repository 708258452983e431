// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_ddl.cc
/// \brief CREATE TABLE ... USING hudi (and CTAS) and Spark's INSERT OVERWRITE / INSERT
/// ... PARTITION, as Hudi's Spark SQL commands (CreateHoodieTableCommand,
/// CreateHoodieTableAsSelectCommand, InsertIntoHoodieTableCommand) do them.
#include <algorithm>
#include <cctype>

#include <arrow/array/util.h>
#include <arrow/compute/api.h>
#include <arrow/scalar.h>
#include <nlohmann/json.hpp>

#include "hoodie/common/ascii.h"
#include "hoodie/client/table.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_request.h"
#include "hoodie/common/error.h"
#include "hoodie/common/mapped_reader.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/sql/sql_session_internal.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_table_config.h"

namespace hoodie::internal {
namespace {

::arrow::Status OptionError(const std::string& message) {
  return WithErrorCode(::arrow::Status::Invalid(message), ErrorCode::kInvalidOption);
}

// Spark's timestamp is an instant: DuckDB's zone-less TIMESTAMP becomes one in UTC.
std::shared_ptr<::arrow::Field> SparkField(const std::shared_ptr<::arrow::Field>& field) {
  if (field->type()->id() == ::arrow::Type::TIMESTAMP) {
    const auto& type = static_cast<const ::arrow::TimestampType&>(*field->type());
    if (type.timezone().empty()) return field->WithType(::arrow::timestamp(type.unit(), "UTC"));
  }
  if (field->type()->id() == ::arrow::Type::STRING_VIEW) {
    return field->WithType(::arrow::utf8());
  }
  return field;
}

// The columns as DuckDB reads their definitions, partition columns moved last as Spark
// orders a partitioned table's schema.
::arrow::Result<std::shared_ptr<::arrow::Schema>> ColumnsSchema(
    SqlEngine* engine, const std::string& columns, const std::vector<std::string>& partitions) {
  const std::string scratch = "__hoodie_create_columns";
  ARROW_RETURN_NOT_OK(engine->Execute("CREATE OR REPLACE TEMP TABLE " + scratch + " (" +
                                      columns + ")"));
  auto rows = engine->Query("SELECT * FROM temp.main." + scratch);
  ARROW_RETURN_NOT_OK(engine->Execute("DROP TABLE IF EXISTS temp.main." + scratch));
  ARROW_RETURN_NOT_OK(rows.status());
  std::vector<std::shared_ptr<::arrow::Field>> data, partition;
  for (const auto& field : (*rows)->schema()->fields()) {
    bool is_partition = std::find(partitions.begin(), partitions.end(), field->name()) !=
                        partitions.end();
    (is_partition ? partition : data).push_back(SparkField(field));
  }
  for (const std::string& name : partitions) {
    bool found = std::any_of(partition.begin(), partition.end(),
                             [&](const auto& field) { return field->name() == name; });
    if (!found) return OptionError("PARTITIONED BY names " + name + ", which is no column");
  }
  data.insert(data.end(), partition.begin(), partition.end());
  return ::arrow::schema(std::move(data));
}

std::string Joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ",") + name;
  return out;
}

// The write options of the table: Hudi's SQL table options (HoodieOptionConfig) and
// hoodie.* keys over the session's.
::arrow::Result<HoodieConfig> TableConfigOf(const SqlSession::State& state,
                                            const CreateTableStatement& statement) {
  HoodieConfig config = state.options.config;
  config.Set(TableConfigKeys::kTableName.key, statement.name);
  // Spark's session catalog puts a table in database `default`, which Hudi records.
  config.Set(TableConfigKeys::kDatabaseName.key, "default");
  config.Set(DataSourceConfig::kHiveStylePartitioning.key, "true");
  config.Set(DataSourceConfig::kPartitionPathField.key, Joined(statement.partitioned_by));
  std::string keys;
  for (const auto& [key, value] : statement.properties) {
    std::string lower = ToLowerAscii(key);
    if (lower == "primarykey") {
      keys = value;
      config.Set(DataSourceConfig::kRecordKeyField.key, value);
    } else if (lower == "precombinefield") {
      config.Set(DataSourceConfig::kPrecombineField.key, value);
    } else if (lower == "type") {
      std::string type = ToLowerAscii(value);
      if (type != "cow" && type != "mor") {
        return OptionError("table option type = '" + value + "': 'cow' or 'mor'");
      }
      config.Set(DataSourceConfig::kTableType.key,
                 type == "cow" ? "COPY_ON_WRITE" : "MERGE_ON_READ");
    } else if (lower == "payloadclass") {
      config.Set("hoodie.datasource.write.payload.class", value);
    } else if (lower.rfind("hoodie.", 0) == 0) {
      config.Set(key, value);
    } else {
      return OptionError("table option '" + key +
                         "': hoodie knows primaryKey, preCombineField, type, payloadClass "
                         "and hoodie.* keys");
    }
  }
  if (keys.empty()) {
    return OptionError("CREATE TABLE " + statement.name +
                       " needs TBLPROPERTIES (primaryKey = '<column>'): hoodie writes "
                       "tables with record keys");
  }
  // Hudi's SQL tables infer the key generator from the keys and partition columns.
  if (statement.partitioned_by.empty()) {
    config.Set(DataSourceConfig::kKeyGeneratorClass.key,
               "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
  } else if (keys.find(',') != std::string::npos || statement.partitioned_by.size() > 1) {
    config.Set(DataSourceConfig::kKeyGeneratorClass.key,
               "org.apache.hudi.keygen.ComplexKeyGenerator");
  }
  return config;
}

// Spark's SchemaConverters.toAvroType, which CREATE TABLE records as the create schema:
// a nullable field is the union [type, "null"] without a default (Hudi's writer schema
// puts "null" first with a null default).
void ToSparkCatalogFields(nlohmann::ordered_json* node) {
  if (node->is_array()) {
    for (auto& item : *node) ToSparkCatalogFields(&item);
    return;
  }
  if (!node->is_object()) return;
  if (node->contains("fields")) {
    for (auto& field : (*node)["fields"]) {
      auto& type = field["type"];
      if (type.is_array() && type.size() == 2 && type[0] == "null" && field.contains("default") &&
          field["default"].is_null()) {
        type = nlohmann::ordered_json::array({type[1], "null"});
        field.erase("default");
      }
      ToSparkCatalogFields(&type);
    }
  }
  if (node->contains("items")) ToSparkCatalogFields(&(*node)["items"]);
  if (node->contains("values")) ToSparkCatalogFields(&(*node)["values"]);
}

std::string SparkCatalogAvro(const std::string& avro) {
  auto json = nlohmann::ordered_json::parse(avro, nullptr, false);
  if (json.is_discarded()) return avro;
  ToSparkCatalogFields(&json);
  return json.dump();
}

::arrow::Status CreateEmptyTable(const std::string& path, const HoodieConfig& config,
                                 const ::arrow::Schema& schema, const std::string& name) {
  ARROW_ASSIGN_OR_RAISE(WriteOptions write, WriteOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(TableCreateOptions create, TableCreateOptionsForWrite(config, write));
  ARROW_ASSIGN_OR_RAISE(std::string avro, ArrowSchemaToAvroJson(schema, name));
  create.create_schema = SparkCatalogAvro(avro);
  // Spark SQL's CREATE TABLE records only the table's own keys; the writer's defaults of
  // these are left to the first write, unless the statement sets them.
  if (!config.Contains(TableConfig::kBaseFileFormat)) create.base_file_format.clear();
  if (!config.Contains(TableConfig::kPopulateMetaFields)) create.populate_meta_fields.reset();
  if (!config.Contains(TableConfig::kCdcEnabled)) create.cdc_enabled.reset();
  if (!config.Contains(TableConfig::kTimelineTimezone)) create.timeline_timezone.reset();
  if (!config.Contains(TableConfig::kPartitionMetafileUseBaseFormat)) {
    create.partition_metafile_use_base_format.reset();
  }
  std::string base;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(path, &base, config));
  return TableMetaClient::Create(storage, base, create).status();
}

// The query's columns by position as `schema`'s (less the static partition columns,
// which get their value), the way Spark's INSERT lines a query up with a table.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> PositionalBatch(
    const std::shared_ptr<::arrow::RecordBatch>& batch,
    const std::shared_ptr<::arrow::Schema>& schema,
    const std::map<std::string, std::string>& static_values) {
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  int next = 0;
  for (const auto& field : schema->fields()) {
    std::shared_ptr<::arrow::Array> column;
    if (auto it = static_values.find(field->name()); it != static_values.end()) {
      ARROW_ASSIGN_OR_RAISE(column, ::arrow::MakeArrayFromScalar(
                                        ::arrow::StringScalar(it->second), batch->num_rows()));
    } else {
      column = batch->column(next++);
    }
    if (!column->type()->Equals(*field->type())) {
      auto cast = ::arrow::compute::Cast(*column, field->type());
      if (!cast.ok()) {
        return OptionError("the INSERT's value for column " + field->name() + " (" +
                           column->type()->ToString() + ") does not convert to its " +
                           field->type()->ToString() + ": " + cast.status().message());
      }
      column = *cast;
    }
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(schema, batch->num_rows(), std::move(columns));
}


::arrow::Result<std::string> ExistingPath(const SqlSession::State& state,
                                          const std::string& name) {
  ARROW_ASSIGN_OR_RAISE(auto path, state.Resolve(name));
  if (!path) {
    return OptionError("no Hudi table is named '" + name + "': create it (CREATE TABLE " +
                       name + " ... USING hudi) or register its path");
  }
  return *path;
}

::arrow::Result<SqlResult> InsertQuery(SqlSession::State* state, const std::string& path,
                                       const std::string& query, WriteOperationType operation,
                                       std::map<std::string, std::string> static_values) {
  ARROW_ASSIGN_OR_RAISE(auto schema, TableDataSchema(*state, path));
  ARROW_ASSIGN_OR_RAISE(auto rows, state->engine->Query(query));
  int expected = schema->num_fields() - static_cast<int>(static_values.size());
  if (rows->schema()->num_fields() != expected) {
    return OptionError("the INSERT's query gives " +
                       std::to_string(rows->schema()->num_fields()) + " columns; the table " +
                       "takes " + std::to_string(expected) + " (its data columns in order, " +
                       "static partition columns left out)");
  }
  auto positional = MapBatches(
      std::move(rows), schema,
      [schema, values = std::move(static_values)](const std::shared_ptr<::arrow::RecordBatch>& batch) {
        return PositionalBatch(batch, schema, values);
      });
  ARROW_ASSIGN_OR_RAISE(auto spilled, SpillRows(*state, positional.get()));
  return WriteRows(*state, path, operation, std::move(spilled.first), spilled.second);
}

}  // namespace

::arrow::Result<SqlResult> RunCreateTable(SqlSession::State* state,
                                          const CreateTableStatement& statement) {
  std::string path = statement.location ? *statement.location
                                        : state->WarehousePath(ToLowerAscii(statement.name));
  // A name the session (or its warehouse) already has is refused, as Spark's catalog
  // refuses it, unless IF NOT EXISTS.
  ARROW_ASSIGN_OR_RAISE(auto known, state->Resolve(statement.name));
  if (known) {
    if (statement.if_not_exists) return SqlResult{};
    return OptionError("CREATE TABLE " + statement.name + ": the table already exists (at " +
                       *known + "); use IF NOT EXISTS, or another name");
  }
  TableOptions options;
  options.config = state->options.config;
  auto existing = Table::Open(path, options);
  if (existing.ok()) {
    if (!statement.query.empty()) {
      return OptionError("CREATE TABLE " + statement.name + " AS SELECT: a Hudi table is " +
                         "already at " + path);
    }
    state->catalog[ToLowerAscii(statement.name)] = path;
    return SqlResult{};
  }
  if (!IsNotATable(existing.status())) return existing.status();
  if (statement.columns.empty() && statement.query.empty()) {
    return OptionError("CREATE TABLE " + statement.name + ": no Hudi table is at " + path +
                       ", so the statement needs its columns or AS SELECT");
  }
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, TableConfigOf(*state, statement));
  std::shared_ptr<::arrow::Schema> schema;
  if (!statement.columns.empty()) {
    ARROW_ASSIGN_OR_RAISE(schema, ColumnsSchema(state->engine.get(), statement.columns,
                                                statement.partitioned_by));
  } else {
    ARROW_ASSIGN_OR_RAISE(auto rows, state->engine->Query(statement.query + " LIMIT 0"));
    std::vector<std::shared_ptr<::arrow::Field>> fields;
    for (const auto& field : rows->schema()->fields()) fields.push_back(SparkField(field));
    schema = ::arrow::schema(std::move(fields));
  }
  ARROW_RETURN_NOT_OK(CreateEmptyTable(path, config, *schema, statement.name));
  state->catalog[ToLowerAscii(statement.name)] = path;
  if (statement.query.empty()) return SqlResult{};
  // CTAS writes with bulk_insert, as Hudi's CreateHoodieTableAsSelectCommand does; the
  // table's own options now come from its hoodie.properties.
  return InsertQuery(state, path, statement.query, WriteOperationType::kBulkInsert, {});
}

::arrow::Result<SqlResult> RunSparkInsert(SqlSession::State* state,
                                          const SparkInsertStatement& statement) {
  ARROW_ASSIGN_OR_RAISE(std::string path, ExistingPath(*state, statement.name));
  std::map<std::string, std::string> static_values;
  for (const auto& [column, value] : statement.partition) {
    if (value) static_values[column] = *value;
  }
  WriteOperationType operation = WriteOperationType::kInsert;
  if (!statement.overwrite) {
    ARROW_ASSIGN_OR_RAISE(operation, InsertIntoOperation(*state, path));
  } else {
    // Hudi's InsertIntoHoodieTableCommand: a partition spec overwrites its partitions,
    // none the whole table (Spark's static partitionOverwriteMode).
    operation = statement.has_partition_clause ? WriteOperationType::kInsertOverwrite
                                               : WriteOperationType::kInsertOverwriteTable;
  }
  return InsertQuery(state, path, statement.query, operation, std::move(static_values));
}

::arrow::Result<SqlResult> RunAddColumns(SqlSession::State* state,
                                         const AddColumnsStatement& statement) {
  ARROW_ASSIGN_OR_RAISE(std::string path, ExistingPath(*state, statement.name));
  TableOptions options;
  options.config = state->options.config;
  ARROW_ASSIGN_OR_RAISE(auto table, Table::Open(path, options));
  ARROW_ASSIGN_OR_RAISE(auto current, ScanSchema(*table, ReadOptions{}));
  ARROW_ASSIGN_OR_RAISE(auto added, ColumnsSchema(state->engine.get(), statement.columns, {}));
  ::arrow::FieldVector fields = RemoveMetadataFields(*current)->fields();
  for (const auto& field : added->fields()) {
    if (current->GetFieldIndex(field->name()) >= 0) {
      return OptionError("ALTER TABLE " + statement.name + " ADD COLUMNS: column " +
                         field->name() + " already exists");
    }
    fields.push_back(field->WithNullable(true));
  }
  // The commit of an empty write whose schema has the new columns (writes evolve the
  // table's schema by nullable columns added after its own), recorded as ALTER_SCHEMA.
  auto schema = ::arrow::schema(std::move(fields));
  ARROW_ASSIGN_OR_RAISE(auto client, OpenWriteRequestClient(path, state->options.config,
                                                            "ALTER TABLE ... ADD COLUMNS"));
  WriteRequest request;
  request.operation = WriteOperationType::kUpsert;
  request.recorded_operation = WriteOperationType::kAlterSchema;
  request.open_input = [schema]() { return ::arrow::RecordBatchReader::Make({}, schema); };
  ARROW_ASSIGN_OR_RAISE(WriteResult written,
                        RunWriteRequest(client.get(), state->options.config, request));
  return SqlResult{{}, written.instant_time};
}

}  // namespace hoodie::internal
