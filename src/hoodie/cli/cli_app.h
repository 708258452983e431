// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/cli_app.h
/// \brief The `hoodie` command line as a call: the tool's main() and the Python
/// package's in-process runs (hoodie.streamer.run) parse and run the same commands.
#pragma once

#include <string>
#include <vector>

#include <arrow/status.h>

namespace hoodie::cli {

/// Registers the component plug-ins (SQL, HTTP, Kafka, JDBC) once per process.
::arrow::Status RegisterComponents();

/// Runs the command line `args` (without the program name), as `hoodie args...`:
/// output to stdout and stderr as the tool prints it.
/// \return OK when the command succeeded (or printed its help); Invalid with CLI11's
///   message for a usage error (unknown flag, missing argument); the command's error
///   otherwise, its ErrorCode kept (a write conflict, a lock timeout).
::arrow::Status RunCommandLine(const std::vector<std::string>& args);

/// main(): RunCommandLine's outcome as the tool's exit status (0 success, 1 failure,
/// 2 usage error, 3 lost write conflict, 4 lock timeout), the error printed on stderr.
int RunMain(int argc, char** argv);

}  // namespace hoodie::cli
