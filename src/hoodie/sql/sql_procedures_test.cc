// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_procedures_test.cc
/// \brief CALL procedures on a merge-on-read trips table: their argument checks, result
/// columns and rows, and the timeline each service leaves.
#include "hoodie/sql/sql_procedures_internal.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/compaction_test_util.h"
#include "hoodie/common/error.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/compaction_plan.h"

namespace hoodie {
namespace {

using internal::ProcedureArgument;
using internal::ProcedureCall;
using internal::ProcedureContext;
using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

ProcedureArgument Named(std::string name, std::string value, bool quoted = true) {
  return ProcedureArgument{std::move(name), std::move(value), quoted};
}
ProcedureArgument Positional(std::string value, bool quoted = true) {
  return ProcedureArgument{std::nullopt, std::move(value), quoted};
}

// Every value of `column` as text ("null" for a null).
std::vector<std::string> Texts(const ::arrow::Table& table, const std::string& column) {
  std::vector<std::string> out;
  auto values = table.GetColumnByName(column);
  EXPECT_NE(values, nullptr) << "no column " << column;
  if (values == nullptr) return out;
  for (int64_t i = 0; i < values->length(); ++i) {
    auto scalar = values->GetScalar(i);
    EXPECT_TRUE(scalar.ok()) << scalar.status().ToString();
    out.push_back(scalar.ok() ? (*scalar)->ToString() : "error");
  }
  return out;
}

// "name:type" of every column.
std::vector<std::string> Columns(const ::arrow::Table& table) {
  std::vector<std::string> out;
  for (const auto& field : table.schema()->fields()) {
    out.push_back(field->name() + ":" + field->type()->ToString());
  }
  return out;
}

class SqlProceduresTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = dir_.Join("trips");
    ASSERT_OK_AND_ASSIGN(table_, testing::MorTable::Create(Storage::Local(), base_));
    ASSERT_OK_AND_ASSIGN(instants_, testing::WriteHistory(&table_));
    ASSERT_EQ(instants_.size(), 4u);
    context_.table_path = [this](const std::string& name) -> ::arrow::Result<std::string> {
      if (name == "trips") return base_;
      return ::arrow::Status::KeyError("no table ", name);
    };
  }

  ::arrow::Result<std::shared_ptr<::arrow::Table>> Call(
      const std::string& name, std::vector<ProcedureArgument> arguments) {
    return internal::RunProcedure(ProcedureCall{name, std::move(arguments)}, context_);
  }

  ::arrow::Result<Timeline> LoadTimeline() const {
    ARROW_ASSIGN_OR_RAISE(auto table, table_.Reload());
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
    return timeline.timeline();
  }

  ::testing::AssertionResult CompletedDeltaCommitsAre(
      const std::vector<std::string>& expected) const {
    auto timeline = LoadTimeline();
    if (!timeline.ok()) return ::testing::AssertionFailure() << timeline.status();
    auto actual = timeline->GetDeltaCommitTimeline().FilterCompleted().Timestamps();
    if (actual == expected) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "completed deltacommits: "
                                         << ::testing::PrintToString(actual);
  }

  testing::TempDir dir_;
  std::string base_;
  testing::MorTable table_;
  std::vector<std::string> instants_;
  ProcedureContext context_;
};

TEST_F(SqlProceduresTest, ServedProceduresAreSorted) {
  EXPECT_THAT(internal::ServedProcedures(),
              ElementsAre("archive_commits", "create_savepoint", "delete_savepoint",
                          "rollback_to_instant", "rollback_to_savepoint", "run_clean",
                          "run_compaction", "show_commits", "show_commits_metadata",
                          "show_compaction", "show_savepoints", "show_table_properties"));
}

