// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/bulk_insert_test.cc
/// \brief Streamed bulk_insert: every sort mode, file rolling, the external sort's
/// spilled runs and the user partitioner hook.

#include <algorithm>
#include <atomic>
#include <map>
#include <random>

#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/value_text.h"
#include "hoodie/client/write_client.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/write/bulk_insert_partitioner.h"
#include "hoodie/write/keyed_batch_internal.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::SnapshotRows;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

// 300 rows over three cities with keys in a shuffled order.
std::vector<TripRow> ShuffledTrips(int count = 300) {
  std::vector<TripRow> rows;
  const char* cities[] = {"sf", "ny", "la"};
  for (int i = 0; i < count; ++i) {
    rows.push_back({"k" + std::to_string(1000 + i), "n" + std::to_string(i), i,
                    cities[(i * 7) % 3]});
  }
  std::mt19937 random(42);
  std::shuffle(rows.begin(), rows.end(), random);
  return rows;
}

std::vector<std::string> Expected(const std::vector<TripRow>& rows) {
  std::vector<std::string> out;
  for (const TripRow& row : rows) {
    out.push_back(row.id + "|" + row.city + "|" + row.id + "|" + row.name + "|" +
                  std::to_string(row.ts) + "|" + row.city);
  }
  std::sort(out.begin(), out.end());
  return out;
}

const std::vector<std::string> kKeyAndData = {
    "_hoodie_record_key", "_hoodie_partition_path", "id", "name", "ts", "city"};

struct Fixture {
  testing::TempDir dir;
  std::string base;
  std::shared_ptr<Storage> storage = Storage::Local();
  std::shared_ptr<TableMetaClient> table;

  explicit Fixture(const HoodieConfig& config) : base(dir.Join("trips")) {
    table = WriteClient::OpenOrCreateTable(storage, base, config).ValueOrDie();
  }

  ::arrow::Result<WriteResult> BulkInsert(const HoodieConfig& config,
                                          const std::vector<TripRow>& rows,
                                          int64_t batch_size = 7) {
    ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table, config));
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    auto reader = TripReader(rows, batch_size);
    return client->BulkInsert(instant, reader.get());
  }

  // The rows of one written file in file order, as "key|seqno|partition".
  std::vector<std::string> FileRows(const WriteStat& stat) {
    auto reader = OpenBaseFile(storage, JoinPath(base, *stat.path)).ValueOrDie();
    auto data = reader->ReadTable().ValueOrDie()->CombineChunksToBatch().ValueOrDie();
    std::vector<std::string> out;
    for (int64_t i = 0; i < data->num_rows(); ++i) {
      out.push_back(ValueToText(*data->GetColumnByName("_hoodie_record_key"), i) + "|" +
                    ValueToText(*data->GetColumnByName("_hoodie_commit_seqno"), i) + "|" +
                    ValueToText(*data->GetColumnByName("_hoodie_partition_path"), i));
    }
    return out;
  }
};

HoodieConfig WithMode(const std::string& mode) {
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.bulkinsert.sort.mode", mode);
  return config;
}

class SortModeTest : public ::testing::TestWithParam<const char*> {};

TEST_P(SortModeTest, MultiBatchInputReadsBackExactly) {
  std::vector<TripRow> rows = ShuffledTrips();
  HoodieConfig config = WithMode(GetParam());
  config.Set("hoodie.memory.merge.max.size", "4096");  // several runs / chunks
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows));
  EXPECT_TRUE(result.committed);
  EXPECT_EQ(result.input_records, 300);
  EXPECT_EQ(result.inserted, 300);
  EXPECT_TRUE(result.failed.empty());
  ASSERT_OK_AND_ASSIGN(auto read, SnapshotRows(f.base, kKeyAndData));
  EXPECT_EQ(read, Expected(rows));
  // Every file holds one partition path; sequence numbers count per file from 0.
  int64_t files_rows = 0;
  for (const WriteStat& stat : result.stats) {
    std::vector<std::string> in_file = f.FileRows(stat);
    ASSERT_OK_AND_ASSIGN(BaseFileName name, ParseBaseFileName(*stat.path));
    std::string task = name.write_token.substr(0, name.write_token.find('-'));
    for (size_t i = 0; i < in_file.size(); ++i) {
      EXPECT_THAT(in_file[i],
                  ::testing::EndsWith("|" + result.instant_time + "_" + task + "_" +
                                      std::to_string(i) + "|" + *stat.partition_path));
    }
    EXPECT_EQ(stat.num_inserts, static_cast<int64_t>(in_file.size()));
    files_rows += static_cast<int64_t>(in_file.size());
  }
  EXPECT_EQ(files_rows, 300);
}

