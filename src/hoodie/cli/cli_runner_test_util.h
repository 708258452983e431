// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/cli_runner_test_util.h
/// \brief Runs the built `hoodie` binary in a test and captures its output and exit code.
#pragma once

#include <string>

namespace hoodie::cli::testing {

/// The write options of the tests' small tables: name t, record key id, partition path
/// part, precombine field ts.
inline constexpr char kTableConf[] =
    " --hoodie-conf hoodie.table.name=t"
    " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
    " --hoodie-conf hoodie.datasource.write.partitionpath.field=part"
    " --hoodie-conf hoodie.datasource.write.precombine.field=ts";

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs `hoodie <args>` (args are passed through the shell; quote paths) and waits.
CliResult RunCli(const std::string& args);

/// RunCli under coreutils' `timeout`: a run still going after `seconds` is killed and
/// exits 124 (or 137), so a test of a command that must answer cannot hang the suite.
CliResult RunCliWithin(int seconds, const std::string& args);

}  // namespace hoodie::cli::testing
