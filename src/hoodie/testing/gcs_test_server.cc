// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/gcs_test_server.cc
/// \brief GcsTestServer: gcp-storage-emulator as a child process.

#include "hoodie/testing/gcs_test_server.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<GcsTestServer>> GcsTestServer::Start() {
  const std::string binary =
      ServerBinary("HOODIE_GCS_EMULATOR", std::string(HOODIE_SOURCE_DIR) +
                                              "/.venv-services/bin/gcp-storage-emulator");
  ARROW_ASSIGN_OR_RAISE(
      auto process,
      ServerProcess::Start({binary, "start", "--host", "127.0.0.1", "--port", "{port}",
                            "--in-memory", "--quiet"},
                           "run scripts/setup-services.sh (or set HOODIE_GCS_EMULATOR)"));
  return std::unique_ptr<GcsTestServer>(new GcsTestServer(std::move(process)));
}

::arrow::Result<std::string> WriteServiceAccountKeyFile(const std::string& path) {
  const std::string pem_path = path + ".pem";
  const std::string command =
      "openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 "
      "-out '" +
      pem_path + "' 2>/dev/null";
  if (std::system(command.c_str()) != 0) {
    return ::arrow::Status::IOError("openssl could not make an RSA key at ", pem_path);
  }
  std::ifstream in(pem_path);
  std::string line, pem_json, body;
  while (std::getline(in, line)) {
    pem_json += line + "\\n";
    if (line.rfind("-----", 0) != 0) body += line;
  }
  std::ofstream(path)
      << "{\n"
      << "  \"type\": \"service_account\",\n"
      << "  \"project_id\": \"hoodie-test\",\n"
      << "  \"private_key_id\": \"0123456789abcdef\",\n"
      << "  \"private_key\": \"" << pem_json << "\",\n"
      << "  \"client_email\": \"hoodie@hoodie-test.iam.gserviceaccount.com\",\n"
      << "  \"client_id\": \"1\",\n"
      << "  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n"
      << "}\n";
  std::remove(pem_path.c_str());
  return body;
}

}  // namespace hoodie::testing
