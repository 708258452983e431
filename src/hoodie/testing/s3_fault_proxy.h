// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_fault_proxy.h
/// \brief The faults of a real object store, on demand: s3_fault_proxy.py between the
/// client and moto, throttling, resetting or failing the requests its rules name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"

namespace hoodie::testing {

/// \brief One proxy process on 127.0.0.1 in front of an S3 server. Not thread-safe.
class S3FaultProxy {
 public:
  /// Starts the proxy in front of `upstream` ("http://127.0.0.1:<port>") with `faults`,
  /// each "METHOD:REGEX:ACTION:COUNT" (ACTION slowdown, error500 or reset; COUNT -1
  /// for always; see s3_fault_proxy.py). Runs with the build's Python (HOODIE_PYTHON).
  static ::arrow::Result<std::unique_ptr<S3FaultProxy>> Start(
      const std::string& upstream, const std::vector<std::string>& faults);
  /// Stops the proxy and removes its log.
  ~S3FaultProxy();

  /// "http://127.0.0.1:<port>": what fs.s3a.endpoint takes to go through the proxy.
  std::string endpoint() const { return process_->endpoint(); }
  /// How many requests the proxy answered with a fault (its log's non-"pass" lines).
  ::arrow::Result<int> FaultsInjected() const;

 private:
  S3FaultProxy(std::unique_ptr<ServerProcess> process, std::string log_path)
      : process_(std::move(process)), log_path_(std::move(log_path)) {}

  std::unique_ptr<ServerProcess> process_;
  std::string log_path_;
};

}  // namespace hoodie::testing
