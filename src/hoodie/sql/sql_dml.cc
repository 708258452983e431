// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_dml.cc
/// \brief DML on Hudi tables. DuckDB runs the statement itself, on a temporary table
/// that stands for the Hudi table (its data columns, staged from hudi_scan), and
/// RETURNING hands back exactly the rows the statement inserted, updated or deleted
/// (MERGE tells which by merge_action). Those rows become one hoodie write, as Hudi's
/// Spark SQL commands make one: INSERT an insert, UPDATE and MERGE an upsert (MERGE's
/// deletes marked with _hoodie_is_deleted), DELETE a delete.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <random>
#include <utility>

#include <arrow/c/abi.h>  // before duckdb.h
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/reader.h>
#include <arrow/ipc/writer.h>
#include <arrow/table.h>
#include <nlohmann/json.hpp>

#include "hoodie/common/ascii.h"
#include "hoodie/client/table.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_request.h"
#include "hoodie/common/error.h"
#include "hoodie/common/mapped_reader.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/sql/sql_engine_internal.h"
#include "hoodie/sql/sql_session_internal.h"

namespace hoodie::internal {
namespace {

constexpr char kMergeAction[] = "__hoodie_merge_action";
constexpr char kIsDeleted[] = "_hoodie_is_deleted";

// A Hudi table that may be the target: its name in the statement and its base path.
struct Target {
  std::string name;
  std::string path;
  std::shared_ptr<::arrow::Schema> data_schema;
  std::vector<std::string> key_fields;
};

std::string ColumnList(const ::arrow::Schema& schema) {
  std::string out;
  for (const auto& field : schema.fields()) {
    if (!out.empty()) out += ", ";
    out += SqlEngine::QuoteName(field->name());
  }
  return out;
}

// The temporary table standing for `target`, dropped when this goes away.
class Placeholder {
 public:
  static ::arrow::Result<std::unique_ptr<Placeholder>> Create(SqlEngine* engine,
                                                              const Target& target) {
    ARROW_RETURN_NOT_OK(engine->Execute(
        "CREATE TEMP TABLE " + SqlEngine::QuoteName(target.name) + " AS SELECT " +
        ColumnList(*target.data_schema) + " FROM hudi_scan(" + SqlEngine::QuoteString(target.path) +
        ") LIMIT 0"));
    return std::unique_ptr<Placeholder>(new Placeholder(engine, target.name));
  }
  ::arrow::Status Stage(const Target& target) {
    return engine_->Execute("INSERT INTO " + SqlEngine::QuoteName(target.name) + " SELECT " +
                            ColumnList(*target.data_schema) + " FROM hudi_scan(" +
                            SqlEngine::QuoteString(target.path) + ")");
  }
  // Remembers each staged row's record key by its DuckDB row id.
  ::arrow::Status KeepKeys(const Target& target) {
    keys_ = TopLevel(target.key_fields);
    if (keys_.empty()) return ::arrow::Status::OK();
    std::string columns;
    for (const std::string& key : keys_) columns += ", " + SqlEngine::QuoteName(key);
    return engine_->Execute("CREATE OR REPLACE TEMP TABLE __hoodie_staged_keys AS SELECT rowid "
                            "AS __hoodie_row" + columns + " FROM temp.main." +
                            SqlEngine::QuoteName(name_));
  }
  // Invalid when the statement changed a staged row's record key: Hudi's MERGE and
  // UPDATE refuse assignments to a record key field (a key names its record).
  ::arrow::Status CheckKeysKept(const Target& target) {
    if (keys_.empty()) return ::arrow::Status::OK();
    std::string changed;
    for (const std::string& key : keys_) {
      changed += std::string(changed.empty() ? "" : " OR ") + "t." + SqlEngine::QuoteName(key) +
                 " IS DISTINCT FROM k." + SqlEngine::QuoteName(key);
    }
    ARROW_ASSIGN_OR_RAISE(auto rows, engine_->Query(
        "SELECT count(*) FROM temp.main." + SqlEngine::QuoteName(name_) +
        " t JOIN __hoodie_staged_keys k ON t.rowid = k.__hoodie_row WHERE " + changed));
    ARROW_ASSIGN_OR_RAISE(auto table, rows->ToTable());
    ARROW_ASSIGN_OR_RAISE(auto count, table->column(0)->GetScalar(0));
    int64_t rows_changed = std::static_pointer_cast<::arrow::Int64Scalar>(count)->value;
    if (rows_changed == 0) return ::arrow::Status::OK();
    std::string names;
    for (const std::string& key : keys_) names += (names.empty() ? "" : ", ") + key;
    return WithErrorCode(
        ::arrow::Status::Invalid(
            "the statement assigns the record key field(s) ", names, " of ", target.name,
            " in ", rows_changed, " row(s): Hudi refuses assignments to a record key "
            "(a key names its record); DELETE the row and INSERT it with its new key"),
        ErrorCode::kInvalidOption);
  }
  ~Placeholder() {
    if (!keys_.empty()) (void)engine_->Execute("DROP TABLE IF EXISTS __hoodie_staged_keys");
    (void)engine_->Execute("DROP TABLE IF EXISTS temp.main." + SqlEngine::QuoteName(name_));
  }

