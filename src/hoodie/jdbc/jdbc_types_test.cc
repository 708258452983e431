// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_types_test.cc
/// \brief Every PostgreSQL and SQLite type hoodie reads, with the Arrow type of Spark's
/// type for it (PostgresDialect, JdbcUtils.getCatalystType) and its exact values.
#include <string>
#include <vector>

#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/jdbc/checkpoint_text_internal.h"
#include "hoodie/jdbc/jdbc_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;

struct Expected {
  std::string column;
  std::shared_ptr<::arrow::DataType> type;
  std::string json;  // the values of rows 1 and 2 (all null)
};

std::shared_ptr<::arrow::DataType> Timestamp() {
  return ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC");
}

// Reads `sql` through a connection and compares each column with `expected`.
void ExpectColumns(const ConnectOptions& options, const std::string& sql,
                   const std::vector<Expected>& expected) {
  ASSERT_OK_AND_ASSIGN(auto connection, DatabaseConnection::Open(options));
  ASSERT_OK_AND_ASSIGN(auto columns, connection->Describe(sql));
  ASSERT_EQ(columns.size(), expected.size());
  ASSERT_OK_AND_ASSIGN(auto reader, connection->Query(sql, 100, columns));
  ASSERT_OK_AND_ASSIGN(auto batches, testing::ReadAll(*reader));
  ASSERT_EQ(batches.size(), 1u);
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(expected[i].column);
    EXPECT_EQ(columns[i].name, expected[i].column);
    EXPECT_TRUE(columns[i].type->Equals(*expected[i].type)) << columns[i].type->ToString();
    ASSERT_OK_AND_ASSIGN(auto want,
                         ::arrow::json::ArrayFromJSONString(expected[i].type, expected[i].json));
    EXPECT_TRUE(batches[0]->column(i)->Equals(*want))
        << batches[0]->column(i)->ToString() << "\nwanted\n" << want->ToString();
  }
}

TEST(JdbcTypesTest, PostgreSqlTypesReadAsSparkReadsThem) {
  testing::PostgreSqlTestServer* server = testing::PostgreSql();
  ASSERT_NE(server, nullptr);
  testing::RunPostgreSql(R"(
    DROP TABLE IF EXISTS every_type; DROP TYPE IF EXISTS mood;
    CREATE TYPE mood AS ENUM ('sad', 'happy');
    CREATE TABLE every_type (k int4, s int2, i int4, b int8, r real, d double precision,
      n numeric(10,2), n_free numeric, flag boolean, bit1 bit(1), t text, v varchar(10),
      c char(3), day date, ts timestamp(6), tstz timestamptz, tm time, bytes bytea, u uuid,
      j jsonb, o oid, m mood, iv interval);
    INSERT INTO every_type VALUES (1, -32768, 2147483647, 9223372036854775807, 1.5,
      0.1, 12345678.90, 1.25, true, B'1', 'café ''x''', 'var', 'ab', '2024-02-29',
      '2024-01-02 03:04:05.123456', '2024-01-02 03:04:05+02', '10:11:12.5', '\x007f10',
      'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{"a": 1}', 42, 'happy', '1 day 02:00:00');
    INSERT INTO every_type (k) VALUES (2);)");
  ExpectColumns(
      testing::TestConnection(server->jdbc_url()), "SELECT * FROM every_type ORDER BY k",
      {{"k", ::arrow::int32(), "[1, 2]"},
       {"s", ::arrow::int16(), "[-32768, null]"},
       {"i", ::arrow::int32(), "[2147483647, null]"},
       {"b", ::arrow::int64(), "[9223372036854775807, null]"},
       {"r", ::arrow::float32(), "[1.5, null]"},
       {"d", ::arrow::float64(), "[0.1, null]"},
       {"n", ::arrow::decimal128(10, 2), R"(["12345678.90", null])"},
       {"n_free", ::arrow::decimal128(38, 18), R"(["1.250000000000000000", null])"},
       {"flag", ::arrow::boolean(), "[true, null]"},
       {"bit1", ::arrow::boolean(), "[true, null]"},
       {"t", ::arrow::utf8(), R"(["café 'x'", null])"},
       {"v", ::arrow::utf8(), R"(["var", null])"},
       {"c", ::arrow::utf8(), R"(["ab ", null])"},
       {"day", ::arrow::date32(), "[19782, null]"},
       {"ts", Timestamp(), "[1704164645123456, null]"},
       {"tstz", Timestamp(), "[1704157445000000, null]"},
       {"tm", Timestamp(), "[36672500000, null]"},
       {"bytes", ::arrow::binary(), R"(["\u0000\u007f\u0010", null])"},
       {"u", ::arrow::utf8(), R"(["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", null])"},
       {"j", ::arrow::utf8(), R"(["{\"a\": 1}", null])"},
       {"o", ::arrow::int64(), "[42, null]"},
       {"m", ::arrow::utf8(), R"(["happy", null])"},
       {"iv", ::arrow::utf8(), R"(["1 day 02:00:00", null])"}});
}

