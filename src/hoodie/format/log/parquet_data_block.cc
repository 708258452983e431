// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/parquet_data_block.cc
/// \brief Parquet data block contents: Avro rows written as parquet-avro lays them out.
#include "hoodie/format/log/parquet_data_block.h"

#include <algorithm>

#include <arrow/array.h>
#include <arrow/array/builder_binary.h>
#include <arrow/io/memory.h>
#include <arrow/table.h>
#include <arrow/util/byte_size.h>
#include <arrow/util/checked_cast.h>
#include <arrow/util/key_value_metadata.h>
#include <parquet/arrow/writer.h>
#include <parquet/exception.h>
#include <parquet/file_writer.h>
#include <parquet/schema.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/footer_keys.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/decimal_bytes_internal.h"
#include "hoodie/format/parquet/avro_parquet_schema.h"
#include "hoodie/format/parquet/parquet_file_writer.h"
#include "hoodie/format/parquet/parquet_errors.h"

namespace hoodie {
namespace {

using ::arrow::ArrayData;
using ::arrow::Result;
using ::arrow::Status;
using ::arrow::internal::checked_cast;
using ::parquet::schema::GroupNode;
using ::parquet::schema::Node;

// ParquetUtils.serializeRecordsToLogBlock's fixed sizes.
constexpr int64_t kLogBlockRowGroupBytes = 134217728;
constexpr int64_t kLogBlockPageBytes = 1048576;

// A decimal column as the bytes parquet-avro stores: the fixed size of the Avro fixed
// (FIXED_LEN_BYTE_ARRAY) or the minimal form of Avro bytes (BYTE_ARRAY). Arrow's own
// decimal writer always uses the minimal width for the precision, which an Avro fixed
// need not have.
Result<std::shared_ptr<::arrow::Array>> DecimalBytes(const ::arrow::Array& array,
                                                     const Node& node,
                                                     const std::string& path) {
  if (array.type_id() != ::arrow::Type::DECIMAL128) {
    return Status::NotImplemented("decimal column '", path, "' of type ",
                                  array.type()->ToString(),
                                  " in a Parquet log block (precision above 38)");
  }
  const auto& decimals = checked_cast<const ::arrow::Decimal128Array&>(array);
  const auto& primitive = checked_cast<const ::parquet::schema::PrimitiveNode&>(node);
  bool fixed = primitive.physical_type() == ::parquet::Type::FIXED_LEN_BYTE_ARRAY;
  int32_t size = primitive.type_length();
  std::unique_ptr<::arrow::ArrayBuilder> builder;
  if (fixed) {
    builder = std::make_unique<::arrow::FixedSizeBinaryBuilder>(
        ::arrow::fixed_size_binary(size));
  } else {
    builder = std::make_unique<::arrow::BinaryBuilder>();
  }
  for (int64_t i = 0; i < decimals.length(); ++i) {
    if (decimals.IsNull(i)) {
      ARROW_RETURN_NOT_OK(builder->AppendNull());
      continue;
    }
    ::arrow::Decimal128 value(decimals.GetValue(i));
    if (!fixed) {
      ARROW_RETURN_NOT_OK(checked_cast<::arrow::BinaryBuilder&>(*builder).Append(
          internal::MinimalTwosComplement(value)));
      continue;
    }
    std::string bytes = internal::FixedTwosComplement(value, size);
    if (bytes.empty()) {
      return Status::Invalid("decimal ", value.ToIntegerString(), " of column '", path,
                             "' does not fit its Avro fixed of ", size, " bytes");
    }
    ARROW_RETURN_NOT_OK(
        checked_cast<::arrow::FixedSizeBinaryBuilder&>(*builder).Append(bytes));
  }
  return builder->Finish();
}

Result<std::shared_ptr<::arrow::Array>> ToParquetLayout(
    const std::shared_ptr<::arrow::Array>& array, const Node& node,
    const std::string& path);

// A copy of `array` with new type and children (same buffers).
std::shared_ptr<::arrow::Array> WithChildren(
    const ::arrow::Array& array, std::shared_ptr<::arrow::DataType> type,
    const std::vector<std::shared_ptr<::arrow::Array>>& children) {
  auto data = array.data()->Copy();
  data->type = std::move(type);
  data->child_data.clear();
  for (const auto& child : children) data->child_data.push_back(child->data());
  return ::arrow::MakeArray(data);
}

// A two-level list: the repeated "array" node is the element itself, which therefore
// cannot be null (parquet-avro's AvroWriteSupport fails on a null element the same way).
Result<std::shared_ptr<::arrow::Array>> ListLayout(const ::arrow::ListArray& list,
                                                   const GroupNode& group,
                                                   const std::string& path) {
  const Node& element = *group.field(0);
  auto values = list.values();
  int64_t begin = list.length() == 0 ? 0 : list.value_offset(0);
  int64_t end = list.length() == 0 ? 0 : list.value_offset(list.length());
  if (values->Slice(begin, end - begin)->null_count() > 0) {
    return Status::Invalid(
        "array column '", path,
        "' holds a null element, which the Parquet log block layout of Hudi "
        "(parquet-avro's old list structure) cannot store");
  }
  ARROW_ASSIGN_OR_RAISE(auto adapted, ToParquetLayout(values, element, path + ".array"));
  auto type = ::arrow::list(::arrow::field("array", adapted->type(), false));
  return WithChildren(list, type, {adapted});
}

Result<std::shared_ptr<::arrow::Array>> MapLayout(const ::arrow::MapArray& map,
                                                  const GroupNode& group,
                                                  const std::string& path) {
  const auto& key_value = checked_cast<const GroupNode&>(*group.field(0));
  const auto& entries = checked_cast<const ::arrow::StructArray&>(*map.values());
  ARROW_ASSIGN_OR_RAISE(
      auto items,
      ToParquetLayout(entries.field(1), *key_value.field(1), path + ".value"));
  const auto& map_type = checked_cast<const ::arrow::MapType&>(*map.type());
  auto item_field = map_type.item_field()->WithType(items->type());
  auto type = std::make_shared<::arrow::MapType>(map_type.key_field(), item_field);
  auto entry_type = checked_cast<const ::arrow::MapType&>(*type).value_type();
  auto new_entries = WithChildren(entries, entry_type, {entries.field(0), items});
  return WithChildren(map, type, {new_entries});
}

Result<std::shared_ptr<::arrow::Array>> StructLayout(const ::arrow::StructArray& record,
                                                     const GroupNode& group,
                                                     const std::string& path) {
  const auto& type = checked_cast<const ::arrow::StructType&>(*record.type());
  ::arrow::FieldVector fields;
  std::vector<std::shared_ptr<::arrow::Array>> children;
  for (int i = 0; i < type.num_fields(); ++i) {
    const auto& field = type.field(i);
    ARROW_ASSIGN_OR_RAISE(auto child, ToParquetLayout(record.field(i), *group.field(i),
                                                       path + "." + field->name()));
    fields.push_back(field->WithType(child->type()));
    children.push_back(std::move(child));
  }
  return WithChildren(record, ::arrow::struct_(fields), children);
}

// `array` (as DecodeAvroRecords gives it) shaped so that Arrow's writer produces the
// definition and repetition levels of `node`, parquet-avro's layout of the same data.
Result<std::shared_ptr<::arrow::Array>> ToParquetLayout(
    const std::shared_ptr<::arrow::Array>& array, const Node& node,
    const std::string& path) {
  if (node.is_primitive()) {
    if (::arrow::is_decimal(array->type_id())) return DecimalBytes(*array, node, path);
    return array;
  }
  const auto& group = checked_cast<const GroupNode&>(node);
  switch (array->type_id()) {
    case ::arrow::Type::LIST:
      return ListLayout(checked_cast<const ::arrow::ListArray&>(*array), group, path);
    case ::arrow::Type::MAP:
      return MapLayout(checked_cast<const ::arrow::MapArray&>(*array), group, path);
    case ::arrow::Type::STRUCT:
      return StructLayout(checked_cast<const ::arrow::StructArray&>(*array), group, path);
    default:
      return Status::Invalid("column '", path, "' of type ", array->type()->ToString(),
                             " does not match its Parquet group ", node.name());
  }
}

Result<std::shared_ptr<::parquet::WriterProperties>> LogBlockWriterProperties(
    const ParquetDataBlockOptions& options) {
  BaseFileWriterOptions file_options;
  file_options.compression_codec = options.compression_codec;
  file_options.dictionary_enabled = options.dictionary_enabled;
  file_options.page_size = kLogBlockPageBytes;
  file_options.block_size = kLogBlockRowGroupBytes;
  return MakeParquetWriterProperties(file_options);
}

// Rows per row group: parquet-mr starts a new one once 128 MiB are buffered.
Result<int64_t> RowGroupRows(const ::arrow::RecordBatch& batch) {
  ARROW_ASSIGN_OR_RAISE(int64_t bytes, ::arrow::util::ReferencedBufferSize(batch));
  int64_t rows = std::max<int64_t>(batch.num_rows(), 1);
  if (bytes <= kLogBlockRowGroupBytes) return rows;
  return std::max<int64_t>(1, rows * kLogBlockRowGroupBytes / bytes);
}

Result<std::string> WriteParquet(const std::shared_ptr<GroupNode>& schema,
                                 const std::shared_ptr<::arrow::Table>& table,
                                 int64_t row_group_rows, std::string_view schema_json,
                                 const ParquetDataBlockOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto properties, LogBlockWriterProperties(options));
  ARROW_ASSIGN_OR_RAISE(auto sink, ::arrow::io::BufferOutputStream::Create());
  // AvroWriteSupport's extra metadata; no Hudi footer keys (no bloom filter).
  auto footer = std::make_shared<::arrow::KeyValueMetadata>();
  footer->Append(std::string(kWriterModelFooterKey), "avro");
  footer->Append(std::string(kAvroSchemaFooterKey), std::string(schema_json));
  ARROW_RETURN_NOT_OK(CatchParquetErrors(
      ::arrow::StatusCode::Invalid, "cannot write the Parquet log block", "",
      [&]() -> Status {
        auto file_writer = ::parquet::ParquetFileWriter::Open(sink, schema, properties);
        std::unique_ptr<::parquet::arrow::FileWriter> writer;
        ARROW_RETURN_NOT_OK(::parquet::arrow::FileWriter::Make(
            ::arrow::default_memory_pool(), std::move(file_writer), table->schema(),
            ::parquet::default_arrow_writer_properties(), &writer));
        ARROW_RETURN_NOT_OK(writer->WriteTable(*table, row_group_rows));
        ARROW_RETURN_NOT_OK(writer->AddKeyValueMetadata(footer));
        return writer->Close();
      }));
  ARROW_ASSIGN_OR_RAISE(auto buffer, sink->Finish());
  return buffer->ToString();
}

}  // namespace

