// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_records_internal.h
/// \brief A round's Kafka messages as Arrow batches of the source schema, read lazily
/// from a consumer that has been assigned the round's ranges: JSON values as Spark's
/// JSON reader reads them, Avro values through their writer schemas.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/input/cdc_json.h"
#include "hoodie/kafka/kafka_client_internal.h"
#include "hoodie/kafka/message_positions_internal.h"

namespace hoodie::internal {

class SchemaRegistryClient;

/// How message values are decoded.
enum class KafkaValueFormat {
  kJson,
  /// Confluent's wire format: magic byte, registry schema id, Avro binary.
  kConfluentAvro,
  /// Avro binary in the source schema, nothing before it (ByteArrayDeserializer).
  kBareAvro,
};

/// \brief What the readers share with the round: the consumer, where each message came
/// from, and what to do with a message that does not decode.
struct KafkaReadContext {
  std::unique_ptr<KafkaConsumer> consumer;
  std::shared_ptr<MessagePositions> positions;
  /// Null: a message that does not decode fails the read; else it is left out and
  /// reported here with where it was.
  std::function<void(const std::string&)> on_bad_message;
  int64_t batch_rows = 16384;
  /// append.offsets: each record also carries its message's coordinates
  /// (kafka_offset_columns_internal.h), after the source schema's columns.
  bool append_offsets = false;
  /// JSON values only: each is a change record of this format (DecodeCdcJson).
  std::optional<CdcJsonOptions> cdc;
};

/// The messages of `context`'s consumer in `schema` (WithKafkaOffsetColumns of it under
/// append_offsets), read as `format` says (`registry` for kConfluentAvro). Messages without a value (tombstones) or with an empty one are
/// left out, as Hudi's Kafka sources filter them.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenKafkaRecords(
    KafkaReadContext context, KafkaValueFormat format, std::shared_ptr<::arrow::Schema> schema,
    std::shared_ptr<SchemaRegistryClient> registry);

}  // namespace hoodie::internal
