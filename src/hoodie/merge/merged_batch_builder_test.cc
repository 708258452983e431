// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/merged_batch_builder_test.cc
/// \brief MergedBatchBuilder across schemas and PreCombineBatch de-duplication.
#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/merge/merge_test_util.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BatchOf;
using testing::PayloadFields;

std::unique_ptr<RecordMerger> MergerNamed(const std::string& payload_class) {
  HoodieConfig config;
  config.Set("hoodie.datasource.write.payload.class", payload_class);
  auto merger = MakeRecordMerger(config);
  EXPECT_TRUE(merger.ok()) << merger.status().ToString();
  return merger.ok() ? std::move(merger).ValueUnsafe() : nullptr;
}

void ExpectBatch(const ::arrow::RecordBatch& actual, const ::arrow::FieldVector& fields,
                 const std::string& json) {
  ASSERT_OK_AND_ASSIGN(auto expected, BatchOf(fields, json));
  EXPECT_TRUE(actual.Equals(*expected)) << "got\n"
                                        << actual.ToString() << "expected\n"
                                        << expected->ToString();
}

// Eight rows over three keys, in arrival order.
constexpr const char* kDuplicates = R"([
  {"id":"a","ts":1,"name":"a1","price":10,"_hoodie_is_deleted":false},
  {"id":"b","ts":5,"name":"b1","price":null,"_hoodie_is_deleted":false},
  {"id":"a","ts":3,"name":null,"price":30,"_hoodie_is_deleted":false},
  {"id":"c","ts":2,"name":"c1","price":20,"_hoodie_is_deleted":false},
  {"id":"a","ts":2,"name":"a4","price":null,"_hoodie_is_deleted":false},
  {"id":"b","ts":5,"name":null,"price":55,"_hoodie_is_deleted":false},
  {"id":"a","ts":3,"name":"a6","price":null,"_hoodie_is_deleted":false},
  {"id":"c","ts":1,"name":"c7","price":70,"_hoodie_is_deleted":false}])";

TEST(PreCombineBatchTest, KeepsGreatestOrderingValueLaterOnTies) {
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), kDuplicates));
  for (const char* payload :
       {"OverwriteWithLatestAvroPayload", "DefaultHoodieRecordPayload",
        "EventTimeAvroPayload", "OverwriteNonDefaultsWithLatestAvroPayload"}) {
    SCOPED_TRACE(payload);
    auto merger = MergerNamed(payload);
    ASSERT_OK_AND_ASSIGN(auto survivors,
                         PreCombineBatch(*merger, batch, *batch->GetColumnByName("id")));
    ExpectBatch(*survivors, PayloadFields(), R"([
      {"id":"a","ts":3,"name":"a6","price":null,"_hoodie_is_deleted":false},
      {"id":"b","ts":5,"name":null,"price":55,"_hoodie_is_deleted":false},
      {"id":"c","ts":2,"name":"c1","price":20,"_hoodie_is_deleted":false}])");
  }
}

TEST(PreCombineBatchTest, PartialUpdateFoldsFieldsInArrivalOrder) {
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), kDuplicates));
  auto merger = MergerNamed("org.apache.hudi.common.model.PartialUpdateAvroPayload");
  ASSERT_OK_AND_ASSIGN(auto survivors,
                       PreCombineBatch(*merger, batch, *batch->GetColumnByName("id")));
  ExpectBatch(*survivors, PayloadFields(), R"([
    {"id":"a","ts":3,"name":"a6","price":30,"_hoodie_is_deleted":false},
    {"id":"b","ts":5,"name":"b1","price":55,"_hoodie_is_deleted":false},
    {"id":"c","ts":2,"name":"c1","price":20,"_hoodie_is_deleted":false}])");
}

TEST(PreCombineBatchTest, RejectsNullKeysAndLengthMismatch) {
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), kDuplicates));
  auto merger = MergerNamed("DefaultHoodieRecordPayload");
  ASSERT_OK_AND_ASSIGN(auto keys,
                       ::arrow::json::ArrayFromJSONString(
                           ::arrow::utf8(), R"(["a","b","a","c","a","b",null,"c"])"));
  ASSERT_RAISES(Invalid, PreCombineBatch(*merger, batch, *keys));
  ASSERT_RAISES(Invalid, PreCombineBatch(*merger, batch, *keys->Slice(0, 3)));
}

