// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_session_test.cc
/// \brief SQL sessions over Hudi tables: CREATE TABLE ... USING hudi, queries through
/// table names and hudi_scan, and each DML statement as one commit with exact rows.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/client/table.h"
#include "hoodie/sql/sql_session.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

class SqlSessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SqlSessionOptions options;
    options.warehouse = dir_.path();
    ASSERT_OK_AND_ASSIGN(session_, SqlSession::Open(options));
  }

  // Every row of the statement's result, its values joined by '|'.
  std::vector<std::string> Rows(const std::string& statement) {
    auto result = session_->Run(statement);
    EXPECT_TRUE(result.ok()) << statement << ": " << result.status().ToString();
    if (!result.ok() || result->rows == nullptr) return {};
    auto table = result->rows->ToTable();
    EXPECT_TRUE(table.ok()) << table.status().ToString();
    std::vector<std::string> rows;
    for (int64_t row = 0; row < (*table)->num_rows(); ++row) {
      std::string line;
      for (const auto& column : (*table)->columns()) {
        auto scalar = column->GetScalar(row);
        line += (line.empty() ? "" : "|") +
                ((*scalar)->is_valid ? (*scalar)->ToString() : std::string("null"));
      }
      rows.push_back(line);
    }
    return rows;
  }

  // The DML result row without its instant: operation|num_affected_rows.
  std::string Dml(const std::string& statement) {
    std::vector<std::string> rows = Rows(statement);
    if (rows.size() != 1) return "";
    return rows[0].substr(rows[0].find('|') + 1);
  }

  size_t Completed(const std::string& table) {
    auto opened = Table::Open(dir_.Join(table));
    EXPECT_TRUE(opened.ok()) << opened.status().ToString();
    auto timeline = (*opened)->meta_client()->LoadActiveTimeline();
    EXPECT_TRUE(timeline.ok()) << timeline.status().ToString();
    return timeline->timeline().FilterCompleted().instants().size();
  }

  void CreateTable(const std::string& type) {
    ASSERT_EQ(Rows("CREATE TABLE h (id INT, name STRING, price DOUBLE, ts BIGINT, dt STRING) "
                   "USING hudi PARTITIONED BY (dt) TBLPROPERTIES (primaryKey = 'id', "
                   "preCombineField = 'ts', type = '" + type + "')"),
              std::vector<std::string>{});
    EXPECT_EQ(Dml("INSERT INTO h VALUES (1, 'a', 10.0, 100, 'd1'), (2, 'b', 20.0, 100, 'd2'), "
                  "(3, 'c', 30.0, 100, 'd1')"),
              "upsert|3");  // a table with a precombine field upserts, as Hudi 0.15
  }

  testing::TempDir dir_;
  std::unique_ptr<SqlSession> session_;
};

TEST_F(SqlSessionTest, CreatedTableTakesInsertsAndShowsMetaColumnsFirst) {
  CreateTable("cow");
  EXPECT_EQ(Rows("SELECT _hoodie_record_key, _hoodie_partition_path, id, name, price, dt "
                 "FROM h ORDER BY id"),
            (std::vector<std::string>{"1|dt=d1|1|a|10|d1", "2|dt=d2|2|b|20|d2",
                                      "3|dt=d1|3|c|30|d1"}));
  auto result = session_->Run("SELECT * FROM h LIMIT 0");
  ASSERT_OK(result.status());
  EXPECT_EQ(result->rows->schema()->field(0)->name(), "_hoodie_commit_time");
  EXPECT_EQ(result->rows->schema()->field(5)->name(), "id");
  EXPECT_EQ(Completed("h"), 1u);
}

class SqlDmlTest : public SqlSessionTest,
                   public ::testing::WithParamInterface<std::string> {};

TEST_P(SqlDmlTest, UpdateDeleteAndMergeEachCommitOneInstant) {
  CreateTable(GetParam());
  EXPECT_EQ(Dml("UPDATE h SET price = price * 2, ts = 200 WHERE id = 1"), "upsert_prepped|1");
  EXPECT_EQ(Dml("DELETE FROM h WHERE id = 2"), "delete_prepped|1");
  EXPECT_EQ(Dml("MERGE INTO h USING (SELECT 3 AS id, 'gone' AS name, 1.0 AS price, "
                "300 AS ts, 'd1' AS dt, 'D' AS flag UNION ALL SELECT 1, 'a2', 5.0, 300, "
                "'d1', 'U' UNION ALL SELECT 4, 'd', 40.0, 300, 'd2', 'I') s "
                "ON h.id = s.id WHEN MATCHED AND s.flag = 'D' THEN DELETE "
                "WHEN MATCHED THEN UPDATE SET name = s.name, price = s.price, ts = s.ts "
                "WHEN NOT MATCHED THEN INSERT (id, name, price, ts, dt) "
                "VALUES (s.id, s.name, s.price, s.ts, s.dt)"),
            "upsert|3");
  EXPECT_EQ(Rows("SELECT id, name, price, ts, dt FROM h ORDER BY id"),
            (std::vector<std::string>{"1|a2|5|300|d1", "4|d|40|300|d2"}));
  EXPECT_EQ(Completed("h"), 4u);
}

INSTANTIATE_TEST_SUITE_P(TableTypes, SqlDmlTest, ::testing::Values("cow", "mor"));

TEST_F(SqlSessionTest, InsertOverwriteReplacesThePartitionOrTheTable) {
  CreateTable("cow");
  EXPECT_EQ(Dml("INSERT OVERWRITE TABLE h PARTITION (dt = 'd1') SELECT 9, 'z', 9.0, 900"),
            "insert_overwrite|1");
  EXPECT_EQ(Rows("SELECT id, dt FROM h ORDER BY id"),
            (std::vector<std::string>{"2|d2", "9|d1"}));
  EXPECT_EQ(Dml("INSERT OVERWRITE h SELECT 7, 'y', 7.0, 700, 'd3'"), "insert_overwrite_table|1");
  EXPECT_EQ(Rows("SELECT id, dt FROM h"), (std::vector<std::string>{"7|d3"}));
}

