// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/incoming_records_internal.h
/// \brief The records of one write, staged as Arrow with their keys, ordering values and
/// delete flags; de-duplication (HoodieWriteHelper.deduplicateRecords).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/merge/record_merger.h"

namespace hoodie {

class KeyGenerator;

namespace internal {

class StagedPayloads;

/// Where staged payloads go once they pass the memory budget.
struct SpillOptions {
  /// hoodie.memory.merge.max.size; 0 keeps everything in memory.
  int64_t memory_budget = 0;
  /// Local folder for the spill files (SpillDirectory of the configured path).
  std::string directory;
};

/// The most rows one write stages: IncomingRecord numbers them in 32 bits.
constexpr int64_t kMaxStagedRows = UINT32_MAX - 1;

/// A position in IncomingRecords::records, or a staged row number. kMaxStagedRows bounds
/// both, so the per-record lists of a plan (a bucket's records, a bucket's staged rows)
/// take 4 bytes an entry: at millions of records they are a large part of a write's
/// memory.
using RecordIndex = uint32_t;
using RecordIndices = std::vector<RecordIndex>;

/// One record with a valid key, in 24 bytes: a write stages every one of its records,
/// and views of 16 bytes each (or strings of their own) cost a staged record more than
/// its compressed payload.
///
/// The key points into IncomingRecords::keys' key columns and the partition to the one
/// stored copy of its path there.
class IncomingRecord {
 public:
  IncomingRecord() = default;
  /// `partition` must outlive the record (IncomingRecords::KeyStore::Partition).
  IncomingRecord(int64_t row, std::string_view key, const std::string* partition,
                 bool is_delete)
      : key_data_(key.data()),
        partition_(partition),
        key_size_(static_cast<uint32_t>(key.size())),
        is_delete_(is_delete),
        row_(static_cast<uint32_t>(row)) {}

  /// The row of a delete that has no staged values: a delete marked by
  /// `_hoodie_is_deleted` in the input of a table that does not store the column (a SQL
  /// MERGE's deletes), which Hudi writes as an empty payload. Its RowRef is empty.
  static constexpr int64_t kNoRow = UINT32_MAX;

  /// Row of the staged payloads; kNoRow for a delete without values.
  int64_t row() const { return row_; }
  void set_row(int64_t row) { row_ = static_cast<uint32_t>(row); }
  std::string_view key() const { return {key_data_, key_size_}; }
  std::string_view partition() const {
    return partition_ == nullptr ? std::string_view() : std::string_view(*partition_);
  }
  /// A delete: the record of a delete operation (no row), or RecordMerger::IsDelete of
  /// its row (`_hoodie_is_deleted` true).
  bool is_delete() const { return is_delete_; }
  void set_is_delete(bool is_delete) { is_delete_ = is_delete; }

 private:
  const char* key_data_ = nullptr;
  const std::string* partition_ = nullptr;
  uint32_t key_size_ : 31 = 0;
  uint32_t is_delete_ : 1 = 0;
  uint32_t row_ = 0;
};

/// A record whose key could not be generated; it is not written.
struct FailedRecord {
  int64_t input_row = 0;  ///< position in the input, from 0
  std::string message;
};

struct IncomingRecords;

/// Staged rows by number as a merger sees them: rows read back from the staged
/// payloads (before the buckets exist) or from one bucket's.
struct StagedRowView {
  std::shared_ptr<::arrow::RecordBatch> loaded;
  std::unordered_map<int64_t, int64_t> index;

  /// An empty RowRef for a row not in the view (or a delete operation, with no rows).
  RowRef Get(int64_t row) const;
};

/// \brief All records of one write. Not thread-safe.
struct IncomingRecords {
  /// Rows aligned to `schema` (null for deletes, which only need keys).
  std::shared_ptr<::arrow::Schema> schema;
  /// The rows, compressed, in memory up to the budget and on disk past it; null for
  /// deletes.
  std::shared_ptr<StagedPayloads> payloads;
  std::vector<IncomingRecord> records;
  /// \brief What the records' key and partition views point into: the characters of
  /// the generated key columns of the staged batches, and each distinct partition path
  /// once. Shared, so copies of the records (and of this object) stay valid.
  struct KeyStore {
    std::vector<std::shared_ptr<::arrow::Buffer>> key_data;
    std::set<std::string, std::less<>> partitions;
    /// The stored copy of `partition`.
    const std::string* Partition(std::string_view partition);
  };
  std::shared_ptr<KeyStore> keys = std::make_shared<KeyStore>();
  std::vector<FailedRecord> failed;
  int64_t total_input = 0;

