// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table.cc
/// \brief Table and TableOptions: one call per write or read over WriteClient and
/// TableReader.
#include "hoodie/client/table.h"

#include <utility>

#include "hoodie/client/write_client.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

HoodieConfig TableOptions::ToConfig() const {
  HoodieConfig out = config;
  auto set = [&out](std::string_view key, const std::optional<std::string>& value) {
    if (value) out.Set(key, *value);
  };
  set(TableConfigKeys::kTableName.key, table_name);
  if (table_type) out.Set(DataSourceConfig::kTableType.key, TableTypeName(*table_type));
  set(DataSourceConfig::kRecordKeyField.key, record_key_field);
  set(DataSourceConfig::kPartitionPathField.key, partition_path_field);
  set(DataSourceConfig::kPrecombineField.key, precombine_field);
  return out;
}

Table::Table(std::shared_ptr<TableMetaClient> meta_client, HoodieConfig config)
    : meta_client_(std::move(meta_client)), config_(std::move(config)) {}

Table::~Table() = default;

::arrow::Result<std::unique_ptr<Table>> Table::OpenOrCreate(const std::string& uri,
                                                            const TableOptions& options) {
  std::string base_path;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(uri, &base_path, options.ToConfig()));
  return OpenOrCreate(std::move(storage), base_path, options);
}

::arrow::Result<std::unique_ptr<Table>> Table::Open(const std::string& uri,
                                                    const TableOptions& options) {
  HoodieConfig config = options.ToConfig();
  std::string base_path;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(uri, &base_path, config));
  ARROW_ASSIGN_OR_RAISE(auto meta_client,
                        TableMetaClient::Load(std::move(storage), base_path));
  ARROW_RETURN_NOT_OK(ConfigureCommitHooks(meta_client.get(), config));
  return std::unique_ptr<Table>(new Table(std::move(meta_client), std::move(config)));
}

::arrow::Result<std::unique_ptr<Table>> Table::OpenOrCreate(
    std::shared_ptr<Storage> storage, const std::string& base_path,
    const TableOptions& options) {
  HoodieConfig config = options.ToConfig();
  ARROW_ASSIGN_OR_RAISE(
      auto meta_client,
      WriteClient::OpenOrCreateTable(std::move(storage), base_path, config));
  ARROW_RETURN_NOT_OK(ConfigureCommitHooks(meta_client.get(), config));
  return std::unique_ptr<Table>(new Table(std::move(meta_client), std::move(config)));
}

::arrow::Result<WriteResult> Table::Write(
    WriteOperationType operation,
    const std::shared_ptr<::arrow::RecordBatchReader>& input) {
  if (input == nullptr) return ::arrow::Status::Invalid("a write needs an input stream");
  ARROW_ASSIGN_OR_RAISE(WriteClient * writer, Writer());
  ARROW_ASSIGN_OR_RAISE(std::string instant, writer->StartCommit(operation));
  return writer->Write(instant, operation, input.get());
}

::arrow::Result<WriteClient*> Table::Writer() {
  if (write_client_ == nullptr) {
    ARROW_ASSIGN_OR_RAISE(write_client_, WriteClient::Make(meta_client_, config_));
  }
  return write_client_.get();
}

::arrow::Result<WriteResult> Table::Upsert(
    const std::shared_ptr<::arrow::RecordBatchReader>& input) {
  return Write(WriteOperationType::kUpsert, input);
}

::arrow::Result<WriteResult> Table::Insert(
    const std::shared_ptr<::arrow::RecordBatchReader>& input) {
  return Write(WriteOperationType::kInsert, input);
}

::arrow::Result<WriteResult> Table::BulkInsert(
    const std::shared_ptr<::arrow::RecordBatchReader>& input) {
  return Write(WriteOperationType::kBulkInsert, input);
}

::arrow::Result<WriteResult> Table::Delete(
    const std::shared_ptr<::arrow::RecordBatchReader>& input) {
  return Write(WriteOperationType::kDelete, input);
}

::arrow::Status Table::Commit(WriteResult* result) {
  ARROW_ASSIGN_OR_RAISE(WriteClient * writer, Writer());
  return writer->Commit(result);
}

::arrow::Status Table::Abort(const WriteResult& result) {
  ARROW_ASSIGN_OR_RAISE(WriteClient * writer, Writer());
  return writer->Abort(result.instant_time);
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Table::Read(
    const ReadOptions& options) const {
  // A reader per read: it loads the timeline, so each read sees the latest commits.
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(meta_client_));
  return reader->Read(options);
}

::arrow::Result<std::shared_ptr<::arrow::Table>> Table::ReadTable(
    const ReadOptions& options) const {
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(meta_client_));
  return reader->ReadTable(options);
}

}  // namespace hoodie
