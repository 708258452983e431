// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/record_merger.h
/// \brief RecordMerger: Hudi's record payload semantics (preCombine and
/// combineAndGetUpdateValue) over rows of Arrow record batches, the name -> factory
/// registry of mergers, and MergedBatchBuilder, which materialises merge results.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/config/config_default.h"
#include "hoodie/config/payload_config.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// One record: row `row` of `batch` (non-owning; the batch must outlive every use).
/// A RowRef with `batch == nullptr` is an empty record, Java's payload without record
/// bytes (a hard delete from a delete operation): it merges in arrival order and is
/// always a delete.
struct HOODIE_EXPORT RowRef {
  const ::arrow::RecordBatch* batch = nullptr;
  int64_t row = 0;

  bool empty() const { return batch == nullptr; }
};

/// Which input a merged column (or a whole merged record) comes from. In Combine `kOld`
/// is the stored record and `kNew` the incoming one; in PreCombine `kOld` is the earlier
/// arrival and `kNew` the later one.
enum class MergeSide : uint8_t { kOld, kNew };

/// What a merge produced.
enum class MergeOutcome : uint8_t {
  /// The old record itself (Java returns the very object it was given: the stored
  /// record / the earlier payload). A write keeps a stored record's meta columns,
  /// commit time included, only for this outcome; a merge that builds a new record
  /// equal to the old one returns kCombined.
  kKeepOld,
  /// The new record, unchanged. A write gives it the new commit's meta columns.
  kTakeNew,
  /// No record: the key is deleted. Only Combine returns this; PreCombine keeps a
  /// soft-delete record so the later Combine can apply it.
  kDelete,
  /// A new record assembled column by column, see MergeResult::columns.
  kCombined,
};

/// The decision for one key. Output columns are those of the new record's batch (the
/// writer schema), in its order; a column is looked up in the old record's batch by
/// name, and is null in the output when the old batch lacks it.
struct HOODIE_EXPORT MergeResult {
  MergeOutcome outcome = MergeOutcome::kTakeNew;
  /// For kCombined only: one entry per column of the new record's batch.
  std::vector<MergeSide> columns;

  static MergeResult KeepOld() { return {MergeOutcome::kKeepOld, {}}; }
  static MergeResult TakeNew() { return {MergeOutcome::kTakeNew, {}}; }
  static MergeResult Delete() { return {MergeOutcome::kDelete, {}}; }
  static MergeResult Combined(std::vector<MergeSide> columns) {
    return {MergeOutcome::kCombined, std::move(columns)};
  }
  bool operator==(const MergeResult& other) const = default;
};

/// Settings a merger is built with (Java reads them from the payload Properties).
struct HOODIE_EXPORT RecordMergerOptions {
  /// Ordering (precombine) field; empty means none: records merge in arrival order,
  /// as Java does with OrderingValues' natural-order default.
  std::string ordering_field = DefaultOf(PayloadConfig::kOrderingField);

  static RecordMergerOptions Defaults() { return RecordMergerOptions(); }

  /// The ordering field as Hudi's Spark writer resolves it: the first key set among
  /// hoodie.datasource.write.precombine.field, hoodie.payload.ordering.field and
  /// hoodie.table.precombine.field, else the default "ts". Invalid when a value does
  /// not parse; NotImplemented when hoodie.payload.delete.field (a custom delete
  /// marker of DefaultHoodieRecordPayload) is set, which hoodie does not support.
  static ::arrow::Result<RecordMergerOptions> FromConfig(const HoodieConfig& config);
};

/// \brief Merges two records that have the same key, with the semantics of one Hudi
/// record payload class (Java HoodieRecordPayload).
///
/// Implement this to add a custom merger and register a factory under a name with
/// RecordMergerRegistry::Global()->Register. Implementations are immutable after construction,
/// so every method may run concurrently.
///
/// Ordering values are read from the ordering field of each record's batch and
/// compared as Java's Comparable.compareTo compares the Avro values Hudi extracts:
/// integers and floating point numerically (Double.compareTo: -0.0 < 0.0, NaN
/// largest), booleans false < true, strings by their UTF-8 bytes unsigned (Avro
/// Utf8.compareTo), dates by day, timestamps by their stored integer, decimals by value
/// (BigDecimal.compareTo, scale ignored). Integer widths and timestamp units are
/// compared after widening; other type mixes are Invalid.
class HOODIE_EXPORT RecordMerger {
 public:
  virtual ~RecordMerger() = default;

  /// De-duplicates two incoming records with the same key of one write (Java
  /// preCombine, called on the later record with the earlier one). Never kDelete.
  /// Invalid when a record's ordering value is null (Java's BaseAvroPayload refuses a
  /// null ordering value) or the ordering field is missing from a non-empty record's
  /// batch, or when the ordering types cannot be compared.
  virtual ::arrow::Result<MergeResult> PreCombine(const RowRef& older_incoming,
                                                  const RowRef& newer_incoming) const = 0;

  /// Merges an incoming record into the stored one (Java combineAndGetUpdateValue with
  /// the payload Properties). The stored record may lack columns of the incoming
  /// schema, its ordering field included. Same errors as PreCombine.
  virtual ::arrow::Result<MergeResult> Combine(const RowRef& stored,
                                               const RowRef& incoming) const = 0;

  /// True when the record is a delete: empty, or its `_hoodie_is_deleted` column is
  /// true, or (without that column) its `_hoodie_operation` column is "D" (Java
  /// BaseAvroPayload.isDeleteRecord). An incoming record with no stored record is
  /// written unless IsDelete, as every builtin payload's getInsertValue does.
  virtual bool IsDelete(const RowRef& record) const;

