// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/transformers_internal.h
/// \brief The package transformers are registered under, by their Hudi class names.
#pragma once

namespace hoodie::internal {

inline constexpr char kTransformPackage[] = "org.apache.hudi.utilities.transform.";

}  // namespace hoodie::internal
