// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/http_plugins_internal.h
/// \brief How the HTTP component's plug-ins register (RegisterHttpComponent calls each).
#pragma once

#include <arrow/status.h>

namespace hoodie {
class SchemaProviderRegistry;
namespace internal {

/// SchemaRegistryProvider (Confluent-compatible registries over HTTP).
::arrow::Status RegisterSchemaRegistryProvider(SchemaProviderRegistry* registry);

}  // namespace internal
}  // namespace hoodie
