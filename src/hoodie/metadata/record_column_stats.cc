// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_column_stats.cc
#include "hoodie/metadata/record_column_stats_internal.h"

#include <set>
#include <string_view>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>
#include <arrow/type.h>

namespace hoodie::internal {

namespace {

// The wrapper wrapValueIntoAvro gives a GenericRecord's value of `type`; empty for the
// types no statistics are kept for.
std::string WrapperOf(const ::arrow::DataType& type) {
  using T = ::arrow::Type;
  switch (type.id()) {
    case T::BOOL: return "BooleanWrapper";
    case T::INT8:
    case T::INT16:
    case T::INT32:
    case T::DATE32: return "IntWrapper";  // a date is its Avro int, not a LocalDate
    case T::INT64:
    case T::TIMESTAMP: return "LongWrapper";
    case T::FLOAT: return "FloatWrapper";
    case T::DOUBLE: return "DoubleWrapper";
    case T::STRING:
    case T::LARGE_STRING: return "StringWrapper";
    case T::BINARY:
    case T::LARGE_BINARY: return "BytesWrapper";
    default: return "";
  }
}

// The smallest and largest non-null values of `column` as the wrapper's Avro values
// (arrow's min_max lives in the compute library hoodie does not link).
template <typename ArrayT, typename Make>
void BoundsOf(const ::arrow::Array& column, Make make, ColumnStats* stats) {
  const auto& typed = static_cast<const ArrayT&>(column);
  bool any = false;
  decltype(typed.GetView(0)) low{}, high{};
  for (int64_t i = 0; i < typed.length(); ++i) {
    if (typed.IsNull(i)) continue;
    auto value = typed.GetView(i);
    if (!any || value < low) low = value;
    if (!any || high < value) high = value;
    any = true;
  }
  if (!any) return;
  stats->min_value = make(low);
  stats->max_value = make(high);
}

void SetBounds(const ::arrow::Array& column, ColumnStats* stats) {
  using T = ::arrow::Type;
  auto as_int = [](auto v) { return AvroValue::Int(static_cast<int32_t>(v)); };
  auto as_long = [](auto v) { return AvroValue::Long(static_cast<int64_t>(v)); };
  auto as_text = [](std::string_view v) { return AvroValue::String(std::string(v)); };
  auto as_bytes = [](std::string_view v) { return AvroValue::Bytes(std::string(v)); };
  switch (column.type_id()) {
    case T::BOOL:
      return BoundsOf<::arrow::BooleanArray>(column, [](bool v) { return AvroValue::Boolean(v); }, stats);
    case T::INT8: return BoundsOf<::arrow::Int8Array>(column, as_int, stats);
    case T::INT16: return BoundsOf<::arrow::Int16Array>(column, as_int, stats);
    case T::INT32: return BoundsOf<::arrow::Int32Array>(column, as_int, stats);
    case T::DATE32: return BoundsOf<::arrow::Date32Array>(column, as_int, stats);
    case T::INT64: return BoundsOf<::arrow::Int64Array>(column, as_long, stats);
    case T::TIMESTAMP: return BoundsOf<::arrow::TimestampArray>(column, as_long, stats);
    case T::FLOAT:
      return BoundsOf<::arrow::FloatArray>(column, [](float v) { return AvroValue::Float(v); }, stats);
    case T::DOUBLE:
      return BoundsOf<::arrow::DoubleArray>(column, [](double v) { return AvroValue::Double(v); }, stats);
    case T::STRING: return BoundsOf<::arrow::StringArray>(column, as_text, stats);
    case T::LARGE_STRING: return BoundsOf<::arrow::LargeStringArray>(column, as_text, stats);
    case T::BINARY: return BoundsOf<::arrow::BinaryArray>(column, as_bytes, stats);
    case T::LARGE_BINARY: return BoundsOf<::arrow::LargeBinaryArray>(column, as_bytes, stats);
    default: return;
  }
}

}  // namespace

::arrow::Result<std::vector<ColumnStats>> RecordColumnStats(
    const ::arrow::RecordBatch& rows, const std::string& file_name,
    const std::vector<std::string>& columns) {
  const std::set<std::string> wanted(columns.begin(), columns.end());
  std::vector<ColumnStats> out;
  for (int c = 0; c < rows.num_columns(); ++c) {
    const std::string& name = rows.schema()->field(c)->name();
    if (!wanted.empty() && !wanted.contains(name)) continue;
    const std::shared_ptr<::arrow::Array>& column = rows.column(c);
    if (WrapperOf(*column->type()).empty()) continue;
    ColumnStats stats;
    stats.file_name = file_name;
    stats.column_name = name;
    stats.value_count = column->length();
    stats.null_count = column->null_count();
    SetBounds(*column, &stats);
    if (stats.min_value) stats.wrapper = WrapperOf(*column->type());
    out.push_back(std::move(stats));
  }
  return out;
}

}  // namespace hoodie::internal
