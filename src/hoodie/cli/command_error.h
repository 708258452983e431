// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/command_error.h
/// \brief Carries a failed Status out of a CLI11 callback to main(), which prints it.
#pragma once

#include <exception>
#include <string>

#include <arrow/status.h>

namespace hoodie::cli {

/// Thrown only inside the CLI binary, from a subcommand callback; never crosses the
/// library API. main() turns it into "hoodie: error: ..." and exit code 1.
class CommandError : public std::exception {
 public:
  explicit CommandError(::arrow::Status status)
      : status_(std::move(status)), what_(status_.ToString()) {}
  const char* what() const noexcept override { return what_.c_str(); }
  const ::arrow::Status& status() const { return status_; }

 private:
  ::arrow::Status status_;
  std::string what_;
};

}  // namespace hoodie::cli
