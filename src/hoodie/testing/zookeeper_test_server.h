// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/zookeeper_test_server.h
/// \brief A real ZooKeeper server for tests: Apache ZooKeeper 3.8 from Maven Central
/// (scripts/services-maven/zookeeper/pom.xml, installed by scripts/setup-services.sh),
/// run by scripts/zookeeper-server.sh on 127.0.0.1 and stopped afterwards.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

/// \brief One standalone ZooKeeper server on a free port of 127.0.0.1, with its data in
/// a temporary folder. Sessions may be as short as 1 s. Not thread-safe.
class ZooKeeperTestServer {
 public:
  /// Starts the server and waits until it accepts connections. \return IOError
  ///   naming scripts/setup-services.sh when the jars or java are missing.
  static ::arrow::Result<std::unique_ptr<ZooKeeperTestServer>> Start();

  /// "127.0.0.1:<port>", what hoodie.write.lock.zookeeper.url takes.
  std::string connect_string() const;
  int port() const { return process_->port(); }

 private:
  ZooKeeperTestServer() = default;

  std::unique_ptr<TempDir> dir_;
  std::unique_ptr<ServerProcess> process_;  // stopped before dir_ is removed
};

}  // namespace hoodie::testing
