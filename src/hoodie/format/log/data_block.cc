// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/data_block.cc
/// \brief Avro and Parquet data block contents, delete block contents (version 3).
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/hfile_data_block.h"

#include <arrow/io/memory.h>
#include <arrow/table.h>
#include <parquet/arrow/reader.h>
#include <parquet/exception.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/common/big_endian_internal.h"
#include "hoodie/format/parquet/parquet_errors.h"

namespace hoodie {

namespace {

using internal::BigEndianReader;

// HoodieDeleteRecordList.avsc of Hudi 0.14/0.15, with the wrappers of
// HoodieMetadata.avsc inlined; only the structure matters for the binary encoding.
constexpr std::string_view kDeleteRecordListSchema = R"({
 "type": "record", "name": "HoodieDeleteRecordList", "namespace": "org.apache.hudi.avro.model",
 "fields": [{"name": "deleteRecordList", "type": {"type": "array", "items": {
  "type": "record", "name": "HoodieDeleteRecord", "fields": [
   {"name": "recordKey", "type": ["null", "string"], "default": null},
   {"name": "partitionPath", "type": ["null", "string"], "default": null},
   {"name": "orderingVal", "default": null, "type": ["null",
    {"type": "record", "name": "BooleanWrapper", "fields": [{"name": "value", "type": "boolean"}]},
    {"type": "record", "name": "IntWrapper", "fields": [{"name": "value", "type": "int"}]},
    {"type": "record", "name": "LongWrapper", "fields": [{"name": "value", "type": "long"}]},
    {"type": "record", "name": "FloatWrapper", "fields": [{"name": "value", "type": "float"}]},
    {"type": "record", "name": "DoubleWrapper", "fields": [{"name": "value", "type": "double"}]},
    {"type": "record", "name": "BytesWrapper", "fields": [{"name": "value", "type": "bytes"}]},
    {"type": "record", "name": "StringWrapper", "fields": [{"name": "value", "type": "string"}]},
    {"type": "record", "name": "DateWrapper", "fields": [{"name": "value", "type": "int"}]},
    {"type": "record", "name": "DecimalWrapper", "fields": [{"name": "value", "type": "bytes"}]},
    {"type": "record", "name": "TimeMicrosWrapper", "fields": [{"name": "value", "type": "long"}]},
    {"type": "record", "name": "TimestampMicrosWrapper",
     "fields": [{"name": "value", "type": "long"}]}]}]}}}]})";

::arrow::Result<std::shared_ptr<const AvroSchema>> DeleteRecordListSchema() {
  static const ::arrow::Result<std::shared_ptr<const AvroSchema>> schema =
      AvroSchema::Parse(kDeleteRecordListSchema);
  return schema;
}

::arrow::Result<std::optional<std::string>> OptionalString(const AvroValue& record,
                                                           std::string_view field) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, record.Field(field));
  if (value->is_null()) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(std::string_view text, value->AsString());
  return std::string(text);
}

AvroValue OptionalStringValue(const std::optional<std::string>& text) {
  return text ? AvroValue::String(*text) : AvroValue::Null();
}

}  // namespace

::arrow::Result<std::vector<std::string_view>> SplitAvroDataBlock(
    std::string_view content) {
  BigEndianReader in(content);
  int32_t version = 0;
  int32_t count = 0;
  if (!in.ReadInt32(&version) || !in.ReadInt32(&count) || count < 0) {
    return ::arrow::Status::Invalid(
        "Avro data block content is truncated before its record count");
  }
  if (version < 1 || version > kLogBlockContentVersion) {
    return ::arrow::Status::Invalid("Avro data block content version ", version,
                                    " is not supported (1 to 3 are)");
  }
  std::vector<std::string_view> records;
  records.reserve(static_cast<size_t>(count));
  for (int32_t i = 0; i < count; ++i) {
    int32_t length = 0;
    std::string_view record;
    if (!in.ReadInt32(&length) || length < 0 ||
        !in.ReadBytes(static_cast<size_t>(length), &record)) {
      return ::arrow::Status::Invalid("Avro data block content is truncated in record ",
                                      i, " of ", count);
    }
    records.push_back(record);
  }
  return records;
}

