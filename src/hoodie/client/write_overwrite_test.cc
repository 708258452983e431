// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_overwrite_test.cc
/// \brief Replace commits (insert_overwrite, insert_overwrite_table, delete_partition)
/// and global-index partition moves, read back row by row.

#include <algorithm>
#include <atomic>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/index/in_memory_index.h"
#include "hoodie/index/index.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie {
namespace {

using testing::RenderRows;
using testing::SnapshotRows;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

const std::vector<std::string> kColumns = {"_hoodie_commit_time",
                                           "_hoodie_record_key",
                                           "_hoodie_partition_path",
                                           "name",
                                           "ts",
                                           "city"};

std::string Row(const std::string& t, const std::string& key,
                const std::string& partition, const std::string& name, int ts,
                const std::string& city) {
  return t + "|" + key + "|" + partition + "|" + name + "|" + std::to_string(ts) + "|" +
         city;
}

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
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit(op));
    auto reader = TripReader(rows, 2);
    return client->Write(instant, op, reader.get());
  }

  std::string ReadInstantFile(const std::string& name) {
    auto bytes = storage->ReadAll(JoinPath(base, ".hoodie/" + name));
    return bytes.ok() ? *bytes : "<missing: " + bytes.status().message() + ">";
  }

  ReplaceCommitMetadata ReadReplace(const std::string& instant) {
    auto timeline = table->LoadActiveTimeline().ValueOrDie();
    return timeline
        .ReadReplaceCommitMetadata(
            Instant{instant, Action::kReplaceCommit, State::kCompleted})
        .ValueOrDie();
  }

  ::arrow::Result<std::vector<std::string>> RowsAsOf(const std::string& instant) {
    ARROW_ASSIGN_OR_RAISE(auto loaded, TableMetaClient::Load(storage, base));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(loaded));
    ReadOptions options;
    options.as_of = instant;
    ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(options));
    return RenderRows(*data, kColumns);
  }

  // "partition/file id" of every visible latest file slice, sorted.
  std::vector<std::string> FileGroups() {
    auto loaded = TableMetaClient::Load(storage, base).ValueOrDie();
    auto view = FileSystemView::Load(*loaded).ValueOrDie();
    std::vector<std::string> out;
    for (const FileSlice& slice : view->LatestFileSlices()) {
      out.push_back(slice.group.partition_path + "/" + slice.group.file_id);
    }
    return out;
  }
};

std::string IdOf(const WriteResult& result, const std::string& partition) {
  for (const WriteStat& stat : result.stats) {
    if (stat.partition_path == partition) return *stat.file_id;
  }
  return "<none>";
}