 private:
  Placeholder(SqlEngine* engine, std::string name) : engine_(engine), name_(std::move(name)) {}
  // Record key fields that are columns (a nested key field is not compared).
  static std::vector<std::string> TopLevel(const std::vector<std::string>& fields) {
    std::vector<std::string> out;
    for (const std::string& field : fields) {
      if (field.find('.') == std::string::npos) out.push_back(field);
    }
    return out;
  }

  SqlEngine* engine_;
  std::string name_;
  std::vector<std::string> keys_;
};

// How a statement binds: its type, or DuckDB's error.
struct Binding {
  std::optional<duckdb_statement_type> type;
  std::string error;
};

Binding Bind(SqlSession::State* state, const std::string& text) {
  duckdb_prepared_statement prepared = nullptr;
  duckdb_state bound =
      duckdb_prepare(state->engine->handles()->connection, text.c_str(), &prepared);
  Binding out;
  if (bound == DuckDBSuccess) {
    out.type = duckdb_prepared_statement_type(prepared);
  } else {
    const char* error = duckdb_prepare_error(prepared);
    out.error = error != nullptr ? error : "cannot bind";
  }
  duckdb_destroy_prepare(&prepared);
  return out;
}

// How the statement binds with `target` standing as a table.
::arrow::Result<Binding> BindWith(SqlSession::State* state, const Target& target,
                                  const std::string& text) {
  ARROW_ASSIGN_OR_RAISE(auto placeholder, Placeholder::Create(state->engine.get(), target));
  return Bind(state, text);
}

bool IsDml(duckdb_statement_type type) {
  return type == DUCKDB_STATEMENT_TYPE_INSERT || type == DUCKDB_STATEMENT_TYPE_UPDATE ||
         type == DUCKDB_STATEMENT_TYPE_DELETE || type == DUCKDB_STATEMENT_TYPE_MERGE_INTO;
}

// The names a DML statement may target: the Hudi tables it names (the replacement scan
// saw them), then the registered ones and the warehouse's tables.
::arrow::Result<std::vector<std::pair<std::string, std::string>>> Candidates(
    const SqlSession::State& state, const std::vector<std::string>& named) {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&out](const std::string& name, const std::string& path) {
    for (const auto& entry : out) {
      if (entry.first == name) return;
    }
    out.emplace_back(name, path);
  };
  for (const std::string& name : named) {
    ARROW_ASSIGN_OR_RAISE(auto path, state.Resolve(name));
    if (path) add(name, *path);
  }
  for (const auto& [name, path] : state.catalog) add(name, path);
  std::error_code error;
  std::filesystem::path warehouse = state.WarehousePath("");
  for (const auto& entry : std::filesystem::directory_iterator(warehouse, error)) {
    if (std::filesystem::exists(entry.path() / ".hoodie" / "hoodie.properties", error)) {
      add(entry.path().filename().string(), entry.path().string());
    }
  }
  return out;
}

// MERGE's returned rows with merge_action turned into _hoodie_is_deleted.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MergeBatch(
    const std::shared_ptr<::arrow::RecordBatch>& batch,
    const std::shared_ptr<::arrow::Schema>& schema) {
  ARROW_ASSIGN_OR_RAISE(
      ::arrow::Datum deleted,
      ::arrow::compute::CallFunction("equal", {batch->GetColumnByName(kMergeAction),
                                               ::arrow::Datum(std::string("DELETE"))}));
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (const auto& field : schema->fields()) {
    columns.push_back(field->name() == kIsDeleted ? deleted.make_array()
                                                  : batch->GetColumnByName(field->name()));
  }
  return ::arrow::RecordBatch::Make(schema, batch->num_rows(), std::move(columns));
}

