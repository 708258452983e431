// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_test_server.cc
/// \brief S3TestServer: moto_server as a child process.

#include "hoodie/testing/s3_test_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

namespace hoodie::testing {
namespace {

sockaddr_in Loopback(int port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// A connected socket to 127.0.0.1:port, or -1.
int Connect(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address = Loopback(port);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string MotoServerPath() {
  const char* configured = std::getenv("HOODIE_MOTO_SERVER");
  if (configured != nullptr && *configured != '\0') return configured;
  return std::string(HOODIE_SOURCE_DIR) + "/.venv-services/bin/moto_server";
}

}  // namespace

::arrow::Result<int> FreeLocalPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return ::arrow::Status::IOError("socket() failed");
  sockaddr_in address = Loopback(0);
  socklen_t length = sizeof(address);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    ::close(fd);
    return ::arrow::Status::IOError("cannot bind a port on 127.0.0.1");
  }
  ::close(fd);
  return static_cast<int>(ntohs(address.sin_port));
}

::arrow::Result<std::unique_ptr<S3TestServer>> S3TestServer::Start() {
  const std::string binary = MotoServerPath();
  if (!std::filesystem::exists(binary)) {
    return ::arrow::Status::IOError("moto_server not found at ", binary,
                                    ": run scripts/setup-services.sh (or set "
                                    "HOODIE_MOTO_SERVER)");
  }
  ARROW_ASSIGN_OR_RAISE(int port, FreeLocalPort());
  const std::string port_text = std::to_string(port);
  const std::string log_path = (std::filesystem::temp_directory_path() /
                                ("hoodie-moto-" + port_text + ".log")).string();
  pid_t pid = ::fork();
  if (pid < 0) return ::arrow::Status::IOError("fork() failed");
  if (pid == 0) {
    // moto's request log would drown the test's output; it goes to a file that
    // S3RequestLog reads.
    std::freopen("/dev/null", "w", stdout);
    std::freopen(log_path.c_str(), "w", stderr);
    ::execl(binary.c_str(), binary.c_str(), "-H", "127.0.0.1", "-p", port_text.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::unique_ptr<S3TestServer> server(new S3TestServer(pid, port, log_path));
  // The Python server takes a few seconds to import its services.
  for (int attempt = 0; attempt < 600; ++attempt) {
    int fd = Connect(port);
    if (fd >= 0) {
      ::close(fd);
      return server;
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      server->pid_ = -1;
      return ::arrow::Status::IOError(binary, " exited before it listened on port ", port);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return ::arrow::Status::IOError(binary, " did not listen on port ", port, " in 60 s");
}

S3TestServer::~S3TestServer() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  std::error_code ignored;
  std::filesystem::remove(log_path_, ignored);
}

std::string S3TestServer::endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

::arrow::Status S3TestServer::CreateBucket(const std::string& bucket) const {
  int fd = Connect(port_);
  if (fd < 0) return ::arrow::Status::IOError("cannot connect to moto on port ", port_);
  const std::string request = "PUT /" + bucket + " HTTP/1.1\r\nHost: 127.0.0.1:" +
                              std::to_string(port_) +
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
