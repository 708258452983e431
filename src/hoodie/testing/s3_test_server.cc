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

namespace {

// The whole answer to an unsigned request (moto does not check signatures).
::arrow::Result<std::string> Ask(int port, const std::string& method,
                                 const std::string& target) {
  int fd = ConnectLocal(port);
  if (fd < 0) return ::arrow::Status::IOError("cannot connect to moto on port ", port);
  const std::string request = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" +
                              std::to_string(port) +
                              "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
  ::send(fd, request.data(), request.size(), 0);
  std::string answer;
  char buffer[4096];
  for (ssize_t got; (got = ::recv(fd, buffer, sizeof(buffer), 0)) > 0;) {
    answer.append(buffer, static_cast<size_t>(got));
  }
  ::close(fd);
  return answer;
}

bool IsOk(const std::string& answer) {
  return answer.rfind("HTTP/1.1 200", 0) == 0 || answer.rfind("HTTP/1.0 200", 0) == 0;
}

}  // namespace

::arrow::Status S3TestServer::CreateBucket(const std::string& bucket) const {
  ARROW_ASSIGN_OR_RAISE(std::string answer, Ask(port(), "PUT", "/" + bucket));
  if (!IsOk(answer)) {
    return ::arrow::Status::IOError("moto refused bucket ", bucket, ": ",
                                    answer.substr(0, answer.find('\r')));
  }
  return ::arrow::Status::OK();
}

::arrow::Result<int> S3TestServer::MultipartUploadsInProgress(const std::string& bucket) const {
  ARROW_ASSIGN_OR_RAISE(std::string answer, Ask(port(), "GET", "/" + bucket + "?uploads"));
  if (!IsOk(answer)) {
    return ::arrow::Status::IOError("moto refused to list the uploads of ", bucket, ": ",
                                    answer.substr(0, answer.find('\r')));
  }
  int uploads = 0;
  for (size_t at = answer.find("<Upload>"); at != std::string::npos;
       at = answer.find("<Upload>", at + 1)) {
    ++uploads;
  }
  return uploads;
}

void S3TestServer::ExportEnvironment() const {
  ::setenv("AWS_ENDPOINT_URL", endpoint().c_str(), 1);
  ::setenv("AWS_ACCESS_KEY_ID", "testing", 1);
  ::setenv("AWS_SECRET_ACCESS_KEY", "testing", 1);
  ::setenv("AWS_REGION", "us-east-1", 1);
  ::setenv("AWS_EC2_METADATA_DISABLED", "true", 1);
}

}  // namespace hoodie::testing
