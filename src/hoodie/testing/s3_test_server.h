// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_test_server.h
/// \brief A real S3 server for tests: moto's (PyPI, pinned in
/// scripts/requirements-services.txt), started on 127.0.0.1 and stopped afterwards.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"

namespace hoodie::testing {

/// \brief One moto_server process on a free port of 127.0.0.1. Not thread-safe.
class S3TestServer {
 public:
  /// Starts `$HOODIE_MOTO_SERVER` (default: `.venv-services/bin/moto_server` in the
  /// source tree, made by scripts/setup-services.sh) and waits until it accepts
  /// connections. \return IOError naming the binary and how to install it.
  static ::arrow::Result<std::unique_ptr<S3TestServer>> Start();
  /// Stops the server and removes its log.
  ~S3TestServer();

  S3TestServer(const S3TestServer&) = delete;
  S3TestServer& operator=(const S3TestServer&) = delete;

  /// "http://127.0.0.1:<port>", what AWS_ENDPOINT_URL takes.
  std::string endpoint() const { return process_->endpoint(); }
  int port() const { return process_->port(); }

  /// Creates a bucket (an unsigned PUT, which moto accepts).
  ::arrow::Status CreateBucket(const std::string& bucket) const;

  /// How many multipart uploads of `bucket` were started and neither completed nor
  /// aborted (ListMultipartUploads).
  ::arrow::Result<int> MultipartUploadsInProgress(const std::string& bucket) const;

  /// SQS (the same server serves it): creates queue `name` and returns its URL.
  ::arrow::Result<std::string> CreateQueue(const std::string& name) const;
  /// Sends one message of `body` to the queue at `queue_url`.
  ::arrow::Status SendMessage(const std::string& queue_url, const std::string& body) const;
  /// The queue's visible plus in-flight messages.
  ::arrow::Result<int64_t> MessagesLeft(const std::string& queue_url) const;

  /// moto's request log (its output): S3RequestLog(request_log_path()) counts what the
  /// server was asked.
  const std::string& request_log_path() const { return log_path_; }

  /// Points this process's AWS_* variables at the server with moto's test
  /// credentials, so that the hoodie processes a test starts inherit them.
  void ExportEnvironment() const;

 private:
  S3TestServer(std::unique_ptr<ServerProcess> process, std::string log_path)
      : process_(std::move(process)), log_path_(std::move(log_path)) {}

  std::unique_ptr<ServerProcess> process_;  // stopped with this object
  std::string log_path_;
};

}  // namespace hoodie::testing
