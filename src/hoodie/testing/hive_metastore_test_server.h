// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/hive_metastore_test_server.h
/// \brief A real Hive Metastore for tests: Hive's standalone Metastore 4.0.1 from Maven
/// Central with an embedded Derby database (scripts/services-maven/hive-metastore/pom.xml,
/// installed by scripts/setup-services.sh), run by scripts/hive-metastore-server.sh on
/// 127.0.0.1 and stopped afterwards.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

/// \brief One Metastore on a free port of 127.0.0.1, its database in a temporary folder.
/// Not thread-safe.
class HiveMetastoreTestServer {
 public:
  /// Starts a Metastore whose locks time out after the Metastore's default, 300 s, with
  /// its housekeeping off (the Metastore's default).
  static ::arrow::Result<std::unique_ptr<HiveMetastoreTestServer>> Start();
  /// Starts one whose locks time out after `txn_timeout` ("2s": metastore.txn.timeout),
  /// its housekeeping freeing them every second.
  static ::arrow::Result<std::unique_ptr<HiveMetastoreTestServer>> StartWithTxnTimeout(
      const std::string& txn_timeout);

  /// "thrift://127.0.0.1:<port>", what hoodie.write.lock.hivemetastore.uris takes.
  std::string uri() const;
  int port() const { return process_->port(); }

 private:
  HiveMetastoreTestServer() = default;

  std::unique_ptr<TempDir> dir_;
  std::unique_ptr<ServerProcess> process_;  // stopped before dir_ is removed
};

}  // namespace hoodie::testing
