// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/zookeeper_test_server.cc
/// \brief ZooKeeperTestServer: scripts/zookeeper-server.sh as a child process.
#include "hoodie/testing/zookeeper_test_server.h"

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<ZooKeeperTestServer>> ZooKeeperTestServer::Start() {
  std::unique_ptr<ZooKeeperTestServer> server(new ZooKeeperTestServer());
  server->dir_ = std::make_unique<TempDir>();
  const std::string script = std::string(HOODIE_SOURCE_DIR) + "/scripts/zookeeper-server.sh";
  ARROW_ASSIGN_OR_RAISE(
      server->process_,
      ServerProcess::Start({"/bin/bash", script, "{port}", server->dir_->path()},
                           "run scripts/setup-services.sh (it installs the ZooKeeper "
                           "server, or set HOODIE_ZOOKEEPER_JARS)",
                           server->dir_->Join("server.log")));
  return server;
}

std::string ZooKeeperTestServer::connect_string() const {
  return "127.0.0.1:" + std::to_string(port());
}

}  // namespace hoodie::testing
