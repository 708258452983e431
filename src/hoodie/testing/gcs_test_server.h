// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/gcs_test_server.h
/// \brief A real GCS server for tests: gcp-storage-emulator (PyPI, pinned in
/// scripts/requirements-services.txt), in memory on 127.0.0.1, stopped afterwards.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"

namespace hoodie::testing {

/// \brief One gcp-storage-emulator process. It checks no credentials. Not thread-safe.
class GcsTestServer {
 public:
  /// Starts `$HOODIE_GCS_EMULATOR` (default: `.venv-services/bin/gcp-storage-emulator`
  /// in the source tree, made by scripts/setup-services.sh) and waits until it listens.
  static ::arrow::Result<std::unique_ptr<GcsTestServer>> Start();

  /// "http://127.0.0.1:<port>", what fs.gs.storage.root.url and STORAGE_EMULATOR_HOST
  /// take.
  std::string endpoint() const { return process_->endpoint(); }
  int port() const { return process_->port(); }

 private:
  explicit GcsTestServer(std::unique_ptr<ServerProcess> process)
      : process_(std::move(process)) {}

  std::unique_ptr<ServerProcess> process_;  // stopped with this object
};

/// A service account key file made at test time (a fresh RSA key from the openssl
/// tool) at `path`, in the form fs.gs.auth.service.account.json.keyfile takes.
/// \return the private key's base64 body, the secret a leak check looks for.
::arrow::Result<std::string> WriteServiceAccountKeyFile(const std::string& path);

}  // namespace hoodie::testing