TEST(WriteOverwriteTest, InsertOverwriteReplacesOnlyThePartitionsWritten) {
  Fixture f(TripConfig(true));
  ASSERT_OK_AND_ASSIGN(
      WriteResult first,
      f.Write(WriteOperationType::kInsert,
              {{"k1", "a", 1, "sf"}, {"k2", "b", 2, "ny"}, {"k3", "c", 3, "sf"}}));
  const std::string t1 = first.instant_time;
  const std::string sf1 = IdOf(first, "sf"), ny1 = IdOf(first, "ny");

  ASSERT_OK_AND_ASSIGN(std::string t2,
                       f.client->StartCommit(WriteOperationType::kInsertOverwrite));
  // createRequestedReplaceCommit: an empty HoodieRequestedReplaceMetadata.
  std::string requested = f.ReadInstantFile(t2 + ".replacecommit.requested");
  ASSERT_OK_AND_ASSIGN(auto decoded, RequestedReplaceMetadata::FromAvroBytes(requested));
  EXPECT_EQ(decoded, (RequestedReplaceMetadata{std::nullopt, std::nullopt, std::nullopt,
                                               std::nullopt}));
  auto reader = TripReader({{"k4", "d", 4, "sf"}, {"k1", "a2", 5, "sf"}});
  ASSERT_OK_AND_ASSIGN(WriteResult second, f.client->InsertOverwrite(t2, reader.get()));
  EXPECT_TRUE(second.committed);
  EXPECT_EQ(second.operation, WriteOperationType::kInsertOverwrite);
  EXPECT_EQ(second.inserted, 2);
  EXPECT_EQ(second.updated, 0);
  ASSERT_EQ(second.stats.size(), 1u);
  // A new file group: insert overwrite never packs inserts into the replaced ones.
  const std::string sf2 = *second.stats[0].file_id;
  EXPECT_NE(sf2, sf1);
  EXPECT_EQ(*second.stats[0].prev_commit, "null");
  EXPECT_EQ(second.FilesReplaced(), 1);
  EXPECT_EQ(second.replaced_file_ids,
            (OrderedMap<std::vector<std::string>>{{"sf", {sf1}}}));

  ASSERT_OK_AND_ASSIGN(
      CommitMetadata inflight,
      CommitMetadata::FromJson(f.ReadInstantFile(t2 + ".replacecommit.inflight"), "x"));
  EXPECT_EQ(inflight.operation_type, WriteOperationType::kInsertOverwrite);
  ASSERT_EQ(inflight.AllWriteStats().size(), 1u);
  EXPECT_EQ(inflight.AllWriteStats()[0].num_inserts, 2);
  EXPECT_EQ(*inflight.AllWriteStats()[0].file_id, "");

  ReplaceCommitMetadata completed = f.ReadReplace(t2);
  EXPECT_EQ(completed.operation_type, WriteOperationType::kInsertOverwrite);
  EXPECT_EQ(completed.partition_to_replace_file_ids, second.replaced_file_ids);
  ASSERT_EQ(completed.AllWriteStats().size(), 1u);
  EXPECT_EQ(completed.AllWriteStats()[0], second.stats[0]);
  EXPECT_TRUE(completed.Schema().has_value());
  ASSERT_OK_AND_ASSIGN(bool markers, f.storage->Exists(f.base + "/.hoodie/.temp/" + t2));
  EXPECT_FALSE(markers);

  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny"),
                                            Row(t2, "k1", "sf", "a2", 5, "sf"),
                                            Row(t2, "k4", "sf", "d", 4, "sf")}));
  EXPECT_EQ(f.FileGroups(), (std::vector<std::string>{"ny/" + ny1, "sf/" + sf2}));
  // Time travel to before the overwrite still shows the replaced file group.
  ASSERT_OK_AND_ASSIGN(rows, f.RowsAsOf(t1));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k1", "sf", "a", 1, "sf"),
                                            Row(t1, "k2", "ny", "b", 2, "ny"),
                                            Row(t1, "k3", "sf", "c", 3, "sf")}));

  // An upsert after the overwrite finds k4 in the new file group, not the old one.
  ASSERT_OK_AND_ASSIGN(WriteResult third,
                       f.Write(WriteOperationType::kUpsert, {{"k4", "d2", 6, "sf"}}));
  EXPECT_EQ(third.updated, 1);
  ASSERT_EQ(third.stats.size(), 1u);
  EXPECT_EQ(*third.stats[0].file_id, sf2);
  EXPECT_EQ(*third.stats[0].prev_commit, t2);
}

TEST(WriteOverwriteTest, InsertOverwriteTableReplacesEveryPartition) {
  Fixture f(TripConfig(true));
  ASSERT_OK_AND_ASSIGN(
      WriteResult first,
      f.Write(WriteOperationType::kInsert,
              {{"k1", "a", 1, "sf"}, {"k2", "b", 2, "ny"}, {"k3", "c", 3, "la"}}));
  const std::string t1 = first.instant_time;
  ASSERT_OK_AND_ASSIGN(
      WriteResult second,
      f.Write(WriteOperationType::kInsertOverwriteTable, {{"k9", "z", 9, "sf"}}));
  const std::string t2 = second.instant_time;
  EXPECT_EQ(second.operation, WriteOperationType::kInsertOverwriteTable);
  EXPECT_EQ(second.FilesReplaced(), 3);
  // Partitions in the order of the Scala HashMap collectAsMap gives Hudi.
  EXPECT_EQ(second.replaced_file_ids,
            (OrderedMap<std::vector<std::string>>{{"ny", {IdOf(first, "ny")}},
                                                  {"sf", {IdOf(first, "sf")}},
                                                  {"la", {IdOf(first, "la")}}}));
  EXPECT_EQ(f.ReadReplace(t2).partition_to_replace_file_ids, second.replaced_file_ids);
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t2, "k9", "sf", "z", 9, "sf")}));
  ASSERT_OK_AND_ASSIGN(rows, f.RowsAsOf(t1));
  EXPECT_EQ(rows.size(), 3u);

  // A second overwrite lists the now empty partitions with no file ids; the partition
  // it creates is not listed (Hudi lists partitions before its lazy write runs).
  ASSERT_OK_AND_ASSIGN(
      WriteResult third,
      f.Write(WriteOperationType::kInsertOverwriteTable, {{"k8", "y", 8, "rome"}}));
  EXPECT_EQ(third.replaced_file_ids,
            (OrderedMap<std::vector<std::string>>{
                {"ny", {}}, {"sf", {IdOf(second, "sf")}}, {"la", {}}}));
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(
      rows,
      (std::vector<std::string>{Row(third.instant_time, "k8", "rome", "y", 8, "rome")}));
  ASSERT_OK_AND_ASSIGN(rows, f.RowsAsOf(t2));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t2, "k9", "sf", "z", 9, "sf")}));
}

