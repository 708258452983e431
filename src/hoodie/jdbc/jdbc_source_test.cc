// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_source_test.cc
/// \brief JdbcSource in streamer rounds against a real PostgreSQL server and SQLite
/// files: full fetch, incremental pulls and their checkpoints, the source limit, the
/// fallback to a full fetch, passwords, refused URLs and an unreachable server.
#include <fstream>
#include <map>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/jdbc/jdbc_component.h"
#include "hoodie/jdbc/jdbc_test_util.h"
#include "hoodie/streamer/source.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::JdbcRoundTest;
using testing::RunPostgreSql;
using Trips = std::map<std::string, double>;

// Without incr.pull every round reads the whole table and checkpoints "" (JdbcSource's
// non-incremental checkpoint), so the next round reads it all again.
TEST_F(JdbcRoundTest, FullFetchReadsEveryRowAndCheckpointsEmpty) {
  InsertTrips("('a','x',1.0,1), ('b','y',2.0,2), ('c','x',NULL,3)");
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(first.records_read, 3);
  EXPECT_EQ(first.source_size, 3);
  EXPECT_EQ(first.checkpoint, "");
  EXPECT_EQ(CommittedCheckpoint(first.instant), "");
  EXPECT_EQ(Rows(), (Trips{{"a", 1.0}, {"b", 2.0}, {"c", -1}}));
  InsertTrips("('d','y',4.0,4)");
  RunPostgreSql("UPDATE " + table_ + " SET fare = 10 WHERE id = 'a'");
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_FALSE(second.resumed_from.has_value());
  EXPECT_EQ(second.records_read, 4);
  EXPECT_EQ(Rows(), (Trips{{"a", 10.0}, {"b", 2.0}, {"c", -1}, {"d", 4.0}}));
}

// incr.pull: the checkpoint is max(ts) of the rows read as a string; the next round
// reads only ts > that; a round with nothing new keeps it and commits nothing.
TEST_F(JdbcRoundTest, IncrementalPullResumesAfterTheMaximumAcrossRounds) {
  props_.Set("hoodie.streamer.jdbc.incr.pull", "true");
  props_.Set("hoodie.streamer.jdbc.table.incr.column.name", "ts");
  InsertTrips("('a','x',1.0,100), ('b','y',2.0,250)");
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(first.checkpoint, "250");
  EXPECT_EQ(CommittedCheckpoint(first.instant), "250");
  InsertTrips("('c','x',3.0,300), ('a','x',5.0,400), ('z','x',9.0,250)");
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(second.resumed_from, "250");
  // 'z' has ts 250, not past the checkpoint: Hudi's strict > leaves it behind too.
  EXPECT_EQ(second.records_read, 2);
  EXPECT_EQ(CommittedCheckpoint(second.instant), "400");
  EXPECT_EQ(Rows(), (Trips{{"a", 5.0}, {"b", 2.0}, {"c", 3.0}}));
  ASSERT_OK_AND_ASSIGN(RoundResult third, Round());
  EXPECT_EQ(third.checkpoint, "400");
  EXPECT_TRUE(third.instant.empty());
  EXPECT_EQ(CompletedCommits(), 2u);
}

// --source-limit N: ORDER BY the column LIMIT N, so rounds walk the table in order.
TEST_F(JdbcRoundTest, SourceLimitTakesTheLowestRowsFirst) {
  props_.Set("hoodie.deltastreamer.jdbc.incr.pull", "true");
  props_.Set("hoodie.deltastreamer.jdbc.table.incr.column.name", "ts");
  options_.source_limit = 2;
  InsertTrips("('e','x',5.0,5), ('a','x',1.0,1), ('d','x',4.0,4), ('b','x',2.0,2), "
              "('c','x',3.0,3)");
  std::vector<std::string> checkpoints;
  for (int round = 0; round < 3; ++round) {
    ASSERT_OK_AND_ASSIGN(RoundResult result, Round());
    checkpoints.push_back(CommittedCheckpoint(result.instant).value_or("?"));
  }
  EXPECT_EQ(checkpoints, (std::vector<std::string>{"2", "4", "5"}));
  EXPECT_EQ(Rows().size(), 5u);
}

