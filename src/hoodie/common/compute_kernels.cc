// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/compute_kernels.cc
/// \brief EnsureComputeInitialized.
#include "hoodie/common/compute_kernels.h"

#include <arrow/compute/initialize.h>

namespace hoodie {

::arrow::Status EnsureComputeInitialized() {
  static const ::arrow::Status status = ::arrow::compute::Initialize();
  return status;
}

}  // namespace hoodie
