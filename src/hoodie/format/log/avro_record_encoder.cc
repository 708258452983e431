// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/avro_record_encoder.cc
/// \brief Arrow rows to Avro binary records (what HoodieAvroDataBlock.serializeRecords
/// writes for each record through GenericDatumWriter).
#include <arrow/array.h>
#include <arrow/util/checked_cast.h>
#include <arrow/util/decimal.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/decimal_bytes_internal.h"

namespace hoodie {

namespace {

using ::arrow::Status;
using ::arrow::internal::checked_cast;

::arrow::Result<AvroValue> ToAvro(const ::arrow::Array& array, int64_t row,
                                  const AvroNode& node);

const AvroNode* NonNullBranch(const AvroNode& node) {
  if (node.type != AvroType::kUnion) return &node;
  for (const AvroNode* branch : node.branches) {
    if (branch->type != AvroType::kNull) return branch;
  }
  return nullptr;
}

Status Mismatch(const ::arrow::Array& array, const AvroNode& node) {
  return Status::Invalid("cannot write Arrow ", array.type()->ToString(), " as Avro ",
                         AvroTypeName(node.type), " ", node.full_name);
}

::arrow::Result<AvroValue> DecimalToAvro(const ::arrow::Array& array, int64_t row,
                                         const AvroNode& node) {
  ::arrow::Decimal128 value(
      checked_cast<const ::arrow::Decimal128Array&>(array).GetValue(row));
  if (node.type == AvroType::kBytes) {
    return AvroValue::Bytes(internal::MinimalTwosComplement(value));
  }
  std::string fixed = node.type == AvroType::kFixed
                          ? internal::FixedTwosComplement(value, node.fixed_size)
                          : std::string();
  if (fixed.empty()) return Mismatch(array, node);
  return AvroValue::Fixed(std::move(fixed));
}

::arrow::Result<AvroValue> StructToAvro(const ::arrow::Array& array, int64_t row,
                                        const AvroNode& node) {
  const auto& struct_array = checked_cast<const ::arrow::StructArray&>(array);
  AvroEntries fields;
  for (const AvroField& field : node.fields) {
    std::shared_ptr<::arrow::Array> child = struct_array.GetFieldByName(field.name);
    if (child == nullptr) {
      if (!field.default_json) {
        return Status::Invalid("Arrow struct has no field '", field.name,
                               "' of Avro record ", node.full_name);
      }
      ARROW_ASSIGN_OR_RAISE(AvroValue value,
                             AvroValueFromDefault(*field.default_json, *field.type));
      fields.emplace_back(field.name, std::move(value));
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(AvroValue value, ToAvro(*child, row, *field.type));
    fields.emplace_back(field.name, std::move(value));
  }
  return AvroValue::Record(node.full_name, std::move(fields));
}

::arrow::Result<AvroValue> ListToAvro(const ::arrow::Array& array, int64_t row,
                                      const AvroNode& node) {
  const auto& list = checked_cast<const ::arrow::ListArray&>(array);
  std::vector<AvroValue> items;
  for (int64_t i = list.value_offset(row); i < list.value_offset(row + 1); ++i) {
    ARROW_ASSIGN_OR_RAISE(AvroValue item, ToAvro(*list.values(), i, *node.items));
    items.push_back(std::move(item));
  }
  return AvroValue::Array(std::move(items));
}

::arrow::Result<AvroValue> MapToAvro(const ::arrow::Array& array, int64_t row,
                                     const AvroNode& node) {
  const auto& map = checked_cast<const ::arrow::MapArray&>(array);
  const auto& keys = checked_cast<const ::arrow::StringArray&>(*map.keys());
  AvroEntries entries;
  for (int64_t i = map.value_offset(row); i < map.value_offset(row + 1); ++i) {
    ARROW_ASSIGN_OR_RAISE(AvroValue item, ToAvro(*map.items(), i, *node.values));
    entries.emplace_back(std::string(keys.GetView(i)), std::move(item));
  }
  return AvroValue::Map(std::move(entries));
}

template <typename ArrayType>
auto ValueAt(const ::arrow::Array& array, int64_t row) {
  return checked_cast<const ArrayType&>(array).Value(row);
}

::arrow::Result<AvroValue> ScalarToAvro(const ::arrow::Array& array, int64_t row,
                                        const AvroNode& node) {
  using T = ::arrow::Type;
  switch (array.type_id()) {
    case T::BOOL:
      return AvroValue::Boolean(ValueAt<::arrow::BooleanArray>(array, row));
    case T::INT8:
      return AvroValue::Int(ValueAt<::arrow::Int8Array>(array, row));
    case T::INT16:
      return AvroValue::Int(ValueAt<::arrow::Int16Array>(array, row));
    case T::INT32:
      return AvroValue::Int(ValueAt<::arrow::Int32Array>(array, row));
    case T::DATE32:
      return AvroValue::Int(ValueAt<::arrow::Date32Array>(array, row));
    case T::TIME32:
      return AvroValue::Int(ValueAt<::arrow::Time32Array>(array, row));
    case T::INT64:
      return AvroValue::Long(ValueAt<::arrow::Int64Array>(array, row));
    case T::TIMESTAMP:
      return AvroValue::Long(ValueAt<::arrow::TimestampArray>(array, row));
    case T::TIME64:
      return AvroValue::Long(ValueAt<::arrow::Time64Array>(array, row));
    case T::FLOAT:
      return AvroValue::Float(ValueAt<::arrow::FloatArray>(array, row));
    case T::DOUBLE:
      return AvroValue::Double(ValueAt<::arrow::DoubleArray>(array, row));
    case T::STRING: {
      std::string text(checked_cast<const ::arrow::StringArray&>(array).GetView(row));
      if (node.type == AvroType::kEnum) return AvroValue::Enum(std::move(text));
      return AvroValue::String(std::move(text));
    }
    case T::BINARY:
      return AvroValue::Bytes(
          std::string(checked_cast<const ::arrow::BinaryArray&>(array).GetView(row)));
    case T::FIXED_SIZE_BINARY:
      return AvroValue::Fixed(std::string(
          checked_cast<const ::arrow::FixedSizeBinaryArray&>(array).GetView(row)));
    default:
      return Mismatch(array, node);
  }
}

::arrow::Result<AvroValue> ToAvro(const ::arrow::Array& array, int64_t row,
                                  const AvroNode& union_node) {
  if (array.IsNull(row)) return AvroValue::Null();
  const AvroNode* node = NonNullBranch(union_node);
  if (node == nullptr) return Mismatch(array, union_node);
  switch (array.type_id()) {
    case ::arrow::Type::DECIMAL128:
      return DecimalToAvro(array, row, *node);
    case ::arrow::Type::STRUCT:
      return StructToAvro(array, row, *node);
    case ::arrow::Type::LIST:
      return ListToAvro(array, row, *node);
    case ::arrow::Type::MAP:
      return MapToAvro(array, row, *node);
    default:
      return ScalarToAvro(array, row, *node);
  }
}

}  // namespace

::arrow::Result<std::vector<std::string>> EncodeAvroRecords(
    const ::arrow::RecordBatch& batch, std::string_view schema_json) {
  ARROW_ASSIGN_OR_RAISE(auto schema, AvroSchema::Parse(schema_json));
  const AvroNode& root = schema->root();
  if (root.type != AvroType::kRecord) {
    return Status::Invalid("the schema of Avro log records must be a record");
  }
  ARROW_ASSIGN_OR_RAISE(auto as_struct, batch.ToStructArray());
  std::vector<std::string> records;
  records.reserve(static_cast<size_t>(batch.num_rows()));
  for (int64_t row = 0; row < batch.num_rows(); ++row) {
    auto value = StructToAvro(*as_struct, row, root);
    if (!value.ok()) {
      return Status::Invalid("row ", row, ": ", value.status().message());
    }
    std::string bytes;
    ARROW_RETURN_NOT_OK(EncodeAvroBinary(*value, root, &bytes));
    records.push_back(std::move(bytes));
  }
  return records;
}

namespace internal {

std::string MinimalTwosComplement(const ::arrow::Decimal128& value) {
  std::array<uint8_t, 16> bytes = value.ToBytes();  // little-endian
  std::string out(bytes.rbegin(), bytes.rend());
  size_t start = 0;
  while (start + 1 < out.size()) {
    auto first = static_cast<uint8_t>(out[start]);
    auto next = static_cast<uint8_t>(out[start + 1]);
    bool redundant =
        (first == 0x00 && (next & 0x80) == 0) || (first == 0xFF && (next & 0x80));
    if (!redundant) break;
    ++start;
  }
  return out.substr(start);
}

std::string FixedTwosComplement(const ::arrow::Decimal128& value, int32_t size) {
  std::string minimal = MinimalTwosComplement(value);
  if (size <= 0 || static_cast<int32_t>(minimal.size()) > size) return std::string();
  char pad = value.Sign() < 0 ? '\xFF' : '\0';
  return std::string(size - minimal.size(), pad) + minimal;
}

}  // namespace internal

}  // namespace hoodie
