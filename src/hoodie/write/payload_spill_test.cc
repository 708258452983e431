// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/payload_spill_test.cc
/// \brief insert/upsert/delete with staged payloads spilled past the memory budget give
/// exactly the rows they give in memory, and leave no spill files behind.

#include <filesystem>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/keyed_batch_internal.h"
#include "hoodie/write/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::SnapshotRows;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

// Writes a first batch and an upsert (updates, inserts, deletes in three cities) with
// the given budget; returns the snapshot rows and the result counts.
struct Outcome {
  std::vector<std::string> rows;
  int64_t inserted = 0;
  int64_t updated = 0;
  int64_t deleted = 0;
  size_t files = 0;
};

Outcome WriteTwice(const std::string& budget, const std::string& spill_dir) {
  testing::TempDir dir;
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.memory.merge.max.size", budget);
  config.Set("hoodie.memory.spillable.map.path", spill_dir);
  // Small files roll often, so the upsert touches many buckets.
  config.Set("hoodie.parquet.max.file.size", "3000");
  config.Set("hoodie.copyonwrite.insert.auto.split", "false");
  config.Set("hoodie.copyonwrite.insert.split.size", "40");
  auto table = WriteClient::OpenOrCreateTable(Storage::Local(), dir.Join("t"), config)
                   .ValueOrDie();
  auto client = WriteClient::Make(table, config).ValueOrDie();
  const char* cities[] = {"sf", "ny", "la"};
  std::vector<TripRow> first;
  for (int i = 0; i < 200; ++i) {
    first.push_back({"k" + std::to_string(1000 + i), "a", i, cities[i % 3]});
  }
  std::string t1 = client->StartCommit().ValueOrDie();
  auto reader = TripReader(first, 16);
  EXPECT_TRUE(client->Insert(t1, reader.get()).ok());
  std::vector<TripRow> second;
  for (int i = 0; i < 200; i += 3) {  // updates
    second.push_back({"k" + std::to_string(1000 + i), "b", 1000 + i, cities[i % 3]});
  }
  for (int i = 200; i < 260; ++i) {  // inserts
    second.push_back({"k" + std::to_string(1000 + i), "c", i, cities[i % 3]});
  }
  second.push_back(
      {"k1000", "dup", 5000, "sf"});  // combined with its update: latest wins
  std::string t2 = client->StartCommit().ValueOrDie();
  auto upsert = TripReader(second, 16);
  WriteResult result = client->Upsert(t2, upsert.get()).ValueOrDie();
  Outcome out;
  out.rows = SnapshotRows(dir.Join("t"), {"id", "name", "ts", "city"}).ValueOrDie();
  out.inserted = result.inserted;
  out.updated = result.updated;
  out.files = result.stats.size();
  return out;
}

TEST(PayloadSpillTest, SpilledUpsertEqualsInMemoryUpsert) {
  testing::TempDir spill;
  Outcome memory = WriteTwice("1073741824", spill.path());
  Outcome spilled = WriteTwice("1", spill.path());
  EXPECT_EQ(memory.inserted, 60);
  EXPECT_EQ(memory.updated, 67);
  EXPECT_GE(memory.files, 4u);  // several buckets, so reads switch between bucket files
  EXPECT_EQ(spilled.rows, memory.rows);
  EXPECT_EQ(spilled.inserted, memory.inserted);
  EXPECT_EQ(spilled.updated, memory.updated);
  EXPECT_EQ(spilled.files, memory.files);
  EXPECT_EQ(spilled.rows.size(), 260u);
  EXPECT_EQ(spilled.rows.front(), "k1000|dup|5000|sf");
  // The spill folders are removed when the write ends.
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
}

