// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/record_merger_test.cc
/// \brief Payload semantics of the builtin mergers (Combine, PreCombine, deletes), the
/// registry and MakeRecordMerger.
#include "hoodie/merge/record_merger.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/merge/merge_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BatchOf;
using testing::Materialize;
using testing::PayloadFields;

constexpr const char* kOverwrite = "OverwriteWithLatestAvroPayload";
constexpr const char* kDefault = "DefaultHoodieRecordPayload";
constexpr const char* kEventTime = "EventTimeAvroPayload";
constexpr const char* kNonDefaults = "OverwriteNonDefaultsWithLatestAvroPayload";
constexpr const char* kPartial = "PartialUpdateAvroPayload";

std::unique_ptr<RecordMerger> MergerNamed(const std::string& simple_name) {
  HoodieConfig config;
  config.Set("hoodie.datasource.write.payload.class",
             "org.apache.hudi.common.model." + simple_name);
  config.Set("hoodie.datasource.write.precombine.field", "ts");
  auto merger = MakeRecordMerger(config);
  EXPECT_TRUE(merger.ok()) << merger.status().ToString();
  return merger.ok() ? std::move(merger).ValueUnsafe() : nullptr;
}

// One merge of a single old row with a single new row; `expected` is the JSON of the
// merged row, or empty for a delete.
struct MergeCase {
  const char* payload;
  const char* name;
  const char* old_row;
  const char* new_row;
  MergeOutcome outcome;
  const char* expected;
};

void CheckCase(const MergeCase& c, bool pre_combine) {
  SCOPED_TRACE(std::string(c.payload) + " / " + c.name);
  std::unique_ptr<RecordMerger> merger = MergerNamed(c.payload);
  ASSERT_NE(merger, nullptr);
  ASSERT_OK_AND_ASSIGN(auto old_batch,
                       BatchOf(PayloadFields(), std::string("[") + c.old_row + "]"));
  ASSERT_OK_AND_ASSIGN(auto new_batch,
                       BatchOf(PayloadFields(), std::string("[") + c.new_row + "]"));
  RowRef old_record{old_batch.get(), 0};
  RowRef new_record{new_batch.get(), 0};
  ASSERT_OK_AND_ASSIGN(MergeResult result,
                       pre_combine ? merger->PreCombine(old_record, new_record)
                                   : merger->Combine(old_record, new_record));
  EXPECT_EQ(result.outcome, c.outcome);
  ASSERT_OK_AND_ASSIGN(auto merged, Materialize(result, old_record, new_record));
  std::string expected_json = *c.expected ? std::string("[") + c.expected + "]" : "[]";
  ASSERT_OK_AND_ASSIGN(auto expected, BatchOf(PayloadFields(), expected_json));
  EXPECT_TRUE(merged->Equals(*expected)) << "got\n"
                                         << merged->ToString() << "expected\n"
                                         << expected->ToString();
}

// Stored record and incoming variants shared by the Combine table.
#define STORED R"({"id":"k","ts":5,"name":"s","price":50,"_hoodie_is_deleted":false})"
#define NEWER R"({"id":"k","ts":6,"name":null,"price":60,"_hoodie_is_deleted":false})"
#define TIE R"({"id":"k","ts":5,"name":"i","price":null,"_hoodie_is_deleted":false})"
#define OLDER R"({"id":"k","ts":4,"name":"i","price":40,"_hoodie_is_deleted":false})"
#define NEWER_DELETE R"({"id":"k","ts":6,"name":"d","price":1,"_hoodie_is_deleted":true})"
#define OLDER_DELETE R"({"id":"k","ts":4,"name":"d","price":1,"_hoodie_is_deleted":true})"
#define STORED_NO_TS \
  R"({"id":"k","ts":null,"name":"s","price":50,"_hoodie_is_deleted":false})"
#define LOW_TS R"({"id":"k","ts":1,"name":"i","price":null,"_hoodie_is_deleted":null})"
#define STORED_NO_PRICE \
  R"({"id":"k","ts":5,"name":"s","price":null,"_hoodie_is_deleted":false})"
