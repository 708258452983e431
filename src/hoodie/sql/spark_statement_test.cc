// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/spark_statement_test.cc
/// \brief The Spark statement heads: what they take apart, and what they leave to DuckDB.
#include <gtest/gtest.h>

#include "hoodie/sql/spark_statement_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

TEST(SparkStatementTest, CreateTableUsingHudiTakesEveryClause) {
  ASSERT_OK_AND_ASSIGN(auto parsed, ParseSparkStatement(
      "create table if not exists h0 (id int, `name` string, ts bigint, dt string) "
      "using HUDI partitioned by (dt) tblproperties (primaryKey = 'id', "
      "'hoodie.index.type' = 'BLOOM') options (type = 'mor') "
      "location '/tmp/it''s' comment 'a -- not a comment';"));
  ASSERT_TRUE(parsed.has_value());
  const auto& create = std::get<CreateTableStatement>(*parsed);
  EXPECT_EQ(create.name, "h0");
  EXPECT_TRUE(create.if_not_exists);
  EXPECT_EQ(create.columns, "id int, `name` string, ts bigint, dt string");
  EXPECT_EQ(create.partitioned_by, (std::vector<std::string>{"dt"}));
  std::vector<std::pair<std::string, std::string>> properties = {
      {"primaryKey", "id"}, {"hoodie.index.type", "BLOOM"}, {"type", "mor"}};
  EXPECT_EQ(create.properties, properties);
  EXPECT_EQ(create.location, "/tmp/it's");
  EXPECT_TRUE(create.query.empty());
}

TEST(SparkStatementTest, CreateTableAsSelectKeepsTheQueryText) {
  ASSERT_OK_AND_ASSIGN(auto parsed, ParseSparkStatement(
      "CREATE TABLE c USING hudi TBLPROPERTIES (primaryKey='id') AS SELECT 1 AS id"));
  const auto& create = std::get<CreateTableStatement>(*parsed);
  EXPECT_EQ(create.query, "SELECT 1 AS id");
  EXPECT_TRUE(create.columns.empty());
}

TEST(SparkStatementTest, DuckDbStatementsAreLeftAlone) {
  for (const char* text :
       {"CREATE TABLE x (id INT)", "CREATE TEMP TABLE y AS SELECT 1",
        "INSERT INTO t VALUES (1, 'using')", "INSERT INTO t SELECT * FROM s",
        "SELECT 'call x()'", "-- CALL run_clean(table => 't')\nSELECT 1",
        "ALTER TABLE t ADD COLUMN c INT", "UPDATE t SET a = 1"}) {
    ASSERT_OK_AND_ASSIGN(auto parsed, ParseSparkStatement(text));
    EXPECT_FALSE(parsed.has_value()) << text;
  }
}

TEST(SparkStatementTest, InsertOverwriteWithStaticAndDynamicPartitions) {
  ASSERT_OK_AND_ASSIGN(auto parsed, ParseSparkStatement(
      "insert overwrite table t partition (dt = '2021-01-01', hh) select id, name, hh from s"));
  const auto& insert = std::get<SparkInsertStatement>(*parsed);
  EXPECT_TRUE(insert.overwrite);
  EXPECT_TRUE(insert.has_partition_clause);
  ASSERT_EQ(insert.partition.size(), 2u);
  EXPECT_EQ(insert.partition[0].first, "dt");
  EXPECT_EQ(insert.partition[0].second, "2021-01-01");
  EXPECT_EQ(insert.partition[1].first, "hh");
  EXPECT_FALSE(insert.partition[1].second.has_value());
  EXPECT_EQ(insert.query, "select id, name, hh from s");

  ASSERT_OK_AND_ASSIGN(auto into, ParseSparkStatement("INSERT INTO TABLE t VALUES (1)"));
  const auto& plain = std::get<SparkInsertStatement>(*into);
  EXPECT_FALSE(plain.overwrite);
  EXPECT_FALSE(plain.has_partition_clause);
  EXPECT_EQ(plain.query, "VALUES (1)");
}

TEST(SparkStatementTest, CallTakesNamedAndPositionalArguments) {
  ASSERT_OK_AND_ASSIGN(auto parsed, ParseSparkStatement(
      "CALL Show_Commits(table => 'h0', limit => 10)"));
  const auto& call = std::get<ProcedureCall>(*parsed);
  EXPECT_EQ(call.name, "show_commits");
  ASSERT_EQ(call.arguments.size(), 2u);
  EXPECT_EQ(call.arguments[0].name, "table");
  EXPECT_EQ(call.arguments[0].value, "h0");
  EXPECT_TRUE(call.arguments[0].quoted);
  EXPECT_EQ(call.arguments[1].name, "limit");
  EXPECT_EQ(call.arguments[1].value, "10");
  EXPECT_FALSE(call.arguments[1].quoted);

  ASSERT_OK_AND_ASSIGN(auto positional, ParseSparkStatement("call run_clean('h0')"));
  const auto& run = std::get<ProcedureCall>(*positional);
  ASSERT_EQ(run.arguments.size(), 1u);
  EXPECT_FALSE(run.arguments[0].name.has_value());
}

TEST(SparkStatementTest, MalformedHeadsNameWhatIsWrongAndWhere) {
  auto unclosed = ParseSparkStatement("CREATE TABLE t (id INT) USING hudi TBLPROPERTIES (a = 'b'");
  ASSERT_FALSE(unclosed.ok());
  EXPECT_NE(unclosed.status().message().find("')' closing TBLPROPERTIES"), std::string::npos)
      << unclosed.status().ToString();
  auto other = ParseSparkStatement("CREATE TABLE t (id INT) USING parquet");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("USING hudi"), std::string::npos);
  auto quote = ParseSparkStatement("CALL show_commits(table => 'h0)");
  ASSERT_FALSE(quote.ok());
  EXPECT_NE(quote.status().message().find("unclosed ' quote at character 28"), std::string::npos)
      << quote.status().ToString();
}

TEST(SparkStatementTest, MergeStarsAreSpelledByNameForDuckDb) {
  ASSERT_OK_AND_ASSIGN(
      std::string spelled,
      DuckDbSpelling("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN update set * "
                     "WHEN NOT MATCHED THEN INSERT * -- INSERT * stays in comments\n"));
  EXPECT_EQ(spelled,
            "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE BY NAME "
            "WHEN NOT MATCHED THEN INSERT BY NAME -- INSERT * stays in comments\n");
  ASSERT_OK_AND_ASSIGN(std::string untouched, DuckDbSpelling("SELECT 'insert *', count(*) FROM t"));
  EXPECT_EQ(untouched, "SELECT 'insert *', count(*) FROM t");
}

}  // namespace
}  // namespace hoodie::internal