TEST_F(SqlProceduresTest, ShowCommitsListsCompletedCommitsNewestFirst) {
  ASSERT_OK_AND_ASSIGN(auto result, Call("show_commits", {Named("table", "trips")}));
  EXPECT_THAT(Columns(*result),
              ElementsAre("commit_time:string", "state_transition_time:string",
                          "action:string", "total_bytes_written:int64",
                          "total_files_added:int64", "total_files_updated:int64",
                          "total_partitions_written:int64", "total_records_written:int64",
                          "total_update_records_written:int64", "total_errors:int64"));
  EXPECT_THAT(Texts(*result, "commit_time"),
              ElementsAre(instants_[3], instants_[2], instants_[1], instants_[0]));
  EXPECT_THAT(Texts(*result, "action"),
              ElementsAre("deltacommit", "deltacommit", "deltacommit", "deltacommit"));
  // The first deltacommit wrote one new base file per city: 4 rows, no update.
  ASSERT_OK_AND_ASSIGN(auto reloaded, table_.Reload());
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, reloaded->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(
      CommitMetadata first,
      timeline.ReadCommitMetadata(Instant{instants_[0], Action::kDeltaCommit}));
  EXPECT_EQ(Texts(*result, "total_bytes_written")[3],
            std::to_string(first.TotalBytesWritten()));
  EXPECT_EQ(Texts(*result, "total_files_added")[3], "3");
  EXPECT_EQ(Texts(*result, "total_files_updated")[3], "0");
  EXPECT_EQ(Texts(*result, "total_partitions_written")[3], "3");
  EXPECT_EQ(Texts(*result, "total_records_written")[3], "4");
  EXPECT_EQ(Texts(*result, "total_update_records_written")[3], "0");
  EXPECT_THAT(Texts(*result, "total_errors"), ElementsAre("0", "0", "0", "0"));
  EXPECT_EQ(Texts(*result, "state_transition_time")[3],
            timeline.StateTransitionTime(Instant{instants_[0], Action::kDeltaCommit})
                .value_or("null"));
}

TEST_F(SqlProceduresTest, ShowCommitsTakesPositionalArgumentsInHudisOrder) {
  ASSERT_OK_AND_ASSIGN(auto result, Call("show_commits", {Positional("trips"),
                                                          Positional("2", false)}));
  EXPECT_THAT(Texts(*result, "commit_time"), ElementsAre(instants_[3], instants_[2]));
  // Positional first, then named, as Spark allows.
  ASSERT_OK_AND_ASSIGN(result, Call("show_commits", {Positional("trips"),
                                                     Named("limit", "1", false)}));
  EXPECT_THAT(Texts(*result, "commit_time"), ElementsAre(instants_[3]));
}

