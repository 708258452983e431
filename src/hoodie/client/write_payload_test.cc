// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_payload_test.cc
/// \brief Merge semantics of the write path: each payload class on upsert, insert into
/// small files and delete, in-batch pre-combining, `_hoodie_is_deleted`, custom mergers
/// and bad payload settings.

#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/client/write_model_test_util.h"

namespace hoodie {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::ModelKeyGen;
using testing::ModelPayload;
using testing::ModelRecord;
using testing::StatusMessageHas;

// id, ts, v, name, _hoodie_is_deleted in partition "a".
ModelRecord Rec(const std::string& id, int64_t ts, std::optional<int64_t> v,
                std::optional<std::string> name = std::nullopt, bool deleted = false) {
  ModelRecord r;
  r.id = id;
  r.k2 = "x";
  r.p = "a";
  r.q = "1";
  r.day = 1699920000000;
  r.ts = ts;
  r.v = v;
  r.name = std::move(name);
  r.deleted = deleted;
  return r;
}

struct Table {
  testing::TempDir dir;
  std::string base = dir.Join("t");
  std::shared_ptr<Storage> storage = Storage::Local();
  std::shared_ptr<TableMetaClient> table;
  std::unique_ptr<WriteClient> client;

  explicit Table(const HoodieConfig& config) {
    table = WriteClient::OpenOrCreateTable(storage, base, config).ValueOrDie();
    client = WriteClient::Make(table, config).ValueOrDie();
  }

  static HoodieConfig Config(ModelPayload payload) {
    return testing::ModelConfig(ModelKeyGen::kSimple, payload, "BLOOM");
  }

  ::arrow::Result<WriteResult> Write(WriteOperationType op,
                                     const std::vector<ModelRecord>& records) {
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    auto reader = testing::ModelReader(records, 2);
    return client->Write(instant, op, reader.get());
  }

