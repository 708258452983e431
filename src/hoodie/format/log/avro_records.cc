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

template <typename Builder, typename Value>
Status AppendAs(::arrow::ArrayBuilder* builder, Value value) {
  return checked_cast<Builder*>(builder)->Append(value);
}

Status AppendValue(const AvroValue& value, const AvroNode& node,
                   ::arrow::ArrayBuilder* builder);

// A union of null and one type: the value belongs to the non-null branch.
const AvroNode& NonNullBranch(const AvroNode& node) {
  if (node.type != AvroType::kUnion) return node;
  for (const AvroNode* branch : node.branches) {
    if (branch->type != AvroType::kNull) return *branch;
  }
  return node;
}

Status AppendDecimal(const AvroValue& value, ::arrow::ArrayBuilder* builder) {
  const std::string& bytes = value.text();
  if (bytes.empty() || bytes.size() > 16) {
    return Status::Invalid("Avro decimal of ", bytes.size(),
                           " bytes does not fit a 128-bit decimal");
  }
  HOODIE_ASSIGN_OR_RAISE(auto decimal, ::arrow::Decimal128::FromBigEndian(
                                           reinterpret_cast<const uint8_t*>(bytes.data()),
                                           static_cast<int32_t>(bytes.size())));
  return checked_cast<::arrow::Decimal128Builder*>(builder)->Append(decimal);
}

Status AppendStruct(const AvroValue& value, const AvroNode& node,
                    ::arrow::ArrayBuilder* builder) {
  auto* struct_builder = checked_cast<::arrow::StructBuilder*>(builder);
  HOODIE_RETURN_NOT_OK(struct_builder->Append());
  const AvroEntries& fields = value.entries();
  for (size_t i = 0; i < node.fields.size(); ++i) {
    HOODIE_RETURN_NOT_OK(AppendValue(fields[i].second, *node.fields[i].type,
                                     struct_builder->field_builder(static_cast<int>(i))));
  }
  return Status::OK();
}

Status AppendList(const AvroValue& value, const AvroNode& node,
                  ::arrow::ArrayBuilder* builder) {
  auto* list_builder = checked_cast<::arrow::ListBuilder*>(builder);
  HOODIE_RETURN_NOT_OK(list_builder->Append());
  for (const AvroValue& item : value.items()) {
    HOODIE_RETURN_NOT_OK(AppendValue(item, *node.items, list_builder->value_builder()));
  }
  return Status::OK();
}

Status AppendMap(const AvroValue& value, const AvroNode& node,
                 ::arrow::ArrayBuilder* builder) {
  auto* map_builder = checked_cast<::arrow::MapBuilder*>(builder);
  HOODIE_RETURN_NOT_OK(map_builder->Append());
  for (const auto& [key, item] : value.entries()) {
    HOODIE_RETURN_NOT_OK(
        AppendAs<::arrow::StringBuilder>(map_builder->key_builder(), key));
    HOODIE_RETURN_NOT_OK(AppendValue(item, *node.values, map_builder->item_builder()));
  }
  return Status::OK();
}

