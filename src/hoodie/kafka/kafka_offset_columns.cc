// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_offset_columns.cc
#include "hoodie/kafka/kafka_offset_columns_internal.h"

#include <utility>

#include <arrow/builder.h>
#include <nlohmann/json.hpp>

#include "hoodie/kafka/kafka_client_internal.h"

namespace hoodie::internal {
namespace {

// The four columns in KafkaOffsetPostProcessor's order, with their Avro types as Arrow
// types: long, int and long with default 0, and a ["null","string"] union.
::arrow::FieldVector OffsetFields() {
  return {::arrow::field(kKafkaOffsetColumn, ::arrow::int64(), false),
          ::arrow::field(kKafkaPartitionColumn, ::arrow::int32(), false),
          ::arrow::field(kKafkaTimestampColumn, ::arrow::int64(), false),
          ::arrow::field(kKafkaKeyColumn, ::arrow::utf8(), true)};
}

class KafkaOffsetPostProcessor : public SchemaPostProcessor {
 public:
  ::arrow::Result<std::shared_ptr<::arrow::Schema>> Process(
      std::shared_ptr<::arrow::Schema> schema) override {
    return WithKafkaOffsetColumns(schema);
  }
};

// The coordinates as one column each, in OffsetFields' order.
::arrow::Result<::arrow::ArrayVector> OffsetArrays(
    const std::vector<KafkaMessageCoordinates>& coordinates) {
  ::arrow::Int64Builder offsets;
  ::arrow::Int32Builder partitions;
  ::arrow::Int64Builder timestamps;
  ::arrow::StringBuilder keys;
  for (const KafkaMessageCoordinates& message : coordinates) {
    ARROW_RETURN_NOT_OK(offsets.Append(message.offset));
    ARROW_RETURN_NOT_OK(partitions.Append(message.partition));
    ARROW_RETURN_NOT_OK(timestamps.Append(message.timestamp));
    ARROW_RETURN_NOT_OK(message.key ? keys.Append(*message.key) : keys.AppendNull());
  }
  ::arrow::ArrayVector out(4);
  ARROW_RETURN_NOT_OK(offsets.Finish(&out[0]));
  ARROW_RETURN_NOT_OK(partitions.Finish(&out[1]));
  ARROW_RETURN_NOT_OK(timestamps.Finish(&out[2]));
  ARROW_RETURN_NOT_OK(keys.Finish(&out[3]));
  return out;
}

}  // namespace

KafkaMessageCoordinates KafkaMessageCoordinates::Of(const KafkaMessage& message) {
  KafkaMessageCoordinates out;
  out.partition = message.partition();
  out.offset = message.offset();
  out.timestamp = message.timestamp();
  if (auto key = message.key()) out.key = std::string(*key);
  return out;
}

std::shared_ptr<::arrow::Schema> WithKafkaOffsetColumns(
    const std::shared_ptr<::arrow::Schema>& schema) {
  ::arrow::FieldVector fields = schema->fields();
  for (const auto& field : OffsetFields()) {
    if (schema->GetFieldIndex(field->name()) < 0) fields.push_back(field);
  }
  return ::arrow::schema(std::move(fields), schema->metadata());
}

std::unique_ptr<SchemaPostProcessor> MakeKafkaOffsetPostProcessor() {
  return std::make_unique<KafkaOffsetPostProcessor>();
}

std::string WithKafkaOffsetMembers(std::string_view value,
                                   const KafkaMessageCoordinates& coordinates) {
  constexpr std::string_view kSpace = " \t\r\n";
  const size_t open = value.find_first_not_of(kSpace);
  if (open == std::string_view::npos || value[open] != '{') return std::string(value);
  std::string out = "{\"";
  out.append(kKafkaOffsetColumn).append("\":").append(std::to_string(coordinates.offset));
  out.append(",\"").append(kKafkaPartitionColumn).append("\":");
  out.append(std::to_string(coordinates.partition));
  out.append(",\"").append(kKafkaTimestampColumn).append("\":");
  out.append(std::to_string(coordinates.timestamp));
  if (coordinates.key) {
    // Java decodes the key's bytes as UTF-8 with replacement characters; so does this.
    out.append(",\"").append(kKafkaKeyColumn).append("\":");
    out.append(nlohmann::json(*coordinates.key)
                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  }
  std::string_view rest = value.substr(open + 1);
  const size_t next = rest.find_first_not_of(kSpace);
  if (next != std::string_view::npos && rest[next] != '}') out.append(",");
  out.append(rest);
  return out;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> WithKafkaOffsetValues(
    const ::arrow::RecordBatch& batch,
    const std::vector<KafkaMessageCoordinates>& coordinates,
    const std::shared_ptr<::arrow::Schema>& schema) {
  ARROW_ASSIGN_OR_RAISE(::arrow::ArrayVector offsets, OffsetArrays(coordinates));
  const ::arrow::FieldVector offset_fields = OffsetFields();
  ::arrow::ArrayVector columns;
  for (const auto& field : schema->fields()) {
    std::shared_ptr<::arrow::Array> column;
    for (size_t i = 0; i < offset_fields.size(); ++i) {
      if (field->name() != offset_fields[i]->name()) continue;
      if (!field->type()->Equals(*offset_fields[i]->type())) {
        return ::arrow::Status::Invalid("append.offsets writes ", field->name(), " as ",
                                        offset_fields[i]->type()->ToString(),
                                        ", but the source schema declares it ",
                                        field->type()->ToString());
      }
      column = offsets[i];
    }
    if (column == nullptr) column = batch.GetColumnByName(field->name());
    if (column == nullptr) {
      return ::arrow::Status::Invalid("the decoded records lack the column ",
                                      field->name());
    }
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(schema, batch.num_rows(), std::move(columns));
}

}  // namespace hoodie::internal
