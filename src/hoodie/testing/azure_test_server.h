// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/azure_test_server.h
/// \brief A real Azure Blob server for tests: Azurite (npm, pinned in
/// scripts/setup-services.sh), in memory on 127.0.0.1, stopped afterwards.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

/// \brief One azurite-blob process serving Azurite's development account, without a
/// hierarchical namespace (as Azurite has none). Not thread-safe.
class AzureTestServer {
 public:
  /// Azurite's well-known development account and its published key.
  static constexpr const char* kAccount = "devstoreaccount1";
  static constexpr const char* kAccountKey =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/"
      "KBHBeksoGMGw==";

  /// Starts `$HOODIE_AZURITE` (default: `.services-npm/node_modules/.bin/azurite-blob` in
  /// the source tree, made by scripts/setup-services.sh) and waits until it listens.
  static ::arrow::Result<std::unique_ptr<AzureTestServer>> Start();

  /// "http://127.0.0.1:<port>/devstoreaccount1", the connection string's BlobEndpoint.
  std::string blob_endpoint() const;
  /// AZURE_STORAGE_CONNECTION_STRING for the account, with its key unless
  /// `with_key` is false (the key is then given through hoodie's keys).
  std::string ConnectionString(bool with_key = true) const;
  int port() const { return process_->port(); }

  /// An account SAS token of the development account for blobs (read, write, delete,
  /// list, add, create), signed with its key by the openssl tool; no leading '?'.
  static ::arrow::Result<std::string> AccountSas();

 private:
  AzureTestServer(std::unique_ptr<TempDir> location,
                  std::unique_ptr<ServerProcess> process)
      : location_(std::move(location)), process_(std::move(process)) {}

  std::unique_ptr<TempDir> location_;       // Azurite's working folder
  std::unique_ptr<ServerProcess> process_;  // stopped before the folder goes
};

}  // namespace hoodie::testing