TEST(WriteOverwriteTest, DeletePartitionsReplacesGroupsAndWritesNoFile) {
  Fixture f(TripConfig(true));
  ASSERT_OK_AND_ASSIGN(WriteResult first,
                       f.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"},
                                                             {"k2", "b", 2, "ny"},
                                                             {"k3", "c", 3, "la"},
                                                             {"k4", "d", 4, "lyon"}}));
  const std::string t1 = first.instant_time;
  ASSERT_OK_AND_ASSIGN(std::string t2,
                       f.client->StartCommit(WriteOperationType::kDeletePartition));
  ASSERT_OK_AND_ASSIGN(WriteResult second,
                       f.client->DeletePartitions(t2, {"sf", "l*", "sf", "paris"}));
  EXPECT_TRUE(second.committed);
  EXPECT_TRUE(second.stats.empty());
  EXPECT_EQ(second.FilesReplaced(), 3);
  // Wildcards match the table's partitions; an absent partition replaces nothing.
  EXPECT_EQ(second.replaced_file_ids,
            (OrderedMap<std::vector<std::string>>{{"lyon", {IdOf(first, "lyon")}},
                                                  {"sf", {IdOf(first, "sf")}},
                                                  {"paris", {}},
                                                  {"la", {IdOf(first, "la")}}}));
  // SparkDeletePartitionCommitActionExecutor's empty workload profile, byte for byte.
  EXPECT_EQ(f.ReadInstantFile(t2 + ".replacecommit.inflight"),
            "{\n  \"partitionToWriteStats\" : { },\n  \"compacted\" : false,\n"
            "  \"extraMetadata\" : { },\n  \"operationType\" : \"DELETE_PARTITION\"\n}");
  ReplaceCommitMetadata completed = f.ReadReplace(t2);
  EXPECT_EQ(completed.operation_type, WriteOperationType::kDeletePartition);
  EXPECT_TRUE(completed.partition_to_write_stats.empty());
  EXPECT_EQ(completed.partition_to_replace_file_ids, second.replaced_file_ids);
  ASSERT_OK_AND_ASSIGN(auto timeline, f.table->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(
      CommitMetadata inserted,
      timeline.ReadCommitMetadata(Instant{t1, Action::kCommit, State::kCompleted}));
  EXPECT_EQ(completed.Schema(), inserted.Schema());
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny")}));
  ASSERT_OK_AND_ASSIGN(rows, f.RowsAsOf(t1));
  EXPECT_EQ(rows.size(), 4u);

  // A record without a key fails the whole write (auto.commit): nothing is replaced.
  auto failed = f.Write(WriteOperationType::kDeletePartition,
                        {{"x", "", 0, "ny"}, {"", "", 0, "sf"}});
  ASSERT_TRUE(failed.status().IsInvalid()) << failed.status();
  EXPECT_THAT(failed.status().message(),
              ::testing::StartsWith("1 of 2 records failed, nothing was committed: "
                                    "record 1: recordKey value: \"null\""));
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny")}));
  // Without a list, the partitions of the input records are deleted.
  ASSERT_OK_AND_ASSIGN(WriteResult third, f.Write(WriteOperationType::kDeletePartition,
                                                  {{"x", "", 0, "ny"}}));
  EXPECT_EQ(third.replaced_file_ids,
            (OrderedMap<std::vector<std::string>>{{"ny", {IdOf(first, "ny")}}}));
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, kColumns));
  EXPECT_TRUE(rows.empty());
}

