// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_client_test.cc
/// \brief WriteClient end to end: commits, files, stats and rows read back.

#include "hoodie/client/write_client.h"

#include <algorithm>
#include <map>

#include <arrow/api.h>
#include <gtest/gtest.h>
#include <parquet/arrow/reader.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::SnapshotRows;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

const std::vector<std::string> kMetaAndData = {"_hoodie_commit_time",
                                               "_hoodie_commit_seqno",
                                               "_hoodie_record_key",
                                               "_hoodie_partition_path",
                                               "id",
                                               "name",
                                               "ts",
                                               "city"};

struct Fixture {
  testing::TempDir dir;
  std::string base;
  std::shared_ptr<Storage> storage = Storage::Local();
  std::shared_ptr<TableMetaClient> table;
  std::unique_ptr<WriteClient> client;

  explicit Fixture(const HoodieConfig& config) : base(dir.Join("trips")) {
    table = WriteClient::OpenOrCreateTable(storage, base, config).ValueOrDie();
    client = WriteClient::Make(table, config).ValueOrDie();
  }

  ::arrow::Result<WriteResult> Write(WriteOperationType op,
                                     const std::vector<TripRow>& rows) {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    auto reader = TripReader(rows, 2);
    return client->Write(instant, op, reader.get());
  }

  CommitMetadata ReadCommit(const std::string& instant) {
    auto timeline = table->LoadActiveTimeline().ValueOrDie();
    return timeline
        .ReadCommitMetadata(Instant{instant, Action::kCommit, State::kCompleted})
        .ValueOrDie();
  }
};

TEST(WriteClientTest, InsertNonPartitionedWritesOneFileGroupAndCommit) {
  Fixture f(TripConfig(false));
  ASSERT_OK_AND_ASSIGN(
      WriteResult result,
      f.Write(WriteOperationType::kInsert,
              {{"k1", "a", 1, "sf"}, {"k2", "b", 2, "ny"}, {"k3", "c", 3, "sf"}}));
  const std::string& t = result.instant_time;
  EXPECT_TRUE(result.committed);
  EXPECT_EQ(result.inserted, 3);
  ASSERT_EQ(result.stats.size(), 1u);
  const WriteStat& stat = result.stats[0];
  ASSERT_OK_AND_ASSIGN(BaseFileName name, ParseBaseFileName(*stat.path));
  EXPECT_EQ(name.file_id, *stat.file_id);
  EXPECT_EQ(name.instant_time, t);
  EXPECT_EQ(name.write_token, "0-0-0");
  EXPECT_EQ(*stat.prev_commit, "null");
  EXPECT_EQ(stat.num_writes, 3);
  EXPECT_EQ(stat.num_inserts, 3);
  EXPECT_EQ(stat.num_update_writes, 0);
  EXPECT_EQ(*stat.partition_path, "");
  ASSERT_OK_AND_ASSIGN(auto status,
                       f.storage->GetFileStatus(JoinPath(f.base, *stat.path)));
  EXPECT_EQ(stat.file_size_in_bytes, status.size);
  EXPECT_EQ(stat.total_write_bytes, status.size);

  CommitMetadata commit = f.ReadCommit(t);
  EXPECT_EQ(commit.operation_type, WriteOperationType::kInsert);
  ASSERT_EQ(commit.AllWriteStats().size(), 1u);
  EXPECT_EQ(commit.AllWriteStats()[0], stat);
  EXPECT_EQ(
      *commit.Schema(),
      R"({"type":"record","name":"trips_record","namespace":"hoodie.trips","fields":[)"
      R"({"name":"id","type":["null","string"],"default":null},)"
      R"({"name":"name","type":["null","string"],"default":null},)"
      R"({"name":"ts","type":["null","long"],"default":null},)"
      R"({"name":"city","type":["null","string"],"default":null}]})");
  ASSERT_OK_AND_ASSIGN(bool markers, f.storage->Exists(f.base + "/.hoodie/.temp/" + t));
  EXPECT_FALSE(markers);
  ASSERT_OK_AND_ASSIGN(bool metadata,
                       f.storage->Exists(f.base + "/.hoodie_partition_metadata"));
  EXPECT_TRUE(metadata);
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kMetaAndData));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      t + "|" + t + "_0_0|k1||k1|a|1|sf",
                      t + "|" + t + "_0_1|k2||k2|b|2|ny",
                      t + "|" + t + "_0_2|k3||k3|c|3|sf",
                  }));
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

