// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/schema_providers_internal.h
/// \brief How schema providers living in their own files register themselves.
#pragma once

namespace hoodie {
class SchemaProviderRegistry;
namespace internal {

/// SchemaRegistryProvider (Confluent-compatible registries over HTTP).
void RegisterSchemaRegistryProvider(SchemaProviderRegistry* registry);

}  // namespace internal
}  // namespace hoodie