  // "commit|key|ts|v|name" per row, sorted.
  std::vector<std::string> Rows() {
    return testing::SnapshotRows(
               base, {"_hoodie_commit_time", "_hoodie_record_key", "ts", "v", "name"})
        .ValueOrDie();
  }
};

TEST(WritePayloadTest, DefaultPayloadKeepsTheStoredRecordWithAGreaterOrderingValue) {
  Table t(Table::Config(ModelPayload::kDefault));
  ASSERT_OK_AND_ASSIGN(WriteResult w1, t.Write(WriteOperationType::kUpsert,
                                               {Rec("k1", 5, 1, "a"), Rec("k2", 5, 2)}));
  const std::string t1 = w1.instant_time;
  // An older update of k1 is ignored (the stored row keeps its commit time); k2's newer
  // one is written.
  ASSERT_OK_AND_ASSIGN(WriteResult w2, t.Write(WriteOperationType::kUpsert,
                                               {Rec("k1", 3, 9), Rec("k2", 7, 20)}));
  const std::string t2 = w2.instant_time;
  EXPECT_EQ(w2.updated, 1);
  EXPECT_THAT(t.Rows(), ElementsAre(t1 + "|k1|5|1|a", t2 + "|k2|7|20|null"));
  // A soft delete older than the stored record is ignored too; one with an equal
  // ordering value deletes.
  ASSERT_OK_AND_ASSIGN(WriteResult w3, t.Write(WriteOperationType::kUpsert,
                                               {Rec("k1", 4, 0, std::nullopt, true),
                                                Rec("k2", 7, 0, std::nullopt, true)}));
  EXPECT_EQ(w3.deleted, 1);
  EXPECT_EQ(w3.updated, 0);
  EXPECT_THAT(t.Rows(), ElementsAre(t1 + "|k1|5|1|a"));
  // The delete operation carries no record: it deletes whatever the ordering value
  // (Hudi 0.15's EmptyHoodieRecordPayload).
  ASSERT_OK_AND_ASSIGN(WriteResult w4,
                       t.Write(WriteOperationType::kDelete, {Rec("k1", 0, 0)}));
  EXPECT_EQ(w4.deleted, 1);
  EXPECT_TRUE(t.Rows().empty());
}

TEST(WritePayloadTest, EventTimePayloadAppliesDeletesWhateverTheOrderingValue) {
  Table t(Table::Config(ModelPayload::kEventTime));
  ASSERT_OK_AND_ASSIGN(WriteResult w1,
                       t.Write(WriteOperationType::kUpsert, {Rec("k1", 5, 1)}));
  ASSERT_OK(t.Write(WriteOperationType::kUpsert, {Rec("k1", 1, 2)}).status());
  EXPECT_THAT(t.Rows(), ElementsAre(w1.instant_time + "|k1|5|1|null"));
  ASSERT_OK(t.Write(WriteOperationType::kUpsert, {Rec("k1", 1, 2, std::nullopt, true)})
                .status());
  EXPECT_TRUE(t.Rows().empty());
}

TEST(WritePayloadTest, OverwriteWithLatestReplacesWhateverTheOrderingValue) {
  Table t(Table::Config(ModelPayload::kOverwriteWithLatest));
  ASSERT_OK(
      t.Write(WriteOperationType::kUpsert, {Rec("k1", 5, 1), Rec("k2", 5, 2)}).status());
  ASSERT_OK_AND_ASSIGN(WriteResult w2, t.Write(WriteOperationType::kUpsert,
                                               {Rec("k1", 1, std::nullopt, "b"),
                                                Rec("k2", 0, 0, std::nullopt, true)}));
  EXPECT_THAT(t.Rows(), ElementsAre(w2.instant_time + "|k1|1|null|b"));
}

TEST(WritePayloadTest, OverwriteNonDefaultsKeepsStoredValuesWhereTheUpdateIsNull) {
  Table t(Table::Config(ModelPayload::kOverwriteNonDefaults));
  ASSERT_OK(t.Write(WriteOperationType::kUpsert, {Rec("k1", 5, 1, "a")}).status());
  ASSERT_OK_AND_ASSIGN(WriteResult w2, t.Write(WriteOperationType::kUpsert,
                                               {Rec("k1", 0, std::nullopt, "b")}));
  EXPECT_EQ(w2.updated, 1);
  EXPECT_THAT(t.Rows(), ElementsAre(w2.instant_time + "|k1|0|1|b"));
}

TEST(WritePayloadTest, PartialUpdateMergesByOrderingValueInBatchAndWithStoredRecords) {
  Table t(Table::Config(ModelPayload::kPartialUpdate));
  ASSERT_OK(t.Write(WriteOperationType::kUpsert, {Rec("k1", 5, 1)}).status());
  // k1: the stored record is newer, so it is the base and only its null name is filled;
  // the result is a new record of this commit. k2: two records pre-combine into one
  // (the later, greater one is the base); k3 stands alone between them.
  ASSERT_OK_AND_ASSIGN(WriteResult w2,
                       t.Write(WriteOperationType::kUpsert,
                               {Rec("k1", 3, 2, "c"), Rec("k2", 1, std::nullopt, "x"),
                                Rec("k3", 4, 3), Rec("k2", 2, 7, std::nullopt)}));
  const std::string t2 = w2.instant_time;
  EXPECT_EQ(w2.deduplicated, 1);
  EXPECT_THAT(t.Rows(),
              ElementsAre(t2 + "|k1|5|1|c", t2 + "|k2|2|7|x", t2 + "|k3|4|3|null"));
}

TEST(WritePayloadTest, InsertIntoASmallFileMergesKeysItHoldsUnlessDuplicatesAllowed) {
  // One small file: the second insert is packed into it, where Hudi's merge handle
  // merges a key the file holds with the payload (Default keeps the greater stored).
  Table t(Table::Config(ModelPayload::kDefault));
  ASSERT_OK_AND_ASSIGN(WriteResult w1,
                       t.Write(WriteOperationType::kInsert, {Rec("k1", 5, 1)}));
  ASSERT_OK_AND_ASSIGN(WriteResult w2, t.Write(WriteOperationType::kInsert,
                                               {Rec("k1", 3, 2), Rec("k2", 1, 3)}));
  ASSERT_EQ(w2.stats.size(), 1u);
  EXPECT_EQ(*w2.stats[0].file_id, *w1.stats[0].file_id);
  EXPECT_THAT(t.Rows(), ElementsAre(w1.instant_time + "|k1|5|1|null",
                                    w2.instant_time + "|k2|1|3|null"));
  HoodieConfig config = Table::Config(ModelPayload::kDefault);
  config.Set("hoodie.merge.allow.duplicate.on.inserts", "true");
  ASSERT_OK_AND_ASSIGN(t.client, WriteClient::Make(t.table, config));
  ASSERT_OK_AND_ASSIGN(WriteResult w3,
                       t.Write(WriteOperationType::kInsert, {Rec("k1", 3, 4)}));
  EXPECT_THAT(t.Rows(), ElementsAre(w1.instant_time + "|k1|5|1|null",
                                    w2.instant_time + "|k2|1|3|null",
                                    w3.instant_time + "|k1|3|4|null"));
}

TEST(WritePayloadTest, NullOrderingValueFailsTheRecordWhenPreCombining) {
  HoodieConfig config = Table::Config(ModelPayload::kOverwriteWithLatest);
  config.Set("hoodie.auto.commit", "false");
  Table t(config);
  auto fields = ::arrow::FieldVector{::arrow::field("id", ::arrow::utf8()),
                                     ::arrow::field("p", ::arrow::utf8()),
                                     ::arrow::field("ts", ::arrow::int64())};
  ASSERT_OK_AND_ASSIGN(auto array,
                       ::arrow::json::ArrayFromJSONString(::arrow::struct_(fields),
                                                          R"([{"id":"k1","p":"a","ts":1},
                                           {"id":"k2","p":"a","ts":null}])"));
  ASSERT_OK_AND_ASSIGN(auto batch, ::arrow::RecordBatch::FromStructArray(array));
  ASSERT_OK_AND_ASSIGN(auto reader, ::arrow::RecordBatchReader::Make({batch}));
  ASSERT_OK_AND_ASSIGN(std::string instant, t.client->StartCommit());
  ASSERT_OK_AND_ASSIGN(WriteResult result, t.client->Upsert(instant, reader.get()));
  ASSERT_EQ(result.failed.size(), 1u);
  EXPECT_EQ(result.failed[0].input_row, 1);
  EXPECT_THAT(result.failed[0].message, HasSubstr("'ts' is null"));
  EXPECT_FALSE(result.committed);
}

TEST(WritePayloadTest, WithoutAnOrderingColumnDuplicatesMergeInArrivalOrder) {
  // No precombine field configured and no "ts" column: the later record wins.
  HoodieConfig config;
  config.Set("hoodie.table.name", "t");
  config.Set("hoodie.datasource.write.recordkey.field", "id");
  config.Set("hoodie.datasource.write.keygenerator.class",
             "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
  config.Set("hoodie.datasource.write.payload.class",
             "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  Table t(config);
  auto fields = ::arrow::FieldVector{::arrow::field("id", ::arrow::utf8()),
                                     ::arrow::field("v", ::arrow::int64())};
  ASSERT_OK_AND_ASSIGN(auto array, ::arrow::json::ArrayFromJSONString(
                                       ::arrow::struct_(fields),
                                       R"([{"id":"k1","v":1},{"id":"k1","v":2}])"));
  ASSERT_OK_AND_ASSIGN(auto batch, ::arrow::RecordBatch::FromStructArray(array));
  ASSERT_OK_AND_ASSIGN(auto reader, ::arrow::RecordBatchReader::Make({batch}));
  ASSERT_OK_AND_ASSIGN(std::string instant, t.client->StartCommit());
  ASSERT_OK_AND_ASSIGN(WriteResult result, t.client->Upsert(instant, reader.get()));
  EXPECT_EQ(result.deduplicated, 1);
  ASSERT_OK_AND_ASSIGN(auto rows, testing::SnapshotRows(t.base, {"id", "v"}));
  EXPECT_THAT(rows, ElementsAre("k1|2"));
}

// A custom merger: the record with the larger `v` wins, in both directions.
class LargerValueMerger : public RecordMerger {
 public:
  explicit LargerValueMerger(RecordMergerOptions options)
      : RecordMerger(std::move(options)) {}

  ::arrow::Result<MergeResult> PreCombine(const RowRef& older,
                                          const RowRef& newer) const override {
    return Pick(older, newer);
  }
  ::arrow::Result<MergeResult> Combine(const RowRef& stored,
                                       const RowRef& incoming) const override {
    if (incoming.empty()) return MergeResult::Delete();
    return Pick(stored, incoming);
  }
  std::string_view java_class_name() const override { return "com.example.LargerV"; }

 private:
  static int64_t V(const RowRef& record) {
    auto column =
        std::static_pointer_cast<::arrow::Int64Array>(record.batch->GetColumnByName("v"));
    return column->IsNull(record.row) ? -1 : column->Value(record.row);
  }
  static MergeResult Pick(const RowRef& old_record, const RowRef& new_record) {
    return V(old_record) > V(new_record) ? MergeResult::KeepOld()
                                         : MergeResult::TakeNew();
  }
};

TEST(WritePayloadTest, CustomMergerRegisteredByNameDecidesMerges) {
  ::arrow::Status registered = RecordMergerRegistry::Global()->Register(
      "com.example.LargerV", {},
      [](const RecordMergerOptions& options)
          -> ::arrow::Result<std::unique_ptr<RecordMerger>> {
        return std::make_unique<LargerValueMerger>(options);
      });
  ASSERT_TRUE(registered.ok() || registered.IsAlreadyExists()) << registered.ToString();
  HoodieConfig config = Table::Config(ModelPayload::kOverwriteWithLatest);
  config.Set("hoodie.datasource.write.payload.class", "com.example.LargerV");
  Table t(config);
  ASSERT_OK_AND_ASSIGN(WriteResult w1,
                       t.Write(WriteOperationType::kUpsert,
                               {Rec("k1", 1, 5), Rec("k1", 9, 3), Rec("k2", 1, 1)}));
  ASSERT_OK_AND_ASSIGN(WriteResult w2, t.Write(WriteOperationType::kUpsert,
                                               {Rec("k1", 9, 4), Rec("k2", 0, 2)}));
  EXPECT_THAT(t.Rows(), ElementsAre(w1.instant_time + "|k1|1|5|null",
                                    w2.instant_time + "|k2|0|2|null"));
}

TEST(WritePayloadTest, UnknownPayloadClassIsRejectedNamingItAndTheKnownOnes) {
  HoodieConfig config = Table::Config(ModelPayload::kDefault);
  config.Set("hoodie.datasource.write.payload.class", "com.example.MyPayload");
  auto options = WriteOptions::FromConfig(config);
  ASSERT_FALSE(options.ok());
  EXPECT_THAT(options.status().message(), HasSubstr("com.example.MyPayload"));
  EXPECT_THAT(options.status().message(),
              HasSubstr("org.apache.hudi.common.model.PartialUpdateAvroPayload"));
  EXPECT_THAT(options.status().message(),
              HasSubstr("hoodie.datasource.write.payload.class"));
  // The table's hoodie.compaction.payload.class applies when the write does not set
  // one.
  HoodieConfig table_key;
  HoodieConfig write_keys = Table::Config(ModelPayload::kDefault);
  for (const auto& [key, value] : write_keys.entries()) {
    if (key != "hoodie.datasource.write.payload.class") table_key.Set(key, value);
  }
  table_key.Set("hoodie.compaction.payload.class",
                "org.apache.hudi.common.model.EventTimeAvroPayload");
  ASSERT_OK_AND_ASSIGN(WriteOptions from_table, WriteOptions::FromConfig(table_key));
  EXPECT_EQ(from_table.merger->java_class_name(),
            "org.apache.hudi.common.model.EventTimeAvroPayload");
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

// Record `id` in partition `p`.
ModelRecord In(const std::string& id, const std::string& p, int64_t ts,
               std::optional<int64_t> v, std::optional<std::string> name = std::nullopt) {
  ModelRecord r = Rec(id, ts, v, std::move(name));
  r.p = p;
  return r;
}

// As stored: a snapshot shows the partition path's value in `p` (as Spark does).
std::vector<std::string> KeyPartitionRows(const Table& t) {
  return testing::StoredRows(t.base, {"_hoodie_record_key", "_hoodie_partition_path",
                                        "p", "ts", "v", "name"})
      .ValueOrDie();
}

TEST(WritePayloadTest, GlobalIndexMoveInsertsTheMergedRecordOrKeepsTheStoredOne) {
  // PartialUpdate: the stored record is newer, so the moved record is the stored one
  // with its null name filled from the update (Java merges before the move).
  HoodieConfig partial = testing::ModelConfig(
      ModelKeyGen::kSimple, ModelPayload::kPartialUpdate, "GLOBAL_SIMPLE");
  partial.Set("hoodie.simple.index.update.partition.path", "true");
  Table t(partial);
  ASSERT_OK(t.Write(WriteOperationType::kUpsert, {In("k1", "a", 5, 1)}).status());
  ASSERT_OK(t.Write(WriteOperationType::kUpsert, {In("k1", "b", 3, 2, "n")}).status());
  EXPECT_THAT(KeyPartitionRows(t), ElementsAre("k1|b|a|5|1|n"));

  // EventTime: a stored record with a greater ordering value stays where it is.
  HoodieConfig event_time = testing::ModelConfig(
      ModelKeyGen::kSimple, ModelPayload::kEventTime, "GLOBAL_BLOOM");
  event_time.Set("hoodie.bloom.index.update.partition.path", "true");
  Table e(event_time);
  ASSERT_OK(e.Write(WriteOperationType::kUpsert, {In("k1", "a", 5, 1)}).status());
  ASSERT_OK(e.Write(WriteOperationType::kUpsert, {In("k1", "b", 3, 2)}).status());
  EXPECT_THAT(KeyPartitionRows(e), ElementsAre("k1|a|a|5|1|null"));
}

TEST(WritePayloadTest, GlobalIndexBulkInsertPreCombinesByRecordKeyAcrossPartitions) {
  HoodieConfig config =
      testing::ModelConfig(ModelKeyGen::kSimple, ModelPayload::kDefault, "GLOBAL_BLOOM");
  Table t(config);
  ASSERT_OK_AND_ASSIGN(std::string instant, t.client->StartCommit());
  auto reader = testing::ModelReader(
      {In("k1", "a", 5, 1), In("k2", "a", 1, 2), In("k1", "b", 3, 3)}, 2);
  ASSERT_OK_AND_ASSIGN(WriteResult result, t.client->BulkInsert(instant, reader.get()));
  EXPECT_EQ(result.deduplicated, 1);
  EXPECT_THAT(KeyPartitionRows(t), ElementsAre("k1|a|a|5|1|null", "k2|a|a|1|2|null"));
}

}  // namespace
}  // namespace hoodie
