// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_error.cc
/// \brief Uniform "operation + cause + path" messages for storage errors.
#include <string>
#include <system_error>

#include "hoodie/storage/storage_error_internal.h"

namespace hoodie::internal {
namespace {

// `text` with the signature of any SAS token in it (`sig=...`, the secret part, which
// Azure's errors carry in the URLs they name) replaced by "<redacted>".
std::string WithoutSasSignatures(std::string_view text) {
  std::string out;
  size_t start = 0;
  for (size_t found; (found = text.find("sig=", start)) != std::string_view::npos;) {
    out.append(text.substr(start, found + 4 - start)).append("<redacted>");
    start = text.find_first_of("&'\" ;\n", found + 4);
    if (start == std::string_view::npos) return out;
  }
  return out.append(text.substr(start));
}

// `text` with the password of every URI's user info (`s3://key:secret@bucket/...`, an
// Azure account key in `abfs://container:key@...`) replaced by "<redacted>".
std::string WithoutUriPasswords(std::string text) {
  for (size_t scheme = text.find("://"); scheme != std::string::npos;
       scheme = text.find("://", scheme + 3)) {
    const size_t start = scheme + 3;
    const size_t end = text.find_first_of("/ ;'\"\n", start);
    const size_t at = text.rfind('@', end == std::string::npos ? text.size() : end);
    if (at == std::string::npos || at < start) continue;
    const size_t colon = text.find(':', start);
    if (colon == std::string::npos || colon > at) continue;
    text.replace(colon + 1, at - colon - 1, "<redacted>");
  }
  return text;
}

}  // namespace

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
  message.append(operation).append(" failed: ").append(WithoutSasSignatures(cause));
  message.append("; path: ").append(path);
  message = WithoutUriPasswords(std::move(message));
  if (!hint.empty()) message.append("; ").append(hint);
  return status.WithMessage(std::move(message));
}

std::string_view HintAfter(const ::arrow::Status& failure, bool s3, std::string_view hint) {
  static constexpr std::string_view kThrottled =
      "the store throttled the requests (503 SlowDown) beyond fs.s3a.retry.throttle.limit "
      "retries: raise it or fs.s3a.retry.throttle.interval, or write fewer files at once";
  const std::string& message = failure.message();
  const bool throttled = message.find("SLOW_DOWN") != std::string::npos ||
                         message.find("THROTTLING") != std::string::npos ||
                         message.find("(HTTP status 503)") != std::string::npos;
  return s3 && throttled ? kThrottled : hint;
}

::arrow::Status ErrnoError(int errno_value, std::string_view operation,
                           std::string_view call, std::string_view path) {
  // std::generic_category().message is thread-safe, unlike strerror.
  std::string cause = std::generic_category().message(errno_value);
  return ::arrow::Status::IOError(operation, " failed: ", call, ": ", cause, " (errno ",
                                  errno_value, "); path: ", path);
}

}  // namespace hoodie::internal