#define STORED_NO_NAME \
  R"({"id":"k","ts":5,"name":null,"price":50,"_hoodie_is_deleted":false})"
#define STORED_DELETE \
  R"({"id":"k","ts":9,"name":"s","price":50,"_hoodie_is_deleted":true})"

using O = MergeOutcome;

const std::vector<MergeCase> kCombineCases = {
    {kOverwrite, "newer", STORED, NEWER, O::kTakeNew, NEWER},
    {kOverwrite, "tie", STORED, TIE, O::kTakeNew, TIE},
    {kOverwrite, "older", STORED, OLDER, O::kTakeNew, OLDER},
    {kOverwrite, "newer delete", STORED, NEWER_DELETE, O::kDelete, ""},
    {kOverwrite, "older delete", STORED, OLDER_DELETE, O::kDelete, ""},
    {kOverwrite, "stored without ts", STORED_NO_TS, LOW_TS, O::kTakeNew, LOW_TS},

    {kDefault, "newer", STORED, NEWER, O::kTakeNew, NEWER},
    {kDefault, "tie", STORED, TIE, O::kTakeNew, TIE},
    {kDefault, "older", STORED, OLDER, O::kKeepOld, STORED},
    {kDefault, "newer delete", STORED, NEWER_DELETE, O::kDelete, ""},
    {kDefault, "older delete", STORED, OLDER_DELETE, O::kKeepOld, STORED},
    {kDefault, "stored without ts", STORED_NO_TS, LOW_TS, O::kTakeNew, LOW_TS},

    {kEventTime, "newer", STORED, NEWER, O::kTakeNew, NEWER},
    {kEventTime, "tie", STORED, TIE, O::kTakeNew, TIE},
    {kEventTime, "older", STORED, OLDER, O::kKeepOld, STORED},
    {kEventTime, "newer delete", STORED, NEWER_DELETE, O::kDelete, ""},
    {kEventTime, "older delete", STORED, OLDER_DELETE, O::kDelete, ""},
    {kEventTime, "stored without ts", STORED_NO_TS, LOW_TS, O::kTakeNew, LOW_TS},

    {kNonDefaults, "newer", STORED, NEWER, O::kCombined,
     R"({"id":"k","ts":6,"name":"s","price":60,"_hoodie_is_deleted":false})"},
    {kNonDefaults, "tie", STORED, TIE, O::kCombined,
     R"({"id":"k","ts":5,"name":"i","price":50,"_hoodie_is_deleted":false})"},
    {kNonDefaults, "older", STORED, OLDER, O::kTakeNew, OLDER},
    {kNonDefaults, "newer delete", STORED, NEWER_DELETE, O::kDelete, ""},
    {kNonDefaults, "older delete", STORED, OLDER_DELETE, O::kDelete, ""},
    {kNonDefaults, "stored without ts", STORED_NO_TS, LOW_TS, O::kCombined,
     R"({"id":"k","ts":1,"name":"i","price":50,"_hoodie_is_deleted":false})"},

    {kPartial, "newer", STORED, NEWER, O::kCombined,
     R"({"id":"k","ts":6,"name":"s","price":60,"_hoodie_is_deleted":false})"},
    {kPartial, "tie", STORED, TIE, O::kCombined,
     R"({"id":"k","ts":5,"name":"i","price":50,"_hoodie_is_deleted":false})"},
    // A new record with every value of the stored one: not the stored record itself.
    {kPartial, "older, stored complete", STORED, OLDER, O::kCombined, STORED},
    {kPartial, "older fills stored nulls", STORED_NO_PRICE, OLDER, O::kCombined,
     R"({"id":"k","ts":5,"name":"s","price":40,"_hoodie_is_deleted":false})"},
    {kPartial, "newer delete", STORED, NEWER_DELETE, O::kDelete, ""},
    {kPartial, "older delete", STORED, OLDER_DELETE, O::kDelete, ""},
    {kPartial, "newer stored delete", STORED_DELETE, OLDER, O::kDelete, ""},
    {kPartial, "stored without ts", STORED_NO_TS, LOW_TS, O::kCombined,
     R"({"id":"k","ts":1,"name":"i","price":50,"_hoodie_is_deleted":false})"},
    {kPartial, "newer fills incoming nulls", STORED_NO_NAME, NEWER, O::kTakeNew, NEWER},
};