std::string Row(const std::string& t, const std::string& seqno, const std::string& key,
                const std::string& partition, const std::string& name, int ts,
                const std::string& city) {
  return t + "|" + seqno + "|" + key + "|" + partition + "|" + key + "|" + name + "|" +
         std::to_string(ts) + "|" + city;
}

// The steps of one upsert share the table's timeline listing until one of them changes
// the timeline: the rollback check and the new instant share one listing, the write
// lists once more after its requested instant, the clean once more after the commit,
// and the archival check shares the clean's (six listings before they were shared).
// The metadata table's step of the commit (on by default) checks the metadata table
// against a listing of its own: four.
TEST(WriteClientTest, AnUpsertListsTheTimelineOnlyAfterItChangesIt) {
  testing::TempDir dir;
  auto storage = std::make_shared<FaultInjectingStorage>(Storage::Local());
  const std::string base = dir.Join("t");
  const HoodieConfig config = TripConfig(true);
  // TripConfig commits automatically (hoodie.auto.commit): no Commit() by the helper.
  ASSERT_OK(testing::UpsertWithNewClient(storage, base, config, {{"a", "x", 1, "sf"}},
                                         /*commit=*/false)
                .status());
  storage->ResetCounts();
  ASSERT_OK_AND_ASSIGN(
      WriteResult result,
      testing::UpsertWithNewClient(storage, base, config,
                                   {{"a", "y", 2, "sf"}, {"b", "z", 2, "la"}},
                                   /*commit=*/false));
  EXPECT_TRUE(result.committed);
  EXPECT_EQ(storage->call_count(StorageOperation::kList, JoinPath(base, ".hoodie")), 4);
}

TEST(WriteClientTest, WriteRefusesOperationsWithoutRecordInput) {
  Fixture f(TripConfig(true));
  ASSERT_OK_AND_ASSIGN(std::string instant, f.client->StartCommit());
  auto reader = TripReader({{"t1", "alice", 1, "sf"}});
  ASSERT_RAISES(Invalid,
                f.client->Write(instant, WriteOperationType::kCompact, reader.get()));
  EXPECT_THAT(f.client->Write(instant, WriteOperationType::kCompact, reader.get()),
              StatusMessageHas("operation COMPACT does not write records; use insert"));
}

