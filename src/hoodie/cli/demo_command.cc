// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/demo_command.cc
/// \brief `hoodie demo`: the quick-start job on local disk — create a copy-on-write trips
/// table, insert generated trips, upsert some of them, then show the timeline and a
/// query.
#include <filesystem>
#include <iostream>

#include <arrow/api.h>

#include "hoodie/cli/command.h"
#include "hoodie/cli/timeline_listing.h"
#include "hoodie/cli/value_text.h"
#include "hoodie/client/write_client.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"

namespace hoodie::cli {
namespace {

constexpr const char* kCities[] = {"san_francisco", "sao_paulo", "chennai"};

// `count` trips with ids first_id.., fares derived from `round` so upserts change them.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MakeTrips(int first_id, int count,
                                                                 int round) {
  ::arrow::StringBuilder uuid, rider, city;
  ::arrow::DoubleBuilder fare;
  ::arrow::Int64Builder ts;
  for (int i = 0; i < count; ++i) {
    int id = first_id + i;
    ARROW_RETURN_NOT_OK(uuid.Append("trip-" + std::to_string(100000 + id).substr(1)));
    ARROW_RETURN_NOT_OK(rider.Append("rider-" + std::to_string(id % 97)));
    ARROW_RETURN_NOT_OK(city.Append(kCities[id % 3]));
    ARROW_RETURN_NOT_OK(fare.Append(10.0 + (id % 50) + round * 0.5));
    ARROW_RETURN_NOT_OK(ts.Append(1700000000000 + id + round * 1000000));
  }
  auto schema = ::arrow::schema(
      {::arrow::field("uuid", ::arrow::utf8()), ::arrow::field("rider", ::arrow::utf8()),
       ::arrow::field("fare", ::arrow::float64()), ::arrow::field("ts", ::arrow::int64()),
       ::arrow::field("city", ::arrow::utf8())});
  std::vector<std::shared_ptr<::arrow::Array>> columns(5);
  ARROW_RETURN_NOT_OK(uuid.Finish(&columns[0]));
  ARROW_RETURN_NOT_OK(rider.Finish(&columns[1]));
  ARROW_RETURN_NOT_OK(fare.Finish(&columns[2]));
  ARROW_RETURN_NOT_OK(ts.Finish(&columns[3]));
  ARROW_RETURN_NOT_OK(city.Finish(&columns[4]));
  return ::arrow::RecordBatch::Make(schema, count, std::move(columns));
}

HoodieConfig DemoConfig() {
  HoodieConfig config;
  config.Set("hoodie.table.name", "trips")
      .Set("hoodie.database.name", "default")
      .Set("hoodie.datasource.write.table.type", "COPY_ON_WRITE")
      .Set("hoodie.datasource.write.recordkey.field", "uuid")
      .Set("hoodie.datasource.write.partitionpath.field", "city")
      .Set("hoodie.datasource.write.precombine.field", "ts")
      .Set("hoodie.datasource.write.keygenerator.class",
           "org.apache.hudi.keygen.SimpleKeyGenerator")
      .Set("hoodie.datasource.write.hive_style_partitioning", "true");
  return config;
}

void PrintResult(const char* what, const WriteResult& result) {
  std::cout << what << " at instant " << result.instant_time << ": " << result.inserted
            << " inserted, " << result.updated << " updated, " << result.stats.size()
            << " files written\n";
}

// One commit: start, run `operation` over `batch`, commit (auto.commit is on by default).
template <typename Operation>
::arrow::Result<WriteResult> WriteOnce(WriteClient* client,
                                       std::shared_ptr<::arrow::RecordBatch> batch,
                                       Operation operation) {
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
  ARROW_ASSIGN_OR_RAISE(auto reader, ::arrow::RecordBatchReader::Make({batch}));
  return operation(client, instant, reader.get());
}

::arrow::Status RunDemo(const GlobalOptions& options, const std::string& path) {
  std::string base = std::filesystem::absolute(path).lexically_normal().string();
  HoodieConfig config = DemoConfig();
  ARROW_ASSIGN_OR_RAISE(auto table,
                        WriteClient::OpenOrCreateTable(Storage::Local(), base, config));
  ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table, config));
  std::cout << "Trips table (copy-on-write, Hudi table version 6) at " << base << "\n\n";
  ARROW_ASSIGN_OR_RAISE(auto inserts, MakeTrips(0, 3000, 0));
  ARROW_ASSIGN_OR_RAISE(auto inserted, WriteOnce(client.get(), inserts,
                                                 [](WriteClient* c, const std::string& t,
                                                    ::arrow::RecordBatchReader* r) {
                                                   return c->Upsert(t, r);
                                                 }));
  PrintResult("upsert of 3000 trips", inserted);
  ARROW_ASSIGN_OR_RAISE(auto updates, MakeTrips(2800, 400, 1));
  ARROW_ASSIGN_OR_RAISE(auto upserted, WriteOnce(client.get(), updates,
                                                 [](WriteClient* c, const std::string& t,
                                                    ::arrow::RecordBatchReader* r) {
                                                   return c->Upsert(t, r);
                                                 }));
  PrintResult("upsert of 400 trips (200 changed fares, 200 new)", upserted);

  ARROW_ASSIGN_OR_RAISE(auto listing, BuildTimelineListing(*table, {}));
  std::cout << "\nhoodie timeline show " << path << "\n";
  PrintListing(options, listing, std::cout);

  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  ReadOptions read;
  read.columns = {"_hoodie_commit_time", "uuid", "city", "fare"};
  read.partitions = {"city=chennai"};
  read.limit = 3;
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(read));
  read.columns = {"uuid"};
  read.partitions = {};
  read.limit.reset();
  ARROW_ASSIGN_OR_RAISE(auto all, reader->ReadTable(read));
  std::cout << "\nsnapshot: " << all->num_rows()
            << " trips; first rows of city=chennai:\n";
  ARROW_ASSIGN_OR_RAISE(auto combined, rows->CombineChunksToBatch());
  Listing sample;
  for (const auto& field : combined->schema()->fields())
    sample.header.push_back(field->name());
  for (int64_t row = 0; row < combined->num_rows(); ++row) {
    std::vector<std::string> cells;
    for (const auto& column : combined->columns())
      cells.push_back(ValueToText(*column, row));
    sample.rows.push_back(std::move(cells));
  }
  PrintListing(options, sample, std::cout);
  return ::arrow::Status::OK();
}

}  // namespace

void AddDemoCommand(CLI::App* app, const GlobalOptions* options) {
  auto* demo = app->add_subcommand(
      "demo",
      "Write a demo copy-on-write table on local disk (insert, then upsert) and "
      "print its timeline and a query");
  auto path = std::make_shared<std::string>("demo-table");
  demo->add_option("--path", *path, "Where the demo table lives")->capture_default_str();
  SetAction(demo, [options, path]() { return RunDemo(*options, *path); });
}

}  // namespace hoodie::cli
