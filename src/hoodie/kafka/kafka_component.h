// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_component.h
/// \brief hoodie's Kafka component (libhoodie_kafka, CMake target hoodie::kafka): the
/// plug-ins that speak Kafka through librdkafka, kept out of libhoodie so that a program
/// that only reads and writes tables links no Kafka client.
#pragma once

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Registers JsonKafkaSource and AvroKafkaSource in the streamer's process-wide
/// source registry and HoodieWriteCommitKafkaCallback in the commit callback registry,
/// taking over the names libhoodie reserves for them; until then making one is refused
/// naming this component. Explicit rather than on load, as every
/// builtin plug-in family registers (STYLE.md section 5).
///
/// Idempotent and thread-safe: later calls return the first call's status.
HOODIE_EXPORT ::arrow::Status RegisterKafkaComponent();

}  // namespace hoodie