TEST(WriteOverwriteTest, ReplaceOperationsNeedAReplaceInstant) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.auto.commit", "false");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(std::string t, f.client->StartCommit());
  auto reader = TripReader({{"k1", "a", 1, ""}});
  EXPECT_THAT(f.client->InsertOverwrite(t, reader.get()),
              StatusMessageHas("is not a requested replacecommit; call "
                               "StartCommit(INSERT_OVERWRITE) first"));
  ASSERT_OK(f.client->Abort(t));
  ASSERT_OK_AND_ASSIGN(t, f.client->StartCommit(WriteOperationType::kDeletePartition));
  EXPECT_THAT(f.client->DeletePartitions(t, {""}),
              StatusMessageHas("has no completed commit with a schema"));
  ASSERT_OK(f.client->Abort(t));
  // Manual commit and abort of a replacecommit.
  ASSERT_OK_AND_ASSIGN(t, f.client->StartCommit(WriteOperationType::kInsert));
  reader = TripReader({{"k1", "a", 1, ""}});
  ASSERT_OK_AND_ASSIGN(WriteResult inserted, f.client->Insert(t, reader.get()));
  ASSERT_OK(f.client->Commit(&inserted));
  ASSERT_OK_AND_ASSIGN(t, f.client->StartCommit(WriteOperationType::kInsertOverwrite));
  reader = TripReader({{"k2", "b", 2, ""}});
  ASSERT_OK_AND_ASSIGN(WriteResult overwrite, f.client->InsertOverwrite(t, reader.get()));
  EXPECT_FALSE(overwrite.committed);
  EXPECT_EQ(overwrite.replaced_file_ids,
            (OrderedMap<std::vector<std::string>>{{"", {*inserted.stats[0].file_id}}}));
  ASSERT_OK(f.client->Abort(t));
  ASSERT_OK_AND_ASSIGN(auto timeline, f.table->LoadActiveTimeline());
  EXPECT_FALSE(timeline.timeline().ContainsTimestamp(t));
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, {"_hoodie_record_key"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"k1"}));
}

// partitionToReplaceFileIds of an insert_overwrite_table Spark (Hudi 0.15) wrote over
// partitions p1, p2, p3, 2015/03/16, 2015/03/17, 2016/03/15 (listed in that order),
// file ids as in the file: hoodie's orders reproduce it.
TEST(WriteOverwriteTest, ReplacedFileIdsComeInHudisOrder) {
  const OrderedMap<std::vector<std::string>> spark = {
      {"p2",
       {"7b13a562-dc48-4076-aca7-965f06fc6b14-2",
        "def70856-6c28-4857-ab32-067034c1aefc-2",
        "a95e9c58-1650-4055-8792-42784b3e003f-2",
        "8897848e-40f5-422d-af1e-3f5e4ebc1eae-0"}},
      {"p1",
       {"def70856-6c28-4857-ab32-067034c1aefc-0",
        "a95e9c58-1650-4055-8792-42784b3e003f-4",
        "7b13a562-dc48-4076-aca7-965f06fc6b14-4",
        "8fecfa37-d7bf-453f-aba7-f6c7a468b72e-0"}},
      {"2015/03/17",
       {"7b13a562-dc48-4076-aca7-965f06fc6b14-3",
        "def70856-6c28-4857-ab32-067034c1aefc-3",
        "a95e9c58-1650-4055-8792-42784b3e003f-1"}},
      {"2016/03/15",
       {"7b13a562-dc48-4076-aca7-965f06fc6b14-0",
        "def70856-6c28-4857-ab32-067034c1aefc-4",
        "a95e9c58-1650-4055-8792-42784b3e003f-5"}},
      {"2015/03/16",
       {"def70856-6c28-4857-ab32-067034c1aefc-1",
        "a95e9c58-1650-4055-8792-42784b3e003f-3",
        "7b13a562-dc48-4076-aca7-965f06fc6b14-5"}},
      {"p3",
       {"f2d95e61-3f50-4edf-997f-eee59f7f4e23-0",
        "7b13a562-dc48-4076-aca7-965f06fc6b14-1",
        "def70856-6c28-4857-ab32-067034c1aefc-5",
        "a95e9c58-1650-4055-8792-42784b3e003f-0"}}};
  OrderedMap<std::vector<std::string>> ours;
  for (const char* partition :
       {"p1", "p2", "p3", "2015/03/16", "2015/03/17", "2016/03/15"}) {
    std::vector<std::string> ids;
    for (const auto& [p, file_ids] : spark) {
      if (p == partition) ids = file_ids;
    }
    std::sort(ids.begin(), ids.end());
    ours.emplace_back(partition, internal::OrderLikeFileGroupSet(ids));
  }
  internal::OrderLikeScalaHashMap(&ours);
  EXPECT_EQ(ours, spark);
}

