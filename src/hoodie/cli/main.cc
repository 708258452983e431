// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/main.cc
/// \brief The `hoodie` command line tool: parses arguments and runs one subcommand.
///
/// Exit codes: 0 success, 1 the command failed (one line on stderr says why),
/// 2 usage error (unknown flag, missing argument), 3 a write lost a write conflict to
/// another writer and left nothing behind (retryable: run it again, or pass
/// --retry-on-conflict), 4 the table lock was not acquired in time (retryable).
#include <exception>
#include <iostream>

#include <arrow/filesystem/filesystem.h>

#include "hoodie/cli/cli_app.h"

int main(int argc, char** argv) {
  int code = 1;
  try {
    code = hoodie::cli::RunMain(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "hoodie: error: " << e.what() << std::endl;
  }
  // Every path out, errors included: the AWS SDK behind s3:// must be shut down before
  // static destructors run, or the process crashes on its way out (FinalizeS3).
  ::arrow::fs::EnsureFinalized();
  return code;
}
