// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/server_process.cc
/// \brief ServerProcess: fork, exec, wait for the port, kill the process group.

#include "hoodie/testing/server_process.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>

namespace hoodie::testing {
namespace {

sockaddr_in Loopback(int port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// In the child: its own process group (so that the servers' own children, node's or
// Python's workers, are stopped with it), death with the test binary even when that
// crashes, its output to a log (or nowhere), then the server.
[[noreturn]] void ExecServer(const std::vector<std::string>& argv,
                             const std::string& log_path) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  const char* output = log_path.empty() ? "/dev/null" : log_path.c_str();
  if (std::freopen(output, "w", stdout) == nullptr ||
      std::freopen(output, "a", stderr) == nullptr) {
    ::_exit(126);
  }
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  ::execv(args[0], args.data());
  ::_exit(127);
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

int ConnectLocal(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address = Loopback(port);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string ServerBinary(const char* variable, const std::string& default_path) {
  const char* configured = std::getenv(variable);
  if (configured != nullptr && *configured != '\0') return configured;
  return default_path;
}

::arrow::Result<std::unique_ptr<ServerProcess>> ServerProcess::Start(
    std::vector<std::string> argv, const std::string& install_hint,
    const std::string& log_path) {
  const std::string binary = argv.at(0);
  if (!std::filesystem::exists(binary)) {
    return ::arrow::Status::IOError(binary, " not found: ", install_hint);
  }
  ARROW_ASSIGN_OR_RAISE(int port, FreeLocalPort());
  for (std::string& arg : argv) {
    if (arg == "{port}") arg = std::to_string(port);
  }
  pid_t pid = ::fork();
  if (pid < 0) return ::arrow::Status::IOError("fork() failed");
  if (pid == 0) ExecServer(argv, log_path);
  std::unique_ptr<ServerProcess> server(new ServerProcess(pid, port));
  // Python and node servers take a few seconds to load.
  for (int attempt = 0; attempt < 600; ++attempt) {
    int fd = ConnectLocal(port);
    if (fd >= 0) {
      ::close(fd);
      return server;
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      server->pid_ = -1;
      return ::arrow::Status::IOError(binary, " exited before it listened on port ", port,
                                      " (", install_hint, ")");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return ::arrow::Status::IOError(binary, " did not listen on port ", port, " in 60 s");
}

ServerProcess::~ServerProcess() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGTERM);
  // A server shutting down gracefully waits for its clients' idle keep-alive
  // connections (Azurite for the Azure SDK's pool, which lives as long as this
  // process): a second is enough for anything else, then it is killed.
  int status = 0;
  for (int waited_ms = 0; waited_ms < 1000; waited_ms += 20) {
    if (::waitpid(pid_, &status, WNOHANG) == pid_) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(-pid_, SIGKILL);
  ::waitpid(pid_, &status, 0);
}

std::string ServerProcess::endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

}  // namespace hoodie::testing
