// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_error_internal.h
/// \brief Uniform "operation + cause + path" messages for storage errors.
#pragma once

#include <string_view>
#include <utility>

#include <arrow/result.h>
#include <arrow/status.h>

namespace hoodie::internal {

/// Returns `status` (code and detail kept) with the message
/// "<operation> failed: <original message>; path: <path>". OK stays OK.
/// `status` as "<operation> failed: <message>; path: <path>", then "; <hint>" when a
/// hint is given (what to configure for a remote file system; the message is then cut
/// to its first line).
::arrow::Status WithPathContext(const ::arrow::Status& status, std::string_view operation,
                                std::string_view path, std::string_view hint = {});

template <typename T>
::arrow::Result<T> WithPathContext(::arrow::Result<T> result, std::string_view operation,
                                   std::string_view path, std::string_view hint = {}) {
  if (result.ok()) {
    return result;
  }
  return WithPathContext(result.status(), operation, path, hint);
}

/// `hint`, or on S3 (`s3`) the retry keys to raise when `failure` says the store
/// throttled (Arrow's message names SLOW_DOWN, THROTTLING or an HTTP 503): the hint a
/// failed request's error ends with. The retries themselves tell throttling apart in
/// S3aRetryPolicy::IsThrottling, from the SDK's error before Arrow words it.
std::string_view HintAfter(const ::arrow::Status& failure, bool s3, std::string_view hint);

/// An IOError for a failed POSIX call: "<operation> failed: <call>: <strerror>
/// (errno N); path: <path>".
::arrow::Status ErrnoError(int errno_value, std::string_view operation,
                           std::string_view call, std::string_view path);

}  // namespace hoodie::internal