  /// The Java payload class this merger matches, e.g.
  /// "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload".
  virtual std::string_view java_class_name() const = 0;

  const RecordMergerOptions& options() const { return options_; }

 protected:
  explicit RecordMerger(RecordMergerOptions options) : options_(std::move(options)) {}

  RecordMergerOptions options_;
};

/// \brief The record mergers by name (common/plugin_registry.h): Java payload class
/// names, full and simple, each made from its options.
class HOODIE_EXPORT RecordMergerRegistry
    : public PluginRegistry<RecordMerger, const RecordMergerOptions&> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  RecordMergerRegistry() : PluginRegistry("record payload class") {}

  /// The process-wide registry; builtins are added by RegisterBuiltinRecordMergers().
  static RecordMergerRegistry* Global();
};

using RecordMergerFactory = RecordMergerRegistry::Factory;

/// Registers the builtin mergers in RecordMergerRegistry::Global() under their full
/// and simple Java class names (idempotent):
/// org.apache.hudi.common.model.OverwriteWithLatestAvroPayload,
/// DefaultHoodieRecordPayload, OverwriteNonDefaultsWithLatestAvroPayload,
/// PartialUpdateAvroPayload and EventTimeAvroPayload.
HOODIE_EXPORT void RegisterBuiltinRecordMergers();

/// The payload class the config names: hoodie.datasource.write.payload.class when set,
/// else hoodie.compaction.payload.class (the key hoodie.properties carries; both default
/// to OverwriteWithLatestAvroPayload).
HOODIE_EXPORT ::arrow::Result<std::string> PayloadClassName(const HoodieConfig& config);

/// The merger the config asks for: the payload class from
/// hoodie.datasource.write.payload.class, else hoodie.compaction.payload.class, else
/// OverwriteWithLatestAvroPayload; options from RecordMergerOptions::FromConfig.
/// Registers the builtins first. Invalid for a payload class hoodie does not
/// implement, naming it and listing the supported ones.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<RecordMerger>> MakeRecordMerger(
    const HoodieConfig& config);

/// \brief Materialises merge results into one record batch with the writer schema.
///
/// Rows are copied column by column with Arrow builders; consecutive rows of one
/// source array are copied as one slice. A column of a source batch is matched by
/// name and cast to the output type when its type differs (Invalid if the cast
/// fails); a column missing from a source batch becomes null (Invalid if the output
/// field is not nullable). Not thread-safe.
class HOODIE_EXPORT MergedBatchBuilder {
 public:
  /// Invalid when the schema has a type Arrow cannot build.
  static ::arrow::Result<std::unique_ptr<MergedBatchBuilder>> Make(
      std::shared_ptr<::arrow::Schema> output_schema,
      ::arrow::MemoryPool* pool = nullptr);
  ~MergedBatchBuilder();

  /// Appends one record unchanged. Invalid for an empty RowRef.
  ::arrow::Status AppendRow(const RowRef& record);

  /// Appends what `result` says: nothing for kDelete, `old_record` or `new_record`
  /// whole, or a combined row (`result.columns` index the new record's batch).
  ::arrow::Status Append(const MergeResult& result, const RowRef& old_record,
                         const RowRef& new_record);

  int64_t num_rows() const;

  /// The batch of every appended row in order; the builder is reset.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Finish();

 private:
  class Impl;
  explicit MergedBatchBuilder(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// Rows of `base` followed by `built` (whose rows are numbered after base's), picked in
/// the order of `sources` (int32, no nulls), column by column, so rows a merge leaves as
/// they are never pass through a row builder. Runs of consecutive rows are copied at
/// once, each value once. `built` may be null or empty; both batches must have the same
/// column types. IndexError for a source out of range.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> GatherRows(
    const std::shared_ptr<::arrow::RecordBatch>& base,
    const std::shared_ptr<::arrow::RecordBatch>& built, const ::arrow::Array& sources);

/// The record that survives for one key while pre-combining a batch: row `row` of the
/// batch, or, once PreCombine built a new record, the one-row batch `combined`.
struct HOODIE_EXPORT PreCombineSurvivor {
  int64_t row = 0;
  std::shared_ptr<::arrow::RecordBatch> combined;

  RowRef ref(const ::arrow::RecordBatch& batch) const {
    return combined ? RowRef{combined.get(), 0} : RowRef{&batch, row};
  }
};

/// Folds row `row` of `batch` into `survivor` with `merger.PreCombine`: the survivor
/// stays, becomes `row`, or becomes the combined record. Invalid when PreCombine
/// returns a delete (it must return a record), and PreCombine's errors.
HOODIE_EXPORT
::arrow::Status FoldPreCombine(const RecordMerger& merger,
                               const std::shared_ptr<::arrow::RecordBatch>& batch,
                               int64_t row, PreCombineSurvivor* survivor);

/// De-duplicates `batch` by key with `merger.PreCombine`, folding the records of each
/// key in row (arrival) order. `record_keys` has one non-null string per row. The
/// result has one row per distinct key, ordered by each key's first row, with the
/// batch's schema. Invalid on a null key or a length mismatch, and PreCombine's errors.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> PreCombineBatch(
    const RecordMerger& merger, const std::shared_ptr<::arrow::RecordBatch>& batch,
    const ::arrow::Array& record_keys);

}  // namespace hoodie