TEST(WriteClientTest, UpsertRewritesTouchedGroupsAndKeepsOldCommitTimes) {
  Fixture f(TripConfig(true));
  ASSERT_OK_AND_ASSIGN(
      WriteResult first,
      f.Write(WriteOperationType::kInsert,
              {{"k1", "a", 1, "sf"}, {"k2", "b", 2, "ny"}, {"k3", "c", 3, "sf"}}));
  const std::string t1 = first.instant_time;
  ASSERT_EQ(first.stats.size(), 2u);
  EXPECT_EQ(*first.stats[0].partition_path, "ny");
  EXPECT_EQ(*first.stats[1].partition_path, "sf");
  ASSERT_OK_AND_ASSIGN(WriteResult second,
                       f.Write(WriteOperationType::kUpsert,
                               {{"k1", "a2", 5, "sf"}, {"k4", "d", 4, "ny"}}));
  const std::string t2 = second.instant_time;
  EXPECT_EQ(second.updated, 1);
  EXPECT_EQ(second.inserted, 1);
  ASSERT_EQ(second.stats.size(), 2u);
  // The small ny file takes the insert (task 0), the sf group takes the update (task 1).
  const WriteStat& ny = second.stats[0];
  EXPECT_EQ(*ny.file_id, *first.stats[0].file_id);
  EXPECT_EQ(*ny.prev_commit, t1);
  EXPECT_EQ(ny.num_writes, 2);
  EXPECT_EQ(ny.num_inserts, 1);
  EXPECT_EQ(ny.num_update_writes, 0);
  const WriteStat& sf = second.stats[1];
  EXPECT_EQ(*sf.file_id, *first.stats[1].file_id);
  EXPECT_EQ(*sf.prev_commit, t1);
  EXPECT_EQ(sf.num_writes, 2);
  EXPECT_EQ(sf.num_inserts, 0);
  EXPECT_EQ(sf.num_update_writes, 1);
  EXPECT_EQ(*sf.path, "sf/" + *sf.file_id + "_1-0-1_" + t2 + ".parquet");
  std::vector<WriteStat> committed = f.ReadCommit(t2).AllWriteStats();
  ASSERT_EQ(committed.size(), 2u);
  // Partitions come in Java HashMap order in the JSON.
  if (*committed[0].partition_path != "ny") std::swap(committed[0], committed[1]);
  EXPECT_EQ(committed[0], ny);
  EXPECT_EQ(committed[1], sf);
  EXPECT_EQ(f.ReadCommit(t2).operation_type, WriteOperationType::kUpsert);
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kMetaAndData));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      Row(t1, t1 + "_0_0", "k2", "ny", "b", 2, "ny"),
                      Row(t1, t1 + "_1_1", "k3", "sf", "c", 3, "sf"),
                      Row(t2, t2 + "_0_0", "k4", "ny", "d", 4, "ny"),
                      Row(t2, t2 + "_1_0", "k1", "sf", "a2", 5, "sf"),
                  }));

  ASSERT_OK_AND_ASSIGN(
      WriteResult third,
      f.Write(WriteOperationType::kDelete, {{"k3", "", 0, "sf"}, {"k9", "", 0, "sf"}}));
  EXPECT_EQ(third.deleted, 1);
  ASSERT_EQ(third.stats.size(), 1u);
  EXPECT_EQ(third.stats[0].num_deletes, 1);
  EXPECT_EQ(third.stats[0].num_writes, 1);
  EXPECT_EQ(*third.stats[0].prev_commit, t2);
  EXPECT_EQ(f.ReadCommit(third.instant_time).operation_type, WriteOperationType::kDelete);
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, kMetaAndData));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      Row(t1, t1 + "_0_0", "k2", "ny", "b", 2, "ny"),
                      Row(t2, t2 + "_0_0", "k4", "ny", "d", 4, "ny"),
                      Row(t2, t2 + "_1_0", "k1", "sf", "a2", 5, "sf"),
                  }));
}

