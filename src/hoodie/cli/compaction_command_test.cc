// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/compaction_command_test.cc
/// \brief `hoodie compaction schedule|run|show` end to end on a merge-on-read table.
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

using hoodie::testing::TempDir;
using testing::RunCli;

std::string Quote(const std::string& s) { return "'" + s + "'"; }

// The trigger a Hudi user sets to compact after every deltacommit.
constexpr char kEvery[] = " --hoodie-conf hoodie.compact.inline.max.delta.commits=1";

class CompactionCommandTest : public ::testing::Test {
 protected:
  // Writes `rows` (JSON lines) with `op`; returns the instant.
  std::string Write(const std::string& rows, const std::string& op) {
    std::string input = dir_.Join("in" + std::to_string(++inputs_) + ".json");
    std::ofstream(input) << rows;
    auto result = RunCli("-o json write --table " + Quote(base_) + " --op " + op +
                         " --input " + Quote(input) +
                         " --hoodie-conf hoodie.table.name=t"
                         " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ"
                         " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
                         " --hoodie-conf hoodie.datasource.write.partitionpath.field=part"
                         " --hoodie-conf hoodie.datasource.write.precombine.field=ts");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return nlohmann::json::parse(result.out)["instant"];
  }

  nlohmann::json Json(const std::string& args) {
    auto result = RunCli("-o json " + args);
    EXPECT_EQ(result.exit_code, 0) << args << ": " << result.err;
    return nlohmann::json::parse(result.out);
  }

  std::string Query(const std::string& extra = "") {
    auto result =
        RunCli("query " + Quote(base_) +
               " --columns _hoodie_commit_time,id,name,ts,part --format json " + extra);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  }

  TempDir dir_;
  std::string base_ = dir_.Join("t");
  int inputs_ = 0;
};

TEST_F(CompactionCommandTest, ScheduleShowRunShow) {
  std::string t1 = Write(
      "{\"id\":\"a\",\"name\":\"x\",\"ts\":1,\"part\":\"p1\"}\n"
      "{\"id\":\"b\",\"name\":\"y\",\"ts\":1,\"part\":\"p1\"}\n"
      "{\"id\":\"c\",\"name\":\"z\",\"ts\":1,\"part\":\"p2\"}\n",
      "upsert");
  std::string t2 =
      Write("{\"id\":\"a\",\"name\":\"x2\",\"ts\":2,\"part\":\"p1\"}\n", "upsert");
  Write("{\"id\":\"b\",\"name\":\"\",\"ts\":3,\"part\":\"p1\"}\n", "delete");
  EXPECT_EQ(Json("compaction show --table " + Quote(base_)).size(), 0u);
  std::string before = Query();

  nlohmann::json plan = Json("compaction schedule --table " + Quote(base_) + kEvery);
  ASSERT_EQ(plan.size(), 1u);  // p1's group has two log files; p2's has none
  std::string c = plan[0]["instant"];
  EXPECT_GT(c, t2);
  EXPECT_EQ(plan[0]["partition"], "p1");
  EXPECT_EQ(plan[0]["base_instant"], t1);
  std::string file_id = plan[0]["file_id"];
  EXPECT_EQ(plan[0]["log_files"], "." + file_id + "_" + t1 + ".log.1_0-0-0," + "." +
                                      file_id + "_" + t1 + ".log.2_0-0-0");
  EXPECT_EQ(plan[0]["base_file"].get<std::string>().rfind(file_id + "_", 0), 0u);

  nlohmann::json all = Json("compaction show --table " + Quote(base_));
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0], (nlohmann::json{{"instant", c},
                                    {"state", "REQUESTED"},
                                    {"operations", "1"},
                                    {"log_files", "2"}}));
  EXPECT_EQ(Json("compaction show --table " + Quote(base_) + " --instant " + c), plan);
  EXPECT_EQ(Query(), before);

  nlohmann::json ran = Json("compaction run --table " + Quote(base_));
  ASSERT_EQ(ran.size(), 1u);
  EXPECT_EQ(ran[0],
            (nlohmann::json{{"instant", c},
                            {"partition", "p1"},
                            {"file_id", file_id},
                            {"file", "p1/" + file_id + "_0-0-0_" + c + ".parquet"},
                            {"records", "1"},
                            {"updated", "1"},
                            {"deleted", "1"},
                            {"inserted", "0"},
                            {"log_files", "2"},
                            {"log_blocks", "2"},
                            {"log_records", "1"}}));
  EXPECT_EQ(Json("compaction show --table " + Quote(base_))[0]["state"], "COMPLETED");
  EXPECT_EQ(Query(), before);
  EXPECT_EQ(Query("--query-type read_optimized"), before);

  auto none = RunCli("compaction run --table " + Quote(base_));
  EXPECT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(none.out, "no pending compaction to run in " + base_ +
                          "; schedule one with hoodie compaction schedule, or run "
                          "--schedule\n");
  EXPECT_EQ(Json("compaction run --table " + Quote(base_)).size(), 0u);
  auto nothing = RunCli("compaction run --schedule --table " + Quote(base_) + kEvery);
  EXPECT_EQ(nothing.exit_code, 0) << nothing.err;
  EXPECT_EQ(nothing.out, "no compaction scheduled: 0 delta commits since " + c +
                             ", trigger num_commits needs 1 "
                             "(hoodie.compact.inline.max.delta.commits)\n");
  // Due (one deltacommit since c), but p2's group has no log file and p1's none yet.
  Write("{\"id\":\"c\",\"name\":\"z\",\"ts\":1,\"part\":\"p3\"}\n", "upsert");
  auto empty = RunCli("compaction schedule --table " + Quote(base_) + kEvery);
  EXPECT_EQ(empty.exit_code, 0) << empty.err;
  EXPECT_EQ(empty.out, "nothing to compact: no file slice has log files\n");
}

