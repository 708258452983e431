// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/staged_payloads_internal.h
/// \brief The staged record payloads of insert/upsert/delete: compressed Arrow IPC in
/// memory up to hoodie.memory.merge.max.size and on local disk past it (the role of
/// Hudi's ExternalSpillableMap), read back one bucket (file group) at a time.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <arrow/ipc/options.h>
#include <arrow/ipc/type_fwd.h>
#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

class SpillSpace;
class SpillableStream;

/// \brief Payload rows numbered in staging order, kept as ZSTD-compressed IPC: a row
/// costs its compressed bytes, a fraction of its Arrow size, until a bucket's writer
/// loads it. After the write plan is known, PrepareBuckets moves the rows into one
/// stream per bucket (freeing the staged stream as it reads it); Take then loads one
/// bucket's rows. Staging and PrepareBuckets are not thread-safe; Take is (buckets are
/// written in parallel).
class StagedPayloads {
 public:
  /// Stages rows of `schema` within `space`'s memory budget.
  static ::arrow::Result<std::unique_ptr<StagedPayloads>> Create(
      std::shared_ptr<::arrow::Schema> schema, std::shared_ptr<SpillSpace> space);
  ~StagedPayloads();

  /// Appends staged rows (numbered on from the rows appended before).
  ::arrow::Status Append(const ::arrow::RecordBatch& batch);
  /// Ends the staging phase.
  ::arrow::Status Finish();
  /// Appends rows made after staging (combined records), kept in memory and numbered
  /// after every row before. \return the number of the first.
  ::arrow::Result<int64_t> AppendRows(std::shared_ptr<::arrow::RecordBatch> rows);
  int64_t num_rows() const { return staged_rows_ + extra_rows_; }
  /// The schema of the rows (the staged schema without its metadata).
  const std::shared_ptr<::arrow::Schema>& schema() const { return schema_; }
  /// Whether PrepareBuckets ran.
  bool prepared() const { return prepared_; }
  /// Whether some rows went to disk.
  bool spilled() const;

  /// The rows `rows` (sorted, distinct), read before PrepareBuckets: what pre-combining
  /// and partition moves compare. One pass over the staged rows.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadRows(
      const std::vector<int64_t>& rows);

  /// Groups the rows by bucket: `bucket_rows[b]` are the rows bucket `b` writes.
  ::arrow::Status PrepareBuckets(std::vector<std::vector<uint32_t>> bucket_rows);

  /// The rows `rows` of bucket `bucket` (its index in PrepareBuckets' list), in that
  /// order. The writer of a bucket names it: no table from row to bucket is kept, which
  /// would cost 4 bytes a staged row while the buckets are written.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Take(
      int64_t bucket, const std::vector<int64_t>& rows);

 private:
  StagedPayloads() = default;
  struct Out;
  ::arrow::Result<Out> NewOut(const std::string& what) const;
  // Reads `stream` batch by batch into `visit(batch, first_row)`.
  template <typename Visit>
  ::arrow::Status Scan(SpillableStream* stream, bool release, Visit visit) const;
  // Splits rows among the buckets [first, last) in one pass; `bucket_of_row` maps each
  // row to its bucket (-1: none).
  ::arrow::Status SplitPass(const std::vector<int32_t>& bucket_of_row, size_t first,
                            size_t last, bool release);
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> LoadBucket(int32_t bucket);
  // The loaded bucket `bucket`, from the cache or read and cached.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Loaded(int32_t bucket);
  // Rows `rows` (sorted) of the extra rows, or none.
  template <typename Row>
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> TakeExtra(
      const std::vector<Row>& rows) const;

  std::shared_ptr<::arrow::Schema> schema_;
  std::shared_ptr<SpillSpace> space_;
  ::arrow::ipc::IpcWriteOptions write_options_;
  std::shared_ptr<SpillableStream> staged_;
  std::shared_ptr<::arrow::ipc::RecordBatchWriter> writer_;
  int64_t staged_rows_ = 0;
  std::vector<std::shared_ptr<::arrow::RecordBatch>> extra_;
  int64_t extra_rows_ = 0;
  bool prepared_ = false;
  std::vector<std::vector<uint32_t>> bucket_rows_;  // sorted rows per bucket
  std::vector<std::shared_ptr<SpillableStream>> buckets_;
  // The buckets loaded last, newest first: one per writer thread, since a writer takes
  // its bucket's rows more than once (the data, then the soft deletes of a log append).
  std::mutex loaded_mutex_;
  std::deque<std::pair<int32_t, std::shared_ptr<::arrow::RecordBatch>>> loaded_;
};

}  // namespace hoodie::internal
