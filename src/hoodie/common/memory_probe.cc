// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/memory_probe.cc
/// \brief ResidentBytes and PeakResidentBytes on Linux.

#include "hoodie/common/memory_probe.h"

#include <sys/resource.h>
#include <unistd.h>

#include <fstream>

namespace hoodie {

int64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * ::sysconf(_SC_PAGESIZE);
}

int64_t PeakResidentBytes() {
  struct rusage usage {};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<int64_t>(usage.ru_maxrss) * 1024;  // ru_maxrss is in KiB
}

}  // namespace hoodie