TEST_F(CompactionCommandTest, RunScheduleSchedulesAndRuns) {
  Write("{\"id\":\"a\",\"name\":\"x\",\"ts\":1,\"part\":\"p1\"}\n", "upsert");
  Write("{\"id\":\"a\",\"name\":\"x2\",\"ts\":2,\"part\":\"p1\"}\n", "upsert");
  nlohmann::json ran = Json("compaction run --schedule --table " + Quote(base_) + kEvery);
  ASSERT_EQ(ran.size(), 1u);
  EXPECT_EQ(ran[0]["updated"], "1");
  nlohmann::json all = Json("compaction show --table " + Quote(base_));
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0]["state"], "COMPLETED");
  EXPECT_EQ(all[0]["instant"], ran[0]["instant"]);
}

// As Hudi's scheduler (which its CLI and HoodieCompactor go through), nothing is
// planned until the trigger is due: 10 deltacommits by default in hoodie (the seed's
// default; Hudi 0.15 says 5), or hoodie.compact.inline.max.delta.commits.
TEST_F(CompactionCommandTest, ScheduleWaitsForTheTrigger) {
  std::string t1 =
      Write("{\"id\":\"a\",\"name\":\"x\",\"ts\":1,\"part\":\"p1\"}\n", "upsert");
  Write("{\"id\":\"a\",\"name\":\"x2\",\"ts\":2,\"part\":\"p1\"}\n", "upsert");
  Write("{\"id\":\"a\",\"name\":\"x3\",\"ts\":3,\"part\":\"p1\"}\n", "upsert");
  const std::string table = " --table " + Quote(base_);
  auto defaults = RunCli("compaction schedule" + table);
  EXPECT_EQ(defaults.exit_code, 0) << defaults.err;
  EXPECT_EQ(defaults.out, "no compaction scheduled: 3 delta commits since " + t1 +
                              ", trigger num_commits needs 10 "
                              "(hoodie.compact.inline.max.delta.commits)\n");
  auto four = RunCli("compaction run --schedule" + table +
                     " --hoodie-conf hoodie.compact.inline.max.delta.commits=4");
  EXPECT_EQ(four.exit_code, 0) << four.err;
  EXPECT_EQ(four.out, "no compaction scheduled: 3 delta commits since " + t1 +
                          ", trigger num_commits needs 4 "
                          "(hoodie.compact.inline.max.delta.commits)\n");
  auto timed = RunCli("compaction schedule" + table +
                      " --hoodie-conf compaction.trigger.strategy=num_and_time"
                      " --hoodie-conf hoodie.compact.inline.max.delta.commits=3");
  EXPECT_EQ(timed.exit_code, 0) << timed.err;
  EXPECT_EQ(timed.out.rfind("no compaction scheduled: 3 delta commits and ", 0), 0u)
      << timed.out;
  EXPECT_NE(timed.out.find(" seconds since " + t1 +
                           ", trigger num_and_time needs 3 "
                           "(hoodie.compact.inline.max.delta.commits) and 3600 "
                           "(compaction.delta_seconds)\n"),
            std::string::npos)
      << timed.out;
  EXPECT_EQ(Json("compaction show" + table).size(), 0u);  // nothing written
  nlohmann::json plan =
      Json("compaction schedule" + table + " --hoodie-conf compaction.delta_commits=3");
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0]["partition"], "p1");
}

TEST_F(CompactionCommandTest, CopyOnWriteIsRefused) {
  auto created = RunCli("table create --path " + Quote(base_) +
                        " --name t --type COPY_ON_WRITE --record-key id");
  ASSERT_EQ(created.exit_code, 0) << created.err;
  auto refused = RunCli("compaction schedule --table " + Quote(base_));
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("MERGE_ON_READ tables only"), std::string::npos)
      << refused.err;
}

}  // namespace
}  // namespace hoodie::cli