INSTANTIATE_TEST_SUITE_P(AllModes, SortModeTest,
                         ::testing::Values("NONE", "GLOBAL_SORT", "PARTITION_SORT",
                                           "PARTITION_PATH_REPARTITION",
                                           "PARTITION_PATH_REPARTITION_AND_SORT"));

std::vector<std::string> KeysOf(const std::vector<std::string>& file_rows) {
  std::vector<std::string> keys;
  for (const std::string& row : file_rows) keys.push_back(row.substr(0, row.find('|')));
  return keys;
}

TEST(BulkInsertTest, NoneKeepsInputOrderWithOneFilePerPartition) {
  std::vector<TripRow> rows = ShuffledTrips();
  HoodieConfig config = WithMode("NONE");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows));
  ASSERT_EQ(result.stats.size(), 3u);
  std::set<std::string> prefixes;
  for (const WriteStat& stat : result.stats) {
    std::vector<std::string> expected;
    for (const TripRow& row : rows) {
      if (row.city == *stat.partition_path) expected.push_back(row.id);
    }
    EXPECT_EQ(KeysOf(f.FileRows(stat)), expected);
    prefixes.insert(stat.file_id->substr(0, 36));
    ASSERT_OK_AND_ASSIGN(BaseFileName name, ParseBaseFileName(*stat.path));
    EXPECT_EQ(name.write_token, "0-0-0");
  }
  // One task: one file id prefix, files numbered in the order they were opened.
  EXPECT_EQ(prefixes.size(), 1u);
}

TEST(BulkInsertTest, GlobalSortOrderHoldsAcrossSpilledRuns) {
  std::vector<TripRow> rows = ShuffledTrips();
  HoodieConfig config = WithMode("GLOBAL_SORT");
  config.Set("hoodie.memory.merge.max.size", "1");  // every batch is its own run
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows));
  ASSERT_EQ(result.stats.size(), 3u);
  std::vector<std::string> cities;
  for (const WriteStat& stat : result.stats) {
    cities.push_back(*stat.partition_path);
    std::vector<std::string> expected;
    for (const TripRow& row : rows) {
      if (row.city == *stat.partition_path) expected.push_back(row.id);
    }
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(KeysOf(f.FileRows(stat)), expected);
  }
  // Files are closed in (partition path) order, the sort's order.
  EXPECT_EQ(cities, (std::vector<std::string>{"la", "ny", "sf"}));
}