// --- global index partition moves ---------------------------------------------------

struct MoveCase {
  std::string index;
  std::string update_key;
  std::optional<std::string> update_value;  // nullopt: the registry default
};

class GlobalIndexMoveTest : public ::testing::TestWithParam<MoveCase> {
 protected:
  HoodieConfig Config() const {
    HoodieConfig config = TripConfig(true);
    config.Set("hoodie.index.type", GetParam().index);
    if (GetParam().update_value)
      config.Set(GetParam().update_key, *GetParam().update_value);
    return config;
  }
  bool Moves() const { return GetParam().update_value.value_or("false") == "true"; }
};

TEST_P(GlobalIndexMoveTest, UpsertWithChangedPartition) {
  Fixture f(Config());
  ASSERT_OK_AND_ASSIGN(
      WriteResult first,
      f.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"}, {"k2", "b", 2, "ny"}}));
  const std::string t1 = first.instant_time;
  ASSERT_OK_AND_ASSIGN(WriteResult second,
                       f.Write(WriteOperationType::kUpsert, {{"k1", "a2", 5, "ny"}}));
  const std::string t2 = second.instant_time;
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kColumns));
  if (Moves()) {
    // Deleted from sf's file group, inserted into ny (the small file there).
    EXPECT_EQ(second.deleted, 1);
    EXPECT_EQ(second.inserted, 1);
    EXPECT_EQ(second.updated, 0);
    EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny"),
                                              Row(t2, "k1", "ny", "a2", 5, "ny")}));
    ASSERT_EQ(second.stats.size(), 2u);
    for (const WriteStat& stat : second.stats) {
      EXPECT_EQ(*stat.file_id, IdOf(first, *stat.partition_path));
      EXPECT_EQ(stat.num_writes, *stat.partition_path == "sf" ? 0 : 2);
    }
  } else {
    // Updated where it lives: the old partition path, the new column values as
    // stored; a snapshot shows the partition path's value in the partition column, as
    // Spark's (Hudi 0.15) snapshot does.
    EXPECT_EQ(second.updated, 1);
    EXPECT_EQ(second.inserted, 0);
    EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny"),
                                              Row(t2, "k1", "sf", "a2", 5, "sf")}));
    ASSERT_OK_AND_ASSIGN(auto stored, testing::StoredRows(f.base, kColumns));
    EXPECT_EQ(stored, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny"),
                                                Row(t2, "k1", "sf", "a2", 5, "ny")}));
    ASSERT_EQ(second.stats.size(), 1u);
    EXPECT_EQ(*second.stats[0].partition_path, "sf");
  }
  // Deleting with the key's new partition deletes it wherever it lives.
  ASSERT_OK_AND_ASSIGN(WriteResult third,
                       f.Write(WriteOperationType::kDelete, {{"k1", "", 0, "la"}}));
  EXPECT_EQ(third.deleted, 1);
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{Row(t1, "k2", "ny", "b", 2, "ny")}));
  // One record per key across partitions (deduplication of a global index).
  ASSERT_OK_AND_ASSIGN(
      WriteResult fourth,
      f.Write(WriteOperationType::kUpsert, {{"k5", "x", 1, "sf"}, {"k5", "y", 3, "la"}}));
  EXPECT_EQ(fourth.deduplicated, 1);
  ASSERT_OK_AND_ASSIGN(rows,
                       SnapshotRows(f.base, {"_hoodie_record_key", "name", "city"}));
  EXPECT_EQ(rows, (std::vector<std::string>{"k2|b|ny", "k5|y|la"}));
}

