// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/ordering_value.cc
/// \brief Ordering value extraction and Java-compatible comparison.
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/type.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/merge/ordering_value_internal.h"
#include "hoodie/merge/string_column_internal.h"

namespace hoodie::internal {

namespace {

using ::arrow::internal::checked_cast;

template <typename ArrayType>
int64_t IntegerAt(const ::arrow::Array& array, int64_t row) {
  return static_cast<int64_t>(checked_cast<const ArrayType&>(array).Value(row));
}

// Avro int and long columns (Java Integer and Long); nullopt for other types.
std::optional<int64_t> IntegerValueAt(const ::arrow::Array& array, int64_t row) {
  switch (array.type_id()) {
    case ::arrow::Type::INT8:
      return IntegerAt<::arrow::Int8Array>(array, row);
    case ::arrow::Type::INT16:
      return IntegerAt<::arrow::Int16Array>(array, row);
    case ::arrow::Type::INT32:
      return IntegerAt<::arrow::Int32Array>(array, row);
    case ::arrow::Type::INT64:
      return IntegerAt<::arrow::Int64Array>(array, row);
    case ::arrow::Type::UINT8:
      return IntegerAt<::arrow::UInt8Array>(array, row);
    case ::arrow::Type::UINT16:
      return IntegerAt<::arrow::UInt16Array>(array, row);
    case ::arrow::Type::UINT32:
      return IntegerAt<::arrow::UInt32Array>(array, row);
    default:
      return std::nullopt;
  }
}

// Dates, timestamps and decimals (Java LocalDate, Long and BigDecimal); false for
// other types. Timestamps stay Long because Hudi converts them only with
// hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled.
bool LogicalValueAt(const ::arrow::Array& array, int64_t row, OrderingValue* value) {
  constexpr int64_t kMillisPerDay = 86400000;
  switch (array.type_id()) {
    case ::arrow::Type::DATE32:
      value->family = OrderingFamily::kDate;
      value->integer = IntegerAt<::arrow::Date32Array>(array, row);
      return true;
    case ::arrow::Type::DATE64: {
      // LocalDate knows whole days only: floor the milliseconds.
      int64_t millis = IntegerAt<::arrow::Date64Array>(array, row);
      value->family = OrderingFamily::kDate;
      value->integer = millis / kMillisPerDay - (millis % kMillisPerDay < 0 ? 1 : 0);
      return true;
    }
    case ::arrow::Type::TIMESTAMP:
      value->family = OrderingFamily::kTimestamp;
      value->integer = IntegerAt<::arrow::TimestampArray>(array, row);
      value->unit = checked_cast<const ::arrow::TimestampType&>(*array.type()).unit();
      return true;
    case ::arrow::Type::DECIMAL128:
      value->family = OrderingFamily::kDecimal;
      value->decimal = ::arrow::Decimal256(::arrow::Decimal128(
          checked_cast<const ::arrow::Decimal128Array&>(array).GetValue(row)));
      value->scale = checked_cast<const ::arrow::Decimal128Type&>(*array.type()).scale();
      return true;
    case ::arrow::Type::DECIMAL256:
      value->family = OrderingFamily::kDecimal;
      value->decimal = ::arrow::Decimal256(
          checked_cast<const ::arrow::Decimal256Array&>(array).GetValue(row));
      value->scale = checked_cast<const ::arrow::Decimal256Type&>(*array.type()).scale();
      return true;
    default:
      return false;
  }
}

// The value as HoodieAvroUtils.convertValueForSpecificDataTypes hands it to compareTo.
::arrow::Result<OrderingValue> ValueAt(const ::arrow::Array& array, int64_t row) {
  OrderingValue value;
  if (std::optional<int64_t> integer = IntegerValueAt(array, row)) {
    value.integer = *integer;
    return value;
  }
  if (std::optional<std::string_view> string = StringAt(array, row)) {
    value.family = OrderingFamily::kString;
    value.string = *string;
    return value;
  }
  switch (array.type_id()) {
    case ::arrow::Type::FLOAT:
      value.family = OrderingFamily::kFloating;
      value.floating = checked_cast<const ::arrow::FloatArray&>(array).Value(row);
      return value;
    case ::arrow::Type::DOUBLE:
      value.family = OrderingFamily::kFloating;
      value.floating = checked_cast<const ::arrow::DoubleArray&>(array).Value(row);
      return value;
    case ::arrow::Type::BOOL:
      value.family = OrderingFamily::kBoolean;
      value.integer =
          checked_cast<const ::arrow::BooleanArray&>(array).Value(row) ? 1 : 0;
      return value;
    default:
      break;
  }
  if (LogicalValueAt(array, row, &value)) return value;
  return ::arrow::Status::Invalid(
      "ordering field type is not supported (supported: int8-int64, uint8-uint32, "
      "float, double, boolean, string, date, timestamp, decimal128/256): ",
      array.type()->ToString());
}

int Sign(int64_t a, int64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

int64_t UnitsPerSecond(::arrow::TimeUnit::type unit) {
  switch (unit) {
    case ::arrow::TimeUnit::SECOND:
      return 1;
    case ::arrow::TimeUnit::MILLI:
      return 1000;
    case ::arrow::TimeUnit::MICRO:
      return 1000000;
    case ::arrow::TimeUnit::NANO:
      return 1000000000;
  }
  return 1;
}

// Brings both timestamps to the finer unit; the coarser value is multiplied, so a
// value that would overflow int64 is clamped, which keeps the sign of the comparison.
int CompareTimestamps(const OrderingValue& a, const OrderingValue& b) {
  int64_t scale_a = UnitsPerSecond(a.unit);
  int64_t scale_b = UnitsPerSecond(b.unit);
  int64_t x = a.integer;
  int64_t y = b.integer;
  auto widen = [](int64_t v, int64_t factor) {
    int64_t out = 0;
    if (__builtin_mul_overflow(v, factor, &out)) {
      return v < 0 ? std::numeric_limits<int64_t>::min()
                   : std::numeric_limits<int64_t>::max();
    }
    return out;
  };
  if (scale_a < scale_b) x = widen(x, scale_b / scale_a);
  if (scale_b < scale_a) y = widen(y, scale_a / scale_b);
  return Sign(x, y);
}

::arrow::Result<int> CompareDecimals(const OrderingValue& a, const OrderingValue& b) {
  // BigDecimal.compareTo ignores scale: 1.0 equals 1.00.
  ::arrow::Decimal256 x = a.decimal;
  ::arrow::Decimal256 y = b.decimal;
  if (a.scale < b.scale) {
    ARROW_ASSIGN_OR_RAISE(x, x.Rescale(a.scale, b.scale));
  } else if (b.scale < a.scale) {
    ARROW_ASSIGN_OR_RAISE(y, y.Rescale(b.scale, a.scale));
  }
  return x < y ? -1 : (y < x ? 1 : 0);
}

const char* FamilyName(OrderingFamily family) {
  switch (family) {
    case OrderingFamily::kInteger:
      return "integer";
    case OrderingFamily::kFloating:
      return "floating point";
    case OrderingFamily::kBoolean:
      return "boolean";
    case OrderingFamily::kString:
      return "string";
    case OrderingFamily::kDate:
      return "date";
    case OrderingFamily::kTimestamp:
      return "timestamp";
    case OrderingFamily::kDecimal:
      return "decimal";
  }
  return "unknown";
}

}  // namespace

int JavaDoubleCompare(double a, double b) {
  if (a < b) return -1;
  if (a > b) return 1;
  // Double.doubleToLongBits: one canonical NaN, then a signed compare of the bits.
  auto bits = [](double v) {
    return std::isnan(v) ? int64_t{0x7ff8000000000000} : std::bit_cast<int64_t>(v);
  };
  return Sign(bits(a), bits(b));
}

::arrow::Result<std::optional<OrderingValue>> ReadOrderingValue(
    const RowRef& record, const std::string& field) {
  if (record.empty()) return std::nullopt;
  int index = record.batch->schema()->GetFieldIndex(field);
  if (index < 0) {
    if (field.find('.') != std::string::npos) {
      return ::arrow::Status::NotImplemented("nested ordering fields are not supported: ",
                                             field);
    }
    return std::nullopt;
  }
  const ::arrow::Array& array = *record.batch->column(index);
  if (array.IsNull(record.row)) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(OrderingValue value, ValueAt(array, record.row));
  return value;
}

::arrow::Result<OrderingValue> RequireOrderingValue(const RowRef& record,
                                                    const std::string& field,
                                                    std::string_view role) {
  if (!record.empty() && record.batch->schema()->GetFieldIndex(field) < 0 &&
      field.find('.') == std::string::npos) {
    return ::arrow::Status::Invalid("ordering field '", field, "' is missing from the ",
                                    role, " record's schema");
  }
  ARROW_ASSIGN_OR_RAISE(std::optional<OrderingValue> value,
                        ReadOrderingValue(record, field));
  if (!value) {
    return ::arrow::Status::Invalid("ordering value is null for the ", role,
                                    " record: field '", field, "', row ", record.row);
  }
  return *value;
}

::arrow::Result<int> CompareOrderingValues(const OrderingValue& a,
                                           const OrderingValue& b) {
  if (a.family != b.family) {
    return ::arrow::Status::Invalid("cannot compare ordering values of types ",
                                    FamilyName(a.family), " and ", FamilyName(b.family));
  }
  switch (a.family) {
    case OrderingFamily::kInteger:
    case OrderingFamily::kBoolean:
    case OrderingFamily::kDate:
      return Sign(a.integer, b.integer);
    case OrderingFamily::kFloating:
      return JavaDoubleCompare(a.floating, b.floating);
    case OrderingFamily::kString: {
      // Avro Utf8.compareTo: unsigned bytes, then length; string_view does the same.
      int c = a.string.compare(b.string);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case OrderingFamily::kTimestamp:
      return CompareTimestamps(a, b);
    case OrderingFamily::kDecimal:
      return CompareDecimals(a, b);
  }
  return 0;
}

}  // namespace hoodie::internal