TEST(RecordMergerTest, CombineFollowsEachPayload) {
  for (const MergeCase& c : kCombineCases) CheckCase(c, /*pre_combine=*/false);
}

#define EARLY R"({"id":"k","ts":5,"name":"a","price":null,"_hoodie_is_deleted":false})"
#define LATE R"({"id":"k","ts":6,"name":null,"price":60,"_hoodie_is_deleted":false})"
#define LATE_TIE R"({"id":"k","ts":5,"name":null,"price":70,"_hoodie_is_deleted":false})"
#define LATE_OLDER R"({"id":"k","ts":4,"name":"b","price":40,"_hoodie_is_deleted":false})"
#define EARLY_DELETE R"({"id":"k","ts":7,"name":"a","price":1,"_hoodie_is_deleted":true})"
#define LATE_DELETE \
  R"({"id":"k","ts":6,"name":null,"price":null,"_hoodie_is_deleted":true})"

const std::vector<MergeCase> kPreCombineCases = {
    {kOverwrite, "later greater", EARLY, LATE, O::kTakeNew, LATE},
    {kOverwrite, "tie goes to later", EARLY, LATE_TIE, O::kTakeNew, LATE_TIE},
    {kOverwrite, "earlier greater", EARLY, LATE_OLDER, O::kKeepOld, EARLY},
    {kOverwrite, "earlier delete greater", EARLY_DELETE, LATE, O::kKeepOld, EARLY_DELETE},
    {kDefault, "tie goes to later", EARLY, LATE_TIE, O::kTakeNew, LATE_TIE},
    {kDefault, "earlier greater", EARLY, LATE_OLDER, O::kKeepOld, EARLY},
    {kEventTime, "earlier greater", EARLY, LATE_OLDER, O::kKeepOld, EARLY},
    {kNonDefaults, "later greater, no field merge", EARLY, LATE, O::kTakeNew, LATE},
    {kPartial, "later greater", EARLY, LATE, O::kCombined,
     R"({"id":"k","ts":6,"name":"a","price":60,"_hoodie_is_deleted":false})"},
    {kPartial, "tie merges into later", EARLY, LATE_TIE, O::kCombined,
     R"({"id":"k","ts":5,"name":"a","price":70,"_hoodie_is_deleted":false})"},
    {kPartial, "earlier greater", EARLY, LATE_OLDER, O::kCombined,
     R"({"id":"k","ts":5,"name":"a","price":40,"_hoodie_is_deleted":false})"},
    {kPartial, "later delete kept", EARLY, LATE_DELETE, O::kTakeNew, LATE_DELETE},
    // Java: mergeRecords yields nothing for a deleted base and preCombine returns the
    // later payload.
    {kPartial, "earlier delete greater", EARLY_DELETE, LATE, O::kTakeNew, LATE},
};

TEST(RecordMergerTest, PreCombineFollowsEachPayload) {
  for (const MergeCase& c : kPreCombineCases) CheckCase(c, /*pre_combine=*/true);
}

TEST(RecordMergerTest, NullIncomingOrderingValueIsInvalid) {
  std::unique_ptr<RecordMerger> merger = MergerNamed(kDefault);
  ASSERT_OK_AND_ASSIGN(auto batch,
                       BatchOf(PayloadFields(), "[" STORED "," STORED_NO_TS "]"));
  RowRef with_ts{batch.get(), 0};
  RowRef without_ts{batch.get(), 1};
  EXPECT_THAT(merger->PreCombine(with_ts, without_ts),
              testing::StatusMessageHas("ordering value is null"));
  EXPECT_THAT(merger->PreCombine(without_ts, with_ts),
              testing::StatusMessageHas("ordering value is null"));
  EXPECT_THAT(merger->Combine(with_ts, without_ts),
              testing::StatusMessageHas("ordering value is null"));
  // A stored record without an ordering value is replaced (schema evolution).
  ASSERT_OK_AND_ASSIGN(MergeResult result, merger->Combine(without_ts, with_ts));
  EXPECT_EQ(result, MergeResult::TakeNew());
}

