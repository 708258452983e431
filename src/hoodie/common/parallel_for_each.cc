// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/parallel_for_each.cc
#include "hoodie/common/parallel_for_each.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include <arrow/util/parallel.h>

namespace hoodie::internal {

::arrow::Status ParallelForEach(size_t count, int parallelism,
                                const std::function<::arrow::Status(size_t)>& task) {
  if (count == 0) return ::arrow::Status::OK();
  size_t num_tasks = count;
  if (parallelism > 0) num_tasks = std::min(count, static_cast<size_t>(parallelism));
  // Task t takes items t, t + num_tasks, ...: a parallelism cap bounds how many files
  // are open at once, which is what the Spark parallelism settings bound in Java.
  return ::arrow::internal::OptionalParallelFor(
      num_tasks > 1, static_cast<int>(num_tasks), [&](int t) -> ::arrow::Status {
        for (size_t i = static_cast<size_t>(t); i < count; i += num_tasks) {
          ARROW_RETURN_NOT_OK(task(i));
        }
        return ::arrow::Status::OK();
      });
}

::arrow::Status ParallelForEachOnThreads(size_t count, int threads,
                                         const std::function<::arrow::Status(size_t)>& task) {
  const size_t workers = std::min(count, static_cast<size_t>(std::max(threads, 1)));
  if (workers <= 1) {
    for (size_t i = 0; i < count; ++i) ARROW_RETURN_NOT_OK(task(i));
    return ::arrow::Status::OK();
  }
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  ::arrow::Status first;
  auto work = [&]() {
    for (size_t i = next++; i < count && !failed.load(); i = next++) {
      ::arrow::Status status = task(i);
      if (!status.ok()) {
        std::lock_guard<std::mutex> lock(mutex);
        if (first.ok()) first = std::move(status);
        failed.store(true);
      }
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (size_t w = 0; w < workers; ++w) pool.emplace_back(work);
  for (std::thread& thread : pool) thread.join();
  return first;
}

}  // namespace hoodie::internal
