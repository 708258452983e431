// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/http_component.cc
/// \brief RegisterHttpComponent: the HTTP plug-ins into the streamer's registries, once.
#include "hoodie/http/http_component.h"

#include "hoodie/http/http_plugins_internal.h"
#include "hoodie/streamer/schema_provider.h"

namespace hoodie {

::arrow::Status RegisterHttpComponent() {
  // Once, even under concurrent calls; later callers get the first outcome.
  static const ::arrow::Status registered =
      internal::RegisterSchemaRegistryProvider(SchemaProviderRegistry::Global());
  return registered;
}

}  // namespace hoodie
