// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/rate_limit.cc
#include "hoodie/client/rate_limit.h"

#include <chrono>
#include <thread>
#include <utility>

#include "hoodie/common/mapped_reader.h"

namespace hoodie {

RateLimitClock RateLimitClock::Steady() {
  return {.now_micros =
              [] {
                return std::chrono::duration_cast<std::chrono::microseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                    .count();
              },
          .sleep = [](int64_t micros) {
            std::this_thread::sleep_for(std::chrono::microseconds(micros));
          }};
}

std::shared_ptr<::arrow::RecordBatchReader> RateLimited(
    std::shared_ptr<::arrow::RecordBatchReader> input, int64_t records_per_second,
    RateLimitClock clock) {
  if (records_per_second <= 0) return input;
  struct State {
    RateLimitClock clock;
    int64_t rate = 0;
    int64_t start = -1;
    int64_t records = 0;
  };
  auto state = std::make_shared<State>(State{std::move(clock), records_per_second});
  std::shared_ptr<::arrow::Schema> schema = input->schema();
  return MapBatches(
      std::move(input), std::move(schema),
      [state](const std::shared_ptr<::arrow::RecordBatch>& batch)
          -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> {
        int64_t now = state->clock.now_micros();
        if (state->start < 0) state->start = now;
        // Microseconds the records before this batch take at the rate; in 128 bits, as a
        // count times a million can pass 2^63.
        auto owed = static_cast<int64_t>(static_cast<__int128>(state->records) * 1000000 /
                                         state->rate);
        int64_t due = state->start + owed;
        if (due > now) state->clock.sleep(due - now);
        state->records += batch->num_rows();
        return batch;
      });
}

}  // namespace hoodie
