// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/rate_limit.h
/// \brief write.rate.limit: a round's records handed to the write no faster than a
/// number of records per second (Flink's RowDataToHoodieFunctionWithRateLimit, whose
/// Guava RateLimiter makes each record wait for the ones before it).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include <arrow/record_batch.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// What a rate limit waits with: the time in microseconds and a sleep. Steady() is the
/// process's steady clock; tests give a clock that advances only when slept on.
struct HOODIE_EXPORT RateLimitClock {
  std::function<int64_t()> now_micros;
  std::function<void(int64_t micros)> sleep;

  static RateLimitClock Steady();
};

/// `input`, each batch handed out once the records read before it have had their time at
/// `records_per_second` since the first batch (a batch of n records is paid for by the
/// batch after it, as RateLimiter.acquire(n) charges the next caller). 0 or less: `input`
/// unchanged. Not thread-safe, as any RecordBatchReader.
HOODIE_EXPORT std::shared_ptr<::arrow::RecordBatchReader> RateLimited(
    std::shared_ptr<::arrow::RecordBatchReader> input, int64_t records_per_second,
    RateLimitClock clock = RateLimitClock::Steady());

}  // namespace hoodie
