// SPDX-License-Identifier: Apache-2.0
#include "hoodie/cli/cli_runner_test_util.h"

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include <arrow/filesystem/filesystem.h>
#include <gtest/gtest.h>

#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {
std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Runs `<prefix>hoodie <args>` through the shell, capturing both streams.
CliResult RunCommand(const std::string& prefix, const std::string& args) {
  hoodie::testing::TempDir dir;
  std::string out = dir.Join("out"), err = dir.Join("err");
  std::string command = prefix + std::string(HOODIE_CLI_PATH) + " " + args + " >'" + out +
                        "' 2>'" + err + "'";
  int status = std::system(command.c_str());
  CliResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = Slurp(out);
  result.err = Slurp(err);
  return result;
}

}  // namespace

CliResult RunCli(const std::string& args) { return RunCommand("", args); }

CliResult RunCliWithin(int seconds, const std::string& args) {
  return RunCommand("timeout -k 5 " + std::to_string(seconds) + " ", args);
}

// The tests that read or write an object store themselves touch Arrow's S3, GCS and
// Azure clients, which must be finalized before static destructors run, as main.cc
// does for the tool: once per test binary, here.
class FinalizeArrowFileSystems : public ::testing::Environment {
 public:
  void TearDown() override { (void)::arrow::fs::EnsureFinalized(); }
};
::testing::Environment* const kFinalizeArrowFileSystems =
    ::testing::AddGlobalTestEnvironment(new FinalizeArrowFileSystems);

}  // namespace hoodie::cli::testing
