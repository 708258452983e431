// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/azure_test_server.cc
/// \brief AzureTestServer: azurite-blob as a child process.

#include "hoodie/testing/azure_test_server.h"

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<AzureTestServer>> AzureTestServer::Start() {
  const std::string binary =
      ServerBinary("HOODIE_AZURITE", std::string(HOODIE_SOURCE_DIR) +
                                         "/.services-npm/node_modules/.bin/azurite-blob");
  // Azurite keeps its blobs and metadata below --location: a temporary folder.
  auto location = std::make_unique<TempDir>();
  // --skipApiVersionCheck: the Azure SDK inside Arrow may speak a newer API version
  // than the pinned Azurite knows; --loose: it ignores headers it does not support.
  ARROW_ASSIGN_OR_RAISE(
      auto process,
      ServerProcess::Start({binary, "--blobHost", "127.0.0.1", "--blobPort", "{port}",
                            "--location", location->path(),
                            "--skipApiVersionCheck", "--loose", "--silent"},
                           "run scripts/setup-services.sh (or set HOODIE_AZURITE)"));
  return std::unique_ptr<AzureTestServer>(
      new AzureTestServer(std::move(location), std::move(process)));
}

std::string AzureTestServer::blob_endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port()) + "/" + kAccount;
}

std::string AzureTestServer::ConnectionString(bool with_key) const {
  std::string text = std::string("DefaultEndpointsProtocol=http;AccountName=") + kAccount + ";";
  if (with_key) text += std::string("AccountKey=") + kAccountKey + ";";
  return text + "BlobEndpoint=" + blob_endpoint() + ";";
}

}  // namespace hoodie::testing