TEST(RecordMergerTest, StoredWithoutOrderingColumnIsReplaced) {
  ASSERT_OK_AND_ASSIGN(auto stored, BatchOf({::arrow::field("id", ::arrow::utf8()),
                                             ::arrow::field("name", ::arrow::utf8())},
                                            R"([{"id":"k","name":"s"}])"));
  ASSERT_OK_AND_ASSIGN(auto incoming, BatchOf(PayloadFields(), "[" OLDER "]"));
  for (const char* payload : {kDefault, kEventTime, kPartial}) {
    SCOPED_TRACE(payload);
    std::unique_ptr<RecordMerger> merger = MergerNamed(payload);
    ASSERT_OK_AND_ASSIGN(MergeResult result,
                         merger->Combine({stored.get(), 0}, {incoming.get(), 0}));
    EXPECT_EQ(result, MergeResult::TakeNew());
  }
}

TEST(RecordMergerTest, MissingOrderingFieldInIncomingIsInvalid) {
  std::unique_ptr<RecordMerger> merger = MergerNamed(kOverwrite);
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf({::arrow::field("id", ::arrow::utf8())},
                                           R"([{"id":"a"},{"id":"a"}])"));
  EXPECT_THAT(merger->PreCombine({batch.get(), 0}, {batch.get(), 1}),
              testing::StatusMessageHas("ordering field 'ts' is missing"));
}

TEST(RecordMergerTest, EmptyRecordIsAHardDeleteInArrivalOrder) {
  for (const char* payload : {kOverwrite, kDefault, kEventTime, kNonDefaults, kPartial}) {
    SCOPED_TRACE(payload);
    std::unique_ptr<RecordMerger> merger = MergerNamed(payload);
    ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), "[" STORED "]"));
    RowRef stored{batch.get(), 0};
    EXPECT_TRUE(merger->IsDelete(RowRef{}));
    ASSERT_OK_AND_ASSIGN(MergeResult combined, merger->Combine(stored, RowRef{}));
    EXPECT_EQ(combined, MergeResult::Delete());
    ASSERT_OK_AND_ASSIGN(MergeResult later_delete, merger->PreCombine(stored, RowRef{}));
    EXPECT_EQ(later_delete, MergeResult::TakeNew());
    ASSERT_OK_AND_ASSIGN(MergeResult earlier_delete,
                         merger->PreCombine(RowRef{}, stored));
    EXPECT_EQ(earlier_delete, MergeResult::TakeNew());
  }
}

TEST(RecordMergerTest, IsDeleteReadsIsDeletedThenOperation) {
  std::unique_ptr<RecordMerger> merger = MergerNamed(kOverwrite);
  ASSERT_OK_AND_ASSIGN(auto flags,
                       BatchOf({::arrow::field("_hoodie_is_deleted", ::arrow::boolean()),
                                ::arrow::field("_hoodie_operation", ::arrow::utf8())},
                               R"([{"_hoodie_is_deleted":true,"_hoodie_operation":"I"},
                              {"_hoodie_is_deleted":false,"_hoodie_operation":"D"},
                              {"_hoodie_is_deleted":null,"_hoodie_operation":"D"}])"));
  EXPECT_TRUE(merger->IsDelete({flags.get(), 0}));
  EXPECT_FALSE(merger->IsDelete({flags.get(), 1}));
  EXPECT_FALSE(merger->IsDelete({flags.get(), 2}));
  ASSERT_OK_AND_ASSIGN(auto operations,
                       BatchOf({::arrow::field("_hoodie_operation", ::arrow::utf8())},
                               R"([{"_hoodie_operation":"D"},{"_hoodie_operation":"U"},
                                   {"_hoodie_operation":null}])"));
  EXPECT_TRUE(merger->IsDelete({operations.get(), 0}));
  EXPECT_FALSE(merger->IsDelete({operations.get(), 1}));
  EXPECT_FALSE(merger->IsDelete({operations.get(), 2}));
  ASSERT_OK_AND_ASSIGN(auto plain, BatchOf(PayloadFields(), "[" STORED "]"));
  EXPECT_FALSE(merger->IsDelete({plain.get(), 0}));
}