TEST(JdbcTypesTest, PostgreSqlTypesWithoutSparkTypeAreRefusedNamingTheColumn) {
  testing::PostgreSqlTestServer* server = testing::PostgreSql();
  ASSERT_NE(server, nullptr);
  testing::RunPostgreSql("DROP TABLE IF EXISTS arrays; CREATE TABLE arrays (tags text[])");
  ASSERT_OK_AND_ASSIGN(auto connection,
                       DatabaseConnection::Open(testing::TestConnection(server->jdbc_url())));
  auto described = connection->Describe("SELECT * FROM arrays");
  ASSERT_TRUE(described.status().IsNotImplemented());
  EXPECT_THAT(described.status().message(),
              HasSubstr("column tags has the PostgreSQL type text[]"));
}

// Declared types: the names sqlite-jdbc reports as booleans, dates, timestamps and
// decimals, then SQLite's affinity (INT: bigint, CHAR/CLOB/TEXT: string, REAL/FLOA/DOUB:
// double, none: binary, otherwise decimal(38,18)).
TEST(JdbcTypesTest, SqliteDeclaredTypesReadByAffinity) {
  testing::TempDir dir;
  const std::string file = dir.Join("types.db");
  testing::RunSqlite(file, R"(
    CREATE TABLE t (i INTEGER, small SMALLINT, name VARCHAR(20), body CLOB, r REAL,
      f FLOAT, blob BLOB, untyped, flag BOOLEAN, day DATE, at DATETIME,
      price DECIMAL(6,2), num NUMERIC);
    INSERT INTO t VALUES (9007199254740993, 7, 'név', 'long', 0.1, -2.5, x'007f', x'01',
      1, '2024-02-29', '2024-01-02 03:04:05.5', '12.30', '3.5');
    INSERT INTO t (i) VALUES (NULL);)");
  ConnectOptions options;
  ASSERT_OK_AND_ASSIGN(options.url, JdbcUrl::Parse("jdbc:sqlite:" + file));
  ExpectColumns(options, "SELECT * FROM t",
                {{"i", ::arrow::int64(), "[9007199254740993, null]"},
                 {"small", ::arrow::int64(), "[7, null]"},
                 {"name", ::arrow::utf8(), R"(["név", null])"},
                 {"body", ::arrow::utf8(), R"(["long", null])"},
                 {"r", ::arrow::float64(), "[0.1, null]"},
                 {"f", ::arrow::float64(), "[-2.5, null]"},
                 {"blob", ::arrow::binary(), R"(["\u0000\u007f", null])"},
                 {"untyped", ::arrow::binary(), R"(["\u0001", null])"},
                 {"flag", ::arrow::boolean(), "[true, null]"},
                 {"day", ::arrow::date32(), "[19782, null]"},
                 {"at", Timestamp(), "[1704164645500000, null]"},
                 {"price", ::arrow::decimal128(6, 2), R"(["12.30", null])"},
                 {"num", ::arrow::decimal128(38, 18), R"(["3.500000000000000000", null])"}});
}

// The checkpoint is Spark's cast of the maximum to a string.
TEST(JdbcTypesTest, CheckpointIsSparksStringOfTheMaximum) {
  using internal::SparkStringOf;
  EXPECT_EQ(*SparkStringOf(::arrow::Int64Scalar(250)), "250");
  EXPECT_EQ(*SparkStringOf(::arrow::StringScalar("2024-01-03")), "2024-01-03");
  EXPECT_EQ(*SparkStringOf(::arrow::Date32Scalar(19782)), "2024-02-29");
  EXPECT_EQ(*SparkStringOf(::arrow::TimestampScalar(1704164645123400, Timestamp())),
            "2024-01-02 03:04:05.1234");
  EXPECT_EQ(*SparkStringOf(::arrow::TimestampScalar(1704164645000000, Timestamp())),
            "2024-01-02 03:04:05");
  EXPECT_EQ(*SparkStringOf(::arrow::TimestampScalar(-1, Timestamp())),
            "1969-12-31 23:59:59.999999");
  EXPECT_EQ(*SparkStringOf(::arrow::Decimal128Scalar(::arrow::Decimal128(1250),
                                                     ::arrow::decimal128(10, 2))),
            "12.50");
  EXPECT_EQ(*SparkStringOf(::arrow::DoubleScalar(2.0)), "2.0");
  EXPECT_EQ(*SparkStringOf(::arrow::DoubleScalar(0.1)), "0.1");
  EXPECT_TRUE(SparkStringOf(::arrow::BinaryScalar("x")).status().IsNotImplemented());
}

}  // namespace
}  // namespace hoodie
