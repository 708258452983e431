// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/zookeeper_test_server.cc
/// \brief ZooKeeperTestServer: scripts/zookeeper-server.sh as a child process.
#include "hoodie/testing/zookeeper_test_server.h"

#include <unistd.h>

#include <chrono>
#include <thread>

#include <sys/socket.h>

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
  // The port opens before the server serves: wait for its "imok" to "ruok", so that the
  // first session of a test on a loaded machine does not wait out its connection timeout.
  for (int attempt = 0; attempt < 600; ++attempt) {
    const int fd = ConnectLocal(server->port());
    if (fd >= 0) {
      char answer[4] = {0};
      const bool ok = ::send(fd, "ruok", 4, 0) == 4 && ::recv(fd, answer, 4, MSG_WAITALL) == 4 &&
                      std::string(answer, 4) == "imok";
      ::close(fd);
      if (ok) return server;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return ::arrow::Status::IOError("ZooKeeper on port ", server->port(),
                                  " did not answer ruok in 60 s");
}

std::string ZooKeeperTestServer::connect_string() const {
  return "127.0.0.1:" + std::to_string(port());
}

}  // namespace hoodie::testing