TEST(BulkInsertTest, ExternalSorterMergesSpilledRunsInOrder) {
  testing::TempDir spill;
  auto schema = ::arrow::schema({::arrow::field("v", ::arrow::int64())});
  internal::ExternalSorter sorter(schema, internal::SortOrder{true}, 1, spill.path());
  std::vector<std::tuple<std::string, std::string, int64_t>> expected;
  std::mt19937 random(7);
  int64_t position = 0;
  for (int b = 0; b < 5; ++b) {
    ::arrow::StringBuilder keys, partitions;
    ::arrow::Int64Builder values, positions;
    for (int i = 0; i < 50; ++i) {
      std::string key = "k" + std::to_string(random() % 40);  // duplicates across runs
      std::string partition = (random() % 2) ? "p1" : "p0";
      ASSERT_OK(keys.Append(key));
      ASSERT_OK(partitions.Append(partition));
      ASSERT_OK(values.Append(position));
      ASSERT_OK(positions.Append(position));
      expected.emplace_back(partition, key, position++);
    }
    internal::KeyedBatch batch;
    batch.data = ::arrow::RecordBatch::Make(schema, 50, {values.Finish().ValueOrDie()});
    batch.keys =
        std::static_pointer_cast<::arrow::StringArray>(keys.Finish().ValueOrDie());
    batch.partitions =
        std::static_pointer_cast<::arrow::StringArray>(partitions.Finish().ValueOrDie());
    batch.positions =
        std::static_pointer_cast<::arrow::Int64Array>(positions.Finish().ValueOrDie());
    ASSERT_OK(sorter.Add(batch));
  }
  EXPECT_EQ(sorter.spilled_runs(), 5);
  std::sort(expected.begin(), expected.end());
  ASSERT_OK_AND_ASSIGN(auto stream, sorter.Finish(16));
  std::vector<std::tuple<std::string, std::string, int64_t>> merged;
  while (true) {
    ASSERT_OK_AND_ASSIGN(auto batch, stream->Next());
    if (!batch) break;
    EXPECT_LE(batch->num_rows(), 16);
    const auto& values = static_cast<const ::arrow::Int64Array&>(*batch->data->column(0));
    for (int64_t i = 0; i < batch->num_rows(); ++i) {
      EXPECT_EQ(values.Value(i), batch->positions->Value(i));  // data travels with keys
      merged.emplace_back(std::string(batch->partitions->GetView(i)),
                          std::string(batch->keys->GetView(i)),
                          batch->positions->Value(i));
    }
  }
  EXPECT_EQ(merged, expected);
}

TEST(BulkInsertTest, PartitionSortWritesEachChunkSortedAsItsOwnTask) {
  std::vector<TripRow> rows = ShuffledTrips(60);
  HoodieConfig config = WithMode("PARTITION_SORT");
  config.Set("hoodie.memory.merge.max.size", "1");  // every input batch is a chunk
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows, 20));
  // Three chunks of 20 rows, each written by its own task, one file per city in it.
  std::map<std::string, std::vector<std::string>> by_task;
  for (const WriteStat& stat : result.stats) {
    ASSERT_OK_AND_ASSIGN(BaseFileName name, ParseBaseFileName(*stat.path));
    std::vector<std::string> keys = KeysOf(f.FileRows(stat));
    EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
    for (const std::string& key : keys) by_task[name.write_token].push_back(key);
  }
  ASSERT_EQ(by_task.size(), 3u);
  for (int chunk = 0; chunk < 3; ++chunk) {
    std::string token = std::to_string(chunk) + "-0-" + std::to_string(chunk);
    std::vector<std::string> expected;
    for (int i = 0; i < 20; ++i) expected.push_back(rows[chunk * 20 + i].id);
    std::vector<std::string> got = by_task[token];
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << token;
  }
}

TEST(BulkInsertTest, FilesRollAtMaxFileSize) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.bulkinsert.sort.mode", "NONE");
  config.Set("hoodie.parquet.max.file.size", "2000");
  Fixture f(config);
  std::vector<TripRow> rows;
  for (int i = 0; i < 250; ++i)
    rows.push_back({"k" + std::to_string(1000 + i), "n", i, ""});
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows, 32));
  // The size is checked after 100 rows (HoodieBaseParquetWriter), when 100 rows already
  // exceed 2000 bytes: files of 100, 100 and 50 rows, in input order.
  ASSERT_EQ(result.stats.size(), 3u);
  std::string prefix = result.stats[0].file_id->substr(0, 36);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(*result.stats[i].file_id, prefix + "-" + std::to_string(i));
    EXPECT_EQ(result.stats[i].num_writes, i < 2 ? 100 : 50);
    std::vector<std::string> keys = KeysOf(f.FileRows(result.stats[i]));
    ASSERT_FALSE(keys.empty());
    EXPECT_EQ(keys.front(), "k" + std::to_string(1000 + 100 * i));
  }
}

