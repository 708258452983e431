// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_component.cc
/// \brief RegisterSqlComponent: the SQL plug-ins into the streamer's registries, once.
#include "hoodie/sql/sql_component.h"

#include "hoodie/sql/sql_plugins_internal.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/transformer.h"

namespace hoodie {

::arrow::Status RegisterSqlComponent() {
  // A function-local static runs the registration exactly once, even when two threads
  // call at the same time, and keeps its outcome for later callers.
  static const ::arrow::Status registered = [] {
    ARROW_RETURN_NOT_OK(internal::RegisterSqlSource(SourceRegistry::Global()));
    return internal::RegisterSqlTransformers(TransformerRegistry::Global());
  }();
  return registered;
}

}  // namespace hoodie