TEST_F(SqlSessionTest, HudiScanTravelsInTimeAndReadsIncrementally) {
  CreateTable("cow");
  std::vector<std::string> first = Rows("SELECT max(_hoodie_commit_time) FROM h");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(Dml("UPDATE h SET price = 0 WHERE id = 3"), "upsert_prepped|1");
  std::string path = dir_.Join("h");
  EXPECT_EQ(Rows("SELECT id, price FROM hudi_scan('" + path + "', as_of => '" + first[0] +
                 "') ORDER BY id"),
            (std::vector<std::string>{"1|10", "2|20", "3|30"}));
  EXPECT_EQ(Rows("SELECT id, price FROM hudi_scan('" + path +
                 "', query_type => 'incremental', begin => '" + first[0] + "')"),
            (std::vector<std::string>{"3|0"}));
  EXPECT_EQ(Rows("SELECT id FROM hudi_scan('" + path + "', filters => ['price>=20']) ORDER BY id"),
            (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("SELECT count(*) FROM hudi_scan('" + path + "')"),
            (std::vector<std::string>{"3"}));
}

TEST_F(SqlSessionTest, AFailedStatementCommitsNothing) {
  CreateTable("cow");
  auto bad = session_->Run("UPDATE h SET nope = 1 WHERE id = 1");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("nope"), std::string::npos) << bad.status().ToString();
  auto two = session_->Run("SELECT 1; SELECT 2");
  ASSERT_FALSE(two.ok());
  EXPECT_NE(two.status().message().find("one statement at a time"), std::string::npos);
  EXPECT_EQ(Completed("h"), 1u);
  EXPECT_EQ(Rows("SELECT count(*) FROM h"), (std::vector<std::string>{"3"}));
}

TEST_F(SqlSessionTest, MergeStarsTakeTheSourceColumnsByName) {
  CreateTable("cow");
  EXPECT_EQ(Dml("MERGE INTO h USING (SELECT 'd1' AS dt, 500 AS ts, 5.0 AS price, 'x' AS name, "
                "1 AS id UNION ALL SELECT 'd2', 500, 6.0, 'y', 7) s ON h.id = s.id "
                "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *"),
            "upsert|2");
  EXPECT_EQ(Rows("SELECT id, name, price, ts, dt FROM h ORDER BY id"),
            (std::vector<std::string>{"1|x|5|500|d1", "2|b|20|100|d2", "3|c|30|100|d1",
                                      "7|y|6|500|d2"}));
}

// A WHERE clause's conjuncts reach the reader: with the file of partition d2 broken, a
// merge-on-read query of partition d1 still answers, as only partition pruning can make
// it (the read takes its schema from d1's file, the newest).
TEST_F(SqlSessionTest, WhereConjunctsArePushedIntoTheReader) {
  ASSERT_EQ(Rows("CREATE TABLE m (id INT, price DOUBLE, ts BIGINT, dt STRING) USING hudi "
                 "PARTITIONED BY (dt) TBLPROPERTIES (primaryKey = 'id', "
                 "preCombineField = 'ts', type = 'mor')"),
            std::vector<std::string>{});
  EXPECT_EQ(Dml("INSERT INTO m VALUES (2, 20.0, 1, 'd2')"), "upsert|1");
  EXPECT_EQ(Dml("INSERT INTO m VALUES (1, 10.0, 1, 'd1'), (3, 30.0, 1, 'd1')"), "upsert|2");
  for (const auto& entry : std::filesystem::directory_iterator(dir_.Join("m/dt=d2"))) {
    if (entry.path().extension() == ".parquet") {
      std::ofstream(entry.path(), std::ios::trunc) << "not parquet";
    }
  }
  EXPECT_EQ(Rows("SELECT id FROM m WHERE dt = 'd1' AND id >= 1 ORDER BY id"),
            (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(Rows("SELECT x.id FROM m AS x WHERE 'd1' = x.DT AND x.price > 15.5"),
            (std::vector<std::string>{"3"}));
  EXPECT_FALSE(session_->Run("SELECT count(*) FROM m").ok());
}

TEST_F(SqlSessionTest, UnoptimizedWritesRecordPlainUpsertsAndDeletes) {
  CreateTable("cow");
  SqlSessionOptions options;
  options.warehouse = dir_.path();
  options.config.Set("hoodie.spark.sql.optimized.writes.enable", "false");
  ASSERT_OK_AND_ASSIGN(session_, SqlSession::Open(options));
  EXPECT_EQ(Dml("UPDATE h SET price = 1 WHERE id = 1"), "upsert|1");
  EXPECT_EQ(Dml("DELETE FROM h WHERE id = 1"), "delete|1");
  EXPECT_EQ(Rows("SELECT id FROM h ORDER BY id"), (std::vector<std::string>{"2", "3"}));
}

TEST_F(SqlSessionTest, CreateTableAsSelectBulkInserts) {
  EXPECT_EQ(Dml("CREATE TABLE c USING hudi TBLPROPERTIES (primaryKey = 'id') AS "
                "SELECT 1 AS id, 'x' AS name UNION ALL SELECT 2, 'y'"),
            "bulk_insert|2");
  EXPECT_EQ(Rows("SELECT id, name FROM c ORDER BY id"),
            (std::vector<std::string>{"1|x", "2|y"}));
}

}  // namespace
}  // namespace hoodie