TEST(BulkInsertTest, CombineBeforeInsertKeepsLatestAcrossBatchesAndRuns) {
  HoodieConfig config = WithMode("NONE");
  config.Set("hoodie.combine.before.insert", "true");
  config.Set("hoodie.memory.merge.max.size", "1");
  Fixture f(config);
  std::vector<TripRow> rows = {{"a", "old", 5, "sf"}, {"b", "b1", 1, "ny"},
                               {"a", "new", 9, "sf"}, {"a", "older", 2, "sf"},
                               {"b", "b2", 1, "ny"},  {"c", "c", 3, "sf"}};
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows, 2));
  EXPECT_EQ(result.deduplicated, 3);
  EXPECT_EQ(result.inserted, 3);
  ASSERT_OK_AND_ASSIGN(auto read, SnapshotRows(f.base, {"id", "name", "ts"}));
  EXPECT_EQ(read, (std::vector<std::string>{"a|new|9", "b|b2|1", "c|c|3"}));
}

TEST(BulkInsertTest, FailedKeysAreReportedAndDeletedRowsSkipped) {
  HoodieConfig config = WithMode("NONE");
  config.Set("hoodie.auto.commit", "false");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(
      WriteResult result,
      f.BulkInsert(config, {{"a", "x", 1, "sf"}, {"", "x", 2, "sf"}, {"c", "x", 3, "ny"}},
                   2));
  EXPECT_EQ(result.input_records, 3);
  ASSERT_EQ(result.failed.size(), 1u);
  EXPECT_EQ(result.failed[0].input_row, 1);
  EXPECT_EQ(result.inserted, 2);
  EXPECT_FALSE(result.committed);
}

TEST(BulkInsertTest, AFailedKeyAfterFilesWereWrittenAbortsTheAutoCommit) {
  HoodieConfig config = WithMode("NONE");
  Fixture f(config);
  ASSERT_OK(f.BulkInsert(config, {{"a", "x", 1, "sf"}}).status());
  const std::vector<std::string> before = testing::ListTree(f.base);
  // The bad key comes in the last batch, after the first batches' files were written.
  std::vector<TripRow> rows;
  for (int i = 0; i < 20; ++i) {
    rows.push_back({"k" + std::to_string(i), "x", i, i % 2 == 0 ? "sf" : "ny"});
  }
  rows.push_back({"", "x", 99, "sf"});
  auto result = f.BulkInsert(config, rows, 3);
  ASSERT_TRUE(result.status().IsInvalid()) << result.status();
  EXPECT_EQ(
      result.status().message(),
      "1 of 21 records failed, nothing was committed: record 20: recordKey value: "
      "\"null\" for field: \"id\" cannot be null or empty. (set "
      "hoodie.auto.commit=false to get the uncommitted result and Commit or Abort it "
      "yourself)");
  EXPECT_EQ(testing::ListTree(f.base), before);
  ASSERT_OK_AND_ASSIGN(auto read, SnapshotRows(f.base, {"id"}));
  EXPECT_EQ(read, (std::vector<std::string>{"a"}));
}

TEST(BulkInsertTest, InMemoryIndexLearnsBulkInsertedLocations) {
  HoodieConfig config = WithMode("NONE");
  config.Set("hoodie.index.type", "INMEMORY");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(f.table, config));
  ASSERT_OK_AND_ASSIGN(std::string t1, client->StartCommit());
  auto first = TripReader({{"a", "x", 1, "sf"}, {"b", "x", 1, "ny"}}, 1);
  ASSERT_OK(client->BulkInsert(t1, first.get()).status());
  ASSERT_OK_AND_ASSIGN(std::string t2, client->StartCommit());
  auto second = TripReader({{"a", "y", 2, "sf"}, {"c", "y", 2, "ny"}});
  ASSERT_OK_AND_ASSIGN(WriteResult upserted, client->Upsert(t2, second.get()));
  EXPECT_EQ(upserted.updated, 1);
  EXPECT_EQ(upserted.inserted, 1);
  ASSERT_OK_AND_ASSIGN(auto read, SnapshotRows(f.base, {"id", "name"}));
  EXPECT_EQ(read, (std::vector<std::string>{"a|y", "b|x", "c|y"}));
}