// A checkpoint the column's type cannot compare with ('ts > 'abc'' on a bigint) fails
// the incremental query: with the fallback a full fetch follows, without it the round
// fails with the database's message.
TEST_F(JdbcRoundTest, BadIncrementalQueryFallsBackToAFullFetchWhenAllowed) {
  props_.Set("hoodie.deltastreamer.jdbc.incr.pull", "true");
  props_.Set("hoodie.deltastreamer.jdbc.table.incr.column.name", "ts");
  options_.checkpoint.checkpoint = "not-a-number";
  InsertTrips("('a','x',1.0,7), ('b','y',2.0,9)");
  auto failed = Round();
  ASSERT_FALSE(failed.ok());
  EXPECT_THAT(failed.status().message(), HasSubstr("invalid input syntax for type bigint"));
  props_.Set("hoodie.deltastreamer.jdbc.incr.fallback.to.full.fetch", "true");
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.records_read, 2);
  EXPECT_EQ(CommittedCheckpoint(round.instant), "9");
  EXPECT_EQ(CompletedCommits(), 1u);  // the failed round committed nothing
  EXPECT_EQ(Rows(), (Trips{{"a", 1.0}, {"b", 2.0}}));
}

// The password file's content (its line break dropped) logs in; a wrong password fails
// naming the server and user, and no message or log line holds a password.
TEST_F(JdbcRoundTest, PasswordFileLogsInAndPasswordsAreNeverShown) {
  InsertTrips("('a','x',1.0,1)");
  std::vector<std::string> logged;
  LogSink previous = SetLogSink([&](LogLevel, std::string_view m) { logged.emplace_back(m); });
  HoodieConfig with_file;
  for (const auto& [key, value] : props_.entries()) {
    if (key != "hoodie.deltastreamer.jdbc.password") with_file.Set(key, value);
  }
  {
    std::ofstream(dir_.Join("pg.password")) << testing::PostgreSqlTestServer::password() << "\n";
  }
  with_file.Set("hoodie.streamer.jdbc.password.file", dir_.Join("pg.password"));
  props_ = with_file;
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.records_read, 1);
  props_.Set("hoodie.deltastreamer.jdbc.password", "wrong-secret-42");
  auto refused = Round();
  SetLogSink(previous);
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(),
              HasSubstr("cannot connect to PostgreSQL at 127.0.0.1:" +
                        std::to_string(testing::PostgreSql()->port()) + "/postgres as user hoodie"));
  EXPECT_THAT(refused.status().message(), HasSubstr("password authentication failed"));
  EXPECT_THAT(refused.status().message(), Not(HasSubstr("wrong-secret-42")));
  for (const std::string& line : logged) {
    EXPECT_THAT(line, Not(HasSubstr("wrong-secret-42")));
    EXPECT_THAT(line, Not(HasSubstr(testing::PostgreSqlTestServer::password())));
  }
}

// A port nothing listens on: IOError at once naming the address, never the password.
TEST(JdbcSourceTest, UnreachableServerIsNamedWithoutThePassword) {
  ASSERT_OK(RegisterJdbcComponent());
  ASSERT_OK_AND_ASSIGN(int port, testing::FreeLocalPort());
  HoodieConfig config;
  config.Set("hoodie.deltastreamer.jdbc.url",
             "jdbc:postgresql://127.0.0.1:" + std::to_string(port) + "/sales?connectTimeout=5");
  config.Set("hoodie.deltastreamer.jdbc.user", "loader");
  config.Set("hoodie.deltastreamer.jdbc.password", "hunter2-secret");
  config.Set("hoodie.deltastreamer.jdbc.table.name", "orders");
  config.Set("hoodie.deltastreamer.jdbc.incr.pull", "false");
  ASSERT_OK_AND_ASSIGN(auto source, MakeSource("JdbcSource", testing::ContextOf(config)));
  auto fetched = source->FetchNext(std::nullopt, kNoSourceLimit);
  ASSERT_TRUE(fetched.status().IsIOError()) << fetched.status().ToString();
  EXPECT_THAT(fetched.status().message(),
              HasSubstr("JdbcSource: cannot connect to PostgreSQL at 127.0.0.1:" +
                        std::to_string(port) + "/sales as user loader"));
  EXPECT_THAT(fetched.status().message(), Not(HasSubstr("hunter2-secret")));
}

