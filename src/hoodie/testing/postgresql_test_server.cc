// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/postgresql_test_server.cc
/// \brief PostgreSqlTestServer: scripts/postgresql-server.sh as a child process.
#include "hoodie/testing/postgresql_test_server.h"

#include <chrono>
#include <cstdlib>
#include <thread>

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<PostgreSqlTestServer>> PostgreSqlTestServer::Start() {
  std::unique_ptr<PostgreSqlTestServer> server(new PostgreSqlTestServer());
  server->dir_ = std::make_unique<TempDir>();
  const std::string script = std::string(HOODIE_SOURCE_DIR) + "/scripts/postgresql-server.sh";
  ARROW_ASSIGN_OR_RAISE(
      server->process_,
      ServerProcess::Start({"/bin/bash", script, "{port}", server->dir_->path()},
                           "run scripts/setup-services.sh (it installs Debian's postgresql)",
                           server->dir_->Join("server.log")));
  // The port opens while the server still starts up ("the database system is starting
  // up"): wait until pg_isready says it accepts sessions.
  const std::string ready = "pg_isready -q -h 127.0.0.1 -p " + std::to_string(server->port());
  for (int attempt = 0; attempt < 600; ++attempt) {
    if (std::system(ready.c_str()) == 0) return server;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return ::arrow::Status::IOError("PostgreSQL on port ", server->port(),
                                  " did not accept sessions in 60 s");
}

std::string PostgreSqlTestServer::jdbc_url() const {
  return "jdbc:postgresql://127.0.0.1:" + std::to_string(port()) + "/postgres";
}

std::string PostgreSqlTestServer::connection_string() const {
  return "host=127.0.0.1 port=" + std::to_string(port()) + " dbname=postgres user=" + user() +
         " password=" + password();
}

}  // namespace hoodie::testing
