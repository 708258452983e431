// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/partition_values_read_test.cc
/// \brief Reads of tables hoodie wrote show partition columns as Spark (Hudi 0.15)
/// shows them: from the partition path in base-file-only reads (copy-on-write snapshot
/// and time travel, read-optimized), as stored in merge-on-read snapshots and
/// incremental reads; merge-on-read snapshots prune partitions by their path values.
/// Every expectation was checked against Spark 3.5.1 + Hudi 0.15.0.

#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/client/write_model_test_util.h"

namespace hoodie {
namespace {

using testing::ModelKeyGen;
using testing::ModelPayload;
using testing::ModelRecord;

struct Fixture {
  testing::TempDir dir;
  std::string base = dir.Join("t");
  std::shared_ptr<Storage> storage = Storage::Local();
  std::unique_ptr<WriteClient> client;
  std::vector<std::string> instants;

  Fixture(ModelKeyGen keygen, const std::string& index, const std::string& table_type) {
    HoodieConfig config =
        testing::ModelConfig(keygen, ModelPayload::kOverwriteWithLatest, index);
    config.Set("hoodie.datasource.write.table.type", table_type);
    auto table = WriteClient::OpenOrCreateTable(storage, base, config).ValueOrDie();
    client = WriteClient::Make(table, config).ValueOrDie();
  }

  ::arrow::Status Upsert(const std::vector<ModelRecord>& records) {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    auto reader = testing::ModelReader(records, 2);
    ARROW_ASSIGN_OR_RAISE(
        WriteResult result,
        client->Write(instant, WriteOperationType::kUpsert, reader.get()));
    if (!result.committed) return ::arrow::Status::Invalid("not committed");
    instants.push_back(instant);
    return ::arrow::Status::OK();
  }

  ::arrow::Result<std::vector<std::string>> Rows(
      ReadOptions options, const std::vector<std::string>& columns) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, base));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(options));
    return testing::RenderRows(*data, columns);
  }
};

ModelRecord Rec(const std::string& id, const std::string& p, int64_t day, int64_t ts,
                const std::string& name) {
  ModelRecord r;
  r.id = id;
  r.k2 = "x";
  r.p = p;
  r.q = "1";
  r.day = day;
  r.ts = ts;
  r.name = name;
  return r;
}

ReadOptions Query(QueryType type) {
  ReadOptions options;
  options.query_type = type;
  if (type == QueryType::kIncremental) options.begin = "000";
  return options;
}

constexpr int64_t kFeb29 = 1709208000000;  // 2024-02-29T12:00:00Z
constexpr int64_t kMar1 = 1709294400000;   // 2024-03-01T12:00:00Z

TEST(PartitionValuesReadTest, TimestampKeyColumnIsThePathTextInBaseFileOnlyReads) {
  for (std::string type : {"COPY_ON_WRITE", "MERGE_ON_READ"}) {
    SCOPED_TRACE(type);
    Fixture f(ModelKeyGen::kTimestamp, "BLOOM", type);
    ASSERT_OK(
        f.Upsert({Rec("a1", "a", kFeb29, 1, "alice"), Rec("b1", "a", kMar1, 1, "bob")}));
    ASSERT_OK(f.Upsert({Rec("a1", "a", kFeb29 + 5, 2, "alice2")}));
    const std::vector<std::string> columns = {"id", "name", "day"};
    const std::vector<std::string> stored = {"a1|alice2|1709208000005",
                                             "b1|bob|1709294400000"};
    ASSERT_OK_AND_ASSIGN(auto snapshot, f.Rows(Query(QueryType::kSnapshot), columns));
    ASSERT_OK_AND_ASSIGN(auto optimized,
                         f.Rows(Query(QueryType::kReadOptimized), columns));
    ASSERT_OK_AND_ASSIGN(auto incremental,
                         f.Rows(Query(QueryType::kIncremental), columns));
    EXPECT_EQ(incremental, stored);
    if (type == "COPY_ON_WRITE") {
      EXPECT_EQ(snapshot,
                (std::vector<std::string>{"a1|alice2|2024/02/29", "b1|bob|2024/03/01"}));
      EXPECT_EQ(optimized, snapshot);
    } else {
      // The update is still in a log file: read-optimized shows the base rows.
      EXPECT_EQ(snapshot, stored);
      EXPECT_EQ(optimized,
                (std::vector<std::string>{"a1|alice|2024/02/29", "b1|bob|2024/03/01"}));
    }
    ReadOptions travel = Query(QueryType::kSnapshot);
    travel.as_of = f.instants[0];
    ASSERT_OK_AND_ASSIGN(auto first, f.Rows(travel, columns));
    EXPECT_EQ(first,
              type == "COPY_ON_WRITE"
                  ? (std::vector<std::string>{"a1|alice|2024/02/29", "b1|bob|2024/03/01"})
                  : (std::vector<std::string>{"a1|alice|1709208000000",
                                              "b1|bob|1709294400000"}));
  }
}

