// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/api.h
/// \brief The public API of hoodie's Kafka component (libhoodie_kafka, hoodie::kafka):
/// RegisterKafkaComponent, which adds the Kafka sources to the streamer, and Hudi's
/// Kafka checkpoint strings.
#pragma once

#include "hoodie/kafka/kafka_component.h"
#include "hoodie/kafka/kafka_offsets.h"
