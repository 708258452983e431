// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_component.cc
/// \brief RegisterKafkaComponent: the Kafka plug-ins into hoodie's registries, once.
#include "hoodie/kafka/kafka_component.h"

#include "hoodie/callback/commit_callback_registry.h"
#include "hoodie/kafka/kafka_plugins_internal.h"
#include "hoodie/streamer/source.h"

namespace hoodie {

::arrow::Status RegisterKafkaComponent() {
  // Once, even under concurrent calls; later callers get the first outcome.
  static const ::arrow::Status registered = [] {
    ARROW_RETURN_NOT_OK(internal::RegisterKafkaSources(SourceRegistry::Global()));
    return internal::RegisterKafkaCommitCallback(CommitCallbackRegistry::Global());
  }();
  return registered;
}

}  // namespace hoodie