TEST(PartitionValuesReadTest, InPlaceGlobalUpdateAndPartitionFilters) {
  for (std::string type : {"COPY_ON_WRITE", "MERGE_ON_READ"}) {
    SCOPED_TRACE(type);
    // GLOBAL_SIMPLE without update.partition.path: k1 is updated where it lives (a),
    // keeping the incoming partition value b.
    Fixture f(ModelKeyGen::kSimple, "GLOBAL_SIMPLE", type);
    ASSERT_OK(f.Upsert({Rec("k1", "a", kFeb29, 1, "n1"), Rec("k2", "a", kFeb29, 1, "n2"),
                        Rec("k3", "b", kFeb29, 1, "n3")}));
    ASSERT_OK(f.Upsert({Rec("k1", "b", kFeb29, 2, "n1b")}));
    const std::vector<std::string> columns = {"_hoodie_partition_path", "id", "p"};
    bool cow = type == "COPY_ON_WRITE";
    ASSERT_OK_AND_ASSIGN(auto snapshot, f.Rows(Query(QueryType::kSnapshot), columns));
    EXPECT_EQ(snapshot,
              (std::vector<std::string>{std::string("a|k1|") + (cow ? "a" : "b"),
                                        "a|k2|a", "b|k3|b"}));
    ASSERT_OK_AND_ASSIGN(auto incremental,
                         f.Rows(Query(QueryType::kIncremental), columns));
    EXPECT_EQ(incremental, (std::vector<std::string>{"a|k1|b", "a|k2|a", "b|k3|b"}));
    // p = b: copy-on-write reads the path value a for k1; a merge-on-read snapshot
    // prunes partition a by its path value, so k1 (stored b) is in neither p = a nor
    // p = b; incremental reads filter the stored values only.
    for (auto [op, value, snapshot_ids, incremental_ids] :
         std::vector<std::tuple<CompareOp, std::string, std::string, std::string>>{
             {CompareOp::kEqual, "a", cow ? "k1,k2" : "k2", "k2"},
             {CompareOp::kEqual, "b", "k3", "k1,k3"},
             {CompareOp::kNotEqual, "a", "k3", "k1,k3"},
             {CompareOp::kNotEqual, "b", cow ? "k1,k2" : "k2", "k2"}}) {
      for (QueryType query : {QueryType::kSnapshot, QueryType::kIncremental}) {
        ReadOptions options = Query(query);
        options.filters = {{"p", op, value}};
        ASSERT_OK_AND_ASSIGN(auto rows, f.Rows(options, {"id"}));
        std::string ids;
        for (const std::string& row : rows) ids += (ids.empty() ? "" : ",") + row;
        EXPECT_EQ(ids, query == QueryType::kSnapshot ? snapshot_ids : incremental_ids)
            << static_cast<int>(op) << " " << value;
      }
    }
  }
}

// Spark refuses time travel before the earliest commit the last clean retained
// (TimelineUtils.validateTimestampAsOf), and so does hoodie
// (tests/interop/test_cleaning.py checks both against a table Spark cleaned).
TEST(CleanedTimeTravelTest, InstantsBeforeTheEarliestRetainedCommitAreRefused) {
  Fixture f(ModelKeyGen::kSimple, "BLOOM", "COPY_ON_WRITE");
  for (int64_t ts = 1; ts <= 3; ++ts) {
    ASSERT_OK(f.Upsert({Rec("k1", "a", kFeb29, ts, "n" + std::to_string(ts))}));
  }
  CleanMetadata clean;
  clean.start_clean_time = "29990101000000000";
  clean.earliest_commit_to_retain = f.instants[1];
  clean.last_completed_commit_timestamp = f.instants[2];
  clean.version = 2;
  ASSERT_OK_AND_ASSIGN(std::string bytes, clean.ToAvroBytes());
  ASSERT_OK(f.storage->WriteAll(f.base + "/.hoodie/29990101000000000.clean", bytes,
                                /*overwrite=*/false));
  ReadOptions travel;
  travel.as_of = f.instants[0];
  EXPECT_THAT(f.Rows(travel, {"name"}),
              testing::StatusMessageHas("Cleaner cleaned up the timestamp of interest: "
                                        "time travel to " +
                                        f.instants[0]));
  travel.as_of = f.instants[1];
  ASSERT_OK_AND_ASSIGN(auto rows, f.Rows(travel, {"name"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"n2"}));
  ASSERT_OK_AND_ASSIGN(rows, f.Rows(Query(QueryType::kSnapshot), {"name"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"n3"}));
}

}  // namespace
}  // namespace hoodie