// The merge handle reads a base file batch by batch (65,536 rows) and gathers each
// batch's output column by column: rows keep their file order and, unless merged,
// their meta values; merged rows and then the inserts take this commit's sequence
// numbers in file order, in whichever batch they fall.
TEST(WriteClientTest, UpsertMergesABaseFileOfManyBatchesInFileOrder) {
  Fixture f(TripConfig(false));
  constexpr int kRows = 150000;
  std::vector<TripRow> rows;
  for (int i = 0; i < kRows; ++i) {
    rows.push_back({"k" + std::to_string(1000000 + i), "n" + std::to_string(i), 1, "sf"});
  }
  auto write = [&](WriteOperationType op, const std::vector<TripRow>& input) {
    std::string instant = f.client->StartCommit().ValueOrDie();
    auto reader = TripReader(input, 8192);
    return f.client->Write(instant, op, reader.get());
  };
  ASSERT_OK_AND_ASSIGN(WriteResult first, write(WriteOperationType::kBulkInsert, rows));
  ASSERT_EQ(first.stats.size(), 1u);
  const std::string t1 = first.instant_time;
  // Updates in the first, second and third batch (the default payload,
  // OverwriteWithLatestAvroPayload, takes an update whatever its ordering value), then
  // two inserts.
  ASSERT_OK_AND_ASSIGN(
      WriteResult second,
      write(WriteOperationType::kUpsert, {{"k1140000", "u3", 2, "sf"},
                                          {"k1000010", "u1", 2, "sf"},
                                          {"k1070000", "u2", 2, "sf"},
                                          {"k1070001", "old", 0, "sf"},
                                          {"k2000001", "i2", 2, "sf"},
                                          {"k2000000", "i1", 2, "sf"}}));
  const std::string t2 = second.instant_time;
  ASSERT_EQ(second.stats.size(), 1u);
  EXPECT_EQ(second.stats[0].num_update_writes, 4);
  EXPECT_EQ(second.stats[0].num_inserts, 2);
  EXPECT_EQ(second.stats[0].num_writes, kRows + 2);
  auto read_file = [&](const WriteStat& stat) {
    auto file = f.storage->OpenForRead(JoinPath(f.base, *stat.path)).ValueOrDie();
    auto reader =
        ::parquet::arrow::OpenFile(file, ::arrow::default_memory_pool()).ValueOrDie();
    std::shared_ptr<::arrow::Table> table;
    EXPECT_OK(reader->ReadTable(&table));
    return table->CombineChunksToBatch().ValueOrDie();
  };
  auto text = [](const std::shared_ptr<::arrow::RecordBatch>& batch, const char* column,
                 int64_t row) {
    return std::string(std::static_pointer_cast<::arrow::StringArray>(
                           batch->GetColumnByName(column))
                           ->GetView(row));
  };
  auto merged = read_file(second.stats[0]);
  ASSERT_EQ(merged->num_rows(), kRows + 2);
  const std::map<int64_t, std::pair<std::string, std::string>> written = {
      {10, {"u1", t2 + "_0_0"}},
      {70000, {"u2", t2 + "_0_1"}},
      {70001, {"old", t2 + "_0_2"}},
      {140000, {"u3", t2 + "_0_3"}},
      {kRows, {"i2", t2 + "_0_4"}},  // inserts in arrival order
      {kRows + 1, {"i1", t2 + "_0_5"}}};
  for (int64_t row = 0; row < merged->num_rows(); ++row) {
    auto it = written.find(row);
    if (it == written.end()) {
      ASSERT_EQ(text(merged, "_hoodie_record_key", row), "k" + std::to_string(1000000 + row));
      ASSERT_EQ(text(merged, "_hoodie_commit_time", row), t1);
      ASSERT_EQ(text(merged, "name", row), "n" + std::to_string(row));
      continue;
    }
    EXPECT_EQ(text(merged, "name", row), it->second.first) << row;
    EXPECT_EQ(text(merged, "_hoodie_commit_time", row), t2) << row;
    EXPECT_EQ(text(merged, "_hoodie_commit_seqno", row), it->second.second) << row;
    EXPECT_EQ(text(merged, "_hoodie_file_name", row),
              second.stats[0].path->substr(second.stats[0].path->rfind('/') + 1));
  }
  // Deletes in two batches leave the other rows in order.
  ASSERT_OK_AND_ASSIGN(
      WriteResult third,
      write(WriteOperationType::kDelete, {{"k1000010", "", 0, "sf"},
                                          {"k1140001", "", 0, "sf"}}));
  EXPECT_EQ(third.stats[0].num_deletes, 2);
  auto after = read_file(third.stats[0]);
  ASSERT_EQ(after->num_rows(), kRows);
  EXPECT_EQ(text(after, "_hoodie_record_key", 9), "k1000009");
  EXPECT_EQ(text(after, "_hoodie_record_key", 10), "k1000011");
  EXPECT_EQ(text(after, "_hoodie_record_key", 139999), "k1140000");
  EXPECT_EQ(text(after, "_hoodie_commit_seqno", 139999), t2 + "_0_3");
  EXPECT_EQ(text(after, "_hoodie_record_key", 140000), "k1140002");
}

TEST(WriteClientTest, UpsertDeduplicatesByPrecombineFieldInsertKeepsDuplicates) {
  Fixture f(TripConfig(false));
  ASSERT_OK_AND_ASSIGN(WriteResult upsert,
                       f.Write(WriteOperationType::kUpsert, {{"k1", "x", 1, "sf"},
                                                             {"k1", "y", 3, "sf"},
                                                             {"k1", "z", 2, "sf"},
                                                             {"k2", "w", 1, "sf"}}));
  EXPECT_EQ(upsert.deduplicated, 2);
  EXPECT_EQ(upsert.inserted, 2);
  const std::string t = upsert.instant_time;
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kMetaAndData));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t, t + "_0_0", "k1", "", "y", 3, "sf"),
                                            Row(t, t + "_0_1", "k2", "", "w", 1, "sf")}));
  // INSERT without combine.before.insert and with allow.duplicate.on.inserts writes both.
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.merge.allow.duplicate.on.inserts", "true");
  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(f.table, config));
  ASSERT_OK_AND_ASSIGN(std::string t2, client->StartCommit());
  auto reader = TripReader({{"k3", "a", 1, "sf"}, {"k3", "b", 2, "sf"}});
  ASSERT_OK_AND_ASSIGN(WriteResult insert, client->Insert(t2, reader.get()));
  EXPECT_EQ(insert.inserted, 2);
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, {"_hoodie_record_key", "name"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"k1|y", "k2|w", "k3|a", "k3|b"}));
}