  /// Reads `input` to the end. When `schema` is set every batch is aligned to it
  /// (columns by name, cast to the table's types, meta columns dropped) and kept.
  /// `merger` tells deletes. With `ordering_field`, a record whose ordering value is
  /// null is failed (Java's payloads refuse a null ordering value when records are
  /// pre-combined); a missing column is Invalid.
  /// \return Invalid for a missing table column, a column the table lacks (schema
  ///   evolution is not implemented) or a key field absent from the input.
  static ::arrow::Result<IncomingRecords> Stage(
      ::arrow::RecordBatchReader* input, const KeyGenerator& key_generator,
      std::shared_ptr<::arrow::Schema> schema, const RecordMerger& merger,
      const std::optional<std::string>& ordering_field, const SpillOptions& spill = {});

  /// Groups the payloads by the buckets that write them (`bucket_rows[b]` = the staged
  /// rows of bucket b), so Take reads one bucket's rows.
  ::arrow::Status PrepareBuckets(std::vector<RecordIndices> bucket_rows);

  /// Pre-combines records with the same key (HoodieWriteHelper.deduplicateRecords):
  /// the records of a key fold in arrival order with RecordMerger::PreCombine, the
  /// survivor takes the place of the key's first record and carries the key and
  /// partition of the record the merger chose (the later one for a combined record).
  /// Keys are (partition, record key), or the record key alone for a global index.
  /// Combined records are new rows, appended to the payloads.
  /// \return the number of records dropped; PreCombine's errors.
  ::arrow::Result<int64_t> Deduplicate(const RecordMerger& merger, bool global_keys);
  /// Deduplicate over the records `combinable` marks only (the others survive each on
  /// its own: changelog mode keeps every change of a stored key). `kept_from`, when
  /// given, receives each surviving record's position before the call.
  ::arrow::Result<int64_t> Deduplicate(const RecordMerger& merger, bool global_keys,
                                       const std::vector<bool>& combinable,
                                       std::vector<size_t>* kept_from);

  /// The staged rows `rows` of bucket `bucket` (its index in PrepareBuckets' list, the
  /// number of the task that writes it), in that order, as one batch.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Take(
      int64_t bucket, const std::vector<int64_t>& rows) const;

  /// A view of the staged rows `rows`: any rows before PrepareBuckets, rows of `bucket`
  /// after it.
  ::arrow::Result<StagedRowView> View(std::vector<int64_t> rows,
                                      std::optional<int64_t> bucket = std::nullopt) const;

  /// Appends `rows` (of `schema`) after the staged rows. \return the number of the
  /// first.
  ::arrow::Result<int64_t> AppendRows(const std::shared_ptr<::arrow::RecordBatch>& rows);
};

/// `input` with the types Spark hands Hudi for them: a zoned timestamp of seconds,
/// milliseconds or microseconds becomes microseconds in UTC (Spark's timestamp: an
/// instant keeps no zone name), inside structs, lists and maps too.
/// \return Invalid naming the column, with how to convert it, for what Spark 3.5 with
///   Hudi 0.15 cannot write: nanosecond timestamps, and timestamps without a zone (Spark
///   reads those as timestamp_ntz, which Hudi 0.15 neither writes nor reads).
::arrow::Result<std::shared_ptr<::arrow::Schema>> SparkShapedSchema(
    const ::arrow::Schema& input);

/// `data_schema` with `_hoodie_operation` (utf8) last: the staged rows of a changelog
/// write carry each record's operation with it.
std::shared_ptr<::arrow::Schema> WithOperationColumn(const ::arrow::Schema& data_schema);

/// The `_hoodie_operation` values written for staged rows whose operation column is
/// `staged` (the input's): each value as given, a null one "D" where `deletes[i]`, else
/// "I" (Flink's +I of a row that carries no change kind).
::arrow::Result<std::shared_ptr<::arrow::Array>> WrittenOperations(
    const ::arrow::Array& staged, const std::vector<bool>& deletes);

/// What AlignToSchema does with a column of the schema the batch lacks.
enum class MissingColumn {
  /// Refused (input must carry every table column: Hudi refuses a dropped column).
  kRefuse,
  /// Null (stored rows written before the schema gained the column).
  kNull,
};

/// `batch` with the columns of `schema` in its order, cast to its types; meta columns
/// of the input are dropped but `_hoodie_operation` when `schema` has it (null when the
/// input lacks it). Invalid naming a missing (with kRefuse) or extra column.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> AlignToSchema(
    const std::shared_ptr<::arrow::RecordBatch>& batch, const ::arrow::Schema& schema,
    MissingColumn missing = MissingColumn::kRefuse);

}  // namespace internal
}  // namespace hoodie
