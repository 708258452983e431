// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/compute_kernels.h
/// \brief Arrow's compute library registers most of its kernels (sort, time zones,
/// comparisons of expressions) only when initialized: the one place that does it.
#pragma once

#include <arrow/status.h>

namespace hoodie {

/// Runs arrow::compute::Initialize() once per process and returns its status.
::arrow::Status EnsureComputeInitialized();

}  // namespace hoodie
