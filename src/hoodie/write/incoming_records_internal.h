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

class SpilledPayloads;

/// Where staged payloads go once they pass the memory budget.
struct SpillOptions {
  /// hoodie.memory.merge.max.size; 0 keeps everything in memory.
  int64_t memory_budget = 0;
  /// Local folder for the spill files (SpillDirectory of the configured path).
  std::string directory;
};

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
  /// Set instead of `table` when the rows passed the memory budget and were spilled.
  std::shared_ptr<SpilledPayloads> spilled;
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
      const std::optional<std::string>& ordering_field, bool ordering_required,
      const SpillOptions& spill = {});

  /// With spilled payloads: groups them by the buckets that write them
  /// (`bucket_rows[b]` = the staged rows of bucket b), so Take reads one bucket's file.
  /// Without: nothing to do.
  ::arrow::Status PrepareBuckets(const std::vector<std::vector<int64_t>>& bucket_rows);

  /// Keeps one record per (partition, key), or per key when `global` (a global index:
  /// HoodieWriteHelper.deduplicateRecords): the largest ordering value, the later one
  /// on ties (OverwriteWithLatestAvroPayload.preCombine), at the position of the first.
  /// \return the number of records dropped.
  int64_t Deduplicate(bool global = false);

  /// The staged rows `rows`, in that order, as one batch. With spilled payloads the rows
  /// must all belong to one bucket of PrepareBuckets (the bucket's file is loaded).
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
