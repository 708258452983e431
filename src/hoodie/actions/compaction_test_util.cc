// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_test_util.cc
#include "hoodie/actions/compaction_test_util.h"

#include "hoodie/read/table_reader.h"

namespace hoodie::testing {

HoodieConfig MorTripConfig() {
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  // No small-file padding: updates go to log files, inserts to new file groups.
  config.Set("hoodie.parquet.small.file.limit", "0");
  return config;
}

HoodieConfig CompactEveryDeltaCommit() {
  HoodieConfig config;
  config.Set("hoodie.compact.inline.max.delta.commits", "1");
  return config;
}

::arrow::Result<MorTable> MorTable::Create(std::shared_ptr<Storage> storage,
                                           std::string base) {
  MorTable out;
  out.storage = std::move(storage);
  out.base = std::move(base);
  ARROW_ASSIGN_OR_RAISE(
      out.table, WriteClient::OpenOrCreateTable(out.storage, out.base, MorTripConfig()));
  ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(out.table, MorTripConfig()));
  out.client = std::move(client);
  return out;
}

::arrow::Result<std::string> MorTable::Upsert(const std::vector<TripRow>& rows) {
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
  auto reader = TripReader(rows, 2);
  ARROW_RETURN_NOT_OK(client->Upsert(instant, reader.get()).status());
  return instant;
}

::arrow::Result<std::string> MorTable::Delete(const std::vector<TripRow>& rows) {
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
  auto reader = TripReader(rows, 2);
  ARROW_RETURN_NOT_OK(client->Delete(instant, reader.get()).status());
  return instant;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> MorTable::Reload() const {
  return TableMetaClient::Load(storage, base);
}

::arrow::Result<std::vector<std::string>> MorTable::Rows(
    QueryType type, std::optional<std::string> as_of,
    const std::vector<std::string>& columns) const {
  ARROW_ASSIGN_OR_RAISE(auto loaded, Reload());
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(loaded));
  ReadOptions options;
  options.query_type = type;
  options.as_of = std::move(as_of);
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(options));
  if (!columns.empty()) return RenderRows(*rows, columns);
  // Every column but the file name, which a compaction changes.
  std::vector<std::string> all;
  for (const auto& field : rows->schema()->fields()) {
    if (field->name() != "_hoodie_file_name") all.push_back(field->name());
  }
  return RenderRows(*rows, all);
}

::arrow::Result<std::vector<std::string>> MorTable::Incremental(
    const std::string& begin, const std::string& end) const {
  ARROW_ASSIGN_OR_RAISE(auto loaded, Reload());
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(loaded));
  ReadOptions options;
  options.query_type = QueryType::kIncremental;
  options.begin = begin;
  options.end = end;
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(options));
  return RenderRows(*rows, kAllColumns);
}

::arrow::Result<std::vector<std::string>> WriteHistory(MorTable* table) {
  std::vector<std::string> instants;
  ARROW_ASSIGN_OR_RAISE(auto t1, table->Upsert({{"1", "a", 1, "sf"},
                                                {"2", "b", 1, "sf"},
                                                {"3", "c", 1, "la"},
                                                {"5", "e", 1, "ny"}}));
  instants.push_back(t1);
  ARROW_ASSIGN_OR_RAISE(
      auto t2,
      table->Upsert({{"1", "a2", 2, "sf"}, {"3", "c2", 2, "la"}, {"4", "d", 2, "sf"}}));
  instants.push_back(t2);
  ARROW_ASSIGN_OR_RAISE(auto t3, table->Delete({{"2", "", 3, "sf"}}));
  instants.push_back(t3);
  ARROW_ASSIGN_OR_RAISE(auto t4, table->Upsert({{"1", "a3", 4, "sf"}}));
  instants.push_back(t4);
  return instants;
}

}  // namespace hoodie::testing
