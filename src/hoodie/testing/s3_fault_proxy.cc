// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_fault_proxy.cc
/// \brief S3FaultProxy: s3_fault_proxy.py as a child process.
#include "hoodie/testing/s3_fault_proxy.h"

#include <unistd.h>

#include <fstream>
#include <string>

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<S3FaultProxy>> S3FaultProxy::Start(
    const std::string& upstream, const std::vector<std::string>& faults) {
  char log_template[] = "/tmp/hoodie-fault-proxy-XXXXXX";
  const int fd = ::mkstemp(log_template);
  if (fd < 0) return ::arrow::Status::IOError("cannot create the fault proxy's log file");
  ::close(fd);
  std::vector<std::string> argv = {
      HOODIE_PYTHON, std::string(HOODIE_SOURCE_DIR) + "/src/hoodie/testing/s3_fault_proxy.py",
      "--port", "{port}", "--upstream", upstream};
  for (const std::string& fault : faults) {
    argv.push_back("--fault");
    argv.push_back(fault);
  }
  ARROW_ASSIGN_OR_RAISE(auto process,
                        ServerProcess::Start(std::move(argv), "run scripts/setup.sh",
                                             log_template));
  return std::unique_ptr<S3FaultProxy>(new S3FaultProxy(std::move(process), log_template));
}

S3FaultProxy::~S3FaultProxy() {
  process_.reset();
  ::unlink(log_path_.c_str());
}

::arrow::Result<int> S3FaultProxy::FaultsInjected() const {
  std::ifstream log(log_path_);
  if (!log) return ::arrow::Status::IOError("cannot read ", log_path_);
  int faults = 0;
  std::string line;
  while (std::getline(log, line)) {
    if (!line.ends_with(" pass") && (line.ends_with(" slowdown") ||
                                     line.ends_with(" error500") || line.ends_with(" reset"))) {
      ++faults;
    }
  }
  return faults;
}

}  // namespace hoodie::testing