TEST(RecordMergerTest, PartialUpdateDisorderTakesMetaColumnsFromIncoming) {
  std::unique_ptr<RecordMerger> merger = MergerNamed(kPartial);
  ::arrow::FieldVector fields = {::arrow::field("_hoodie_commit_time", ::arrow::utf8()),
                                 ::arrow::field("id", ::arrow::utf8()),
                                 ::arrow::field("ts", ::arrow::int64()),
                                 ::arrow::field("name", ::arrow::utf8())};
  ASSERT_OK_AND_ASSIGN(
      auto stored,
      BatchOf(fields, R"([{"_hoodie_commit_time":"001","id":"k","ts":9,"name":null}])"));
  ASSERT_OK_AND_ASSIGN(
      auto incoming,
      BatchOf(fields, R"([{"_hoodie_commit_time":"002","id":"k","ts":3,"name":"n"}])"));
  ASSERT_OK_AND_ASSIGN(MergeResult result,
                       merger->Combine({stored.get(), 0}, {incoming.get(), 0}));
  EXPECT_EQ(result, MergeResult::Combined({MergeSide::kNew, MergeSide::kOld,
                                           MergeSide::kOld, MergeSide::kNew}));
}

TEST(RecordMergerTest, NoOrderingFieldMergesInArrivalOrder) {
  HoodieConfig config;
  config.Set("hoodie.datasource.write.payload.class", kDefault);
  config.Set("hoodie.datasource.write.precombine.field", "");
  ASSERT_OK_AND_ASSIGN(auto merger, MakeRecordMerger(config));
  EXPECT_EQ(merger->options().ordering_field, "");
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), "[" STORED "," OLDER "]"));
  ASSERT_OK_AND_ASSIGN(MergeResult pre,
                       merger->PreCombine({batch.get(), 0}, {batch.get(), 1}));
  EXPECT_EQ(pre, MergeResult::TakeNew());
  ASSERT_OK_AND_ASSIGN(MergeResult combined,
                       merger->Combine({batch.get(), 0}, {batch.get(), 1}));
  EXPECT_EQ(combined, MergeResult::TakeNew());
}

TEST(RecordMergerRegistryTest, MakesEveryBuiltinByFullAndSimpleName) {
  RegisterBuiltinRecordMergers();
  for (const char* payload : {kOverwrite, kDefault, kEventTime, kNonDefaults, kPartial}) {
    std::string full = std::string("org.apache.hudi.common.model.") + payload;
    ASSERT_OK_AND_ASSIGN(auto by_full, RecordMergerRegistry::Global()->Make(
                                           full, RecordMergerOptions::Defaults()));
    EXPECT_EQ(by_full->java_class_name(), full);
    ASSERT_OK_AND_ASSIGN(auto by_simple, RecordMergerRegistry::Global()->Make(
                                             payload, RecordMergerOptions::Defaults()));
    EXPECT_EQ(by_simple->java_class_name(), full);
  }
}

TEST(RecordMergerRegistryTest, RejectsUnsupportedPayloadNamingIt) {
  HoodieConfig config;
  config.Set("hoodie.datasource.write.payload.class",
             "org.apache.hudi.common.model.AWSDmsAvroPayload");
  auto merger = MakeRecordMerger(config);
  ASSERT_RAISES(Invalid, merger);
  EXPECT_THAT(
      merger,
      testing::StatusMessageHas(
          "unknown record payload class 'org.apache.hudi.common.model.AWSDmsAvroPayload'"));
  EXPECT_THAT(merger, testing::StatusMessageHas(
                          "org.apache.hudi.common.model.PartialUpdateAvroPayload"));
}