// Databases hoodie has no native client for are refused naming the supported URLs,
// without repeating the URL's parameters; a driver class other than the URL's too.
TEST(JdbcSourceTest, OtherDatabasesAndDriversAreRefused) {
  ASSERT_OK(RegisterJdbcComponent());
  HoodieConfig config;
  config.Set("hoodie.deltastreamer.jdbc.url", "jdbc:mysql://db:3306/shop?password=topsecret");
  config.Set("hoodie.deltastreamer.jdbc.table.name", "orders");
  config.Set("hoodie.deltastreamer.jdbc.incr.pull", "false");
  auto mysql = MakeSource("JdbcSource", testing::ContextOf(config));
  ASSERT_TRUE(mysql.status().IsInvalid());
  EXPECT_EQ(mysql.status().message(),
            "JdbcSource: hoodie reads jdbc:postgresql://host[:port]/database (through libpq) "
            "and jdbc:sqlite:<path> (through SQLite) URLs only, not jdbc:mysql: URLs");
  config.Set("hoodie.deltastreamer.jdbc.url", "jdbc:postgresql://db/shop");
  config.Set("hoodie.deltastreamer.jdbc.driver.class", "com.mysql.cj.jdbc.Driver");
  auto driver = MakeSource("JdbcSource", testing::ContextOf(config));
  ASSERT_TRUE(driver.status().IsInvalid());
  EXPECT_THAT(driver.status().message(),
              HasSubstr("hoodie.deltastreamer.jdbc.driver.class=com.mysql.cj.jdbc.Driver does "
                        "not serve PostgreSQL at db:5432/shop"));
  config.Set("hoodie.deltastreamer.jdbc.driver.class", "org.postgresql.Driver");
  config.Set("hoodie.deltastreamer.jdbc.incr.pull", "true");
  auto no_column = MakeSource("JdbcSource", testing::ContextOf(config));
  EXPECT_THAT(no_column.status().message(),
              HasSubstr("needs hoodie.deltastreamer.jdbc.table.incr.column.name"));
}

// fetchSize bounds the rows of each batch (a FETCH of the cursor); the partitioned-read
// options only tune Spark and pass with a warning; other Spark options are refused.
TEST_F(JdbcRoundTest, FetchSizeBoundsEachBatchAndOtherSparkOptionsAreJudged) {
  InsertTrips("('a','x',1.0,1), ('b','x',2.0,2), ('c','x',3.0,3), ('d','x',4.0,4), "
              "('e','x',5.0,5)");
  props_.Set("hoodie.deltastreamer.jdbc.extra.options.fetchSize", "2");
  ASSERT_OK_AND_ASSIGN(auto source, MakeSource("JdbcSource", testing::ContextOf(props_)));
  ASSERT_OK_AND_ASSIGN(SourceBatch batch, source->FetchNext(std::nullopt, kNoSourceLimit));
  ASSERT_OK_AND_ASSIGN(auto batches, testing::ReadAll(*batch.records));
  std::vector<int64_t> sizes;
  for (const auto& each : batches) sizes.push_back(each->num_rows());
  EXPECT_EQ(sizes, (std::vector<int64_t>{2, 2, 1}));

  props_.Set("hoodie.streamer.jdbc.extra.options.numPartitions", "4");
  props_.Set("hoodie.streamer.jdbc.extra.options.partitionColumn", "ts");
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.records_read, 5);
  props_.Set("hoodie.deltastreamer.jdbc.extra.options.queryTimeout", "5");
  auto refused = Round();
  ASSERT_TRUE(refused.status().IsNotImplemented()) << refused.status().ToString();
  EXPECT_THAT(refused.status().message(),
              HasSubstr("hoodie.deltastreamer.jdbc.extra.options.queryTimeout=5 is not "
                        "supported by hoodie"));
}

// A SQLite file, read through SQLite: the same rounds, incremental on a text column.
TEST_F(JdbcRoundTest, SqliteFileRoundsPullIncrementally) {
  const std::string file = dir_.Join("trips.db");
  testing::RunSqlite(file, "CREATE TABLE trips (id TEXT, city TEXT, fare REAL, ts INTEGER, "
                           "updated TEXT); INSERT INTO trips VALUES ('a','x',1.5,1,'2024-01-01'),"
                           " ('b','y',NULL,2,'2024-01-03')");
  props_.Set("hoodie.deltastreamer.jdbc.url", "jdbc:sqlite:" + file);
  props_.Set("hoodie.deltastreamer.jdbc.driver.class", "org.sqlite.JDBC");
  props_.Set("hoodie.deltastreamer.jdbc.table.name", "trips");
  props_.Set("hoodie.deltastreamer.jdbc.incr.pull", "true");
  props_.Set("hoodie.deltastreamer.jdbc.table.incr.column.name", "updated");
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  EXPECT_EQ(CommittedCheckpoint(first.instant), "2024-01-03");
  testing::RunSqlite(file, "INSERT INTO trips VALUES ('c','x',3.25,3,'2024-01-02'), "
                           "('a','x',7.0,4,'2024-02-01')");
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(second.records_read, 1);
  EXPECT_EQ(CommittedCheckpoint(second.instant), "2024-02-01");
  EXPECT_EQ(Rows(), (Trips{{"a", 7.0}, {"b", -1}}));
}

}  // namespace
}  // namespace hoodie
