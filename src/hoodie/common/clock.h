// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/clock.h
/// \brief The wall clock as Hudi reads it (System.currentTimeMillis()).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace hoodie {

/// Milliseconds since the Unix epoch, now.
inline int64_t EpochMillisNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// `clock()`, or EpochMillisNow() when `clock` is null: options that let tests fix
/// "now" carry such a clock.
inline int64_t EpochMillisNow(const std::function<int64_t()>& clock) {
  return clock ? clock() : EpochMillisNow();
}

}  // namespace hoodie
