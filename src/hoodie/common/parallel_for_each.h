// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/parallel_for_each.h
/// \brief Independent tasks over Arrow's CPU thread pool, at most a given number at once.
#pragma once

#include <cstddef>
#include <functional>

#include <arrow/status.h>


namespace hoodie::internal {

/// Runs `task(i)` for every i in [0, count) on Arrow's CPU thread pool, split into at
/// most `parallelism` tasks (0: one task per item; 1: serially on the caller's thread).
/// Returns the first error.
::arrow::Status ParallelForEach(size_t count, int parallelism,
                                const std::function<::arrow::Status(size_t)>& task);

/// Runs `task(i)` for every i in [0, count) on up to `threads` threads of its own, not
/// Arrow's pools: for tasks that mostly wait on I/O (LISTs on an object store), whose
/// storage client may itself wait on Arrow's pools. Stops taking items after the first
/// error, which it returns.
::arrow::Status ParallelForEachOnThreads(size_t count, int threads,
                                         const std::function<::arrow::Status(size_t)>& task);

}  // namespace hoodie::internal
