// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/schema_registry_test_server.cc
#include "hoodie/testing/schema_registry_test_server.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

extern char** environ;

namespace hoodie::testing {

SchemaRegistryTestServer::SchemaRegistryTestServer(const std::string& dir,
                                                   const std::vector<std::string>& extra) {
  port_file_ = dir + "/registry.port";
  // The build's interpreter (scripts/setup.sh's .venv): the server needs only the
  // standard library, and a machine need not have /usr/bin/python3.
  std::vector<std::string> args = {
      HOODIE_PYTHON, std::string(HOODIE_SOURCE_DIR) + "/tests/schema_registry/confluent_registry.py",
      "--port-file", port_file_};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  EXPECT_EQ(posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ), 0);
  for (int i = 0; i < 100 && port_.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::ifstream in(port_file_);
    std::getline(in, port_);
  }
  EXPECT_FALSE(port_.empty()) << "the registry did not start";
}

SchemaRegistryTestServer::~SchemaRegistryTestServer() {
  ::kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
}

std::string SchemaRegistryTestServer::Url(const std::string& user_info,
                                          const std::string& path) const {
  return "http://" + user_info + "127.0.0.1:" + port_ + path;
}

}  // namespace hoodie::testing
