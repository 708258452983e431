// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/hudi_scan.cc
/// \brief The hudi_scan table function over DuckDB's C API: bind opens the table and
/// declares its columns (Arrow types as DuckDB converts them), init starts hoodie's read
/// of the columns DuckDB asks for, and each call hands out one vector's worth of rows,
/// converted from Arrow without copying the column buffers.
#include "hoodie/common/ascii.h"
#include "hoodie/sql/hudi_scan_internal.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <vector>

#include <arrow/c/abi.h>  // before duckdb.h, which only declares the C structs
#include <arrow/c/bridge.h>
#include <arrow/array/util.h>
#include <arrow/record_batch.h>

#include "hoodie/client/table.h"
#include "hoodie/common/error.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/metadata/data_skipping.h"
#include "hoodie/read/read_options.h"
#include "hoodie/sql/sql_engine_internal.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {
namespace {

// An Arrow schema as DuckDB converts it: the conversion state and each column's type.
struct DuckSchema {
  duckdb_arrow_converted_schema converted = nullptr;
  std::vector<duckdb_logical_type> types;
  DuckSchema() = default;
  DuckSchema(const DuckSchema&) = delete;
  DuckSchema& operator=(const DuckSchema&) = delete;
  ~DuckSchema() {
    for (duckdb_logical_type& type : types) duckdb_destroy_logical_type(&type);
    if (converted != nullptr) duckdb_destroy_arrow_converted_schema(&converted);
  }
};

// `batch` as a DuckDB chunk (which takes over the Arrow buffers).
::arrow::Result<duckdb_data_chunk> ToChunk(duckdb_connection connection,
                                           const DuckSchema& schema,
                                           const ::arrow::RecordBatch& batch) {
  struct ArrowArray array;
  ARROW_RETURN_NOT_OK(::arrow::ExportRecordBatch(batch, &array));
  duckdb_data_chunk chunk = nullptr;
  ::arrow::Status converted = TakeDuckDbError(
      duckdb_data_chunk_from_arrow(connection, &array, schema.converted, &chunk),
      "converting rows for DuckDB");
  if (array.release != nullptr) array.release(&array);
  ARROW_RETURN_NOT_OK(converted);
  return chunk;
}

::arrow::Result<std::unique_ptr<DuckSchema>> ToDuckSchema(duckdb_connection connection,
                                                          const ::arrow::Schema& schema) {
  auto out = std::make_unique<DuckSchema>();
  struct ArrowSchema c_schema;
  ARROW_RETURN_NOT_OK(::arrow::ExportSchema(schema, &c_schema));
  ::arrow::Status converted =
      TakeDuckDbError(duckdb_schema_from_arrow(connection, &c_schema, &out->converted),
                "converting the table's schema for DuckDB");
  if (c_schema.release != nullptr) c_schema.release(&c_schema);
  ARROW_RETURN_NOT_OK(converted);
  // DuckDB names the types of a converted schema only on the vectors of a chunk.
  ARROW_ASSIGN_OR_RAISE(auto empty, ::arrow::RecordBatch::MakeEmpty(
                                        std::make_shared<::arrow::Schema>(schema)));
  ARROW_ASSIGN_OR_RAISE(duckdb_data_chunk chunk, ToChunk(connection, *out, *empty));
  for (int i = 0; i < schema.num_fields(); ++i) {
    out->types.push_back(duckdb_vector_get_column_type(duckdb_data_chunk_get_vector(chunk, i)));
  }
  duckdb_destroy_data_chunk(&chunk);
  return out;
}

// A VARCHAR argument; nullopt when not given (or NULL).
std::optional<std::string> TextOf(duckdb_value value) {
  if (value == nullptr) return std::nullopt;
  std::optional<std::string> out;
  if (!duckdb_is_null_value(value)) {
    char* text = duckdb_get_varchar(value);
    out = std::string(text);
    duckdb_free(text);
  }
  duckdb_destroy_value(&value);
  return out;
}

// A VARCHAR[] argument's non-NULL items; empty when not given.
std::vector<std::string> ListOf(duckdb_value value) {
  std::vector<std::string> out;
  if (value == nullptr) return out;
  if (!duckdb_is_null_value(value)) {
    for (idx_t i = 0; i < duckdb_get_list_size(value); ++i) {
      if (auto text = TextOf(duckdb_get_list_child(value, i))) out.push_back(*std::move(text));
    }
  }
  duckdb_destroy_value(&value);
  return out;
}

struct ScanBind {
  std::shared_ptr<Table> table;
  HoodieConfig config;
  ReadOptions options;
  std::shared_ptr<::arrow::Schema> schema;
  /// No commit holds data yet (a table CREATE TABLE made): the scan is empty.
  bool no_data = false;
};

::arrow::Status ReadArguments(duckdb_bind_info info, ScanBind* bind) {
  ARROW_ASSIGN_OR_RAISE(bind->options, ReadOptions::FromConfig(bind->config));
  if (auto type = TextOf(duckdb_bind_get_named_parameter(info, "query_type"))) {
    ARROW_ASSIGN_OR_RAISE(bind->options.query_type, ParseQueryType(*type));
  }
  if (auto as_of = TextOf(duckdb_bind_get_named_parameter(info, "as_of"))) {
    ARROW_ASSIGN_OR_RAISE(bind->options.as_of, NormalizeInstantTime(*as_of));
  }
  // begin => is begin_instant => (the and Hudi's begin instant time); `end` is
  // a keyword in DuckDB's grammar, hence end_instant.
  std::optional<std::string> begin = TextOf(duckdb_bind_get_named_parameter(info, "begin"));
  if (auto begin_instant = TextOf(duckdb_bind_get_named_parameter(info, "begin_instant"))) {
    begin = begin_instant;
  }
  if (begin) {
    ARROW_ASSIGN_OR_RAISE(bind->options.begin, NormalizeInstantTime(*begin, true));
  }
  if (auto end = TextOf(duckdb_bind_get_named_parameter(info, "end_instant"))) {
    ARROW_ASSIGN_OR_RAISE(bind->options.end, NormalizeInstantTime(*end));
  }
  for (const std::string& text : ListOf(duckdb_bind_get_named_parameter(info, "filters"))) {
    ARROW_ASSIGN_OR_RAISE(ColumnFilter filter, ColumnFilter::Parse(text));
    bind->options.filters.push_back(std::move(filter));
  }
  if (bind->options.query_type == QueryType::kIncremental && !bind->options.begin) {
    return ::arrow::Status::Invalid(
        "hudi_scan with query_type => 'incremental' needs begin_instant => '<instant>' "
        "(the incremental range starts after it)");
  }
  return ::arrow::Status::OK();
}

// The WHERE conjuncts the session pushed for the table at `path`, their columns named as
// the table names them (DuckDB's names are case-insensitive); others are left to DuckDB.
void AddPushedFilters(const HudiScanContext& context, const std::string& path,
                      const ::arrow::Schema& schema, std::vector<ColumnFilter>* filters) {
  auto pushed = context.pushdown.find(path);
  if (pushed == context.pushdown.end()) return;
  for (ColumnFilter filter : pushed->second) {
    for (const auto& field : schema.fields()) {
      if (EqualsIgnoreCase(field->name(), filter.column)) {
        filter.column = field->name();
        filters->push_back(filter);
        break;
      }
    }
  }
}

::arrow::Result<std::unique_ptr<ScanBind>> BindScan(duckdb_bind_info info,
                                                    HudiScanContext* context,
                                                    bool catalog_order) {
  auto bind = std::make_unique<ScanBind>();
  bind->config = context->config;
  std::optional<std::string> path = TextOf(duckdb_bind_get_parameter(info, 0));
  if (!path || path->empty()) {
    return ::arrow::Status::Invalid("hudi_scan needs the table's path as its argument");
  }
  ::arrow::Status arguments = ReadArguments(info, bind.get());
  if (!arguments.ok()) {
    return WithErrorCode(arguments.WithMessage("hudi_scan('", *path, "'): ", arguments.message()),
                         ErrorCode::kInvalidOption);
  }
  TableOptions table_options;
  table_options.config = bind->config;
  ARROW_ASSIGN_OR_RAISE(bind->table, Table::Open(*path, table_options));
  ARROW_ASSIGN_OR_RAISE(bind->schema,
                        ScanSchema(*bind->table, bind->options, &bind->no_data));
  if (catalog_order) {
    bind->schema = CatalogOrder(*bind->table, bind->schema);
    AddPushedFilters(*context, *path, *bind->schema, &bind->options.filters);
  }
  ARROW_ASSIGN_OR_RAISE(auto duck, ToDuckSchema(context->conversions, *bind->schema));
  for (int i = 0; i < bind->schema->num_fields(); ++i) {
    duckdb_bind_add_result_column(info, bind->schema->field(i)->name().c_str(),
                                  duck->types[i]);
  }
  return bind;
}

void Bind(duckdb_bind_info info) {
  auto* function = static_cast<const ScanFunction*>(duckdb_bind_get_extra_info(info));
  auto bound = BindScan(info, function->context, function->catalog_order);
  if (!bound.ok()) {
    duckdb_bind_set_error(info, bound.status().message().c_str());
    return;
  }
  duckdb_bind_set_bind_data(info, bound->release(),
                            [](void* data) { delete static_cast<ScanBind*>(data); });
}

// One scan: hoodie's rows in the order DuckDB asked for the columns, cut to vectors.
class ScanState {
 public:
  ::arrow::Status Start(const ScanBind& bind, duckdb_init_info info,
                        duckdb_connection connection);
  ::arrow::Status Next(duckdb_connection connection, duckdb_data_chunk output);

