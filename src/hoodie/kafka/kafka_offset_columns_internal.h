// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_offset_columns_internal.h
/// \brief hoodie.deltastreamer.source.kafka.append.offsets: each record of a Kafka source
/// carries its message's offset, partition, timestamp and key as the columns Hudi 0.15's
/// KafkaOffsetPostProcessor adds to the schemas.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/streamer/schema_provider.h"

namespace hoodie::internal {

class KafkaMessage;

inline constexpr char kKafkaOffsetColumn[] = "_hoodie_kafka_source_offset";
inline constexpr char kKafkaPartitionColumn[] = "_hoodie_kafka_source_partition";
inline constexpr char kKafkaTimestampColumn[] = "_hoodie_kafka_source_timestamp";
inline constexpr char kKafkaKeyColumn[] = "_hoodie_kafka_source_key";

/// What append.offsets writes of one message.
struct KafkaMessageCoordinates {
  int32_t partition = 0;
  int64_t offset = 0;
  /// Epoch milliseconds; -1 when the message has none.
  int64_t timestamp = -1;
  /// The key as text (StringDeserializer); None when the message has no key.
  std::optional<std::string> key;

  static KafkaMessageCoordinates Of(const KafkaMessage& message);
};

/// KafkaOffsetPostProcessor.processSchema: `schema` with those of the four columns it
/// lacks appended, in order: offset (int64), partition (int32) and timestamp (int64),
/// none nullable, then key (nullable string). Columns it has stay where they are.
std::shared_ptr<::arrow::Schema> WithKafkaOffsetColumns(
    const std::shared_ptr<::arrow::Schema>& schema);

/// The post-processor of WithKafkaOffsetColumns, for the schema provider the streamer
/// writes with (UtilHelpers.getSchemaProviderForKafkaSource).
std::unique_ptr<SchemaPostProcessor> MakeKafkaOffsetPostProcessor();

/// JsonKafkaSource.maybeAppendKafkaOffsets: the JSON object `value` with members for
/// the coordinates (the key only when there is one). They go first: the JSON reader
/// keeps the first of duplicate keys, so they replace members of the same name as
/// Jackson's put does. A value that is not an object is returned unchanged, as Hudi
/// passes on a value it cannot parse.
std::string WithKafkaOffsetMembers(std::string_view value,
                                   const KafkaMessageCoordinates& coordinates);

/// AvroConvertor.withKafkaFieldsAppended: `batch`, whose row i is message
/// `coordinates[i]`, in `schema` (WithKafkaOffsetColumns of the batch's schema) with
/// the coordinates in their columns. Invalid naming the column when the batch's schema
/// declares one of them with another type.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> WithKafkaOffsetValues(
    const ::arrow::RecordBatch& batch,
    const std::vector<KafkaMessageCoordinates>& coordinates,
    const std::shared_ptr<::arrow::Schema>& schema);

}  // namespace hoodie::internal
