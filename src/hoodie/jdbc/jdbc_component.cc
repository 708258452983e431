// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_component.cc
/// \brief RegisterJdbcComponent: the JDBC plug-ins into the streamer's registries, once.
#include "hoodie/jdbc/jdbc_component.h"

#include "hoodie/jdbc/jdbc_plugins_internal.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/source.h"

namespace hoodie {

::arrow::Status RegisterJdbcComponent() {
  // Once, even under concurrent calls; later callers get the first outcome.
  static const ::arrow::Status registered = [] {
    ARROW_RETURN_NOT_OK(internal::RegisterJdbcSource(SourceRegistry::Global()));
    return internal::RegisterJdbcSchemaProvider(SchemaProviderRegistry::Global());
  }();
  return registered;
}

}  // namespace hoodie
