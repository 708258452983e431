// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/azure_test_server.cc
/// \brief AzureTestServer: azurite-blob as a child process.

#include "hoodie/testing/azure_test_server.h"

#include <cstdio>
#include <fstream>
#include <sstream>

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
      ServerProcess::Start(
          {binary, "--blobHost", "127.0.0.1", "--blobPort", "{port}", "--location",
           location->path(), "--skipApiVersionCheck", "--loose", "--silent"},
          "run scripts/setup-services.sh (or set HOODIE_AZURITE)"));
  return std::unique_ptr<AzureTestServer>(
      new AzureTestServer(std::move(location), std::move(process)));
}

std::string AzureTestServer::blob_endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port()) + "/" + kAccount;
}

std::string AzureTestServer::ConnectionString(bool with_key) const {
  std::string text =
      std::string("DefaultEndpointsProtocol=http;AccountName=") + kAccount + ";";
  if (with_key) text += std::string("AccountKey=") + kAccountKey + ";";
  return text + "BlobEndpoint=" + blob_endpoint() + ";";
}

namespace {

// What a shell command printed, or an error naming it.
::arrow::Result<std::string> Output(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return ::arrow::Status::IOError("cannot run ", command);
  std::string out;
  char buffer[256];
  while (size_t got = std::fread(buffer, 1, sizeof(buffer), pipe))
    out.append(buffer, got);
  if (::pclose(pipe) != 0) return ::arrow::Status::IOError("failed: ", command);
  return out;
}

std::string UrlEncodeBase64(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '+') {
      out += "%2B";
    } else if (c == '/') {
      out += "%2F";
    } else if (c == '=') {
      out += "%3D";
    } else if (c != '\n') {
      out += c;
    }
  }
  return out;
}

}  // namespace

::arrow::Result<std::string> AzureTestServer::AccountSas() {
  // An account SAS of service version 2019-12-12, whose string to sign has no
  // encryption scope: account, permissions, services, resource types, start, expiry,
  // IP, protocol, version, each followed by a newline.
  const std::string permissions = "rwdlac", expiry = "2099-01-01T00:00:00Z",
                    protocols = "https,http", version = "2019-12-12";
  TempDir dir;
  std::ofstream(dir.Join("string-to-sign"), std::ios::binary)
      << kAccount << "\n"
      << permissions << "\nb\nsco\n\n"
      << expiry << "\n\n"
      << protocols << "\n"
      << version << "\n";
  std::ofstream(dir.Join("key")) << kAccountKey;
  ARROW_ASSIGN_OR_RAISE(
      std::string signature,
      Output("hex=$(base64 -d '" + dir.Join("key") +
             "' | od -An -v -tx1 | tr -d ' \\n') && "
             "openssl dgst -sha256 -mac HMAC -macopt hexkey:$hex -binary '" +
             dir.Join("string-to-sign") + "' | base64 -w0"));
  return "sv=" + version + "&ss=b&srt=sco&sp=" + permissions + "&se=" + expiry +
         "&spr=" + protocols + "&sig=" + UrlEncodeBase64(signature);
}

}  // namespace hoodie::testing