std::shared_ptr<::arrow::Schema> MergeSchema(const ::arrow::Schema& data_schema) {
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  for (const auto& field : data_schema.fields()) {
    if (field->name() != kIsDeleted) fields.push_back(field);
  }
  fields.push_back(::arrow::field(kIsDeleted, ::arrow::boolean()));
  return ::arrow::schema(std::move(fields));
}

struct DmlKind {
  WriteOperationType operation;
  const char* returning;
};

DmlKind KindOf(duckdb_statement_type type) {
  switch (type) {
    case DUCKDB_STATEMENT_TYPE_INSERT:
      return {WriteOperationType::kInsert, "\nRETURNING *"};
    case DUCKDB_STATEMENT_TYPE_DELETE:
      return {WriteOperationType::kDelete, "\nRETURNING *"};
    case DUCKDB_STATEMENT_TYPE_MERGE_INTO:
      return {WriteOperationType::kUpsert, "\nRETURNING merge_action AS \"__hoodie_merge_action\", *"};
    default:
      return {WriteOperationType::kUpsert, "\nRETURNING *"};
  }
}

bool Names(const std::vector<std::string>& named, const std::string& name) {
  return std::any_of(named.begin(), named.end(),
                     [&](const std::string& each) { return EqualsIgnoreCase(each, name); });
}

// Whether DuckDB's plan for `text` scans `name`'s temporary table (an INSERT whose query
// reads the table it inserts into must see its rows).
::arrow::Result<bool> ReadsTarget(SqlEngine* engine, const std::string& text,
                                  const std::string& name) {
  // Unoptimized: the optimizer drops the scan of an empty table from the plan.
  ARROW_RETURN_NOT_OK(engine->Execute("PRAGMA disable_optimizer"));
  auto explained = [&]() -> ::arrow::Result<std::shared_ptr<::arrow::Table>> {
    ARROW_ASSIGN_OR_RAISE(auto rows, engine->Query("EXPLAIN (FORMAT json) " + text));
    return rows->ToTable();
  }();
  ARROW_RETURN_NOT_OK(engine->Execute("PRAGMA enable_optimizer"));
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::Table> table, std::move(explained));
  if (table->num_columns() < 2 || table->num_rows() < 1) return false;
  ARROW_ASSIGN_OR_RAISE(auto cell, table->column(1)->GetScalar(0));
  nlohmann::json plan = nlohmann::json::parse(cell->ToString(), nullptr, false);
  std::string wanted = "\"temp\".main." + name;
  std::function<bool(const nlohmann::json&)> scans = [&](const nlohmann::json& node) {
    if (node.is_array()) {
      return std::any_of(node.begin(), node.end(), scans);
    }
    if (!node.is_object()) return false;
    if (node.value("name", "") == "SEQ_SCAN" && node.contains("extra_info") &&
        node["extra_info"].is_object() &&
        Names({node["extra_info"].value("Table", "")}, wanted)) {
      return true;
    }
    return node.contains("children") && scans(node["children"]);
  };
  return scans(plan);
}

struct FoundTarget {
  Target target;
  duckdb_statement_type type = DUCKDB_STATEMENT_TYPE_INVALID;
};

// The Hudi table a DML statement targets: the candidate that, standing as a table,
// makes the statement bind as DML. `named` receives the Hudi tables it names.
::arrow::Result<FoundTarget> FindTarget(SqlSession::State* state, const std::string& text,
                                        std::vector<std::string>* named) {
  state->scan->replaced.clear();
  Binding as_is = Bind(state, text);
  *named = state->scan->replaced;
  ARROW_ASSIGN_OR_RAISE(auto candidates, Candidates(*state, *named));
  // The error to report: DuckDB's with the first Hudi table the statement names standing
  // as a table (an unknown column of an UPDATE's target, say), else DuckDB's own.
  std::string error = as_is.error;
  for (const auto& [name, path] : candidates) {
    FoundTarget found{Target{name, path, nullptr, {}}};
    ARROW_ASSIGN_OR_RAISE(found.target.data_schema,
                          TableDataSchema(*state, path, &found.target.key_fields));
    ARROW_ASSIGN_OR_RAISE(Binding bound, BindWith(state, found.target, text));
    if (bound.type && IsDml(*bound.type)) {
      found.type = *bound.type;
      return found;
    }
    if (!bound.type && error == as_is.error && !named->empty() && name == named->front()) {
      error = bound.error;
    }
  }
  return ::arrow::Status::Invalid("DuckDB ", SqlEngine::Version(), ": ", error);
}

}  // namespace

