// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/incoming_records_internal.h
/// \brief The records of one write, staged as Arrow with their keys, ordering values and
/// delete flags; de-duplication (HoodieWriteHelper.deduplicateRecords).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

namespace hoodie {

class KeyGenerator;

namespace internal {

/// A comparable ordering (precombine) value: integers, dates and timestamps as int64,
/// floats and decimals as double, strings as text; monostate when there is none.
using OrderingValue = std::variant<std::monostate, int64_t, double, std::string>;

/// One record with a valid key.
struct IncomingRecord {
  int64_t row = 0;  ///< row of IncomingRecords::table
  std::string key;
  std::string partition;
  OrderingValue ordering;
  bool is_delete = false;  ///< `_hoodie_is_deleted` was true
};

/// A record whose key could not be generated; it is not written.
struct FailedRecord {
  int64_t input_row = 0;  ///< position in the input, from 0
  std::string message;
};

/// \brief All records of one write. Not thread-safe.
struct IncomingRecords {
  /// Rows aligned to `schema` (null for deletes, which only need keys).
  std::shared_ptr<::arrow::Schema> schema;
  std::shared_ptr<::arrow::Table> table;
  std::vector<IncomingRecord> records;
  std::vector<FailedRecord> failed;
  int64_t total_input = 0;

  /// Reads `input` to the end. When `schema` is set every batch is aligned to it
  /// (columns by name, cast to the table's types, meta columns dropped) and kept.
  /// `ordering_field` is read when present in the input; a missing field is Invalid
  /// only when `ordering_required`.
  /// \return Invalid for a missing table column, a column the table lacks (schema
  ///   evolution is not implemented) or a key field absent from the input.
  static ::arrow::Result<IncomingRecords> Stage(
      ::arrow::RecordBatchReader* input, const KeyGenerator& key_generator,
      std::shared_ptr<::arrow::Schema> schema,
      const std::optional<std::string>& ordering_field, bool ordering_required);

  /// Keeps one record per (partition, key), or per key when `global` (a global index:
  /// HoodieWriteHelper.deduplicateRecords): the largest ordering value, the later one
  /// on ties (OverwriteWithLatestAvroPayload.preCombine), at the position of the first.
  /// \return the number of records dropped.
  int64_t Deduplicate(bool global = false);

  /// The staged rows `rows`, in that order, as one batch.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Take(
      const std::vector<int64_t>& rows) const;
};

/// -1, 0 or 1 comparing two ordering values of the same kind (monostate is smallest).
int CompareOrdering(const OrderingValue& a, const OrderingValue& b);

/// `batch` with the columns of `schema` in its order, cast to its types; meta columns
/// of the input are dropped. Invalid naming a missing or extra column.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> AlignToSchema(
    const std::shared_ptr<::arrow::RecordBatch>& batch, const ::arrow::Schema& schema);

/// The ordering values of `column` (see OrderingValue). Invalid for other types.
::arrow::Result<std::vector<OrderingValue>> OrderingValues(const ::arrow::Array& column);

}  // namespace internal
}  // namespace hoodie
