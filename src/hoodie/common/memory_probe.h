// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/memory_probe.h
/// \brief The process's resident memory, now and at its peak, for the per-phase
/// accounts of a write that a profile starts from (Linux: /proc/self/statm, getrusage).
#pragma once

#include <cstdint>

#include "hoodie/visibility.h"

namespace hoodie {

/// Resident set size of this process now, in bytes; 0 where it cannot be read.
HOODIE_EXPORT int64_t ResidentBytes();
/// The largest resident set size this process has had, in bytes.
HOODIE_EXPORT int64_t PeakResidentBytes();

}  // namespace hoodie
