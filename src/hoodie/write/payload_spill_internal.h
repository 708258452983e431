// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/payload_spill_internal.h
/// \brief Staged record payloads of insert/upsert/delete on local disk once they pass the
/// memory budget (the role of Hudi's ExternalSpillableMap bounded by
/// hoodie.memory.merge.max.size), read back one bucket (file group) at a time.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <arrow/io/type_fwd.h>
#include <arrow/ipc/type_fwd.h>
#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

/// \brief Payload rows written to an Arrow IPC file in a private spill folder, numbered
/// in staging order. After the write plan is known, PrepareBuckets splits them into one
/// file per bucket; Take then loads one bucket's rows. Staging and PrepareBuckets are
/// not thread-safe; Take is (buckets are written in parallel). The folder is deleted
/// with the object.
class SpilledPayloads {
 public:
  /// Starts a spill file for rows of `schema` under a new folder in `spill_dir`.
  static ::arrow::Result<std::unique_ptr<SpilledPayloads>> Create(
      std::shared_ptr<::arrow::Schema> schema, const std::string& spill_dir);
  ~SpilledPayloads();

  /// Appends rows (numbered on from the rows appended before).
  ::arrow::Status Append(const ::arrow::RecordBatch& batch);
  /// Ends the staging phase.
  ::arrow::Status Finish();
  int64_t num_rows() const { return rows_; }
  /// Whether PrepareBuckets ran.
  bool prepared() const { return !bucket_of_row_.empty(); }

  /// The staged rows `rows` (sorted, distinct), read from the staged file before
  /// PrepareBuckets: what pre-combining and partition moves compare. One pass.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadRows(
      const std::vector<int64_t>& rows);

  /// Groups the rows by bucket: `bucket_rows[b]` are the staged rows bucket `b` writes.
  /// Reads the spill file once (a bounded number of buckets per pass).
  ::arrow::Status PrepareBuckets(const std::vector<std::vector<int64_t>>& bucket_rows);

  /// The staged rows `rows`, in that order; all must belong to one bucket.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Take(
      const std::vector<int64_t>& rows);

 private:
  SpilledPayloads() = default;
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> LoadBucket(int32_t bucket) const;
  // The loaded bucket `bucket`, from the cache or read and cached.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Loaded(int32_t bucket);

  std::shared_ptr<::arrow::Schema> schema_;
  std::string folder_;
  std::string path_;
  std::shared_ptr<::arrow::io::OutputStream> out_;
  std::shared_ptr<::arrow::ipc::RecordBatchWriter> writer_;
  int64_t rows_ = 0;
  std::vector<int32_t> bucket_of_row_;             // -1: written by no bucket
  std::vector<std::vector<int64_t>> bucket_rows_;  // sorted staged rows per bucket
  // The buckets loaded last, newest first: one per writer thread, since a writer takes
  // its bucket's rows more than once (the data, then the soft deletes of a log append).
  std::mutex loaded_mutex_;
  std::deque<std::pair<int32_t, std::shared_ptr<::arrow::RecordBatch>>> loaded_;
};

}  // namespace hoodie::internal