 private:
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Projected(
      const std::shared_ptr<::arrow::RecordBatch>& batch) const;

  std::shared_ptr<::arrow::RecordBatchReader> rows_;
  std::shared_ptr<::arrow::Schema> projected_;
  std::unique_ptr<DuckSchema> duck_;
  std::shared_ptr<::arrow::RecordBatch> batch_;
  int64_t offset_ = 0;
};

::arrow::Status ScanState::Start(const ScanBind& bind, duckdb_init_info info,
                                 duckdb_connection connection) {
  ReadOptions options = bind.options;
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  for (idx_t i = 0; i < duckdb_init_get_column_count(info); ++i) {
    idx_t index = duckdb_init_get_column_index(info, i);
    if (index >= static_cast<idx_t>(bind.schema->num_fields())) {
      return ::arrow::Status::NotImplemented("hudi_scan has no column number ", index);
    }
    fields.push_back(bind.schema->field(static_cast<int>(index)));
    options.columns.push_back(fields.back()->name());
  }
  projected_ = ::arrow::schema(std::move(fields));
  // Columns the filters name are read too; Projected drops them again.
  for (const ColumnFilter& filter : options.filters) {
    if (std::find(options.columns.begin(), options.columns.end(), filter.column) ==
        options.columns.end()) {
      options.columns.push_back(filter.column);
    }
  }
  if (options.columns.empty()) {
    // count(*): a column to count rows by.
    options.columns.push_back(bind.schema->field(0)->name());
  }
  ARROW_ASSIGN_OR_RAISE(duck_, ToDuckSchema(connection, *projected_));
  if (bind.no_data) {
    ARROW_ASSIGN_OR_RAISE(rows_, ::arrow::RecordBatchReader::Make({}, projected_));
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(
      rows_, ReadWithDataSkipping(bind.table->meta_client(), bind.config, std::move(options)));
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ScanState::Projected(
    const std::shared_ptr<::arrow::RecordBatch>& batch) const {
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (const auto& field : projected_->fields()) {
    auto column = batch->GetColumnByName(field->name());
    if (column == nullptr) {
      return ::arrow::Status::Invalid("hoodie's read lacks column ", field->name());
    }
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(projected_, batch->num_rows(), std::move(columns));
}

::arrow::Status ScanState::Next(duckdb_connection connection, duckdb_data_chunk output) {
  while (batch_ == nullptr || offset_ >= batch_->num_rows()) {
    std::shared_ptr<::arrow::RecordBatch> next;
    ARROW_RETURN_NOT_OK(rows_->ReadNext(&next));
    if (next == nullptr) {
      duckdb_data_chunk_set_size(output, 0);
      return ::arrow::Status::OK();
    }
    ARROW_ASSIGN_OR_RAISE(batch_, Projected(next));
    offset_ = 0;
  }
  int64_t length = std::min<int64_t>(static_cast<int64_t>(duckdb_vector_size()),
                                     batch_->num_rows() - offset_);
  auto slice = batch_->Slice(offset_, length);
  offset_ += length;
  ARROW_ASSIGN_OR_RAISE(duckdb_data_chunk chunk, ToChunk(connection, *duck_, *slice));
  // The output's vectors take the chunk's buffers by reference, not by copy.
  for (idx_t i = 0; i < duckdb_data_chunk_get_column_count(output); ++i) {
    duckdb_vector_reference_vector(duckdb_data_chunk_get_vector(output, i),
                                   duckdb_data_chunk_get_vector(chunk, i));
  }
  duckdb_data_chunk_set_size(output, static_cast<idx_t>(length));
  duckdb_destroy_data_chunk(&chunk);
  return ::arrow::Status::OK();
}

void Init(duckdb_init_info info) {
  auto* bind = static_cast<ScanBind*>(duckdb_init_get_bind_data(info));
  auto* context = static_cast<const ScanFunction*>(duckdb_init_get_extra_info(info))->context;
  auto state = std::make_unique<ScanState>();
  ::arrow::Status started = state->Start(*bind, info, context->conversions);
  if (!started.ok()) {
    duckdb_init_set_error(info, started.message().c_str());
    return;
  }
  duckdb_init_set_max_threads(info, 1);
  duckdb_init_set_init_data(info, state.release(),
                            [](void* data) { delete static_cast<ScanState*>(data); });
}

void Scan(duckdb_function_info info, duckdb_data_chunk output) {
  auto* state = static_cast<ScanState*>(duckdb_function_get_init_data(info));
  auto* context =
      static_cast<const ScanFunction*>(duckdb_function_get_extra_info(info))->context;
  ::arrow::Status status = state->Next(context->conversions, output);
  if (!status.ok()) duckdb_function_set_error(info, status.message().c_str());
}

void Replace(duckdb_replacement_scan_info info, const char* table_name, void* data) {
  auto* context = static_cast<HudiScanContext*>(data);
  auto path = context->resolve(table_name);
  if (!path.ok()) {
    duckdb_replacement_scan_set_error(info, path.status().message().c_str());
    return;
  }
  if (!*path) return;
  context->replaced.emplace_back(table_name);
  duckdb_replacement_scan_set_function_name(info, "hudi_catalog_scan");
  duckdb_value value = duckdb_create_varchar((*path)->c_str());
  duckdb_replacement_scan_add_parameter(info, value);
  duckdb_destroy_value(&value);
}

// hudi_scan(path, ...) for the user and, with the columns in catalog order,
// hudi_catalog_scan(path) for the names the replacement scan resolves.
::arrow::Status RegisterScanFunction(duckdb_connection connection, const char* name,
                                    const ScanFunction* info) {
  duckdb_table_function function = duckdb_create_table_function();
  duckdb_table_function_set_name(function, name);
  duckdb_logical_type varchar = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  duckdb_logical_type list = duckdb_create_list_type(varchar);
  duckdb_table_function_add_parameter(function, varchar);
  for (const char* parameter : {"as_of", "query_type", "begin", "begin_instant", "end_instant"}) {
    duckdb_table_function_add_named_parameter(function, parameter, varchar);
  }
  duckdb_table_function_add_named_parameter(function, "filters", list);
  duckdb_table_function_set_extra_info(function, const_cast<ScanFunction*>(info), nullptr);
  duckdb_table_function_set_bind(function, Bind);
  duckdb_table_function_set_init(function, Init);
  duckdb_table_function_set_function(function, Scan);
  duckdb_table_function_supports_projection_pushdown(function, true);
  duckdb_state state = duckdb_register_table_function(connection, function);
  duckdb_destroy_logical_type(&list);
  duckdb_destroy_logical_type(&varchar);
  duckdb_destroy_table_function(&function);
  if (state != DuckDBSuccess) {
    return ::arrow::Status::Invalid("DuckDB refused the ", name, " table function");
  }
  return ::arrow::Status::OK();
}

}  // namespace

std::shared_ptr<::arrow::Schema> CatalogOrder(const Table& table,
                                              const std::shared_ptr<::arrow::Schema>& schema) {
  std::vector<std::string> partitions = table.meta_client()->table_config()->partition_fields();
  ::arrow::FieldVector fields, last;
  for (const auto& field : schema->fields()) {
    bool partition = std::find(partitions.begin(), partitions.end(), field->name()) !=
                     partitions.end();
    (partition ? last : fields).push_back(field);
  }
  if (last.empty()) return schema;
  fields.insert(fields.end(), last.begin(), last.end());
  return ::arrow::schema(std::move(fields), schema->metadata());
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> ScanSchema(const Table& table,
                                                             const ReadOptions& options,
                                                             bool* no_data) {
  ReadOptions schema_only = options;
  schema_only.limit = 0;
  schema_only.filters.clear();
  ARROW_ASSIGN_OR_RAISE(auto rows, table.Read(schema_only));
  if (rows->schema()->num_fields() > 0) return rows->schema();
  if (no_data != nullptr) *no_data = true;
  // A table created without data (CREATE TABLE) has only the schema it was created with.
  std::optional<std::string> created = table.meta_client()->table_config()->create_schema();
  if (!created || created->empty()) return rows->schema();
  ARROW_ASSIGN_OR_RAISE(auto schema, AvroJsonToArrowSchema(*created));
  return AddMetadataFields(*RemoveMetadataFields(*schema));
}

::arrow::Status RegisterHudiScan(duckdb_database database, duckdb_connection connection,
                                 HudiScanContext* context) {
  context->functions[0] = {context, false};
  context->functions[1] = {context, true};
  ARROW_RETURN_NOT_OK(RegisterScanFunction(connection, "hudi_scan", &context->functions[0]));
  ARROW_RETURN_NOT_OK(
      RegisterScanFunction(connection, "hudi_catalog_scan", &context->functions[1]));
  duckdb_add_replacement_scan(database, Replace, context, nullptr);
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
