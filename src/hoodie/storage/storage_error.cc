// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_error.cc
/// \brief Uniform "operation + cause + path" messages for storage errors.
#include <string>
#include <system_error>

#include "hoodie/storage/storage_error_internal.h"

namespace hoodie::internal {

::arrow::Status WithPathContext(const ::arrow::Status& status, std::string_view operation,
                                std::string_view path) {
  if (status.ok()) {
    return status;
  }
  std::string message;
  message.append(operation).append(" failed: ").append(status.message());
  message.append("; path: ").append(path);
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
