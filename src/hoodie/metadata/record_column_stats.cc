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

// The smallest and largest non-null values of `column` as the Avro values of `wrapper`
// (arrow's min_max lives in the compute library hoodie does not link). \return true.
template <typename ArrayT, typename Make>
bool BoundsOf(const ::arrow::Array& column, const char* wrapper, Make make, ColumnStats* stats) {
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
  if (any) {
    stats->wrapper = wrapper;
    stats->min_value = make(low);
    stats->max_value = make(high);
  }
  return true;
}

// Sets the bounds of `column` in the wrapper wrapValueIntoAvro gives a GenericRecord's
// value of its type (a date is its Avro int, not a LocalDate). \return false for the
// types no statistics are kept for.
bool SetBounds(const ::arrow::Array& column, ColumnStats* stats) {
  using T = ::arrow::Type;
  auto as_int = [](auto v) { return AvroValue::Int(static_cast<int32_t>(v)); };
  auto as_long = [](auto v) { return AvroValue::Long(static_cast<int64_t>(v)); };
  auto as_text = [](std::string_view v) { return AvroValue::String(std::string(v)); };
  auto as_bytes = [](std::string_view v) { return AvroValue::Bytes(std::string(v)); };
  auto as_bool = [](bool v) { return AvroValue::Boolean(v); };
  auto as_float = [](float v) { return AvroValue::Float(v); };
  auto as_double = [](double v) { return AvroValue::Double(v); };
  switch (column.type_id()) {
    case T::BOOL: return BoundsOf<::arrow::BooleanArray>(column, "BooleanWrapper", as_bool, stats);
    case T::INT8: return BoundsOf<::arrow::Int8Array>(column, "IntWrapper", as_int, stats);
    case T::INT16: return BoundsOf<::arrow::Int16Array>(column, "IntWrapper", as_int, stats);
    case T::INT32: return BoundsOf<::arrow::Int32Array>(column, "IntWrapper", as_int, stats);
    case T::DATE32: return BoundsOf<::arrow::Date32Array>(column, "IntWrapper", as_int, stats);
    case T::INT64: return BoundsOf<::arrow::Int64Array>(column, "LongWrapper", as_long, stats);
    case T::TIMESTAMP:
      return BoundsOf<::arrow::TimestampArray>(column, "LongWrapper", as_long, stats);
    case T::FLOAT: return BoundsOf<::arrow::FloatArray>(column, "FloatWrapper", as_float, stats);
    case T::DOUBLE:
      return BoundsOf<::arrow::DoubleArray>(column, "DoubleWrapper", as_double, stats);
    case T::STRING:
      return BoundsOf<::arrow::StringArray>(column, "StringWrapper", as_text, stats);
    case T::LARGE_STRING:
      return BoundsOf<::arrow::LargeStringArray>(column, "StringWrapper", as_text, stats);
    case T::BINARY: return BoundsOf<::arrow::BinaryArray>(column, "BytesWrapper", as_bytes, stats);
    case T::LARGE_BINARY:
      return BoundsOf<::arrow::LargeBinaryArray>(column, "BytesWrapper", as_bytes, stats);
    default: return false;
  }
}

}  // namespace

std::vector<ColumnStats> RecordColumnStats(
    const ::arrow::RecordBatch& rows, const std::string& file_name,
    const std::vector<std::string>& columns) {
  const std::set<std::string> wanted(columns.begin(), columns.end());
  std::vector<ColumnStats> out;
  for (int c = 0; c < rows.num_columns(); ++c) {
    const std::string& name = rows.schema()->field(c)->name();
    if (!wanted.empty() && !wanted.contains(name)) continue;
    const std::shared_ptr<::arrow::Array>& column = rows.column(c);
    ColumnStats stats;
    stats.file_name = file_name;
    stats.column_name = name;
    stats.value_count = column->length();
    stats.null_count = column->null_count();
    if (SetBounds(*column, &stats)) out.push_back(std::move(stats));
  }
  return out;
}

}  // namespace hoodie::internal
