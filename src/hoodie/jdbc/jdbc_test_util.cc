// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_test_util.cc
#include "hoodie/jdbc/jdbc_test_util.h"

#include <libpq-fe.h>
#include <sqlite3.h>

#include "hoodie/common/ascii.h"
#include "hoodie/jdbc/jdbc_component.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::testing {

PostgreSqlTestServer* PostgreSql() {
  auto server = SharedServer<PostgreSqlTestServer>();
  EXPECT_OK(server.status());
  return server.ok() ? *server : nullptr;
}

void RunPostgreSql(const std::string& sql) {
  PostgreSqlTestServer* server = PostgreSql();
  ASSERT_NE(server, nullptr);
  PGconn* connection = PQconnectdb(server->connection_string().c_str());
  ASSERT_EQ(PQstatus(connection), CONNECTION_OK) << PQerrorMessage(connection);
  PQsetNoticeProcessor(connection, [](void*, const char*) {}, nullptr);  // DROP IF EXISTS
  PGresult* result = PQexec(connection, sql.c_str());
  const ExecStatusType status = PQresultStatus(result);
  EXPECT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
      << sql << ": " << PQerrorMessage(connection);
  PQclear(result);
  PQfinish(connection);
}

void RunSqlite(const std::string& path, const std::string& sql) {
  sqlite3* database = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &database), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(database, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
      << sql << ": " << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(database);
}

std::string TestTableName() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return "t_" + ToLowerAscii(info->name());
}

::arrow::Result<std::vector<std::shared_ptr<::arrow::RecordBatch>>> ReadAll(
    ::arrow::RecordBatchReader& reader) {
  std::vector<std::shared_ptr<::arrow::RecordBatch>> out;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(auto batch, reader.Next());
    if (batch == nullptr) return out;
    out.push_back(std::move(batch));
  }
}

SourceContext ContextOf(const HoodieConfig& config) {
  SourceContext context;
  context.config = &config;
  return context;
}

ConnectOptions TestConnection(const std::string& url) {
  ConnectOptions out;
  auto parsed = JdbcUrl::Parse(url);
  EXPECT_OK(parsed.status());
  if (parsed.ok()) out.url = *parsed;
  out.user = PostgreSqlTestServer::user();
  out.password = PostgreSqlTestServer::password();
  return out;
}

void JdbcRoundTest::SetUp() {
  ASSERT_OK(RegisterJdbcComponent());
  StreamRoundTest::SetUp();
  PostgreSqlTestServer* server = PostgreSql();
  ASSERT_NE(server, nullptr);
  table_ = TestTableName();
  RunPostgreSql("DROP TABLE IF EXISTS " + table_ + "; CREATE TABLE " + table_ +
                " (id text NOT NULL, city text, fare double precision, ts bigint)");
  options_.source_class = "org.apache.hudi.utilities.sources.JdbcSource";
  options_.schema_provider_class.clear();
  props_.Set("hoodie.deltastreamer.jdbc.url", server->jdbc_url());
  props_.Set("hoodie.deltastreamer.jdbc.user", PostgreSqlTestServer::user());
  props_.Set("hoodie.deltastreamer.jdbc.password", PostgreSqlTestServer::password());
  props_.Set("hoodie.deltastreamer.jdbc.driver.class", "org.postgresql.Driver");
  props_.Set("hoodie.deltastreamer.jdbc.table.name", table_);
  props_.Set("hoodie.deltastreamer.jdbc.incr.pull", "false");
}

void JdbcRoundTest::InsertTrips(const std::string& values) {
  RunPostgreSql("INSERT INTO " + table_ + " VALUES " + values);
}

}  // namespace hoodie::testing