std::string MakeAvroDataBlockContent(const std::vector<std::string>& records) {
  std::string out;
  internal::AppendInt32(kLogBlockContentVersion, &out);
  internal::AppendInt32(static_cast<int32_t>(records.size()), &out);
  for (const std::string& record : records) {
    internal::AppendInt32(static_cast<int32_t>(record.size()), &out);
    out.append(record);
  }
  return out;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadParquetDataBlock(
    std::string_view content) {
  // An owned copy: the batch may keep slices of the buffer beyond the block's life.
  std::shared_ptr<::arrow::Buffer> buffer =
      ::arrow::Buffer::FromString(std::string(content));
  return CatchParquetErrors(
      ::arrow::StatusCode::Invalid,
      "Parquet data block does not hold a readable Parquet file", "",
      [&]() -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> {
        auto input = std::make_shared<::arrow::io::BufferReader>(buffer);
        ARROW_ASSIGN_OR_RAISE(
            auto reader, parquet::arrow::OpenFile(input, ::arrow::default_memory_pool()));
        std::shared_ptr<::arrow::Table> table;
        ARROW_RETURN_NOT_OK(reader->ReadTable(&table));
        ARROW_ASSIGN_OR_RAISE(auto batch, table->CombineChunksToBatch());
        return batch->ReplaceSchema(batch->schema()->RemoveMetadata());
      });
}

namespace {

// The writer schema every Avro and HFile data block carries in its header.
::arrow::Result<std::string> SchemaHeader(const LogBlock& block) {
  std::optional<std::string> schema = FindLogMetadata(block.header, LogHeaderKey::kSchema);
  if (!schema) {
    return ::arrow::Status::Invalid(LogBlockTypeName(block.type), " at offset ", block.offset,
                                    " has no SCHEMA header");
  }
  return std::move(*schema);
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadDataBlock(
    const LogBlock& block) {
  switch (block.type) {
    case LogBlockType::kParquetData:
      return ReadParquetDataBlock(block.content);
    case LogBlockType::kAvroData: {
      ARROW_ASSIGN_OR_RAISE(std::string schema, SchemaHeader(block));
      ARROW_ASSIGN_OR_RAISE(auto records, SplitAvroDataBlock(block.content));
      return DecodeAvroRecords(schema, records);
    }
    case LogBlockType::kHFileData: {
      ARROW_ASSIGN_OR_RAISE(std::string schema, SchemaHeader(block));
      return DecodeHFileDataBlock(block.content, schema,
                                  "the HFile data block at offset " +
                                      std::to_string(block.offset));
    }
    default:
      return ::arrow::Status::Invalid(LogBlockTypeName(block.type),
                                      " is not a data block hoodie reads");
  }
}

AvroValue WrapOrderingValue(std::string_view wrapper, AvroValue value) {
  AvroEntries fields;
  fields.emplace_back("value", std::move(value));
  return AvroValue::Record(std::string(wrapper), std::move(fields));
}

::arrow::Result<std::vector<DeleteRecord>> DecodeDeleteBlock(std::string_view content) {
  BigEndianReader in(content);
  int32_t version = 0;
  if (!in.ReadInt32(&version))
    return ::arrow::Status::Invalid("delete block content is empty");
  if (version != kLogBlockContentVersion) {
    return ::arrow::Status::NotImplemented(
        "delete block content version ", version,
        " (Kryo-serialized, written before Hudi 0.14) is not supported; version 3 is");
  }
  int32_t length = 0;
  std::string_view data;
  if (!in.ReadInt32(&length) || length < 0 ||
      !in.ReadBytes(static_cast<size_t>(length), &data)) {
    return ::arrow::Status::Invalid("delete block content is truncated");
  }
  ARROW_ASSIGN_OR_RAISE(auto schema, DeleteRecordListSchema());
  ARROW_ASSIGN_OR_RAISE(AvroValue list,
                         DecodeAvroBinary(&data, schema->root(), schema->root()));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* entries, list.Field("deleteRecordList"));
  ARROW_ASSIGN_OR_RAISE(const std::vector<AvroValue>* items, entries->AsArray());
  std::vector<DeleteRecord> records;
  for (const AvroValue& item : *items) {
    DeleteRecord record;
    ARROW_ASSIGN_OR_RAISE(record.record_key, OptionalString(item, "recordKey"));
    ARROW_ASSIGN_OR_RAISE(record.partition_path, OptionalString(item, "partitionPath"));
    ARROW_ASSIGN_OR_RAISE(const AvroValue* ordering, item.Field("orderingVal"));
    record.ordering_value = *ordering;
    records.push_back(std::move(record));
  }
  return records;
}

::arrow::Result<std::string> EncodeDeleteBlock(const std::vector<DeleteRecord>& records) {
  ARROW_ASSIGN_OR_RAISE(auto schema, DeleteRecordListSchema());
  std::vector<AvroValue> items;
  for (const DeleteRecord& record : records) {
    AvroEntries fields;
    fields.emplace_back("recordKey", OptionalStringValue(record.record_key));
    fields.emplace_back("partitionPath", OptionalStringValue(record.partition_path));
    fields.emplace_back("orderingVal", record.ordering_value);
    items.push_back(AvroValue::Record("org.apache.hudi.avro.model.HoodieDeleteRecord",
                                      std::move(fields)));
  }
  AvroEntries list;
  list.emplace_back("deleteRecordList", AvroValue::Array(std::move(items)));
  std::string data;
  ARROW_RETURN_NOT_OK(EncodeAvroBinary(
      AvroValue::Record("org.apache.hudi.avro.model.HoodieDeleteRecordList",
                        std::move(list)),
      schema->root(), &data));
  std::string out;
  internal::AppendInt32(kLogBlockContentVersion, &out);
  internal::AppendInt32(static_cast<int32_t>(data.size()), &out);
  out.append(data);
  return out;
}

}  // namespace hoodie
