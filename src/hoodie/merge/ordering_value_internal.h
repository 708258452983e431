// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/ordering_value_internal.h
/// \brief Reads a record's ordering (precombine) value and compares two of them the
/// way Java's Comparable.compareTo compares the Avro values Hudi extracts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/type_fwd.h>
#include <arrow/util/decimal.h>

#include "hoodie/merge/record_merger.h"

namespace hoodie::internal {

/// Java class families of ordering values. Integer widths (Avro int and long) and
/// float/double are one family each: Hudi reads a stored record through the writer
/// schema, which widens them (HoodieAvroUtils.rewriteRecordWithNewSchema).
enum class OrderingFamily {
  kInteger,
  kFloating,
  kBoolean,
  kString,
  kDate,
  kTimestamp,
  kDecimal
};

/// One non-null ordering value. Views point into the record's batch.
struct OrderingValue {
  OrderingFamily family = OrderingFamily::kInteger;
  /// Integer, boolean (0/1), date (days since the epoch) or timestamp value.
  int64_t integer = 0;
  /// Timestamp unit of `integer`.
  ::arrow::TimeUnit::type unit = ::arrow::TimeUnit::SECOND;
  double floating = 0;
  std::string_view string = {};
  ::arrow::Decimal256 decimal = {};
  int32_t scale = 0;
};

/// The ordering value of `record`, or nullopt when its batch has no column `field` or
/// the value is null (Java HoodieAvroUtils.getNestedFieldVal with
/// returnNullIfNotFound). NotImplemented for a dotted (nested) name that is not a
/// top-level column; Invalid for a type Hudi cannot order by.
::arrow::Result<std::optional<OrderingValue>> ReadOrderingValue(const RowRef& record,
                                                                const std::string& field);

/// The ordering value an incoming record must carry: Invalid when the column is missing
/// or the value is null (Java BaseAvroPayload refuses a null ordering value). `role`
/// names the record in the message ("incoming", "older incoming").
::arrow::Result<OrderingValue> RequireOrderingValue(const RowRef& record,
                                                    const std::string& field,
                                                    std::string_view role);

/// Negative, zero or positive as `a` orders before, with or after `b` (Java
/// compareTo). Invalid when the families differ (Java throws ClassCastException).
::arrow::Result<int> CompareOrderingValues(const OrderingValue& a,
                                           const OrderingValue& b);

/// Java Double.compareTo: -0.0 < 0.0 and NaN above +infinity, NaN equal to NaN.
int JavaDoubleCompare(double a, double b);

}  // namespace hoodie::internal