TEST_F(SqlProceduresTest, BadArgumentsAreInvalidOptions) {
  auto unknown = Call("show_commits", {Named("table", "trips"), Named("bogus", "1")});
  ASSERT_RAISES(Invalid, unknown);
  EXPECT_THAT(unknown, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(unknown, StatusMessageHas("show_commits"));
  EXPECT_THAT(unknown, StatusMessageHas("'bogus'"));
  EXPECT_THAT(unknown, StatusMessageHas("table (string, required), limit (int, default 10)"));

  auto missing = Call("show_commits", {});
  ASSERT_RAISES(Invalid, missing);
  EXPECT_THAT(missing, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(missing, StatusMessageHas("missing required argument (argument 'table'"));

  auto bad_value = Call("show_commits", {Named("table", "trips"), Named("limit", "ten")});
  ASSERT_RAISES(Invalid, bad_value);
  EXPECT_THAT(bad_value, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(bad_value, StatusMessageHas("'ten' is not a int"));

  auto named_first = Call("show_commits", {Named("table", "trips"), Positional("2", false)});
  EXPECT_THAT(named_first, HasErrorCode(ErrorCode::kInvalidOption));
  auto twice = Call("show_commits", {Positional("trips"), Named("table", "trips")});
  EXPECT_THAT(twice, HasErrorCode(ErrorCode::kInvalidOption));
  auto too_many = Call("show_savepoints", {Positional("trips"), Positional(base_),
                                           Positional("x")});
  EXPECT_THAT(too_many, HasErrorCode(ErrorCode::kInvalidOption));
  auto skip_locking = Call("run_clean", {Named("table", "trips"), Named("skip_locking", "true", false)});
  ASSERT_RAISES(Invalid, skip_locking);
  EXPECT_THAT(skip_locking, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(skip_locking, StatusMessageHas("leave skip_locking false"));
  auto bad_op = Call("run_compaction", {Named("op", "compact"), Named("table", "trips")});
  EXPECT_THAT(bad_op, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(bad_op, StatusMessageHas("Invalid value compact"));
  auto no_table = Call("show_savepoints", {});
  EXPECT_THAT(no_table, StatusMessageHas("Table name or table path must be given one"));
}

TEST_F(SqlProceduresTest, HudisOtherProceduresAreRefusedByName) {
  auto clustering = Call("run_clustering", {Named("table", "trips")});
  ASSERT_RAISES(NotImplemented, clustering);
  EXPECT_EQ(clustering.status().message(),
            "run_clustering: clustering is not built in hoodie yet");
  auto sync = Call("hive_sync", {});
  ASSERT_RAISES(NotImplemented, sync);
  EXPECT_THAT(sync.status().message(), HasSubstr("hive_sync: "));
  auto unknown = Call("no_such_procedure", {});
  ASSERT_RAISES(Invalid, unknown);
  EXPECT_THAT(unknown, StatusMessageHas("no_such_procedure"));
  EXPECT_THAT(unknown, StatusMessageHas("show_commits, show_commits_metadata"));
}

TEST_F(SqlProceduresTest, ShowTablePropertiesListsHoodieProperties) {
  ASSERT_OK_AND_ASSIGN(auto reloaded, table_.Reload());
  const PropertyList& entries = reloaded->table_config()->entries();
  ASSERT_OK_AND_ASSIGN(auto all, Call("show_table_properties",
                                      {Named("path", base_), Named("limit", "1000", false)}));
  EXPECT_THAT(Columns(*all), ElementsAre("key:string", "value:string"));
  std::vector<std::string> expected;
  for (const auto& [key, value] : entries) expected.push_back(key + "=" + value);
  std::vector<std::string> actual;
  auto keys = Texts(*all, "key");
  auto values = Texts(*all, "value");
  for (size_t i = 0; i < keys.size(); ++i) actual.push_back(keys[i] + "=" + values[i]);
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  EXPECT_EQ(actual, expected);
  ASSERT_OK_AND_ASSIGN(auto first, Call("show_table_properties", {Named("table", "trips")}));
  EXPECT_EQ(first->num_rows(), std::min<int64_t>(10, static_cast<int64_t>(entries.size())));
}

TEST_F(SqlProceduresTest, RunCompactionSchedulesThenExecutes) {
  const std::string due = "hoodie.compact.inline.max.delta.commits=1";
  ASSERT_OK_AND_ASSIGN(auto scheduled,
                       Call("run_compaction", {Named("op", "SCHEDULE"),
                                               Named("table", "trips"),
                                               Named("options", due)}));
  EXPECT_THAT(Columns(*scheduled),
              ElementsAre("timestamp:string", "operation_size:int32", "state:string"));
  ASSERT_EQ(scheduled->num_rows(), 1);
  const std::string compaction = Texts(*scheduled, "timestamp")[0];
  EXPECT_GT(compaction, instants_[3]);
  EXPECT_THAT(Texts(*scheduled, "state"), ElementsAre("REQUESTED"));

  ASSERT_OK_AND_ASSIGN(auto reloaded, table_.Reload());
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, reloaded->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(CompactionPlan plan,
                       timeline.ReadAvro<CompactionPlan>(
                           Instant{compaction, Action::kCompaction, State::kRequested}));
  const std::string operations = std::to_string(plan.operations->size());
  EXPECT_THAT(Texts(*scheduled, "operation_size"), ElementsAre(operations));

  ASSERT_OK_AND_ASSIGN(auto shown, Call("show_compaction", {Named("path", base_)}));
  EXPECT_THAT(Texts(*shown, "timestamp"), ElementsAre(compaction));
  EXPECT_THAT(Texts(*shown, "state"), ElementsAre("REQUESTED"));

  auto not_pending = Call("run_compaction", {Positional("execute"), Positional("trips"),
                                             Positional("null", false),
                                             Positional("123", false)});
  EXPECT_THAT(not_pending, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(not_pending, StatusMessageHas("specific 123 instants is not exist"));

  ASSERT_OK_AND_ASSIGN(auto executed, Call("run_compaction", {Named("op", "execute"),
                                                              Named("path", base_)}));
  EXPECT_THAT(Texts(*executed, "timestamp"), ElementsAre(compaction));
  EXPECT_THAT(Texts(*executed, "operation_size"), ElementsAre(operations));
  EXPECT_THAT(Texts(*executed, "state"), ElementsAre("COMPLETED"));
  ASSERT_OK_AND_ASSIGN(Timeline after, LoadTimeline());
  EXPECT_THAT(after.GetCommitTimeline().FilterCompleted().Timestamps(),
              ElementsAre(compaction));
  EXPECT_TRUE(after.FilterPendingCompaction().Empty());

  ASSERT_OK_AND_ASSIGN(shown, Call("show_compaction", {Named("table", "trips")}));
  EXPECT_THAT(Texts(*shown, "state"), ElementsAre("COMPLETED"));
}

TEST_F(SqlProceduresTest, RunCompactionWithNothingPendingReturnsNoRows) {
  ASSERT_OK_AND_ASSIGN(auto executed, Call("run_compaction", {Named("op", "execute"),
                                                              Named("table", "trips")}));
  EXPECT_EQ(executed->num_rows(), 0);
  EXPECT_EQ(executed->num_columns(), 3);
}

TEST_F(SqlProceduresTest, SavepointCreateShowRestoreDelete) {
  ASSERT_OK_AND_ASSIGN(auto created,
                       Call("create_savepoint", {Named("table", "trips"),
                                                 Named("commit_time", instants_[1]),
                                                 Named("user", "tester")}));
  EXPECT_THAT(Columns(*created), ElementsAre("create_savepoint_result:bool"));
  EXPECT_THAT(Texts(*created, "create_savepoint_result"), ElementsAre("true"));

  ASSERT_OK_AND_ASSIGN(auto shown, Call("show_savepoints", {Named("path", base_)}));
  EXPECT_THAT(Columns(*shown), ElementsAre("savepoint_time:string"));
  EXPECT_THAT(Texts(*shown, "savepoint_time"), ElementsAre(instants_[1]));

  auto missing = Call("create_savepoint", {Named("table", "trips"),
                                           Named("commit_time", "19700101000000000")});
  EXPECT_THAT(missing, HasErrorCode(ErrorCode::kInvalidOption));
  EXPECT_THAT(missing, StatusMessageHas("Commit 19700101000000000 not found in Commits"));

  ASSERT_OK_AND_ASSIGN(auto restored,
                       Call("rollback_to_savepoint", {Named("table", "trips")}));
  EXPECT_THAT(Texts(*restored, "rollback_savepoint_result"), ElementsAre("true"));
  EXPECT_TRUE(CompletedDeltaCommitsAre({instants_[0], instants_[1]}));
  ASSERT_OK_AND_ASSIGN(Timeline timeline, LoadTimeline());
  EXPECT_EQ(timeline.GetRestoreTimeline().FilterCompleted().Count(), 1u);

  ASSERT_OK_AND_ASSIGN(auto deleted,
                       Call("delete_savepoint", {Positional("trips"), Positional(instants_[1])}));
  EXPECT_THAT(Texts(*deleted, "delete_savepoint_result"), ElementsAre("true"));
  ASSERT_OK_AND_ASSIGN(shown, Call("show_savepoints", {Named("table", "trips")}));
  EXPECT_EQ(shown->num_rows(), 0);
  auto none_left = Call("delete_savepoint", {Named("table", "trips")});
  EXPECT_THAT(none_left, StatusMessageHas("There are no completed savepoint to run delete"));
}

TEST_F(SqlProceduresTest, RollbackToInstantRollsBackTheLatestDeltaCommit) {
  ASSERT_OK_AND_ASSIGN(auto result, Call("rollback_to_instant",
                                         {Named("table", "trips"),
                                          Named("instant_time", instants_[3])}));
  EXPECT_THAT(Columns(*result), ElementsAre("rollback_result:bool"));
  EXPECT_THAT(Texts(*result, "rollback_result"), ElementsAre("true"));
  EXPECT_TRUE(CompletedDeltaCommitsAre({instants_[0], instants_[1], instants_[2]}));
  ASSERT_OK_AND_ASSIGN(Timeline timeline, LoadTimeline());
  EXPECT_EQ(timeline.GetRollbackTimeline().FilterCompleted().Count(), 1u);

  auto unknown = Call("rollback_to_instant",
                      {Named("table", "trips"), Named("instant_time", "19700101000000000")});
  EXPECT_THAT(unknown, HasErrorCode(ErrorCode::kInvalidOption));
  auto no_instant = Call("rollback_to_instant", {Named("table", "trips")});
  EXPECT_THAT(no_instant, StatusMessageHas("(argument 'instant_time'"));
}

TEST_F(SqlProceduresTest, RunCleanWithNothingToDeleteReturnsNoRows) {
  ASSERT_OK_AND_ASSIGN(auto result, Call("run_clean", {Named("table", "trips"),
                                                       Named("retain_commits", "1", false)}));
  EXPECT_THAT(Columns(*result),
              ElementsAre("start_clean_time:string", "time_taken_in_millis:int64",
                          "total_files_deleted:int32", "earliest_commit_to_retain:string",
                          "bootstrap_part_metadata:string", "version:int32"));
  EXPECT_EQ(result->num_rows(), 0);
  ASSERT_OK_AND_ASSIGN(Timeline timeline, LoadTimeline());
  EXPECT_TRUE(timeline.GetCleanerTimeline().Empty());
  auto bad_options = Call("run_clean", {Named("table", "trips"), Named("options", "novalue")});
  EXPECT_THAT(bad_options, HasErrorCode(ErrorCode::kInvalidOption));
}

TEST_F(SqlProceduresTest, ArchiveCommitsKeepsAShortTimeline) {
  ASSERT_OK_AND_ASSIGN(auto result, Call("archive_commits", {Named("table", "trips")}));
  EXPECT_THAT(Columns(*result), ElementsAre("result:int32"));
  EXPECT_THAT(Texts(*result, "result"), ElementsAre("0"));
  EXPECT_TRUE(CompletedDeltaCommitsAre(instants_));
}

}  // namespace
}  // namespace hoodie