TEST(MergedBatchBuilderTest, MaterialisesAcrossStoredAndWiderIncomingSchemas) {
  ::arrow::FieldVector stored_fields = {
      ::arrow::field("id", ::arrow::utf8()), ::arrow::field("ts", ::arrow::int64()),
      ::arrow::field("name", ::arrow::utf8()), ::arrow::field("price", ::arrow::int32())};
  ::arrow::FieldVector incoming_fields = {
      ::arrow::field("id", ::arrow::utf8()), ::arrow::field("ts", ::arrow::int64()),
      ::arrow::field("name", ::arrow::utf8()), ::arrow::field("price", ::arrow::int64()),
      ::arrow::field("note", ::arrow::utf8())};
  ASSERT_OK_AND_ASSIGN(auto stored, BatchOf(stored_fields, R"([
    {"id":"k1","ts":5,"name":"s1","price":50},
    {"id":"k2","ts":5,"name":"s2","price":51},
    {"id":"k3","ts":5,"name":"s3","price":52}])"));
  ASSERT_OK_AND_ASSIGN(auto incoming, BatchOf(incoming_fields, R"([
    {"id":"k1","ts":4,"name":"i1","price":null,"note":"n1"},
    {"id":"k2","ts":6,"name":null,"price":61,"note":"n2"},
    {"id":"k3","ts":6,"name":"i3","price":62,"note":null}])"));
  auto by_default = MergerNamed("DefaultHoodieRecordPayload");
  auto non_defaults = MergerNamed("OverwriteNonDefaultsWithLatestAvroPayload");
  ASSERT_OK_AND_ASSIGN(auto builder, MergedBatchBuilder::Make(incoming->schema()));
  for (int64_t row = 0; row < 3; ++row) {
    RowRef old_record{stored.get(), row};
    RowRef new_record{incoming.get(), row};
    ASSERT_OK_AND_ASSIGN(MergeResult kept, by_default->Combine(old_record, new_record));
    ASSERT_OK(builder->Append(kept, old_record, new_record));
    ASSERT_OK_AND_ASSIGN(MergeResult merged,
                         non_defaults->Combine(old_record, new_record));
    ASSERT_OK(builder->Append(merged, old_record, new_record));
  }
  ASSERT_OK(
      builder->Append(MergeResult::Delete(), {stored.get(), 0}, {incoming.get(), 0}));
  ASSERT_OK(builder->AppendRow({stored.get(), 2}));
  EXPECT_EQ(builder->num_rows(), 7);
  ASSERT_OK_AND_ASSIGN(auto output, builder->Finish());
  ExpectBatch(*output, incoming_fields, R"([
    {"id":"k1","ts":5,"name":"s1","price":50,"note":null},
    {"id":"k1","ts":4,"name":"i1","price":50,"note":"n1"},
    {"id":"k2","ts":6,"name":null,"price":61,"note":"n2"},
    {"id":"k2","ts":6,"name":"s2","price":61,"note":"n2"},
    {"id":"k3","ts":6,"name":"i3","price":62,"note":null},
    {"id":"k3","ts":6,"name":"i3","price":62,"note":null},
    {"id":"k3","ts":5,"name":"s3","price":52,"note":null}])");
  EXPECT_EQ(builder->num_rows(), 0);
}

TEST(MergedBatchBuilderTest, CopiesConsecutiveRowsAndSurvivesReuse) {
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), kDuplicates));
  ASSERT_OK_AND_ASSIGN(auto builder, MergedBatchBuilder::Make(batch->schema()));
  for (int64_t row = 0; row < batch->num_rows(); ++row) {
    ASSERT_OK(builder->AppendRow({batch.get(), row}));
  }
  ASSERT_OK_AND_ASSIGN(auto copy, builder->Finish());
  EXPECT_TRUE(copy->Equals(*batch));
  ASSERT_OK(builder->AppendRow({batch.get(), 7}));
  ASSERT_OK(builder->AppendRow({batch.get(), 0}));
  ASSERT_OK_AND_ASSIGN(auto two, builder->Finish());
  ExpectBatch(*two, PayloadFields(), R"([
    {"id":"c","ts":1,"name":"c7","price":70,"_hoodie_is_deleted":false},
    {"id":"a","ts":1,"name":"a1","price":10,"_hoodie_is_deleted":false}])");
}

TEST(MergedBatchBuilderTest, RowsOfBatchesThatDieRightAfterAppendingAreKept) {
  // One-row batches freed after their row is appended, as a merge does with log
  // records read back from a spill file: a later batch often reuses the address.
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), kDuplicates));
  ASSERT_OK_AND_ASSIGN(auto builder, MergedBatchBuilder::Make(batch->schema()));
  for (int round = 0; round < 3; ++round) {
    for (int64_t row = 0; row < batch->num_rows(); ++row) {
      std::shared_ptr<::arrow::RecordBatch> one = batch->Slice(row, 1);
      ASSERT_OK(builder->AppendRow({one.get(), 0}));
    }
  }
  ASSERT_OK_AND_ASSIGN(auto copy, builder->Finish());
  ASSERT_OK_AND_ASSIGN(auto expected,
                       ::arrow::ConcatenateRecordBatches({batch, batch, batch}));
  EXPECT_TRUE(copy->Equals(*expected)) << copy->ToString();
}

TEST(MergedBatchBuilderTest, RejectsMissingNonNullableColumnAndEmptyRows) {
  ::arrow::FieldVector fields = {::arrow::field("id", ::arrow::utf8()),
                                 ::arrow::field("note", ::arrow::utf8(), false)};
  ASSERT_OK_AND_ASSIGN(auto builder, MergedBatchBuilder::Make(::arrow::schema(fields)));
  ASSERT_OK_AND_ASSIGN(
      auto stored, BatchOf({::arrow::field("id", ::arrow::utf8())}, R"([{"id":"k"}])"));
  ASSERT_RAISES(Invalid, builder->AppendRow({stored.get(), 0}));
  ASSERT_RAISES(Invalid, builder->AppendRow(RowRef{}));
}

}  // namespace
}  // namespace hoodie
