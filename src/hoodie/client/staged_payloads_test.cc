// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/staged_payloads_test.cc
/// \brief insert/upsert/delete with staged payloads spilled past the memory budget give
/// exactly the rows they give in memory, and leave no spill files behind; the staged
/// rows come back per bucket in the order asked, compressed in memory or spilled.

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
#include "hoodie/write/staged_payloads_internal.h"
#include "hoodie/client/write_client_test_util.h"

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

TEST(StagedPayloadsTest, SpilledUpsertEqualsInMemoryUpsert) {
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

TEST(StagedPayloadsTest, StagedRowsPastTheBudgetAreReadBackPerBucket) {
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
  ASSERT_TRUE(staged.payloads->spilled());
  EXPECT_FALSE(std::filesystem::is_empty(spill.path()));
  EXPECT_THAT(staged.Take(0, {1}).status(),
              testing::StatusMessageHas("taken before PrepareBuckets"));
  ASSERT_OK(staged.PrepareBuckets({{7, 2, 9}, {0, 5}}));
  ASSERT_OK_AND_ASSIGN(auto first, staged.Take(0, {9, 2}));
  const auto& ids =
      static_cast<const ::arrow::StringArray&>(*first->GetColumnByName("id"));
  ASSERT_EQ(ids.length(), 2);
  EXPECT_EQ(ids.GetView(0), "k9");
  EXPECT_EQ(ids.GetView(1), "k2");
  ASSERT_OK_AND_ASSIGN(auto second, staged.Take(1, {5, 0}));
  const auto& ts =
      static_cast<const ::arrow::Int64Array&>(*second->GetColumnByName("ts"));
  ASSERT_EQ(ts.length(), 2);
  EXPECT_EQ(ts.Value(0), 5);
  EXPECT_EQ(ts.Value(1), 0);
  EXPECT_THAT(staged.Take(1, {5, 7}).status(),
              testing::StatusMessageHas("staged row 7 is not in bucket 1"));
  staged = internal::IncomingRecords();
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
}

// In memory the staged rows stay compressed until a bucket takes them: before the
// buckets, a view reads rows back in one pass; after, every bucket's rows come back in
// the order asked, rows appended after staging (combined records) included; and the
// staged keys and partitions stay valid views in copies of the records.
TEST(StagedPayloadsTest, InMemoryRowsComeBackPerBucketInTheAskedOrder) {
  testing::TempDir spill;
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
                           *MakeRecordMerger(TripConfig(true)).ValueOrDie(), std::nullopt,
                           internal::SpillOptions{1 << 20, spill.path()}));
  ASSERT_FALSE(staged.payloads->spilled());
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
  auto ts_of = [](const std::shared_ptr<::arrow::RecordBatch>& batch) {
    const auto& ts = static_cast<const ::arrow::Int64Array&>(*batch->GetColumnByName("ts"));
    std::vector<int64_t> out;
    for (int64_t i = 0; i < ts.length(); ++i) out.push_back(ts.Value(i));
    return out;
  };
  ASSERT_OK_AND_ASSIGN(internal::StagedRowView view, staged.View({8, 2, 3}));
  EXPECT_EQ(view.Get(3).row, view.index.at(3));
  EXPECT_EQ(ts_of(view.loaded), (std::vector<int64_t>{2, 3, 8}));
  EXPECT_TRUE(view.Get(4).empty());
  // A combined record: a new row numbered after the staged ones.
  std::vector<TripRow> combined = {{"k4", "combined", 44, "sf"}};
  auto combined_reader = TripReader(combined, 1);
  ASSERT_OK_AND_ASSIGN(auto combined_batch, combined_reader->Next());
  ASSERT_OK_AND_ASSIGN(int64_t extra, staged.AppendRows(combined_batch));
  EXPECT_EQ(extra, 10);
  ASSERT_OK(staged.PrepareBuckets({{1, 4, 5, 9, 10}, {0, 7, 2, 3, 8}, {}}));
  ASSERT_OK_AND_ASSIGN(auto first, staged.Take(0, {10, 9, 1, 5, 4}));
  EXPECT_EQ(ts_of(first), (std::vector<int64_t>{44, 9, 1, 5, 4}));
  ASSERT_OK_AND_ASSIGN(auto second, staged.Take(1, {0, 7, 2, 3, 8}));
  EXPECT_EQ(ts_of(second), (std::vector<int64_t>{0, 7, 2, 3, 8}));
  ASSERT_OK_AND_ASSIGN(auto none, staged.Take(2, {}));
  EXPECT_EQ(none->num_rows(), 0);
  // Row 6 is in no bucket; a bucket that is not there is named.
  EXPECT_THAT(staged.Take(2, {6}).status(),
              testing::StatusMessageHas("staged row 6 is not in bucket 2"));
  EXPECT_THAT(staged.Take(3, {6}).status(),
              testing::StatusMessageHas("no bucket 3 of 3"));
  EXPECT_THAT(staged.View({0}).status(), testing::StatusMessageHas("viewed by bucket"));
  EXPECT_THAT(staged.AppendRows(combined_batch).status(),
              testing::StatusMessageHas("after the buckets were prepared"));
  // Copies share the store the views point into; one partition string per partition.
  internal::IncomingRecords copy = staged;
  staged = internal::IncomingRecords();
  ASSERT_EQ(copy.records.size(), 10u);
  EXPECT_EQ(copy.records[7].key(), "k7");
  EXPECT_EQ(copy.records[7].partition(), "ny");
  EXPECT_EQ(copy.records[6].partition().data(), copy.records[0].partition().data());
  EXPECT_EQ(copy.keys->partitions.size(), 2u);
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
}

}  // namespace
}  // namespace hoodie