Result<std::string> EncodeParquetDataBlock(std::string_view schema_json,
                                           const ::arrow::RecordBatch& rows,
                                           const ParquetDataBlockOptions& options) {
  if (rows.num_rows() == 0) return std::string();
  ARROW_ASSIGN_OR_RAISE(auto schema, AvroJsonToParquetSchema(schema_json));
  if (schema->field_count() != rows.num_columns()) {
    return Status::Invalid("Parquet log block rows have ", rows.num_columns(),
                           " columns, the schema ", schema->field_count());
  }
  ::arrow::FieldVector fields;
  ::arrow::ArrayVector columns;
  for (int i = 0; i < rows.num_columns(); ++i) {
    const auto& field = rows.schema()->field(i);
    ARROW_ASSIGN_OR_RAISE(
        auto column, ToParquetLayout(rows.column(i), *schema->field(i), field->name()));
    fields.push_back(field->WithType(column->type()));
    columns.push_back(std::move(column));
  }
  auto batch = ::arrow::RecordBatch::Make(::arrow::schema(fields), rows.num_rows(),
                                          std::move(columns));
  ARROW_ASSIGN_OR_RAISE(int64_t row_group_rows, RowGroupRows(*batch));
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches({batch}));
  return WriteParquet(schema, table, row_group_rows, schema_json, options);
}

Result<std::string> EncodeParquetDataBlock(std::string_view schema_json,
                                           const std::vector<std::string>& records,
                                           const ParquetDataBlockOptions& options) {
  if (records.empty()) return std::string();
  std::vector<std::string_view> views(records.begin(), records.end());
  ARROW_ASSIGN_OR_RAISE(auto rows, DecodeAvroRecords(schema_json, views));
  return EncodeParquetDataBlock(schema_json, *rows, options);
}

}  // namespace hoodie