::arrow::Result<std::pair<InputOpener, int64_t>> SpillRows(const SqlSession::State& state,
                                                           ::arrow::RecordBatchReader* reader) {
  std::filesystem::path folder = state.options.engine.spill_directory.empty()
                                     ? std::filesystem::temp_directory_path()
                                     : std::filesystem::path(state.options.engine.spill_directory);
  std::random_device random;
  std::string name =
      "hoodie-sql-" + std::to_string(random()) + std::to_string(random()) + ".arrows";
  // The file goes with the last copy of the opener, or with this call when it fails.
  std::shared_ptr<const std::string> path(new std::string((folder / name).string()),
                                          [](const std::string* file) {
                                            std::error_code ignored;
                                            std::filesystem::remove(*file, ignored);
                                            delete file;
                                          });
  ARROW_ASSIGN_OR_RAISE(auto file, ::arrow::io::FileOutputStream::Open(*path));
  ARROW_ASSIGN_OR_RAISE(auto writer, ::arrow::ipc::MakeStreamWriter(file, reader->schema()));
  int64_t rows = 0;
  while (true) {
    std::shared_ptr<::arrow::RecordBatch> batch;
    ARROW_RETURN_NOT_OK(reader->ReadNext(&batch));
    if (batch == nullptr) break;
    rows += batch->num_rows();
    ARROW_RETURN_NOT_OK(writer->WriteRecordBatch(*batch));
  }
  ARROW_RETURN_NOT_OK(writer->Close());
  ARROW_RETURN_NOT_OK(file->Close());
  InputOpener opener = [path]() -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> {
    ARROW_ASSIGN_OR_RAISE(auto input, ::arrow::io::ReadableFile::Open(*path));
    ARROW_ASSIGN_OR_RAISE(auto stream, ::arrow::ipc::RecordBatchStreamReader::Open(input));
    return std::shared_ptr<::arrow::RecordBatchReader>(std::move(stream));
  };
  return std::make_pair(std::move(opener), rows);
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> TableDataSchema(
    const SqlSession::State& state, const std::string& path,
    std::vector<std::string>* key_fields) {
  TableOptions options;
  options.config = state.options.config;
  ARROW_ASSIGN_OR_RAISE(auto table, Table::Open(path, options));
  ARROW_ASSIGN_OR_RAISE(auto schema, ScanSchema(*table, ReadOptions{}));
  if (key_fields != nullptr) {
    *key_fields = table->meta_client()->table_config()->record_key_fields();
  }
  return RemoveMetadataFields(*CatalogOrder(*table, schema));
}

::arrow::Result<WriteOperationType> InsertIntoOperation(const SqlSession::State& state,
                                                       const std::string& path) {
  const HoodieConfig& config = state.options.config;
  if (config.Contains(DataSourceConfig::kSparkSqlInsertIntoOperation.key)) {
    ARROW_ASSIGN_OR_RAISE(std::string name,
                          config.Get(DataSourceConfig::kSparkSqlInsertIntoOperation));
    return ParseWriteOperationType(ToUpperAscii(name));
  }
  // Hudi 0.15 (ProvidesHoodieConfig.deduceSparkSqlInsertIntoWriteOperation): a table
  // with a precombine field takes INSERT INTO as an upsert.
  TableOptions options;
  options.config = config;
  ARROW_ASSIGN_OR_RAISE(auto table, Table::Open(path, options));
  std::optional<std::string> precombine = table->meta_client()->table_config()->precombine_field();
  return precombine && !precombine->empty() ? WriteOperationType::kUpsert
                                            : WriteOperationType::kInsert;
}

::arrow::Result<SqlResult> WriteRows(const SqlSession::State& state, const std::string& path,
                                     WriteOperationType operation, InputOpener open_input,
                                     int64_t affected_rows,
                                     std::optional<WriteOperationType> recorded) {
  SqlResult result;
  if (affected_rows > 0) {
    HoodieConfig config = state.options.config;
    ARROW_ASSIGN_OR_RAISE(auto client, OpenWriteRequestClient(path, config, "hoodie sql"));
    WriteRequest request;
    request.operation = operation;
    request.open_input = std::move(open_input);
    request.recorded_operation = recorded;
    ARROW_ASSIGN_OR_RAISE(WriteResult written, RunWriteRequest(client.get(), config, request));
    result.instant = written.instant_time;
  }
  ::arrow::StringBuilder instants, operations;
  ::arrow::Int64Builder counts;
  ARROW_RETURN_NOT_OK(result.instant ? instants.Append(*result.instant) : instants.AppendNull());
  ARROW_RETURN_NOT_OK(
      operations.Append(ToLowerAscii(WriteOperationTypeName(recorded.value_or(operation)))));
  ARROW_RETURN_NOT_OK(counts.Append(affected_rows));
  std::shared_ptr<::arrow::Array> a, b, c;
  ARROW_RETURN_NOT_OK(instants.Finish(&a));
  ARROW_RETURN_NOT_OK(operations.Finish(&b));
  ARROW_RETURN_NOT_OK(counts.Finish(&c));
  auto schema = ::arrow::schema({::arrow::field("instant", ::arrow::utf8()),
                                 ::arrow::field("operation", ::arrow::utf8()),
                                 ::arrow::field("num_affected_rows", ::arrow::int64())});
  ARROW_ASSIGN_OR_RAISE(result.rows, ::arrow::RecordBatchReader::Make(
                                         {::arrow::RecordBatch::Make(schema, 1, {a, b, c})}, schema));
  return result;
}

::arrow::Result<SqlResult> RunDml(SqlSession::State* state, const std::string& text) {
  std::vector<std::string> named;
  ARROW_ASSIGN_OR_RAISE(FoundTarget found, FindTarget(state, text, &named));
  const Target& target = found.target;
  DmlKind kind = KindOf(found.type);
  const bool insert = found.type == DUCKDB_STATEMENT_TYPE_INSERT;
  if (insert) {
    ARROW_ASSIGN_OR_RAISE(kind.operation, InsertIntoOperation(*state, target.path));
  }
  ARROW_ASSIGN_OR_RAISE(auto placeholder, Placeholder::Create(state->engine.get(), target));
  // An INSERT reads its target's rows only when its query scans the table too.
  bool stage = !insert || Names(named, target.name);
  if (!stage) {
    ARROW_ASSIGN_OR_RAISE(stage, ReadsTarget(state->engine.get(), text, target.name));
  }
  if (stage) ARROW_RETURN_NOT_OK(placeholder->Stage(target));
  if (!insert) ARROW_RETURN_NOT_OK(placeholder->KeepKeys(target));
  ARROW_ASSIGN_OR_RAISE(auto returned, state->engine->Query(text + kind.returning));
  if (found.type == DUCKDB_STATEMENT_TYPE_MERGE_INTO) {
    auto schema = MergeSchema(*target.data_schema);
    returned = MapBatches(std::move(returned), schema,
                          [schema](const std::shared_ptr<::arrow::RecordBatch>& batch) {
                            return MergeBatch(batch, schema);
                          });
  }
  ARROW_ASSIGN_OR_RAISE(auto spilled, SpillRows(*state, returned.get()));
  returned.reset();
  if (!insert) ARROW_RETURN_NOT_OK(placeholder->CheckKeysKept(target));
  placeholder.reset();
  std::optional<WriteOperationType> recorded;
  ARROW_ASSIGN_OR_RAISE(bool prepped,
                        state->options.config.Get(DataSourceConfig::kSparkSqlOptimizedWrites));
  if (prepped && (found.type == DUCKDB_STATEMENT_TYPE_UPDATE ||
                  found.type == DUCKDB_STATEMENT_TYPE_DELETE)) {
    // Spark SQL's UPDATE and DELETE write prepped records (its MERGE a plain upsert);
    // the rows are the same.
    recorded = kind.operation == WriteOperationType::kDelete ? WriteOperationType::kDeletePrepped
                                                            : WriteOperationType::kUpsertPrepped;
  }
  return WriteRows(*state, target.path, kind.operation, std::move(spilled.first),
                   spilled.second, recorded);
}

}  // namespace hoodie::internal