// Indexes with their own state (INMEMORY, or a user index registered by name and
// chosen with hoodie.index.class) learn where each write put its records.
TEST(StatefulIndexTest, InMemoryAndUserIndexesAreUpdatedAfterEachWrite) {
  RegisterBuiltinIndexes();
  static std::atomic<int> made{0};
  static const bool registered =
      IndexRegistry::Global()
          ->Register("com.example.KeyIndex", {},
                     [](const HoodieConfig&) -> ::arrow::Result<std::unique_ptr<Index>> {
                       ++made;
                       return std::make_unique<InMemoryIndex>();
                     })
          .ok();
  ASSERT_TRUE(registered);
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"hoodie.index.type", "INMEMORY"},
           {"hoodie.index.class", "com.example.KeyIndex"}}) {
    SCOPED_TRACE(value);
    HoodieConfig config = TripConfig(true);
    config.Set(key, value);
    Fixture f(config);
    ASSERT_OK_AND_ASSIGN(WriteResult first,
                         f.Write(WriteOperationType::kUpsert,
                                 {{"k1", "a", 1, "sf"}, {"k2", "b", 2, "sf"}}));
    ASSERT_OK_AND_ASSIGN(WriteResult second,
                         f.Write(WriteOperationType::kUpsert, {{"k1", "a2", 3, "sf"}}));
    EXPECT_EQ(second.updated, 1);
    EXPECT_EQ(second.inserted, 0);
    ASSERT_OK_AND_ASSIGN(WriteResult third,
                         f.Write(WriteOperationType::kDelete, {{"k2", "", 0, "sf"}}));
    EXPECT_EQ(third.deleted, 1);
    ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kColumns));
    EXPECT_EQ(
        rows,
        (std::vector<std::string>{Row(second.instant_time, "k1", "sf", "a2", 3, "sf")}));
    // The deleted key is gone from the index too: writing it again inserts it.
    ASSERT_OK_AND_ASSIGN(WriteResult fourth,
                         f.Write(WriteOperationType::kUpsert, {{"k2", "b2", 4, "sf"}}));
    EXPECT_EQ(fourth.inserted, 1);
  }
  // Built once by the client and once while OpenOrCreateTable read the options.
  EXPECT_EQ(made.load(), 2);
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.index.class", "com.example.Missing");
  EXPECT_THAT(WriteOptions::FromConfig(config),
              StatusMessageHas("unknown index 'com.example.Missing': hoodie has none registered under that name (registered: "));
}

INSTANTIATE_TEST_SUITE_P(
    Indexes, GlobalIndexMoveTest,
    ::testing::Values(
        MoveCase{"GLOBAL_BLOOM", "hoodie.bloom.index.update.partition.path", "true"},
        MoveCase{"GLOBAL_BLOOM", "hoodie.bloom.index.update.partition.path", "false"},
        MoveCase{"GLOBAL_BLOOM", "hoodie.bloom.index.update.partition.path",
                 std::nullopt},
        MoveCase{"GLOBAL_SIMPLE", "hoodie.simple.index.update.partition.path", "true"},
        MoveCase{"GLOBAL_SIMPLE", "hoodie.simple.index.update.partition.path", "false"},
        MoveCase{"GLOBAL_SIMPLE", "hoodie.simple.index.update.partition.path",
                 std::nullopt}),
    [](const ::testing::TestParamInfo<MoveCase>& info) {
      return info.param.index + "_" + info.param.update_value.value_or("default");
    });

TEST(GlobalIndexPayloadTest, DefaultPayloadKeepsANewerStoredRecordInItsPartition) {
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.index.type", "GLOBAL_SIMPLE");
  config.Set("hoodie.simple.index.update.partition.path", "true");
  config.Set("hoodie.datasource.write.payload.class",
             "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  Fixture f(config);
  ASSERT_OK_AND_ASSIGN(
      WriteResult first,
      f.Write(WriteOperationType::kInsert, {{"k1", "a", 5, "sf"}, {"k2", "b", 2, "ny"}}));
  const std::string t1 = first.instant_time;
  // An older k1 for ny loses the merge: nothing moves, and the stored record is
  // rewritten in place with the new commit time, as Java writes the merged record.
  ASSERT_OK_AND_ASSIGN(WriteResult stale,
                       f.Write(WriteOperationType::kUpsert, {{"k1", "old", 1, "ny"}}));
  EXPECT_EQ(stale.inserted, 0);
  EXPECT_EQ(stale.deleted, 0);
  EXPECT_EQ(stale.updated, 1);
  ASSERT_EQ(stale.stats.size(), 1u);
  EXPECT_EQ(*stale.stats[0].partition_path, "sf");
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      Row(t1, "k2", "ny", "b", 2, "ny"),
                      Row(stale.instant_time, "k1", "sf", "a", 5, "sf")}));
  // A newer one moves.
  ASSERT_OK_AND_ASSIGN(WriteResult fresh,
                       f.Write(WriteOperationType::kUpsert, {{"k1", "new", 7, "ny"}}));
  ASSERT_OK_AND_ASSIGN(rows, SnapshotRows(f.base, kColumns));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      Row(t1, "k2", "ny", "b", 2, "ny"),
                      Row(fresh.instant_time, "k1", "ny", "new", 7, "ny")}));
}

}  // namespace
}  // namespace hoodie
