// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_records.cc
#include "hoodie/kafka/kafka_records_internal.h"

#include <deque>
#include <utility>
#include <vector>

#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/kafka/confluent_avro_internal.h"
#include "hoodie/kafka/kafka_offset_columns_internal.h"
#include "hoodie/streamer/source.h"

namespace hoodie::internal {
namespace {

// The next message with a value (tombstones and empty values are skipped, as Hudi's
// Kafka sources filter them); null at the end.
::arrow::Result<std::unique_ptr<KafkaMessage>> NextWithValue(KafkaConsumer* consumer) {
  for (;;) {
    ARROW_ASSIGN_OR_RAISE(auto message, consumer->Next());
    if (message == nullptr || !message->value().empty()) return message;
  }
}

// JSON values as the records of the JSON reader; a record's number is its message's.
class JsonMessages : public JsonRecordSource {
 public:
  explicit JsonMessages(KafkaReadContext* context) : context_(context) {}

  ::arrow::Result<bool> Next(std::string* text, int64_t* number) override {
    ARROW_ASSIGN_OR_RAISE(auto message, NextWithValue(context_->consumer.get()));
    if (message == nullptr) return false;
    if (context_->append_offsets) {
      *text = WithKafkaOffsetMembers(message->value(), KafkaMessageCoordinates::Of(*message));
    } else {
      text->assign(message->value());
    }
    *number = context_->positions->Add(message->partition(), message->offset());
    return true;
  }
  std::string Describe(int64_t number) const override {
    return context_->positions->Describe(number);
  }

 private:
  KafkaReadContext* context_;
};

// Holds the context alive as long as the JSON reader over it.
class JsonKafkaReader : public ::arrow::RecordBatchReader {
 public:
  static ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Open(
      KafkaReadContext context, std::shared_ptr<::arrow::Schema> schema) {
    auto out = std::shared_ptr<JsonKafkaReader>(new JsonKafkaReader(std::move(context)));
    JsonLinesOptions options;
    options.schema = std::move(schema);
    // Spark's reader under a user schema drops the keys it does not name.
    options.drop_unknown_fields = true;
    options.batch_rows = out->context_.batch_rows;
    options.cdc = out->context_.cdc;
    if (options.cdc) {
      // Rows map to messages through the positions: a change message can be several
      // rows or none.
      MessagePositions* positions = out->context_.positions.get();
      options.on_record_rows = [positions](int64_t number, int64_t rows) {
        positions->SetRows(number, rows);
      };
    }
    if (out->context_.on_bad_message) {
      KafkaReadContext* context = &out->context_;
      options.on_bad_record = [context](const ::arrow::Status& status, int64_t number) {
        context->positions->Skip(number);
        context->on_bad_message(status.message());
      };
    }
    ARROW_ASSIGN_OR_RAISE(out->json_,
                          OpenJsonRecords(std::make_unique<JsonMessages>(&out->context_),
                                          std::move(options)));
    return out;
  }
  std::shared_ptr<::arrow::Schema> schema() const override { return json_->schema(); }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    return json_->ReadNext(batch);
  }

 private:
  explicit JsonKafkaReader(KafkaReadContext context) : context_(std::move(context)) {}

  KafkaReadContext context_;
  std::shared_ptr<::arrow::RecordBatchReader> json_;
};

// One message: its value and where its Avro body starts in it (an offset, not a view:
// a short value lives inside the string, and moves with it).
struct AvroMessage {
  std::string value;
  size_t body = 0;
  int32_t schema_id = -1;  // -1: the source schema (bare Avro)
  int64_t number = 0;
  KafkaMessageCoordinates coordinates;  // under append_offsets only
  ::arrow::Status unreadable;  // not in the wire format

  std::string_view avro() const { return std::string_view(value).substr(body); }
};

// Avro values, batch_rows messages at a time, decoded in runs of one writer schema and
// conformed to the source schema (a message written with an older or newer schema
// reads as the source schema's columns); under append_offsets the coordinates are set
// after, as Hudi decodes with the provider's schema and appends them to the record.
class AvroKafkaReader : public ::arrow::RecordBatchReader {
 public:
  AvroKafkaReader(KafkaReadContext context, std::shared_ptr<::arrow::Schema> schema,
                  std::shared_ptr<SchemaRegistryClient> registry, std::string source_avro)
      : context_(std::move(context)),
        schema_(std::move(schema)),
        output_schema_(context_.append_offsets ? WithKafkaOffsetColumns(schema_) : schema_),
        registry_(std::move(registry)),
        source_avro_(std::move(source_avro)) {}

  std::shared_ptr<::arrow::Schema> schema() const override { return output_schema_; }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    batch->reset();
    while (ready_.empty()) {
      ARROW_ASSIGN_OR_RAISE(std::vector<AvroMessage> messages, Take());
      if (messages.empty()) return ::arrow::Status::OK();
      ARROW_RETURN_NOT_OK(DecodeRuns(messages));
    }
    *batch = std::move(ready_.front());
    ready_.pop_front();
    return ::arrow::Status::OK();
  }

