// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_client_test_util.cc
/// \brief Helpers of the write tests.

#include "hoodie/client/write_client_test_util.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "hoodie/cli/value_text.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::testing {

std::shared_ptr<::arrow::RecordBatchReader> TripReader(const std::vector<TripRow>& rows,
                                                       int64_t batch_size) {
  ::arrow::StringBuilder id, name, city;
  ::arrow::Int64Builder ts;
  for (const TripRow& row : rows) {
    if (row.id.empty()) {
      (void)id.AppendNull();
    } else {
      (void)id.Append(row.id);
    }
    (void)name.Append(row.name);
    (void)ts.Append(row.ts);
    (void)city.Append(row.city);
  }
  auto schema = ::arrow::schema(
      {::arrow::field("id", ::arrow::utf8()), ::arrow::field("name", ::arrow::utf8()),
       ::arrow::field("ts", ::arrow::int64()), ::arrow::field("city", ::arrow::utf8())});
  auto table = ::arrow::Table::Make(
      schema, {id.Finish().ValueOrDie(), name.Finish().ValueOrDie(),
               ts.Finish().ValueOrDie(), city.Finish().ValueOrDie()});
  auto reader = std::make_shared<::arrow::TableBatchReader>(table);
  reader->set_chunksize(batch_size);
  return reader;
}

HoodieConfig TripConfig(bool partitioned) {
  HoodieConfig config;
  config.Set("hoodie.table.name", "trips");
  config.Set("hoodie.datasource.write.recordkey.field", "id");
  config.Set("hoodie.datasource.write.precombine.field", "ts");
  if (partitioned) {
    config.Set("hoodie.datasource.write.partitionpath.field", "city");
  } else {
    config.Set("hoodie.datasource.write.keygenerator.class",
               "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
  }
  return config;
}

std::vector<std::string> RenderRows(const ::arrow::Table& table,
                                    const std::vector<std::string>& columns) {
  std::vector<std::string> out;
  for (int64_t row = 0; row < table.num_rows(); ++row) {
    std::string text;
    for (const std::string& name : columns) {
      auto column = table.GetColumnByName(name);
      std::string value = "<missing>";
      if (column != nullptr) {
        // Values only: list field names differ between Spark's 2-level and Arrow's
        // 3-level Parquet lists, and are no part of a row's content.
        int64_t offset = row;
        for (const auto& chunk : column->chunks()) {
          if (offset < chunk->length()) {
            value = ValueToText(*chunk, offset);
            break;
          }
          offset -= chunk->length();
        }
      }
      text += (text.empty() ? "" : "|") + value;
    }
    out.push_back(std::move(text));
  }
  std::sort(out.begin(), out.end());
  return out;
}

::arrow::Result<std::vector<std::string>> SnapshotRows(
    const std::string& base_path, const std::vector<std::string>& columns) {
  auto storage = Storage::Local();
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, base_path));
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(ReadOptions::Defaults()));
  return RenderRows(*data, columns);
}

::arrow::Result<std::vector<std::string>> StoredRows(
    const std::string& base_path, const std::vector<std::string>& columns) {
  auto storage = Storage::Local();
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, base_path));
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  ReadOptions options;
  options.query_type = QueryType::kIncremental;
  options.begin = "000";
  ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(options));
  return RenderRows(*data, columns);
}

std::vector<std::string> ListTree(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    std::string line = std::filesystem::relative(entry.path(), dir).string();
    if (entry.is_regular_file()) line += " " + std::to_string(entry.file_size());
    out.push_back(std::move(line));
  }
  std::sort(out.begin(), out.end());
  return out;
}

::arrow::Result<std::unique_ptr<WriteClient>> NewWriterClient(
    std::shared_ptr<Storage> storage, const std::string& base,
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(auto table,
                        WriteClient::OpenOrCreateTable(storage, base, config));
  return WriteClient::Make(table, config);
}

::arrow::Result<WriteResult> UpsertWithNewClient(std::shared_ptr<Storage> storage,
                                                 const std::string& base,
                                                 const HoodieConfig& config,
                                                 const std::vector<TripRow>& rows,
                                                 bool commit) {
  ARROW_ASSIGN_OR_RAISE(auto client, NewWriterClient(std::move(storage), base, config));
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
  auto reader = TripReader(rows, 2);
  ARROW_ASSIGN_OR_RAISE(WriteResult result, client->Upsert(instant, reader.get()));
  if (commit) ARROW_RETURN_NOT_OK(client->Commit(&result));
  return result;
}

std::vector<std::string> QueryRows(std::shared_ptr<Storage> storage,
                                   const std::string& base,
                                   const std::vector<std::string>& columns,
                                   QueryType type) {
  ReadOptions options;
  options.query_type = type;
  if (type == QueryType::kIncremental) options.begin = "000";
  return ReadRows(std::move(storage), base, columns, options);
}

