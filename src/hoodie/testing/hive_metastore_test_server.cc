// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/hive_metastore_test_server.cc
/// \brief HiveMetastoreTestServer: scripts/hive-metastore-server.sh as a child process.
#include "hoodie/testing/hive_metastore_test_server.h"

#include <vector>

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<HiveMetastoreTestServer>> HiveMetastoreTestServer::Start() {
  return StartWithTxnTimeout("");
}

::arrow::Result<std::unique_ptr<HiveMetastoreTestServer>>
HiveMetastoreTestServer::StartWithTxnTimeout(const std::string& txn_timeout) {
  std::unique_ptr<HiveMetastoreTestServer> server(new HiveMetastoreTestServer());
  server->dir_ = std::make_unique<TempDir>();
  const std::string script =
      std::string(HOODIE_SOURCE_DIR) + "/scripts/hive-metastore-server.sh";
  // The script reads the timeout from its environment (unset: the Metastore's own, and
  // no housekeeping); env(1) sets or unsets it for the child only.
  std::vector<std::string> argv = {"/usr/bin/env"};
  if (txn_timeout.empty()) {
    argv.insert(argv.end(), {"-u", "HOODIE_HMS_TXN_TIMEOUT"});
  } else {
    argv.push_back("HOODIE_HMS_TXN_TIMEOUT=" + txn_timeout);
  }
  argv.insert(argv.end(), {"/bin/bash", script, "{port}", server->dir_->path()});
  ARROW_ASSIGN_OR_RAISE(
      server->process_,
      ServerProcess::Start(std::move(argv),
                           "run scripts/setup-services.sh (it installs the Hive Metastore, "
                           "or set HOODIE_HIVE_METASTORE_HOME)",
                           server->dir_->Join("server.log")));
  return server;
}

std::string HiveMetastoreTestServer::uri() const {
  return "thrift://127.0.0.1:" + std::to_string(port());
}

}  // namespace hoodie::testing
