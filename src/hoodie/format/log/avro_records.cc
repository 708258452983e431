// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/avro_records.cc
/// \brief Avro binary records of a data block to an Arrow record batch (the role of
/// HoodieAvroDataBlock's RecordIterator plus Spark's AvroDeserializer).
#include <arrow/array/builder_binary.h>
#include <arrow/array/builder_decimal.h>
#include <arrow/array/builder_nested.h>
#include <arrow/array/builder_primitive.h>
#include <arrow/builder.h>
#include <arrow/util/checked_cast.h>
#include <arrow/util/decimal.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/log/data_block.h"

namespace hoodie {

namespace {

using ::arrow::Status;
using ::arrow::internal::checked_cast;

// Avro binary decoded straight into Arrow builders, field by field, with no
// intermediate value per record: a log block of half a million records would
// otherwise allocate a value tree (and every field name) per record.

template <typename Builder, typename Value>
Status AppendAs(::arrow::ArrayBuilder* builder, Value value) {
  return checked_cast<Builder*>(builder)->Append(value);
}

Status DecodeInto(std::string_view* in, const AvroNode& node,
                  ::arrow::ArrayBuilder* builder);

Status Unsupported(const ::arrow::ArrayBuilder& builder, const AvroNode& node) {
  return Status::NotImplemented("Avro log records: Avro ", AvroTypeName(node.type),
                                " as Arrow type ", builder.type()->ToString(),
                                " is not supported");
}

Status AppendDecimal(std::string_view bytes, ::arrow::ArrayBuilder* builder) {
  if (bytes.empty() || bytes.size() > 16) {
    return Status::Invalid("Avro decimal of ", bytes.size(),
                           " bytes does not fit a 128-bit decimal");
  }
  ARROW_ASSIGN_OR_RAISE(auto decimal, ::arrow::Decimal128::FromBigEndian(
                                           reinterpret_cast<const uint8_t*>(bytes.data()),
                                           static_cast<int32_t>(bytes.size())));
  return checked_cast<::arrow::Decimal128Builder*>(builder)->Append(decimal);
}

// Avro bytes, string, fixed and enum symbols: Arrow strings, binaries or decimals.
Status AppendBytes(std::string_view bytes, const AvroNode& node,
                   ::arrow::ArrayBuilder* builder) {
  switch (builder->type()->id()) {
    case ::arrow::Type::STRING:
      return AppendAs<::arrow::StringBuilder>(builder, bytes);
    case ::arrow::Type::BINARY:
      return AppendAs<::arrow::BinaryBuilder>(builder, bytes);
    case ::arrow::Type::FIXED_SIZE_BINARY:
      return AppendAs<::arrow::FixedSizeBinaryBuilder>(builder, bytes);
    case ::arrow::Type::DECIMAL128:
      return AppendDecimal(bytes, builder);
    default:
      return Unsupported(*builder, node);
  }
}

// Avro int (int, date, time-millis) and long (long, timestamps, time-micros).
Status AppendInteger(int64_t value, const AvroNode& node,
                     ::arrow::ArrayBuilder* builder) {
  switch (builder->type()->id()) {
    case ::arrow::Type::INT32:
      return AppendAs<::arrow::Int32Builder>(builder, static_cast<int32_t>(value));
    case ::arrow::Type::DATE32:
      return AppendAs<::arrow::Date32Builder>(builder, static_cast<int32_t>(value));
    case ::arrow::Type::TIME32:
      return AppendAs<::arrow::Time32Builder>(builder, static_cast<int32_t>(value));
    case ::arrow::Type::INT64:
      return AppendAs<::arrow::Int64Builder>(builder, value);
    case ::arrow::Type::TIMESTAMP:
      return AppendAs<::arrow::TimestampBuilder>(builder, value);
    case ::arrow::Type::TIME64:
      return AppendAs<::arrow::Time64Builder>(builder, value);
    default:
      return Unsupported(*builder, node);
  }
}

Status DecodeStruct(std::string_view* in, const AvroNode& node,
                    ::arrow::ArrayBuilder* builder) {
  auto* struct_builder = checked_cast<::arrow::StructBuilder*>(builder);
  ARROW_RETURN_NOT_OK(struct_builder->Append());
  for (size_t i = 0; i < node.fields.size(); ++i) {
    ARROW_RETURN_NOT_OK(DecodeInto(in, *node.fields[i].type,
                                    struct_builder->field_builder(static_cast<int>(i))));
  }
  return Status::OK();
}

Status DecodeList(std::string_view* in, const AvroNode& node,
                  ::arrow::ArrayBuilder* builder) {
  auto* list_builder = checked_cast<::arrow::ListBuilder*>(builder);
  ARROW_RETURN_NOT_OK(list_builder->Append());
  return ReadAvroBlocks(in, [&] {
    return DecodeInto(in, *node.items, list_builder->value_builder());
  });
}

Status DecodeMap(std::string_view* in, const AvroNode& node,
                 ::arrow::ArrayBuilder* builder) {
  auto* map_builder = checked_cast<::arrow::MapBuilder*>(builder);
  ARROW_RETURN_NOT_OK(map_builder->Append());
  return ReadAvroBlocks(in, [&]() -> Status {
    ARROW_ASSIGN_OR_RAISE(std::string_view key, ReadAvroBytesView(in));
    ARROW_RETURN_NOT_OK(AppendAs<::arrow::StringBuilder>(map_builder->key_builder(), key));
    return DecodeInto(in, *node.values, map_builder->item_builder());
  });
}

Status DecodeEnumSymbol(std::string_view* in, const AvroNode& node,
                        ::arrow::ArrayBuilder* builder) {
  ARROW_ASSIGN_OR_RAISE(int64_t index, ReadAvroLong(in));
  if (index < 0 || static_cast<size_t>(index) >= node.symbols.size()) {
    return Status::Invalid("Avro binary: enum index ", index, " out of range for ",
                           node.full_name);
  }
  return AppendBytes(node.symbols[static_cast<size_t>(index)], node, builder);
}

Status DecodeFixed(std::string_view* in, const AvroNode& node,
                   ::arrow::ArrayBuilder* builder) {
  const auto size = static_cast<size_t>(node.fixed_size);
  if (in->size() < size) {
    return Status::Invalid("Avro binary: truncated fixed ", node.full_name);
  }
  std::string_view bytes = in->substr(0, size);
  in->remove_prefix(size);
  return AppendBytes(bytes, node, builder);
}

// One datum of `node` (the writer's schema, which the builders' types were made from by
// AvroJsonToArrowSchema) appended to `builder`.
Status DecodeInto(std::string_view* in, const AvroNode& node,
                  ::arrow::ArrayBuilder* builder) {
  switch (node.type) {
    case AvroType::kNull:
      return builder->AppendNull();
    case AvroType::kUnion: {
      ARROW_ASSIGN_OR_RAISE(int64_t index, ReadAvroLong(in));
      if (index < 0 || static_cast<size_t>(index) >= node.branches.size()) {
        return Status::Invalid("Avro binary: union index ", index, " out of range");
      }
      return DecodeInto(in, *node.branches[static_cast<size_t>(index)], builder);
    }
    case AvroType::kBoolean: {
      if (in->empty()) return Status::Invalid("Avro binary: truncated boolean");
      const bool value = in->front() != 0;
      in->remove_prefix(1);
      if (builder->type()->id() != ::arrow::Type::BOOL) return Unsupported(*builder, node);
      return AppendAs<::arrow::BooleanBuilder>(builder, value);
    }
    case AvroType::kInt: {
      ARROW_ASSIGN_OR_RAISE(int64_t value, ReadAvroLong(in));
      if (value < INT32_MIN || value > INT32_MAX) {
        return Status::Invalid("Avro binary: int overflow");
      }
      return AppendInteger(value, node, builder);
    }
    case AvroType::kLong: {
      ARROW_ASSIGN_OR_RAISE(int64_t value, ReadAvroLong(in));
      return AppendInteger(value, node, builder);
    }
    case AvroType::kFloat: {
      ARROW_ASSIGN_OR_RAISE(float value, ReadAvroLittleEndian<float>(in));
      if (builder->type()->id() != ::arrow::Type::FLOAT) return Unsupported(*builder, node);
      return AppendAs<::arrow::FloatBuilder>(builder, value);
    }
    case AvroType::kDouble: {
      ARROW_ASSIGN_OR_RAISE(double value, ReadAvroLittleEndian<double>(in));
      if (builder->type()->id() != ::arrow::Type::DOUBLE) return Unsupported(*builder, node);
      return AppendAs<::arrow::DoubleBuilder>(builder, value);
    }
    case AvroType::kString:
    case AvroType::kBytes: {
      ARROW_ASSIGN_OR_RAISE(std::string_view bytes, ReadAvroBytesView(in));
      return AppendBytes(bytes, node, builder);
    }
    case AvroType::kFixed:
      return DecodeFixed(in, node, builder);
    case AvroType::kEnum:
      return DecodeEnumSymbol(in, node, builder);
    case AvroType::kRecord:
      return DecodeStruct(in, node, builder);
    case AvroType::kArray:
      return DecodeList(in, node, builder);
    case AvroType::kMap:
      return DecodeMap(in, node, builder);
  }
  return Unsupported(*builder, node);
}

}  // namespace

namespace {

// Decodes `count` records, taking each one's bytes from `next_record` (which returns the
// view to decode from and advances it), into one batch of AvroJsonToArrowSchema's shape.
template <typename NextRecord>
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeRecords(
    std::string_view writer_schema_json, int64_t count, NextRecord next_record) {
  ARROW_ASSIGN_OR_RAISE(auto avro_schema, AvroSchema::Parse(writer_schema_json));
  ARROW_ASSIGN_OR_RAISE(auto arrow_schema, AvroJsonToArrowSchema(writer_schema_json));
  const AvroNode& root = avro_schema->root();
  if (root.type != AvroType::kRecord ||
      root.fields.size() != static_cast<size_t>(arrow_schema->num_fields())) {
    return Status::Invalid("the Avro schema of the records must be a record");
  }
  std::vector<std::unique_ptr<::arrow::ArrayBuilder>> builders;
  for (const auto& field : arrow_schema->fields()) {
    ARROW_ASSIGN_OR_RAISE(auto builder, ::arrow::MakeBuilder(field->type()));
    builders.push_back(std::move(builder));
  }
  for (int64_t r = 0; r < count; ++r) {
    std::string_view* input = next_record(r);
    for (size_t i = 0; i < builders.size(); ++i) {
      Status decoded = DecodeInto(input, *root.fields[i].type, builders[i].get());
      if (decoded.IsNotImplemented()) return decoded;
      if (!decoded.ok()) {
        return Status::Invalid("Avro record ", r, " does not decode with the schema: ",
                               decoded.message());
      }
    }
  }
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (auto& builder : builders) {
    ARROW_ASSIGN_OR_RAISE(auto column, builder->Finish());
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(arrow_schema, count, std::move(columns));
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeAvroRecords(
    std::string_view writer_schema_json, const std::vector<std::string_view>& records) {
  std::string_view input;
  return DecodeRecords(writer_schema_json, static_cast<int64_t>(records.size()),
                       [&](int64_t r) {
                         input = records[static_cast<size_t>(r)];
                         return &input;
                       });
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeConcatenatedAvroRecords(
    std::string_view writer_schema_json, std::string_view records, int64_t count) {
  ARROW_ASSIGN_OR_RAISE(auto batch, DecodeRecords(writer_schema_json, count,
                                                   [&](int64_t) { return &records; }));
  if (!records.empty()) {
    return Status::Invalid(records.size(), " bytes follow the last of ", count,
                           " Avro records");
  }
  return batch;
}

}  // namespace hoodie