std::vector<std::string> ReadRows(std::shared_ptr<Storage> storage,
                                  const std::string& base,
                                  const std::vector<std::string>& columns,
                                  const ReadOptions& options) {
  auto table = TableMetaClient::Load(std::move(storage), base);
  if (!table.ok()) return {"error: " + table.status().ToString()};
  auto reader = TableReader::Open(*table);
  if (!reader.ok()) return {"error: " + reader.status().ToString()};
  auto data = (*reader)->ReadTable(options);
  if (!data.ok()) return {"error: " + data.status().ToString()};
  return RenderRows(**data, columns);
}

std::vector<std::vector<std::string>> AllViewRows(
    std::shared_ptr<Storage> storage, const std::string& base,
    const std::vector<std::string>& columns) {
  return {QueryRows(storage, base, columns, QueryType::kSnapshot),
          QueryRows(storage, base, columns, QueryType::kReadOptimized),
          QueryRows(storage, base, columns, QueryType::kIncremental)};
}

std::vector<std::string> LatestTripRows(
    std::initializer_list<std::vector<TripRow>> writes) {
  std::map<std::string, TripRow> rows;
  for (const auto& write : writes) {
    for (const TripRow& row : write) rows[row.id] = row;
  }
  std::vector<std::string> out;
  for (const auto& [key, row] : rows) {
    out.push_back(key + "|" + row.name + "|" + std::to_string(row.ts) + "|" + row.city);
  }
  return out;
}

std::vector<std::string> WithoutFirstColumn(const std::vector<std::string>& rows) {
  std::vector<std::string> out;
  for (const std::string& row : rows) out.push_back(row.substr(row.find('|') + 1));
  std::sort(out.begin(), out.end());
  return out;
}

bool FaultWasToleratedMarkerDeletion(const FaultInjectingStorage& storage) {
  const std::string fault = storage.last_injected_fault();
  // WriteMarkers::DeleteFolder asks whether the folder exists, then deletes it (the
  // metadata table's markers too).
  if ((fault.starts_with("DeleteDir ") || fault.starts_with("Exists ")) &&
      fault.find("/.hoodie/.temp/") != std::string::npos) {
    return true;
  }
  // A listing that cannot read the metadata table lists storage instead; an update of
  // hoodie.properties first reads its backup, whose read failing means "none" once a
  // status request says the file is not there.
  for (const char* read : {"OpenForRead ", "OpenListed ", "ReadRange ", "ReadAll ",
                           "GetFileStatus ", "List ", "Exists "}) {
    if (!fault.starts_with(read)) continue;
    if (fault.find("/.hoodie/metadata") != std::string::npos) return true;
    if (fault.starts_with("ReadAll ") && fault.ends_with("/hoodie.properties.backup")) {
      return true;
    }
  }
  return false;
}

std::vector<Instant> TimelineInstants(std::shared_ptr<Storage> storage,
                                      const std::string& base) {
  return ActiveTimeline::Load(std::move(storage), base + "/.hoodie")
      .ValueOrDie()
      .timeline()
      .instants();
}

::arrow::Result<std::vector<std::string>> LogBlockSummary(Storage* storage,
                                                          const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto blocks, ReadLogFile(storage, path));
  std::vector<std::string> out;
  for (const LogBlock& block : blocks) {
    if (block.type == LogBlockType::kDelete) {
      ARROW_ASSIGN_OR_RAISE(auto deletes, DecodeDeleteBlock(block.content));
      out.push_back("X" + std::to_string(deletes.size()));
    } else if (block.type == LogBlockType::kAvroData ||
               block.type == LogBlockType::kParquetData) {
      ARROW_ASSIGN_OR_RAISE(auto batch, ReadDataBlock(block));
      std::string kind = block.type == LogBlockType::kParquetData ? "P" : "A";
      out.push_back(kind + std::to_string(batch->num_rows()));
    }
  }
  return out;
}

void MorTripTableTest::Open(
    const std::vector<std::pair<std::string, std::string>>& settings) {
  config_ = TripConfig(true);
  config_.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  for (const auto& [key, value] : settings) config_.Set(key, value);
  base_ = dir_.Join("trips");
  ASSERT_OK_AND_ASSIGN(table_, WriteClient::OpenOrCreateTable(storage_, base_, config_));
  ASSERT_OK_AND_ASSIGN(client_, WriteClient::Make(table_, config_));
}

::arrow::Result<WriteResult> MorTripTableTest::Write(WriteOperationType op,
                                                     const std::vector<TripRow>& rows) {
  ARROW_ASSIGN_OR_RAISE(std::string instant, client_->StartCommit());
  auto reader = TripReader(rows, 2);
  return client_->Write(instant, op, reader.get());
}

::arrow::Result<std::vector<std::string>> MorTripTableTest::Blocks(
    const std::string& relative) {
  return LogBlockSummary(storage_.get(), JoinPath(base_, relative));
}

}  // namespace hoodie::testing
