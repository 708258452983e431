// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_plugins_internal.h
/// \brief How the Kafka component's plug-ins register (kafka_component.cc calls each).
#pragma once

#include <arrow/status.h>

namespace hoodie {
class CommitCallbackRegistry;
class SourceRegistry;
namespace internal {

/// JsonKafkaSource and AvroKafkaSource, taking over the names libhoodie reserves.
::arrow::Status RegisterKafkaSources(SourceRegistry* registry);
/// HoodieWriteCommitKafkaCallback, taking over the name libhoodie reserves.
::arrow::Status RegisterKafkaCommitCallback(CommitCallbackRegistry* registry);

}  // namespace internal
}  // namespace hoodie