TEST(PayloadSpillTest, StagedRowsPastTheBudgetAreReadBackPerBucket) {
  testing::TempDir spill;
  auto generator = MakeKeyGenerator(TripConfig(true)).ValueOrDie();
  std::vector<TripRow> rows;
  for (int i = 0; i < 10; ++i) rows.push_back({"k" + std::to_string(i), "n", i, "sf"});
  auto reader = TripReader(rows, 3);
  auto schema = reader->schema();
  ASSERT_OK_AND_ASSIGN(internal::IncomingRecords staged,
                       internal::IncomingRecords::Stage(
                           reader.get(), *generator, schema,
                           *MakeRecordMerger(TripConfig(true)).ValueOrDie(), std::nullopt,
                           internal::SpillOptions{1, spill.path()}));
  ASSERT_NE(staged.spilled, nullptr);
  EXPECT_EQ(staged.table, nullptr);
  EXPECT_FALSE(std::filesystem::is_empty(spill.path()));
  EXPECT_THAT(staged.Take({1}).status(),
              testing::StatusMessageHas("read before PrepareBuckets"));
  ASSERT_OK(staged.PrepareBuckets({{7, 2, 9}, {0, 5}}));
  ASSERT_OK_AND_ASSIGN(auto first, staged.Take({9, 2}));
  const auto& ids =
      static_cast<const ::arrow::StringArray&>(*first->GetColumnByName("id"));
  ASSERT_EQ(ids.length(), 2);
  EXPECT_EQ(ids.GetView(0), "k9");
  EXPECT_EQ(ids.GetView(1), "k2");
  ASSERT_OK_AND_ASSIGN(auto second, staged.Take({5, 0}));
  const auto& ts =
      static_cast<const ::arrow::Int64Array&>(*second->GetColumnByName("ts"));
  ASSERT_EQ(ts.length(), 2);
  EXPECT_EQ(ts.Value(0), 5);
  EXPECT_EQ(ts.Value(1), 0);
  EXPECT_THAT(staged.Take({5, 7}).status(),
              testing::StatusMessageHas("staged row 7 is not in bucket 1"));
  staged = internal::IncomingRecords();
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
}

// In memory, Take gathers batch by batch (Arrow's Take of a chunked table would copy
// the whole table first): rows come back in the order asked for, across batches and
// back again, and the staged keys and partitions stay valid views.
TEST(PayloadSpillTest, InMemoryTakeAcrossBatchesKeepsTheAskedOrder) {
  auto generator = MakeKeyGenerator(TripConfig(true)).ValueOrDie();
  std::vector<TripRow> rows;
  const char* cities[] = {"sf", "ny"};
  for (int i = 0; i < 10; ++i) {
    rows.push_back({"k" + std::to_string(i), "n", i, cities[i % 2]});
  }
  auto reader = TripReader(rows, 3);  // batches of rows 0-2, 3-5, 6-8, 9
  auto schema = reader->schema();
  ASSERT_OK_AND_ASSIGN(internal::IncomingRecords staged,
                       internal::IncomingRecords::Stage(
                           reader.get(), *generator, schema,
                           *MakeRecordMerger(TripConfig(true)).ValueOrDie(), std::nullopt));
  ASSERT_EQ(staged.spilled, nullptr);
  ASSERT_EQ(staged.table->num_rows(), 10);
  for (const std::vector<int64_t>& asked :
       std::vector<std::vector<int64_t>>{{1, 4, 5, 9}, {9, 0, 7, 2, 3, 8}, {}}) {
    ASSERT_OK_AND_ASSIGN(auto taken, staged.Take(asked));
    const auto& ts =
        static_cast<const ::arrow::Int64Array&>(*taken->GetColumnByName("ts"));
    ASSERT_EQ(ts.length(), static_cast<int64_t>(asked.size()));
    for (size_t i = 0; i < asked.size(); ++i) EXPECT_EQ(ts.Value(i), asked[i]);
  }
  ASSERT_RAISES(IndexError, staged.Take({-1}));
  // Copies share the store the views point into; one partition string per partition.
  internal::IncomingRecords copy = staged;
  staged = internal::IncomingRecords();
  ASSERT_EQ(copy.records.size(), 10u);
  EXPECT_EQ(copy.records[7].key, "k7");
  EXPECT_EQ(copy.records[7].partition, "ny");
  EXPECT_EQ(copy.records[6].partition.data(), copy.records[0].partition.data());
  EXPECT_EQ(copy.keys->partitions.size(), 2u);
}

}  // namespace
}  // namespace hoodie
