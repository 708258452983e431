// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/keyed_batch_internal.h
/// \brief Rows of a streamed write with their record keys, partition paths and input
/// positions, and the external sort of such rows (spilled runs in Arrow IPC files).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

/// \brief Rows aligned to the data schema, each with its key, partition path and
/// position in the input (which keeps sorts stable and picks the later duplicate).
struct KeyedBatch {
  std::shared_ptr<::arrow::RecordBatch> data;
  std::shared_ptr<::arrow::StringArray> keys;
  std::shared_ptr<::arrow::StringArray> partitions;
  std::shared_ptr<::arrow::Int64Array> positions;

  int64_t num_rows() const;
  /// Rows [offset, offset + length).
  KeyedBatch Slice(int64_t offset, int64_t length) const;
  /// The rows `indices`, in that order.
  ::arrow::Result<KeyedBatch> Take(const ::arrow::Array& indices) const;
  /// Bytes of the buffers the batch references (its share of the memory budget).
  ::arrow::Result<int64_t> MemoryBytes() const;
};

/// `batches` (all of `schema`) as one batch.
::arrow::Result<KeyedBatch> Concatenate(const std::vector<KeyedBatch>& batches,
                                        const std::shared_ptr<::arrow::Schema>& schema);

/// Sorts by partition path then (when `by_record_key`) record key, ties in input order.
struct SortOrder {
  bool by_record_key = true;
  /// False: by record key alone (then input order), to pre-combine the duplicates of
  /// a global index, whose keys are unique across partitions.
  bool by_partition = true;
};

/// A pull stream of keyed batches; nullopt at the end.
class KeyedBatchStream {
 public:
  virtual ~KeyedBatchStream() = default;
  virtual ::arrow::Result<std::optional<KeyedBatch>> Next() = 0;
};

/// `batches` as one batch sorted by `order` (held in memory: about twice their size).
::arrow::Result<KeyedBatch> SortInMemory(const std::vector<KeyedBatch>& batches,
                                         const std::shared_ptr<::arrow::Schema>& schema,
                                         SortOrder order);

/// \brief External merge sort of keyed rows bounded by a memory budget.
///
/// Add() keeps batches until they hold `memory_budget` bytes, then sorts them and
/// writes them as a run (an Arrow IPC file under a fresh folder in `spill_dir`). Finish()
/// merges the runs (one batch of each open at a time) with the rows still in memory.
/// Memory: about twice the budget while a run is sorted, then one batch per run.
/// The folder and its runs are deleted when the sorter is destroyed. Not thread-safe.
class ExternalSorter {
 public:
  ExternalSorter(std::shared_ptr<::arrow::Schema> data_schema, SortOrder order,
                 int64_t memory_budget, std::string spill_dir);
  ~ExternalSorter();
  ExternalSorter(const ExternalSorter&) = delete;
  ExternalSorter& operator=(const ExternalSorter&) = delete;

  ::arrow::Status Add(KeyedBatch batch);
  /// The sorted rows in batches of at most `batch_rows`; call once, after the last Add.
  /// The stream must not outlive the sorter.
  ::arrow::Result<std::unique_ptr<KeyedBatchStream>> Finish(int64_t batch_rows);

  /// Runs written to disk so far.
  int64_t spilled_runs() const { return static_cast<int64_t>(runs_.size()); }

 private:
  ::arrow::Status Spill();

  std::shared_ptr<::arrow::Schema> data_schema_;
  SortOrder order_;
  int64_t memory_budget_;
  std::string spill_dir_;
  std::string folder_;  // created on the first spill
  std::vector<KeyedBatch> pending_;
  int64_t pending_bytes_ = 0;
  std::vector<std::string> runs_;
};


/// Creates a fresh folder `<parent>/hoodie-<what>-XXXXXX`. IOError naming it on failure.
::arrow::Result<std::string> MakeSpillFolder(const std::string& parent,
                                             const std::string& what);

/// Removes `folder` and the files in it (best effort: spill files are scratch).
void RemoveSpillFolder(const std::string& folder);

}  // namespace hoodie::internal