// Sends row i of each chunk to task i % 2, in reverse order; counts its calls.
class ReverseTwoTasks : public BulkInsertPartitioner {
 public:
  static std::atomic<int> calls;
  ::arrow::Result<BulkInsertLayout> Repartition(const BulkInsertChunk& chunk) override {
    ++calls;
    BulkInsertLayout layout;
    for (int64_t i = chunk.data->num_rows() - 1; i >= 0; --i) {
      layout.order.push_back(i);
      layout.tasks.push_back(static_cast<int32_t>(i % 2));
    }
    return layout;
  }
};
std::atomic<int> ReverseTwoTasks::calls{0};

class BadLayout : public BulkInsertPartitioner {
 public:
  ::arrow::Result<BulkInsertLayout> Repartition(const BulkInsertChunk& chunk) override {
    BulkInsertLayout layout;
    for (int64_t i = 0; i < chunk.data->num_rows(); ++i) {
      layout.order.push_back(0);
      layout.tasks.push_back(0);
    }
    return layout;
  }
};

TEST(BulkInsertTest, UserPartitionerDecidesTasksAndOrder) {
  auto make = []() -> ::arrow::Result<std::unique_ptr<BulkInsertPartitioner>> {
    return std::make_unique<ReverseTwoTasks>();
  };
  ASSERT_OK(BulkInsertPartitionerRegistry::Global()->Register("test.ReverseTwoTasks", {},
                                                              make));
  EXPECT_THAT(
      BulkInsertPartitionerRegistry::Global()->Register("test.ReverseTwoTasks", {}, make),
      StatusMessageHas("already registered"));
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.bulkinsert.user.defined.partitioner.class", "test.ReverseTwoTasks");
  Fixture f(config);
  std::vector<TripRow> rows;
  for (int i = 0; i < 8; ++i) rows.push_back({"k" + std::to_string(i), "n", i, ""});
  ReverseTwoTasks::calls = 0;
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.BulkInsert(config, rows, 4));
  EXPECT_EQ(ReverseTwoTasks::calls, 2);  // one call per input batch
  ASSERT_EQ(result.stats.size(), 2u);
  std::map<std::string, std::vector<std::string>> by_token;
  for (const WriteStat& stat : result.stats) {
    ASSERT_OK_AND_ASSIGN(BaseFileName name, ParseBaseFileName(*stat.path));
    by_token[name.write_token] = f.FileRows(stat);
  }
  const std::string& t = result.instant_time;
  EXPECT_EQ(by_token["0-0-0"],
            (std::vector<std::string>{"k2|" + t + "_0_0|", "k0|" + t + "_0_1|",
                                      "k6|" + t + "_0_2|", "k4|" + t + "_0_3|"}));
  EXPECT_EQ(by_token["1-0-1"],
            (std::vector<std::string>{"k3|" + t + "_1_0|", "k1|" + t + "_1_1|",
                                      "k7|" + t + "_1_2|", "k5|" + t + "_1_3|"}));
}

TEST(BulkInsertTest, PartitionerErrorsAreClear) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.bulkinsert.user.defined.partitioner.class",
             "org.example.NoSuchPartitioner");
  testing::TempDir dir;
  auto table =
      WriteClient::OpenOrCreateTable(Storage::Local(), dir.Join("t"), TripConfig(false))
          .ValueOrDie();
  EXPECT_THAT(WriteClient::Make(table, config).status(),
              StatusMessageHas("hoodie.bulkinsert.user.defined.partitioner.class="
                               "org.example.NoSuchPartitioner: unknown bulk insert "
                               "partitioner 'org.example.NoSuchPartitioner'"));

  ASSERT_OK(BulkInsertPartitionerRegistry::Global()->Register(
      "test.BadLayout", {}, []() -> ::arrow::Result<std::unique_ptr<BulkInsertPartitioner>> {
        return std::make_unique<BadLayout>();
      }));
  config.Set("hoodie.bulkinsert.user.defined.partitioner.class", "test.BadLayout");
  Fixture f(config);
  EXPECT_THAT(f.BulkInsert(config, {{"a", "n", 1, ""}, {"b", "n", 1, ""}}).status(),
              StatusMessageHas("bulk insert partitioner 'test.BadLayout' placed row 0 "
                               "of chunk 0 (task 0) twice"));
}

}  // namespace
}  // namespace hoodie