TEST(WriteClientTest, RecordsWithoutKeyAreReturnedUncommittedWithoutAutoCommit) {
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.auto.commit", "false");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(
      WriteResult result,
      f.Write(WriteOperationType::kInsert,
              {{"k1", "a", 1, "sf"}, {"", "b", 2, "ny"}, {"k3", "c", 3, "sf"}}));
  ASSERT_EQ(result.failed.size(), 1u);
  EXPECT_EQ(result.failed[0].input_row, 1);
  EXPECT_NE(result.failed[0].message.find("id"), std::string::npos)
      << result.failed[0].message;
  EXPECT_EQ(result.inserted, 2);
  EXPECT_FALSE(result.committed);
  // The caller decides: here it commits the records that did not fail.
  ASSERT_OK(f.client->Commit(&result));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, {"_hoodie_record_key", "name"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"k1|a", "k3|c"}));
}

TEST(WriteClientTest, FailedRecordsAbortAnAutoCommitAndLeaveTheTableAsItWas) {
  Fixture f(TripConfig(true));
  ASSERT_OK(f.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"}}).status());
  const std::vector<std::string> before = testing::ListTree(f.base);
  for (WriteOperationType op : {WriteOperationType::kUpsert, WriteOperationType::kInsert,
                                WriteOperationType::kBulkInsert}) {
    SCOPED_TRACE(WriteOperationTypeName(op));
    auto result = f.Write(op, {{"k1", "b", 2, "sf"},
                               {"", "b", 2, "ny"},
                               {"k3", "c", 3, "sf"},
                               {"", "d", 4, "sf"}});
    ASSERT_TRUE(result.status().IsInvalid()) << result.status();
    EXPECT_EQ(result.status().message(),
              "2 of 4 records failed, nothing was committed: record 1: recordKey "
              "value: \"null\" for field: \"id\" cannot be null or empty.; record 3: "
              "recordKey value: \"null\" for field: \"id\" cannot be null or empty. (set "
              "hoodie.auto.commit=false to get the uncommitted result and Commit or "
              "Abort it yourself)");
    // Same files, same timeline, no pending instant, no markers.
    EXPECT_EQ(testing::ListTree(f.base), before);
  }
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, {"_hoodie_record_key", "name"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"k1|a"}));
}

TEST(WriteClientTest, MaxFileSizeRollsOverAndSplitSizeMakesBuckets) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.parquet.max.file.size", "2000");
  config.Set("hoodie.parquet.small.file.limit", "0");
  config.Set("hoodie.copyonwrite.insert.auto.split", "false");
  config.Set("hoodie.copyonwrite.insert.split.size", "1000");
  Fixture f(config);
  std::vector<TripRow> rows;
  for (int i = 0; i < 250; ++i)
    rows.push_back({"k" + std::to_string(1000 + i), "n", i, "sf"});
  ASSERT_OK_AND_ASSIGN(WriteResult result,
                       f.Write(WriteOperationType::kBulkInsert, rows));
  // The size is checked after 100 rows (HoodieBaseParquetWriter), when 100 rows already
  // exceed 2000 bytes: files of 100, 100 and 50 rows, one file id prefix.
  ASSERT_EQ(result.stats.size(), 3u);
  std::string prefix = result.stats[0].file_id->substr(0, 36);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(*result.stats[i].file_id, prefix + "-" + std::to_string(i));
    EXPECT_EQ(result.stats[i].num_writes, i < 2 ? 100 : 50);
  }
  ASSERT_OK_AND_ASSIGN(auto all, SnapshotRows(f.base, {"_hoodie_record_key"}));
  EXPECT_EQ(all.size(), 250u);

  HoodieConfig split = TripConfig(false);
  split.Set("hoodie.parquet.small.file.limit", "0");
  split.Set("hoodie.copyonwrite.insert.auto.split", "false");
  split.Set("hoodie.copyonwrite.insert.split.size", "2");
  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(f.table, split));
  ASSERT_OK_AND_ASSIGN(std::string t, client->StartCommit());
  auto reader = TripReader({{"a1", "", 1, ""},
                            {"a2", "", 1, ""},
                            {"a3", "", 1, ""},
                            {"a4", "", 1, ""},
                            {"a5", "", 1, ""}});
  ASSERT_OK_AND_ASSIGN(WriteResult inserted, client->Insert(t, reader.get()));
  ASSERT_EQ(inserted.stats.size(), 3u);
  EXPECT_EQ(inserted.stats[2].num_writes, 1);
  ASSERT_OK_AND_ASSIGN(BaseFileName third, ParseBaseFileName(*inserted.stats[2].path));
  EXPECT_EQ(third.write_token, "2-0-2");
}

