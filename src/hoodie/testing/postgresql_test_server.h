// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/postgresql_test_server.h
/// \brief A real PostgreSQL server for tests: Debian's `postgresql` (installed by
/// scripts/setup-services.sh), run by scripts/postgresql-server.sh on 127.0.0.1 and
/// stopped afterwards.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

/// \brief One PostgreSQL server on a free port of 127.0.0.1 with a fresh cluster in a
/// temporary folder, removed afterwards. Its superuser is user() with password(),
/// which it asks for (scram-sha-256). Not thread-safe.
class PostgreSqlTestServer {
 public:
  /// Makes the cluster, starts the server and waits until it accepts sessions.
  /// \return IOError naming scripts/setup-services.sh when PostgreSQL is missing.
  static ::arrow::Result<std::unique_ptr<PostgreSqlTestServer>> Start();

  int port() const { return process_->port(); }
  static std::string user() { return "hoodie"; }
  static std::string password() { return "hoodie-test-password"; }
  /// "jdbc:postgresql://127.0.0.1:<port>/postgres", what hoodie.deltastreamer.jdbc.url
  /// takes.
  std::string jdbc_url() const;
  /// The libpq connection string of the superuser, for a test's own set-up.
  std::string connection_string() const;

 private:
  PostgreSqlTestServer() = default;

  std::unique_ptr<TempDir> dir_;
  std::unique_ptr<ServerProcess> process_;  // stopped before dir_ is removed
};

}  // namespace hoodie::testing
