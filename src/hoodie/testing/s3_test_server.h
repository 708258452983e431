// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_test_server.h
/// \brief A real S3 server for tests: moto's (PyPI, pinned in
/// scripts/requirements-services.txt), started on 127.0.0.1 and stopped afterwards.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

#include <arrow/result.h>

namespace hoodie::testing {

/// \brief One moto_server process on a free port of 127.0.0.1. Not thread-safe.
class S3TestServer {
 public:
  /// Starts `$HOODIE_MOTO_SERVER` (default: `.venv-services/bin/moto_server` in the
  /// source tree, made by scripts/setup-services.sh) and waits until it accepts
  /// connections. \return IOError naming the binary and how to install it.
  static ::arrow::Result<std::unique_ptr<S3TestServer>> Start();
  /// Kills the server.
  ~S3TestServer();

  S3TestServer(const S3TestServer&) = delete;
  S3TestServer& operator=(const S3TestServer&) = delete;

  /// "http://127.0.0.1:<port>", what AWS_ENDPOINT_URL takes.
  std::string endpoint() const;
  int port() const { return port_; }

  /// Creates a bucket (an unsigned PUT, which moto accepts).
  ::arrow::Status CreateBucket(const std::string& bucket) const;

  /// moto's request log (its stderr): S3RequestLog(request_log_path()) counts what
  /// the server was asked.
  const std::string& request_log_path() const { return log_path_; }

  /// Points this process's AWS_* variables at the server with moto's test
  /// credentials, so that the hoodie processes a test starts inherit them.
  void ExportEnvironment() const;

 private:
  S3TestServer(pid_t pid, int port, std::string log_path)
      : pid_(pid), port_(port), log_path_(std::move(log_path)) {}

  pid_t pid_;
  int port_;
  std::string log_path_;
};

/// A TCP port on 127.0.0.1 nothing listens on at the time of the call.
::arrow::Result<int> FreeLocalPort();

}  // namespace hoodie::testing
