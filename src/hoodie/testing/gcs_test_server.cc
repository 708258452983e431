// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/gcs_test_server.cc
/// \brief GcsTestServer: gcp-storage-emulator as a child process.

#include "hoodie/testing/gcs_test_server.h"

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<GcsTestServer>> GcsTestServer::Start() {
  const std::string binary =
      ServerBinary("HOODIE_GCS_EMULATOR",
                   std::string(HOODIE_SOURCE_DIR) + "/.venv-services/bin/gcp-storage-emulator");
  ARROW_ASSIGN_OR_RAISE(
      auto process,
      ServerProcess::Start({binary, "start", "--host", "127.0.0.1", "--port", "{port}",
                            "--in-memory", "--quiet"},
                           "run scripts/setup-services.sh (or set HOODIE_GCS_EMULATOR)"));
  return std::unique_ptr<GcsTestServer>(new GcsTestServer(std::move(process)));
}

}  // namespace hoodie::testing