TEST(WriteClientTest, ManualCommitAbortAndPendingInstants) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.auto.commit", "false");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(std::string t, f.client->StartCommit());
  auto reader = TripReader({{"k1", "a", 1, "sf"}});
  ASSERT_OK_AND_ASSIGN(WriteResult result, f.client->Insert(t, reader.get()));
  EXPECT_FALSE(result.committed);
  ASSERT_OK_AND_ASSIGN(
      bool marker, f.storage->Exists(f.base + "/.hoodie/.temp/" + t + "/" +
                                     result.stats[0].path.value() + ".marker.CREATE"));
  EXPECT_TRUE(marker);
  ASSERT_OK(f.client->Abort(t));
  ASSERT_OK_AND_ASSIGN(bool data,
                       f.storage->Exists(JoinPath(f.base, *result.stats[0].path)));
  EXPECT_FALSE(data);
  ASSERT_OK_AND_ASSIGN(std::string t2, f.client->StartCommit());
  reader = TripReader({{"k2", "b", 2, "sf"}});
  ASSERT_OK_AND_ASSIGN(result, f.client->Insert(t2, reader.get()));
  ASSERT_OK(f.client->Commit(&result));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, {"_hoodie_record_key"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"k2"}));
}

TEST(WriteClientTest, UpsertIntoCopyOfSparkWrittenSampleTable) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable("hudi-rs-tables/sample_table/cow/v6_nonpartitioned.zip",
                          dir.path()));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(Storage::Local(), base));
  ASSERT_OK_AND_ASSIGN(auto reader, TableReader::Open(table));
  ASSERT_OK_AND_ASSIGN(auto before, reader->ReadTable(ReadOptions::Defaults()));
  std::vector<std::string> all_but_file_name;
  for (const auto& field : before->schema()->fields()) {
    if (field->name() != "_hoodie_file_name") all_but_file_name.push_back(field->name());
  }
  // Input: the first stored row with a new name, and a copy of it under id 99.
  auto data = RemoveMetadataFields(*before->schema());
  ASSERT_OK_AND_ASSIGN(auto first_row, before->Slice(0, 1)->CombineChunksToBatch());
  std::string id0 =
      first_row->GetColumnByName("id")->GetScalar(0).ValueOrDie()->ToString();
  std::string long0 =
      first_row->GetColumnByName("longField")->GetScalar(0).ValueOrDie()->ToString();
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (const auto& field : data->fields()) {
    auto column = first_row->GetColumnByName(field->name());
    std::vector<std::shared_ptr<::arrow::Array>> twice = {column, column};
    ASSERT_OK_AND_ASSIGN(auto doubled, ::arrow::Concatenate(twice));
    if (field->name() == "id") {
      ::arrow::Int32Builder ids;
      ASSERT_OK(ids.AppendValues({std::stoi(id0), 99}));
      ASSERT_OK_AND_ASSIGN(doubled, ids.Finish());
    } else if (field->name() == "name") {
      ::arrow::StringBuilder names;
      ASSERT_OK(names.AppendValues({"updated", "new"}));
      ASSERT_OK_AND_ASSIGN(doubled, names.Finish());
    }
    columns.push_back(doubled);
  }
  auto input = ::arrow::RecordBatch::Make(::arrow::schema(data->fields()), 2, columns);
  ASSERT_OK_AND_ASSIGN(auto input_reader, ::arrow::RecordBatchReader::Make({input}));
  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(table, HoodieConfig()));
  ASSERT_OK_AND_ASSIGN(std::string t, client->StartCommit());
  ASSERT_OK_AND_ASSIGN(WriteResult result, client->Upsert(t, input_reader.get()));
  EXPECT_EQ(result.updated, 1);
  EXPECT_EQ(result.inserted, 1);
  ASSERT_EQ(result.stats.size(), 1u);
  EXPECT_EQ(*result.stats[0].file_id, "a079bdb3-731c-4894-b855-abfcd6921007-0");
  EXPECT_EQ(*result.stats[0].prev_commit, "20240418173551906");
  EXPECT_EQ(result.stats[0].num_writes, before->num_rows() + 1);

  ASSERT_OK_AND_ASSIGN(auto after_rows, SnapshotRows(base, all_but_file_name));
  std::vector<std::string> kept_before = testing::RenderRows(*before, all_but_file_name);
  std::vector<std::string> expected;
  auto text = [&](const char* column) {
    return first_row->GetColumnByName(column)->GetScalar(0).ValueOrDie()->ToString();
  };
  std::string prefix0 = text("_hoodie_commit_time") + "|" + text("_hoodie_commit_seqno") +
                        "|" + text("_hoodie_record_key") + "|";
  for (const std::string& row : kept_before) {
    if (row.rfind(prefix0, 0) != 0) expected.push_back(row);
  }
  ASSERT_EQ(expected.size(), kept_before.size() - 1);
  std::vector<std::string> changed;
  for (const std::string& row : after_rows) {
    if (row.rfind(t, 0) == 0) {
      changed.push_back(row);
    } else {
      EXPECT_TRUE(std::find(expected.begin(), expected.end(), row) != expected.end())
          << row << "\nexpected one of:\n"
          << expected[0] << "\n"
          << expected[1];
    }
  }
  EXPECT_EQ(after_rows.size(), kept_before.size() + 1);
  ASSERT_OK_AND_ASSIGN(
      auto key_rows,
      SnapshotRows(base, {"_hoodie_commit_time", "_hoodie_commit_seqno",
                          "_hoodie_record_key", "id", "name", "longField"}));
  std::vector<std::string> new_rows;
  for (const std::string& row : key_rows) {
    if (row.rfind(t, 0) == 0) new_rows.push_back(row);
  }
  EXPECT_EQ(new_rows, (std::vector<std::string>{
                          t + "|" + t + "_0_0|" + id0 + "|" + id0 + "|updated|" + long0,
                          t + "|" + t + "_0_1|99|99|new|" + long0,
                      }));
}