TEST(RecordMergerRegistryTest, ResolvesPayloadClassAndOrderingFieldLikeSpark) {
  HoodieConfig defaults;
  ASSERT_OK_AND_ASSIGN(auto merger, MakeRecordMerger(defaults));
  EXPECT_EQ(merger->java_class_name(),
            "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload");
  EXPECT_EQ(merger->options().ordering_field, "ts");

  HoodieConfig table;
  table.Set("hoodie.compaction.payload.class",
            "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  table.Set("hoodie.table.precombine.field", "event_time");
  ASSERT_OK_AND_ASSIGN(merger, MakeRecordMerger(table));
  EXPECT_EQ(merger->java_class_name(),
            "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  EXPECT_EQ(merger->options().ordering_field, "event_time");

  table.Set("hoodie.payload.ordering.field", "seq");
  ASSERT_OK_AND_ASSIGN(merger, MakeRecordMerger(table));
  EXPECT_EQ(merger->options().ordering_field, "seq");

  table.Set("hoodie.datasource.write.precombine.field", "updated_at");
  table.Set("hoodie.datasource.write.payload.class",
            "org.apache.hudi.common.model.EventTimeAvroPayload");
  ASSERT_OK_AND_ASSIGN(merger, MakeRecordMerger(table));
  EXPECT_EQ(merger->options().ordering_field, "updated_at");
  EXPECT_EQ(merger->java_class_name(),
            "org.apache.hudi.common.model.EventTimeAvroPayload");
}

TEST(RecordMergerRegistryTest, RejectsCustomDeleteMarker) {
  HoodieConfig config;
  config.Set("hoodie.payload.delete.field", "op");
  config.Set("hoodie.payload.delete.marker", "d");
  ASSERT_RAISES(NotImplemented, MakeRecordMerger(config));
}

// A user merger: keeps whichever record has the longer "name".
class LongestNameMerger : public RecordMerger {
 public:
  explicit LongestNameMerger(RecordMergerOptions options)
      : RecordMerger(std::move(options)) {}
  ::arrow::Result<MergeResult> PreCombine(const RowRef& older,
                                          const RowRef& newer) const override {
    return Combine(older, newer);
  }
  ::arrow::Result<MergeResult> Combine(const RowRef& old_record,
                                       const RowRef& new_record) const override {
    return NameLength(old_record) > NameLength(new_record) ? MergeResult::KeepOld()
                                                           : MergeResult::TakeNew();
  }
  std::string_view java_class_name() const override { return "com.example.LongestName"; }

 private:
  static int64_t NameLength(const RowRef& record) {
    auto column = record.batch->GetColumnByName("name");
    return column->IsNull(record.row)
               ? 0
               : static_cast<const ::arrow::StringArray&>(*column).value_length(
                     record.row);
  }
};

TEST(RecordMergerRegistryTest, CustomMergerRegistersByName) {
  ASSERT_OK(RecordMergerRegistry::Global()->Register(
      "com.example.LongestName", {},
      [](const RecordMergerOptions& options)
          -> ::arrow::Result<std::unique_ptr<RecordMerger>> {
        return std::make_unique<LongestNameMerger>(options);
      }));
  ASSERT_RAISES(AlreadyExists, RecordMergerRegistry::Global()->Register(
                                   "com.example.LongestName", {}, RecordMergerFactory()));
  HoodieConfig config;
  config.Set("hoodie.datasource.write.payload.class", "com.example.LongestName");
  ASSERT_OK_AND_ASSIGN(auto merger, MakeRecordMerger(config));
  ASSERT_OK_AND_ASSIGN(auto batch, BatchOf(PayloadFields(), "[" STORED "," OLDER "]"));
  ASSERT_OK_AND_ASSIGN(MergeResult result,
                       merger->Combine({batch.get(), 1}, {batch.get(), 0}));
  EXPECT_EQ(result, MergeResult::TakeNew());
}

}  // namespace
}  // namespace hoodie
