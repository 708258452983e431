// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/server_process.h
/// \brief A test server (moto, the GCS emulator, Azurite) as a child process on a free
/// port of 127.0.0.1, stopped afterwards; and one shared server per test binary.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <gtest/gtest.h>
#include <sys/types.h>

namespace hoodie::testing {

/// A TCP port on 127.0.0.1 nothing listens on at the time of the call.
::arrow::Result<int> FreeLocalPort();

/// A socket connected to 127.0.0.1:`port`, or -1.
int ConnectLocal(int port);

/// \brief One server process listening on 127.0.0.1. Not thread-safe.
class ServerProcess {
 public:
  /// Runs `argv` (argv[0] is the binary; "{port}" in an argument becomes the port
  /// chosen) with its output discarded, or written to `log_path` when given, and
  /// waits until the port accepts connections.
  /// \return IOError naming the binary and `install_hint` when it is missing, exits or
  ///   does not listen within 60 s.
  static ::arrow::Result<std::unique_ptr<ServerProcess>> Start(
      std::vector<std::string> argv, const std::string& install_hint,
      const std::string& log_path = "");
  /// Kills the server and everything it started.
  ~ServerProcess();

  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  /// "http://127.0.0.1:<port>".
  std::string endpoint() const;

 private:
  ServerProcess(pid_t pid, int port) : pid_(pid), port_(port) {}

  pid_t pid_;
  int port_;
};

/// The path of a server binary: `$variable` when set, else `default_path`.
std::string ServerBinary(const char* variable, const std::string& default_path);

namespace internal {

template <typename Server>
class StopAtEnd : public ::testing::Environment {
 public:
  explicit StopAtEnd(std::unique_ptr<Server> server) : server_(std::move(server)) {}
  void TearDown() override { server_.reset(); }

 private:
  std::unique_ptr<Server> server_;
};

}  // namespace internal

/// `Server::Start()` once per test binary, on first use (so a filter that runs none of
/// its tests starts nothing), stopped when the tests end. Every caller gets the same
/// server, or the same error. Call from the test thread.
template <typename Server>
::arrow::Result<Server*> SharedServer() {
  static const ::arrow::Result<Server*> server = []() -> ::arrow::Result<Server*> {
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<Server> started, Server::Start());
    Server* shared = started.get();
    ::testing::AddGlobalTestEnvironment(
        new internal::StopAtEnd<Server>(std::move(started)));
    return shared;
  }();
  return server;
}

}  // namespace hoodie::testing