TEST(WriteClientTest, UnsupportedOptionsAreRejected) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_WRITE");
  EXPECT_THAT(WriteOptions::FromConfig(config), StatusMessageHas("MERGE_ON_WRITE"));
  config = TripConfig(false);
  config.Set("hoodie.index.type", "HBASE");
  EXPECT_THAT(WriteOptions::FromConfig(config), StatusMessageHas("index 'HBASE'"));
  config = TripConfig(false);
  config.Set("hoodie.datasource.write.operation", "bootstrap");
  EXPECT_THAT(WriteOptions::FromConfig(config), StatusMessageHas("bootstrap"));
  config = TripConfig(false);
  config.Set("hoodie.datasource.write.payload.class", "com.example.MyPayload");
  EXPECT_THAT(WriteOptions::FromConfig(config), StatusMessageHas("payload class"));
}

TEST(WriteClientTest, CompactionSwitchesThatCannotWorkAreRejected) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.compact.inline", "true");
  EXPECT_THAT(WriteOptions::FromConfig(config),
              StatusMessageHas("hoodie.compact.inline=true needs a MERGE_ON_READ table"));
  config = TripConfig(false);
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  config.Set("compaction.async.enabled", "true");
  EXPECT_THAT(WriteOptions::FromConfig(config),
              StatusMessageHas("compaction.async.enabled=true is not supported"));
  config.Set("compaction.async.enabled", "false");
  ASSERT_OK_AND_ASSIGN(WriteOptions options, WriteOptions::FromConfig(config));
  EXPECT_FALSE(options.inline_compaction);
  // Flink's key means nothing to a copy-on-write table, as in Flink.
  config = TripConfig(false);
  config.Set("compaction.async.enabled", "true");
  EXPECT_OK(WriteOptions::FromConfig(config));
}

}  // namespace
}  // namespace hoodie
