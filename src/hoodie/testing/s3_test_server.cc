// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_test_server.cc
/// \brief S3TestServer: moto_server as a child process.

#include "hoodie/testing/s3_test_server.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

#include <sys/socket.h>

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<S3TestServer>> S3TestServer::Start() {
  const std::string binary =
      ServerBinary("HOODIE_MOTO_SERVER",
                   std::string(HOODIE_SOURCE_DIR) + "/.venv-services/bin/moto_server");
  // Its request log goes to a file that S3RequestLog reads.
  char log_template[] = "/tmp/hoodie-moto-XXXXXX";
  const int fd = ::mkstemp(log_template);
  if (fd < 0) return ::arrow::Status::IOError("cannot create moto's log file");
  ::close(fd);
  ARROW_ASSIGN_OR_RAISE(
      auto process,
      ServerProcess::Start({binary, "-H", "127.0.0.1", "-p", "{port}"},
                           "run scripts/setup-services.sh (or set HOODIE_MOTO_SERVER)",
                           log_template));
  return std::unique_ptr<S3TestServer>(new S3TestServer(std::move(process), log_template));
}

S3TestServer::~S3TestServer() {
  process_.reset();
  ::unlink(log_path_.c_str());
}

::arrow::Status S3TestServer::CreateBucket(const std::string& bucket) const {
  int fd = ConnectLocal(port());
  if (fd < 0) return ::arrow::Status::IOError("cannot connect to moto on port ", port());
  const std::string request = "PUT /" + bucket +
                              " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port()) +
                              "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
  ::send(fd, request.data(), request.size(), 0);
  char answer[64] = {};
  ssize_t got = ::recv(fd, answer, sizeof(answer) - 1, 0);
  ::close(fd);
  const std::string head(answer, got > 0 ? static_cast<size_t>(got) : 0);
  if (head.rfind("HTTP/1.1 200", 0) != 0 && head.rfind("HTTP/1.0 200", 0) != 0) {
    return ::arrow::Status::IOError("moto refused bucket ", bucket, ": ", head);
  }
  return ::arrow::Status::OK();
}

void S3TestServer::ExportEnvironment() const {
  ::setenv("AWS_ENDPOINT_URL", endpoint().c_str(), 1);
  ::setenv("AWS_ACCESS_KEY_ID", "testing", 1);
  ::setenv("AWS_SECRET_ACCESS_KEY", "testing", 1);
  ::setenv("AWS_REGION", "us-east-1", 1);
  ::setenv("AWS_EC2_METADATA_DISABLED", "true", 1);
}

}  // namespace hoodie::testing
