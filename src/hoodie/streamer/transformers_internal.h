// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/transformers_internal.h
/// \brief How the built-in transformers register themselves.
#pragma once

namespace hoodie {
class TransformerRegistry;
namespace internal {

inline constexpr char kTransformPackage[] = "org.apache.hudi.utilities.transform.";

/// SqlQueryBasedTransformer and SqlFileBasedTransformer.
void RegisterSqlTransformers(TransformerRegistry* registry);

}  // namespace internal
}  // namespace hoodie
