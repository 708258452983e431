// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_schema_provider_test.cc
/// \brief JdbcbasedSchemaProvider against a real PostgreSQL table and a SQLite file, and
/// the component's registration.
#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/jdbc/jdbc_component.h"
#include "hoodie/jdbc/jdbc_test_util.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/source.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

HoodieConfig ProviderConfig(const std::string& url, const std::string& table) {
  HoodieConfig config;
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.connection.url", url);
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.driver.type",
             "org.postgresql.Driver");
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.username",
             testing::PostgreSqlTestServer::user());
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.password",
             testing::PostgreSqlTestServer::password());
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.dbtable", table);
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.timeout", "30");
  return config;
}

// The table's columns with Spark's types; with nullable=false NOT NULL columns stay
// required, by default (true) every column is nullable.
TEST(JdbcSchemaProviderTest, ReadsTheTablesColumnsAsTheSourceSchema) {
  ASSERT_OK(RegisterJdbcComponent());
  testing::PostgreSqlTestServer* server = testing::PostgreSql();
  ASSERT_NE(server, nullptr);
  testing::RunPostgreSql(
      "DROP TABLE IF EXISTS riders; CREATE TABLE riders (id bigint NOT NULL, name "
      "varchar(40), joined timestamptz, rating numeric(3,1) NOT NULL)");
  HoodieConfig config = ProviderConfig(server->jdbc_url(), "riders");
  config.Set("hoodie.streamer.schemaprovider.source.schema.jdbc.nullable", "false");
  ASSERT_OK_AND_ASSIGN(auto provider, MakeSchemaProvider("JdbcbasedSchemaProvider", config));
  ASSERT_OK_AND_ASSIGN(auto schema, provider->SourceSchema());
  auto timestamp = ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC");
  EXPECT_TRUE(schema->Equals(*::arrow::schema({
      ::arrow::field("id", ::arrow::int64(), false),
      ::arrow::field("name", ::arrow::utf8()),
      ::arrow::field("joined", timestamp),
      ::arrow::field("rating", ::arrow::decimal128(3, 1), false),
  }))) << schema->ToString();
  ASSERT_OK_AND_ASSIGN(auto target, provider->TargetSchema());
  EXPECT_TRUE(target->Equals(*schema));

  config = ProviderConfig(server->jdbc_url(), "riders");
  ASSERT_OK_AND_ASSIGN(auto nullable, MakeSchemaProvider(
                                          "org.apache.hudi.utilities.schema.JdbcbasedSchemaProvider",
                                          config));
  ASSERT_OK_AND_ASSIGN(auto all_nullable, nullable->SourceSchema());
  for (const auto& field : all_nullable->fields()) EXPECT_TRUE(field->nullable()) << field->name();
}

TEST(JdbcSchemaProviderTest, SqliteTableAndAMissingTable) {
  ASSERT_OK(RegisterJdbcComponent());
  testing::TempDir dir;
  const std::string file = dir.Join("s.db");
  testing::RunSqlite(file, "CREATE TABLE s (k INTEGER NOT NULL, label TEXT)");
  HoodieConfig config = ProviderConfig("jdbc:sqlite:" + file, "s");
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.nullable", "false");
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.driver.type",
             "org.sqlite.JDBC");
  ASSERT_OK_AND_ASSIGN(auto provider, MakeSchemaProvider("jdbc", config));
  ASSERT_OK_AND_ASSIGN(auto schema, provider->SourceSchema());
  EXPECT_TRUE(schema->Equals(*::arrow::schema({::arrow::field("k", ::arrow::int64(), false),
                                               ::arrow::field("label", ::arrow::utf8())})))
      << schema->ToString();
  config.Set("hoodie.deltastreamer.schemaprovider.source.schema.jdbc.dbtable", "nowhere");
  auto missing = MakeSchemaProvider("jdbc", config);
  ASSERT_TRUE(missing.status().IsInvalid());
  EXPECT_EQ(missing.status().message(),
            "JdbcbasedSchemaProvider: SQLite file " + file +
                " refused the query: no such table: nowhere");
}

// A wrong password fails naming the server, never the password.
TEST(JdbcSchemaProviderTest, RefusedLoginNamesTheServerNotThePassword) {
  ASSERT_OK(RegisterJdbcComponent());
  testing::PostgreSqlTestServer* server = testing::PostgreSql();
  ASSERT_NE(server, nullptr);
  HoodieConfig config = ProviderConfig(server->jdbc_url(), "riders");
  config.Set("hoodie.streamer.schemaprovider.source.schema.jdbc.password", "not-it-7");
  auto refused = MakeSchemaProvider("JdbcbasedSchemaProvider", config);
  ASSERT_TRUE(refused.status().IsIOError()) << refused.status().ToString();
  EXPECT_THAT(refused.status().message(),
              HasSubstr("JdbcbasedSchemaProvider: cannot connect to PostgreSQL at 127.0.0.1:" +
                        std::to_string(server->port()) + "/postgres as user hoodie"));
  EXPECT_THAT(refused.status().message(), Not(HasSubstr("not-it-7")));
}

// Registering takes over the names libhoodie reserved, under every alias; a second call
// changes nothing.
TEST(JdbcComponentTest, RegisteringTakesOverTheReservedNames) {
  ASSERT_OK(RegisterJdbcComponent());
  ASSERT_OK(RegisterJdbcComponent());
  HoodieConfig config;
  for (const char* name : {"org.apache.hudi.utilities.sources.JdbcSource", "JdbcSource"}) {
    auto made = MakeSource(name, testing::ContextOf(config));
    EXPECT_THAT(made.status().message(), HasSubstr("JdbcSource needs hoodie.deltastreamer.jdbc.url"))
        << name;
  }
  for (const char* name : {"org.apache.hudi.utilities.schema.JdbcbasedSchemaProvider",
                           "JdbcbasedSchemaProvider", "jdbc"}) {
    auto made = MakeSchemaProvider(name, config);
    EXPECT_THAT(made.status().message(),
                HasSubstr("JdbcbasedSchemaProvider needs "
                          "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.connection.url"))
        << name;
  }
}

}  // namespace
}  // namespace hoodie