 private:
  // Up to batch_rows messages, their schema ids read from the wire format.
  ::arrow::Result<std::vector<AvroMessage>> Take() {
    std::vector<AvroMessage> out;
    while (static_cast<int64_t>(out.size()) < context_.batch_rows) {
      ARROW_ASSIGN_OR_RAISE(auto message, NextWithValue(context_.consumer.get()));
      if (message == nullptr) break;
      AvroMessage taken;
      taken.value.assign(message->value());
      taken.number = context_.positions->Add(message->partition(), message->offset());
      if (context_.append_offsets) taken.coordinates = KafkaMessageCoordinates::Of(*message);
      if (registry_ != nullptr) {
        auto split = SplitConfluentValue(taken.value);
        if (split.ok()) {
          taken.schema_id = split->schema_id;
          taken.body = taken.value.size() - split->avro.size();
        } else {
          taken.unreadable = split.status();
        }
      }
      out.push_back(std::move(taken));
    }
    return out;
  }

  ::arrow::Status Bad(int64_t number, const ::arrow::Status& status) {
    std::string message = context_.positions->Describe(number) + ": " + status.message();
    if (!context_.on_bad_message) return status.WithMessage(message);
    context_.positions->Skip(number);
    context_.on_bad_message(message);
    return ::arrow::Status::OK();
  }

  ::arrow::Result<std::string> WriterSchema(int32_t id) {
    if (id < 0) return source_avro_;
    return registry_->WriterSchema(id);
  }

  ::arrow::Status DecodeRuns(const std::vector<AvroMessage>& messages) {
    size_t begin = 0;
    while (begin < messages.size()) {
      if (!messages[begin].unreadable.ok()) {
        ARROW_RETURN_NOT_OK(Bad(messages[begin].number, messages[begin].unreadable));
        ++begin;
        continue;
      }
      size_t end = begin + 1;
      while (end < messages.size() && messages[end].unreadable.ok() &&
             messages[end].schema_id == messages[begin].schema_id) {
        ++end;
      }
      ARROW_RETURN_NOT_OK(DecodeRun(messages, begin, end));
      begin = end;
    }
    return ::arrow::Status::OK();
  }

  // Messages [begin, end), one writer schema. A run that fails is decoded message by
  // message to name (or leave out) the ones at fault.
  ::arrow::Status DecodeRun(const std::vector<AvroMessage>& messages, size_t begin, size_t end) {
    auto writer = WriterSchema(messages[begin].schema_id);
    if (!writer.ok()) {
      for (size_t i = begin; i < end; ++i) ARROW_RETURN_NOT_OK(Bad(messages[i].number, writer.status()));
      return ::arrow::Status::OK();
    }
    auto decoded = Decode(*writer, messages, begin, end);
    if (decoded.ok()) {
      ready_.push_back(*std::move(decoded));
      return ::arrow::Status::OK();
    }
    for (size_t i = begin; i < end; ++i) {
      auto one = Decode(*writer, messages, i, i + 1);
      if (one.ok()) {
        ready_.push_back(*std::move(one));
      } else {
        ARROW_RETURN_NOT_OK(Bad(messages[i].number, one.status()));
      }
    }
    return ::arrow::Status::OK();
  }

  // Messages [begin, end) of one writer schema as a batch of the output schema.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Decode(
      const std::string& writer, const std::vector<AvroMessage>& messages, size_t begin,
      size_t end) {
    std::vector<std::string_view> bodies;
    std::vector<KafkaMessageCoordinates> coordinates;
    for (size_t i = begin; i < end; ++i) {
      bodies.push_back(messages[i].avro());
      if (context_.append_offsets) coordinates.push_back(messages[i].coordinates);
    }
    ARROW_ASSIGN_OR_RAISE(auto batch, DecodeAvroRecords(writer, bodies));
    ARROW_ASSIGN_OR_RAISE(batch, ConformBatch(*batch, schema_));
    if (!context_.append_offsets) return batch;
    return WithKafkaOffsetValues(*batch, coordinates, output_schema_);
  }

  KafkaReadContext context_;
  std::shared_ptr<::arrow::Schema> schema_;
  std::shared_ptr<::arrow::Schema> output_schema_;
  std::shared_ptr<SchemaRegistryClient> registry_;
  std::string source_avro_;
  std::deque<std::shared_ptr<::arrow::RecordBatch>> ready_;
};

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenKafkaRecords(
    KafkaReadContext context, KafkaValueFormat format, std::shared_ptr<::arrow::Schema> schema,
    std::shared_ptr<SchemaRegistryClient> registry) {
  if (format == KafkaValueFormat::kJson) {
    // The coordinates are members of each JSON value, read as the schema's columns.
    if (context.append_offsets) schema = WithKafkaOffsetColumns(schema);
    return JsonKafkaReader::Open(std::move(context), std::move(schema));
  }
  std::string source_avro;
  if (format == KafkaValueFormat::kBareAvro) {
    ARROW_ASSIGN_OR_RAISE(source_avro, ArrowSchemaToAvroJson(*schema, "record"));
    registry = nullptr;
  }
  return std::make_shared<AvroKafkaReader>(std::move(context), std::move(schema),
                                           std::move(registry), std::move(source_avro));
}

}  // namespace hoodie::internal