Status AppendValue(const AvroValue& value, const AvroNode& union_node,
                   ::arrow::ArrayBuilder* builder) {
  if (value.is_null()) return builder->AppendNull();
  const AvroNode& node = NonNullBranch(union_node);
  switch (builder->type()->id()) {
    case ::arrow::Type::BOOL: {
      HOODIE_ASSIGN_OR_RAISE(bool v, value.AsBoolean());
      return AppendAs<::arrow::BooleanBuilder>(builder, v);
    }
    case ::arrow::Type::INT32:
    case ::arrow::Type::DATE32:
    case ::arrow::Type::TIME32: {
      HOODIE_ASSIGN_OR_RAISE(int32_t v, value.AsInt());
      if (builder->type()->id() == ::arrow::Type::INT32) {
        return AppendAs<::arrow::Int32Builder>(builder, v);
      }
      if (builder->type()->id() == ::arrow::Type::DATE32) {
        return AppendAs<::arrow::Date32Builder>(builder, v);
      }
      return AppendAs<::arrow::Time32Builder>(builder, v);
    }
    case ::arrow::Type::INT64:
    case ::arrow::Type::TIMESTAMP:
    case ::arrow::Type::TIME64: {
      HOODIE_ASSIGN_OR_RAISE(int64_t v, value.AsLong());
      if (builder->type()->id() == ::arrow::Type::INT64) {
        return AppendAs<::arrow::Int64Builder>(builder, v);
      }
      if (builder->type()->id() == ::arrow::Type::TIMESTAMP) {
        return AppendAs<::arrow::TimestampBuilder>(builder, v);
      }
      return AppendAs<::arrow::Time64Builder>(builder, v);
    }
    case ::arrow::Type::FLOAT: {
      HOODIE_ASSIGN_OR_RAISE(float v, value.AsFloat());
      return AppendAs<::arrow::FloatBuilder>(builder, v);
    }
    case ::arrow::Type::DOUBLE: {
      HOODIE_ASSIGN_OR_RAISE(double v, value.AsDouble());
      return AppendAs<::arrow::DoubleBuilder>(builder, v);
    }
    case ::arrow::Type::STRING: {
      HOODIE_ASSIGN_OR_RAISE(std::string_view v, value.AsString());
      return AppendAs<::arrow::StringBuilder>(builder, v);
    }
    case ::arrow::Type::BINARY: {
      HOODIE_ASSIGN_OR_RAISE(std::string_view v, value.AsString());
      return AppendAs<::arrow::BinaryBuilder>(builder, v);
    }
    case ::arrow::Type::FIXED_SIZE_BINARY: {
      HOODIE_ASSIGN_OR_RAISE(std::string_view v, value.AsString());
      return AppendAs<::arrow::FixedSizeBinaryBuilder>(builder, v);
    }
    case ::arrow::Type::DECIMAL128:
      return AppendDecimal(value, builder);
    case ::arrow::Type::STRUCT:
      return AppendStruct(value, node, builder);
    case ::arrow::Type::LIST:
      return AppendList(value, node, builder);
    case ::arrow::Type::MAP:
      return AppendMap(value, node, builder);
    default:
      return Status::NotImplemented("Avro log records: Arrow type ",
                                    builder->type()->ToString(), " is not supported");
  }
}

}  // namespace

namespace {

// Decodes `count` records, taking each one's bytes from `next_record` (which returns the
// view to decode from and advances it), into one batch of AvroJsonToArrowSchema's shape.
template <typename NextRecord>
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeRecords(
    std::string_view writer_schema_json, int64_t count, NextRecord next_record) {
  HOODIE_ASSIGN_OR_RAISE(auto avro_schema, AvroSchema::Parse(writer_schema_json));
  HOODIE_ASSIGN_OR_RAISE(auto arrow_schema, AvroJsonToArrowSchema(writer_schema_json));
  const AvroNode& root = avro_schema->root();
  if (root.type != AvroType::kRecord ||
      root.fields.size() != static_cast<size_t>(arrow_schema->num_fields())) {
    return Status::Invalid("the Avro schema of the records must be a record");
  }
  std::vector<std::unique_ptr<::arrow::ArrayBuilder>> builders;
  for (const auto& field : arrow_schema->fields()) {
    HOODIE_ASSIGN_OR_RAISE(auto builder, ::arrow::MakeBuilder(field->type()));
    builders.push_back(std::move(builder));
  }
  for (int64_t r = 0; r < count; ++r) {
    std::string_view* input = next_record(r);
    auto decoded = DecodeAvroBinary(input, root, root);
    if (!decoded.ok()) {
      return Status::Invalid("Avro record ", r, " does not decode with the schema: ",
                             decoded.status().message());
    }
    const AvroEntries& fields = decoded->entries();
    for (size_t i = 0; i < builders.size(); ++i) {
      HOODIE_RETURN_NOT_OK(
          AppendValue(fields[i].second, *root.fields[i].type, builders[i].get()));
    }
  }
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (auto& builder : builders) {
    HOODIE_ASSIGN_OR_RAISE(auto column, builder->Finish());
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
  HOODIE_ASSIGN_OR_RAISE(auto batch, DecodeRecords(writer_schema_json, count,
                                                   [&](int64_t) { return &records; }));
  if (!records.empty()) {
    return Status::Invalid(records.size(), " bytes follow the last of ", count,
                           " Avro records");
  }
  return batch;
}

}  // namespace hoodie
