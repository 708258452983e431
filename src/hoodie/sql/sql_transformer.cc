// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_transformer.cc
/// \brief SqlQueryBasedTransformer and SqlFileBasedTransformer on the embedded DuckDB
/// engine: the round's records become a temporary table named as Hudi names it, `<SRC>`
/// in the SQL is replaced by that name, and the (last) query's rows are the output.
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/storage/storage_text.h"
#include "hoodie/sql/sql_engine.h"
#include "hoodie/sql/sql_plugins_internal.h"
#include "hoodie/streamer/transformer.h"
#include "hoodie/streamer/transformers_internal.h"

namespace hoodie::internal {
namespace {

// SqlQueryBasedTransformer.SRC_PATTERN and TMP_TABLE.
constexpr char kSourcePattern[] = "<SRC>";
constexpr char kTableNamePrefix[] = "HOODIE_SRC_TMP_TABLE_";

std::string ReplaceAll(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// A new table name per round (Hudi appends a random UUID with '_' for '-').
std::string NextTableName() {
  static std::atomic<int64_t> counter{0};
  return kTableNamePrefix + std::to_string(::getpid()) + "_" + std::to_string(++counter);
}

// Keeps the engine and drops the round's table once the output is read.
class TransformedReader : public ::arrow::RecordBatchReader {
 public:
  TransformedReader(std::shared_ptr<SqlEngine> engine, std::string table,
                    std::shared_ptr<::arrow::RecordBatchReader> rows)
      : engine_(std::move(engine)), table_(std::move(table)), rows_(std::move(rows)) {}
  ~TransformedReader() override {
    rows_.reset();
    (void)engine_->DropTable(table_);
  }
  std::shared_ptr<::arrow::Schema> schema() const override { return rows_->schema(); }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    return rows_->ReadNext(batch);
  }

 private:
  std::shared_ptr<SqlEngine> engine_;
  std::string table_;
  std::shared_ptr<::arrow::RecordBatchReader> rows_;
};

class SqlTransformer : public Transformer {
 public:
  SqlTransformer(std::string name, std::vector<std::string> statements,
                 std::shared_ptr<SqlEngine> engine)
      : name_(std::move(name)), statements_(std::move(statements)), engine_(std::move(engine)) {}

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Apply(
      std::shared_ptr<::arrow::RecordBatchReader> input) override {
    std::string table = NextTableName();
    ARROW_RETURN_NOT_OK(Named(engine_->RegisterTable(table, std::move(input))));
    // SqlFileBasedTransformer: every statement runs, the last one's rows are the output.
    for (size_t i = 0; i + 1 < statements_.size(); ++i) {
      ARROW_RETURN_NOT_OK(Named(engine_->Execute(ReplaceAll(statements_[i], kSourcePattern, table))));
    }
    auto rows = engine_->Query(ReplaceAll(statements_.back(), kSourcePattern, table));
    if (!rows.ok()) {
      (void)engine_->DropTable(table);
      return Named(rows.status());
    }
    return std::make_shared<TransformedReader>(engine_, table, *std::move(rows));
  }

 private:
  ::arrow::Status Named(::arrow::Status status) const {
    if (status.ok()) return status;
    return status.WithMessage(name_, ": ", status.message());
  }

  std::string name_;
  std::vector<std::string> statements_;
  std::shared_ptr<SqlEngine> engine_;
};

::arrow::Result<std::shared_ptr<SqlEngine>> OpenEngine(const HoodieConfig& config) {
  SqlEngineOptions options;
  ARROW_ASSIGN_OR_RAISE(options.memory_limit, config.Get(StreamerConfig::kSqlMemoryLimit));
  options.spill_directory = config.GetExplicit(MemoryConfig::kSpillableMapPath).value_or("");
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<SqlEngine> engine, SqlEngine::Open(options));
  return std::shared_ptr<SqlEngine>(std::move(engine));
}

// SqlFileBasedTransformer's file: lines starting with "--" dropped, the rest split at
// ';', blank statements skipped.
::arrow::Result<std::vector<std::string>> ReadStatements(const std::string& path,
                                                        const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(StorageOptions options, StorageOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(std::string text, ReadTextFile(path, options));
  std::string kept;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (Trim(line).starts_with("--")) continue;
    kept += line + "\n";
  }
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= kept.size()) {
    size_t semicolon = kept.find(';', start);
    if (semicolon == std::string::npos) semicolon = kept.size();
    std::string statement = Trim(kept.substr(start, semicolon - start));
    if (!statement.empty()) out.push_back(std::move(statement));
    start = semicolon + 1;
  }
  if (out.empty()) return ::arrow::Status::Invalid(path, " holds no SQL statement");
  return out;
}

::arrow::Result<std::unique_ptr<Transformer>> MakeQueryTransformer(const HoodieConfig& config) {
  std::optional<std::string> sql = config.GetExplicit(StreamerConfig::kTransformerSql);
  if (!sql || Trim(*sql).empty()) {
    return ::arrow::Status::Invalid("SqlQueryBasedTransformer: missing configuration ",
                                    StreamerConfig::kTransformerSql.key,
                                    " (a query over <SRC>, the round's records)");
  }
  ARROW_ASSIGN_OR_RAISE(auto engine, OpenEngine(config));
  return std::make_unique<SqlTransformer>("SqlQueryBasedTransformer",
                                          std::vector<std::string>{*sql}, std::move(engine));
}

::arrow::Result<std::unique_ptr<Transformer>> MakeFileTransformer(const HoodieConfig& config) {
  std::optional<std::string> file = config.GetExplicit(StreamerConfig::kTransformerSqlFile);
  if (!file || Trim(*file).empty()) {
    return ::arrow::Status::Invalid("SqlFileBasedTransformer: missing configuration ",
                                    StreamerConfig::kTransformerSqlFile.key,
                                    " (a file of SQL statements over <SRC>)");
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> statements, ReadStatements(*file, config));
  ARROW_ASSIGN_OR_RAISE(auto engine, OpenEngine(config));
  return std::make_unique<SqlTransformer>("SqlFileBasedTransformer", std::move(statements),
                                          std::move(engine));
}

}  // namespace

::arrow::Status RegisterSqlTransformers(TransformerRegistry* registry) {
  ARROW_RETURN_NOT_OK(
      registry->Register(std::string(kTransformPackage) + "SqlQueryBasedTransformer",
                         {"SqlQueryBasedTransformer", "sql"}, MakeQueryTransformer));
  return registry->Register(std::string(kTransformPackage) + "SqlFileBasedTransformer",
                            {"SqlFileBasedTransformer", "sql-file"}, MakeFileTransformer);
}

}  // namespace hoodie::internal
