// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_error.cc
/// \brief Uniform "operation + cause + path" messages for storage errors.
#include <string>
#include <system_error>

#include "hoodie/storage/storage_error_internal.h"

namespace hoodie::internal {

::arrow::Status WithPathContext(const ::arrow::Status& status, std::string_view operation,
                                std::string_view path, std::string_view hint) {
  if (status.ok()) {
    return status;
  }
  std::string_view cause = status.message();
  if (!hint.empty()) {
    // The SDKs behind remote file systems answer over many lines (the Azure SDK with
    // the whole HTTP exchange, libjvm with a stack of causes): the first says what
    // failed, and the hint what to do.
    cause = cause.substr(0, cause.find('\n'));
  }
  std::string message;
  message.append(operation).append(" failed: ").append(cause);
  message.append("; path: ").append(path);
  if (!hint.empty()) message.append("; ").append(hint);
  return status.WithMessage(std::move(message));
}

::arrow::Status ErrnoError(int errno_value, std::string_view operation,
                           std::string_view call, std::string_view path) {
  // std::generic_category().message is thread-safe, unlike strerror.
  std::string cause = std::generic_category().message(errno_value);
  return ::arrow::Status::IOError(operation, " failed: ", call, ": ", cause, " (errno ",
                                  errno_value, "); path: ", path);
}

}  // namespace hoodie::internal
