// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_test_util.h
/// \brief Test support of the JDBC component: the test binary's PostgreSQL server,
/// statements run on it or on a SQLite file, and streamer rounds from a table.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/record_batch.h>

#include "hoodie/jdbc/database_connection.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/postgresql_test_server.h"

namespace hoodie::testing {

/// The PostgreSQL server of this test binary (started on first use); null, with a
/// test failure, when it cannot start.
PostgreSqlTestServer* PostgreSql();

/// Runs `sql` (statements separated by ';') on the test server as its superuser.
void RunPostgreSql(const std::string& sql);
/// Runs `sql` on the SQLite file `path`, making it when missing.
void RunSqlite(const std::string& path, const std::string& sql);

/// A lower-case name unique to the running test, for its tables.
std::string TestTableName();

/// Every batch of `reader`, and their row counts.
::arrow::Result<std::vector<std::shared_ptr<::arrow::RecordBatch>>> ReadAll(
    ::arrow::RecordBatchReader& reader);

/// A source's context of `config`, without a schema provider.
SourceContext ContextOf(const HoodieConfig& config);

/// The connection options of the test server's superuser to `url`.
ConnectOptions TestConnection(const std::string& url);

/// \brief Streamer rounds (the trips fixture) from a PostgreSQL table of trips made for
/// the test: JdbcSource with the JDBC component registered, no schema provider.
class JdbcRoundTest : public StreamRoundTest {
 protected:
  void SetUp() override;
  /// Inserts trips ("('a','x',1.0,1), ...") into the test's table.
  void InsertTrips(const std::string& values);

  std::string table_;
};

}  // namespace hoodie::testing
