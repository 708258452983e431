// SPDX-License-Identifier: Apache-2.0
/// \file write_table.cc
/// \brief Creates a merge-on-read table (one call, typed options), upserts an Arrow
/// batch twice (one call each; the second updates one record and adds one) and reads the
/// table back through hoodie's public API: `write_table <new table path or URI>`. Prints
/// the rows, then their count last.
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <hoodie/api.h>

namespace {

std::shared_ptr<arrow::RecordBatchReader> Trips(std::vector<std::string> ids,
                                                std::vector<int64_t> ts,
                                                std::vector<std::string> cities) {
  arrow::StringBuilder id_builder, city_builder;
  arrow::Int64Builder ts_builder;
  (void)id_builder.AppendValues(ids);
  (void)ts_builder.AppendValues(ts);
  (void)city_builder.AppendValues(cities);
  auto schema = arrow::schema({arrow::field("id", arrow::utf8()),
                               arrow::field("ts", arrow::int64()),
                               arrow::field("city", arrow::utf8())});
  auto batch = arrow::RecordBatch::Make(
      schema, static_cast<int64_t>(ids.size()),
      {id_builder.Finish().ValueOrDie(), ts_builder.Finish().ValueOrDie(),
       city_builder.Finish().ValueOrDie()});
  return arrow::RecordBatchReader::Make({batch}, schema).ValueOrDie();
}

arrow::Status Run(const std::string& path) {
  hoodie::TableOptions options;
  options.table_name = "trips";
  options.table_type = hoodie::TableType::kMergeOnRead;
  options.record_key_field = "id";
  options.partition_path_field = "city";
  options.precombine_field = "ts";
  ARROW_ASSIGN_OR_RAISE(auto table, hoodie::Table::OpenOrCreate(path, options));
  for (auto input : {Trips({"a", "b", "c"}, {1, 1, 1}, {"sf", "sf", "nyc"}),
                     Trips({"b", "d"}, {2, 2}, {"sf", "la"})}) {
    ARROW_ASSIGN_OR_RAISE(hoodie::WriteResult result, table->Upsert(input));
    std::cerr << "committed " << result.instant_time << ": " << result.inserted
              << " inserted, " << result.updated << " updated\n";
  }
  ARROW_ASSIGN_OR_RAISE(auto rows, table->ReadTable());
  // Files come back in no fixed order: print the records by key.
  std::map<std::string, std::string> records;
  for (int64_t row = 0; row < rows->num_rows(); ++row) {
    std::string line;
    for (const char* column : {"id", "ts", "city"}) {
      ARROW_ASSIGN_OR_RAISE(auto value, rows->GetColumnByName(column)->GetScalar(row));
      line += (line.empty() ? "" : " ") + value->ToString();
    }
    records[line.substr(0, line.find(' '))] = line;
  }
  for (const auto& [id, line] : records) std::cout << line << "\n";
  std::cout << rows->num_rows() << "\n";
  return arrow::Status::OK();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_table <new table path>\n";
    return 2;
  }
  arrow::Status status = Run(argv[1]);
  if (!status.ok()) {
    std::cerr << "write_table: " << status.ToString() << "\n";
    return 1;
  }
  return 0;
}
