// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/table.h
/// \brief Table: one Hudi table for a program that writes Arrow streams and reads rows,
/// one call each, on top of WriteClient and TableReader; TableOptions: the typed options
/// of a table a program creates.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/table.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/read_options.h"
#include "hoodie/table/table_config.h"
#include "hoodie/visibility.h"
#include "hoodie/write/write_result.h"

namespace hoodie {

class Storage;
class TableMetaClient;
class WriteClient;

/// \brief What a program says about its table, typed; a value.
///
/// Each field set is one key of the configuration registry (named on the field) and
/// overrides that key in `config`; an unset field leaves `config` (and the key's
/// default) alone. `config` carries every other key: write, index, service and storage
/// options, in the strings `hoodie.properties` and `--hoodie-conf` use.
struct HOODIE_EXPORT TableOptions {
  /// hoodie.table.name; required to create a table.
  std::optional<std::string> table_name;
  /// hoodie.datasource.write.table.type (default COPY_ON_WRITE).
  std::optional<TableType> table_type;
  /// hoodie.datasource.write.recordkey.field: comma-separated, nested fields dotted.
  std::optional<std::string> record_key_field;
  /// hoodie.datasource.write.partitionpath.field: comma-separated; "" for none.
  std::optional<std::string> partition_path_field;
  /// hoodie.datasource.write.precombine.field: the ordering field of the payloads.
  std::optional<std::string> precombine_field;
  /// Every other key.
  HoodieConfig config;

  /// `config` with the typed fields written over it as their keys: the one conversion.
  HoodieConfig ToConfig() const;
};

/// \brief A Hudi table (version 6) opened for writing and reading.
///
/// Each write is one instant, started, written and committed by the call (with
/// hoodie.auto.commit=false it stays inflight until Commit or Abort) through one
/// WriteClient made from the options at the first write; the result names the instant.
/// Reads see the commits completed when they start. Not thread-safe: one write at a
/// time, as WriteClient; a Table is the table's only writer in this process.
class HOODIE_EXPORT Table {
 public:
  ~Table();

  /// Opens the table at `uri` (a local path, file://, s3://, gs://, abfs://, hdfs://),
  /// creating it from `options` when it has no `.hoodie` folder (hoodie.properties as
  /// Hudi 0.15 writes it). Writes take `options` too.
  /// \return Invalid for options hoodie does not accept (a missing table name when
  ///   creating, an unknown table type); IOError from storage.
  static ::arrow::Result<std::unique_ptr<Table>> OpenOrCreate(
      const std::string& uri, const TableOptions& options);
  /// As above, on `storage` at `base_path`.
  static ::arrow::Result<std::unique_ptr<Table>> OpenOrCreate(
      std::shared_ptr<Storage> storage, const std::string& base_path,
      const TableOptions& options);
  /// Opens the existing table at `uri`; `options` are those of later writes (a read
  /// needs none). \return Invalid (IsNotATable) when there is no table there.
  static ::arrow::Result<std::unique_ptr<Table>> Open(const std::string& uri,
                                                      const TableOptions& options = {});

  /// UPSERT `input` as one instant: stored keys are updated, new ones inserted.
  ::arrow::Result<WriteResult> Upsert(
      const std::shared_ptr<::arrow::RecordBatchReader>& input);
  /// INSERT `input` as one instant, without looking keys up.
  ::arrow::Result<WriteResult> Insert(
      const std::shared_ptr<::arrow::RecordBatchReader>& input);
  /// BULK_INSERT `input` as one instant, into new file groups, streaming.
  ::arrow::Result<WriteResult> BulkInsert(
      const std::shared_ptr<::arrow::RecordBatchReader>& input);
  /// DELETE the keys of `input`'s records as one instant.
  ::arrow::Result<WriteResult> Delete(
      const std::shared_ptr<::arrow::RecordBatchReader>& input);
  /// Any operation that takes records (WriteClient::Write), as one instant.
  ::arrow::Result<WriteResult> Write(
      WriteOperationType operation,
      const std::shared_ptr<::arrow::RecordBatchReader>& input);

  /// Completes a write made with hoodie.auto.commit=false (WriteClient::Commit).
  ::arrow::Status Commit(WriteResult* result);
  /// Abandons a write made with hoodie.auto.commit=false (WriteClient::Abort).
  ::arrow::Status Abort(const WriteResult& result);

  /// The rows `options` select (snapshot by default), streamed batch by batch.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Read(
      const ReadOptions& options = {}) const;
  /// Read() collected into one Arrow table.
  ::arrow::Result<std::shared_ptr<::arrow::Table>> ReadTable(
      const ReadOptions& options = {}) const;

  /// The table's layout and timeline, for the actions of hoodie/api.h.
  const std::shared_ptr<TableMetaClient>& meta_client() const { return meta_client_; }

 private:
  Table(std::shared_ptr<TableMetaClient> meta_client, HoodieConfig config);
  // The write client, made by the first write: a table opened to be read needs no
  // write options.
  ::arrow::Result<WriteClient*> Writer();

  std::shared_ptr<TableMetaClient> meta_client_;
  HoodieConfig config_;
  std::unique_ptr<WriteClient> write_client_;
};

}  // namespace hoodie
