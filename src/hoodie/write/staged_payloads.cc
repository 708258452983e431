// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/staged_payloads.cc
/// \brief Staged payloads of a write, compressed, in memory or spilled.

#include <algorithm>
#include <map>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/io/interfaces.h>
#include <arrow/ipc/reader.h>
#include <arrow/ipc/writer.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/util/compression.h>
#include <arrow/util/byte_size.h>
#include <arrow/util/thread_pool.h>

#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/spillable_stream_internal.h"
#include "hoodie/write/staged_payloads_internal.h"

namespace hoodie::internal {
namespace {

// Bucket streams filled in one pass over the staged rows: each one that spills holds an
// open file.
constexpr size_t kBucketsPerPass = 256;
// Uncompressed bytes of a bucket gathered before they are compressed (SplitPass).
constexpr int64_t kPieceBytes = 1 << 19;

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> TakeRows(
    const std::shared_ptr<::arrow::RecordBatch>& batch, const std::vector<int64_t>& rows) {
  ::arrow::Int64Builder indices;
  ARROW_RETURN_NOT_OK(indices.AppendValues(rows));
  ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken, ::arrow::compute::Take(batch, index_array));
  return taken.record_batch();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Concatenate(
    const std::shared_ptr<::arrow::Schema>& schema,
    const ::arrow::RecordBatchVector& parts) {
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches(schema, parts));
  return table->CombineChunksToBatch();
}

}  // namespace

// One stream being written: the bytes and the IPC writer over them.
struct StagedPayloads::Out {
  std::shared_ptr<SpillableStream> stream;
  std::shared_ptr<::arrow::ipc::RecordBatchWriter> writer;
};

::arrow::Result<std::unique_ptr<StagedPayloads>> StagedPayloads::Create(
    std::shared_ptr<::arrow::Schema> schema, std::shared_ptr<SpillSpace> space) {
  std::unique_ptr<StagedPayloads> out(new StagedPayloads());
  out->schema_ = std::move(schema);
  out->space_ = std::move(space);
  out->write_options_ = ::arrow::ipc::IpcWriteOptions::Defaults();
  // ZSTD at its fastest level: staged trip rows shrink about 6x for about a tenth of a
  // second per million rows, which is what lets a large write stay in memory.
  ARROW_ASSIGN_OR_RAISE(out->write_options_.codec,
                        ::arrow::util::Codec::Create(::arrow::Compression::ZSTD, 1));
  // Buckets are read (and split) inside tasks of the CPU pool: IPC's own parallel
  // (de)compression would wait on that pool from within it, which can deadlock.
  out->write_options_.use_threads = false;
  ARROW_ASSIGN_OR_RAISE(Out staged, out->NewOut("staged"));
  out->staged_ = std::move(staged.stream);
  out->writer_ = std::move(staged.writer);
  return out;
}

StagedPayloads::~StagedPayloads() {
  if (writer_ != nullptr) (void)writer_->Close();
}

bool StagedPayloads::spilled() const { return space_->spilled(); }

::arrow::Result<StagedPayloads::Out> StagedPayloads::NewOut(const std::string& what) const {
  Out out;
  out.stream = std::make_shared<SpillableStream>(space_, what);
  ARROW_ASSIGN_OR_RAISE(out.writer,
                        ::arrow::ipc::MakeStreamWriter(out.stream, schema_, write_options_));
  return out;
}

::arrow::Status StagedPayloads::Append(const ::arrow::RecordBatch& batch) {
  if (writer_ == nullptr) return ::arrow::Status::Invalid("staging has finished");
  ARROW_RETURN_NOT_OK(writer_->WriteRecordBatch(batch));
  staged_rows_ += batch.num_rows();
  return ::arrow::Status::OK();
}

::arrow::Status StagedPayloads::Finish() {
  if (writer_ == nullptr) return ::arrow::Status::OK();
  ARROW_RETURN_NOT_OK(writer_->Close());
  writer_.reset();
  return staged_->Close();
}

::arrow::Result<int64_t> StagedPayloads::AppendRows(
    std::shared_ptr<::arrow::RecordBatch> rows) {
  if (prepared()) {
    return ::arrow::Status::Invalid("rows appended after the buckets were prepared");
  }
  int64_t first = num_rows();
  if (first + rows->num_rows() > kMaxStagedRows) {
    return ::arrow::Status::NotImplemented("one write stages at most ", kMaxStagedRows,
                                           " rows; split the input");
  }
  extra_rows_ += rows->num_rows();
  extra_.push_back(std::move(rows));
  return first;
}

template <typename Visit>
::arrow::Status StagedPayloads::Scan(SpillableStream* stream, bool release,
                                     Visit visit) const {
  ARROW_ASSIGN_OR_RAISE(auto input, stream->Open(release));
  auto read_options = ::arrow::ipc::IpcReadOptions::Defaults();
  read_options.use_threads = false;  // see Create
  ARROW_ASSIGN_OR_RAISE(auto reader,
                        ::arrow::ipc::RecordBatchStreamReader::Open(input, read_options));
  int64_t first_row = 0;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> batch, reader->Next());
    if (batch == nullptr) break;
    ARROW_RETURN_NOT_OK(visit(batch, first_row));
    first_row += batch->num_rows();
  }
  return input->Close();
}

template <typename Row>
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> StagedPayloads::TakeExtra(
    const std::vector<Row>& rows) const {
  std::vector<int64_t> local;
  for (int64_t row : rows) {
    if (row >= staged_rows_) local.push_back(row - staged_rows_);
  }
  if (local.empty()) return nullptr;
  if (extra_.size() == 1) return TakeRows(extra_[0], local);
  ARROW_ASSIGN_OR_RAISE(auto extra, Concatenate(schema_, extra_));
  return TakeRows(extra, local);
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> StagedPayloads::ReadRows(
    const std::vector<int64_t>& rows) {
  if (prepared()) return ::arrow::Status::Invalid("staged rows were split by bucket");
  ARROW_RETURN_NOT_OK(Finish());
  if (!rows.empty() && (rows.front() < 0 || rows.back() >= num_rows())) {
    return ::arrow::Status::Invalid("staged row out of range");
  }
  ::arrow::RecordBatchVector parts;
  size_t next = 0;
  ARROW_RETURN_NOT_OK(Scan(staged_.get(), false,
                           [&](const std::shared_ptr<::arrow::RecordBatch>& batch,
                               int64_t offset) -> ::arrow::Status {
                             std::vector<int64_t> local;
                             while (next < rows.size() &&
                                    rows[next] < offset + batch->num_rows()) {
                               local.push_back(rows[next++] - offset);
                             }
                             if (local.empty()) return ::arrow::Status::OK();
                             ARROW_ASSIGN_OR_RAISE(auto taken, TakeRows(batch, local));
                             parts.push_back(std::move(taken));
                             return ::arrow::Status::OK();
                           }));
  ARROW_ASSIGN_OR_RAISE(auto extra, TakeExtra(rows));
  if (extra != nullptr) parts.push_back(std::move(extra));
  return Concatenate(schema_, parts);
}

::arrow::Status StagedPayloads::SplitPass(const std::vector<int32_t>& bucket_of_row,
                                          size_t first, size_t last, bool release) {
  std::map<size_t, Out> outs;
  // A bucket's rows of one staged batch are few: they are gathered up to about
  // kPieceBytes before being compressed, since small IPC batches compress worse and
  // cost ZSTD's per-buffer setup each.
  std::map<size_t, std::pair<::arrow::RecordBatchVector, int64_t>> pending;
  auto out_of = [&](size_t bucket) -> ::arrow::Result<Out*> {
    auto it = outs.find(bucket);
    if (it == outs.end()) {
      ARROW_ASSIGN_OR_RAISE(Out out, NewOut("bucket-" + std::to_string(bucket)));
      it = outs.emplace(bucket, std::move(out)).first;
    }
    return &it->second;
  };
  auto flush = [&](size_t bucket) -> ::arrow::Status {
    auto& [pieces, bytes] = pending[bucket];
    if (pieces.empty()) return ::arrow::Status::OK();
    ARROW_ASSIGN_OR_RAISE(Out * out, out_of(bucket));
    ARROW_ASSIGN_OR_RAISE(auto joined, Concatenate(schema_, pieces));
    pieces.clear();
    bytes = 0;
    return out->writer->WriteRecordBatch(*joined);
  };
  ARROW_RETURN_NOT_OK(Scan(
      staged_.get(), release,
      [&](const std::shared_ptr<::arrow::RecordBatch>& batch,
          int64_t offset) -> ::arrow::Status {
        std::map<size_t, std::vector<int64_t>> picked;
        for (int64_t r = 0; r < batch->num_rows(); ++r) {
          int32_t bucket = bucket_of_row[offset + r];
          if (bucket >= 0 && static_cast<size_t>(bucket) >= first &&
              static_cast<size_t>(bucket) < last) {
            picked[static_cast<size_t>(bucket)].push_back(r);
          }
        }
        ARROW_ASSIGN_OR_RAISE(int64_t batch_bytes, ::arrow::util::ReferencedBufferSize(*batch));
        int64_t row_bytes = batch_bytes / std::max<int64_t>(batch->num_rows(), 1) + 1;
        for (const auto& [bucket, rows] : picked) {
          ARROW_ASSIGN_OR_RAISE(auto taken, TakeRows(batch, rows));
          auto& [pieces, bytes] = pending[bucket];
          pieces.push_back(std::move(taken));
          bytes += row_bytes * static_cast<int64_t>(rows.size());
          if (bytes >= kPieceBytes) ARROW_RETURN_NOT_OK(flush(bucket));
        }
        return ::arrow::Status::OK();
      }));
  for (const auto& [bucket, piece] : pending) ARROW_RETURN_NOT_OK(flush(bucket));
  for (size_t bucket = first; bucket < last && extra_rows_ > 0; ++bucket) {
    // Extra rows are numbered after the staged ones, so they follow them here too.
    ARROW_ASSIGN_OR_RAISE(auto extra, TakeExtra(bucket_rows_[bucket]));
    if (extra == nullptr) continue;
    ARROW_ASSIGN_OR_RAISE(Out * out, out_of(bucket));
    ARROW_RETURN_NOT_OK(out->writer->WriteRecordBatch(*extra));
  }
  for (auto& [bucket, out] : outs) {
    ARROW_RETURN_NOT_OK(out.writer->Close());
    ARROW_RETURN_NOT_OK(out.stream->Close());
    buckets_[bucket] = std::move(out.stream);
  }
  return ::arrow::Status::OK();
}

::arrow::Status StagedPayloads::PrepareBuckets(
    std::vector<std::vector<uint32_t>> bucket_rows) {
  ARROW_RETURN_NOT_OK(Finish());
  std::vector<int32_t> bucket_of_row(num_rows(), -1);
  bucket_rows_ = std::move(bucket_rows);
  buckets_.assign(bucket_rows_.size(), nullptr);
  for (size_t b = 0; b < bucket_rows_.size(); ++b) {
    std::sort(bucket_rows_[b].begin(), bucket_rows_[b].end());
    for (int64_t row : bucket_rows_[b]) {
      if (row >= num_rows()) {
        return ::arrow::Status::Invalid("staged row ", row, " is out of range");
      }
      bucket_of_row[row] = static_cast<int32_t>(b);
    }
  }
  if (extra_.size() > 1) {
    // Every bucket takes its extra rows from them: join them once.
    ARROW_ASSIGN_OR_RAISE(auto joined, Concatenate(schema_, extra_));
    extra_ = {std::move(joined)};
  }
  for (size_t first = 0; first < bucket_rows_.size(); first += kBucketsPerPass) {
    size_t last = std::min(bucket_rows_.size(), first + kBucketsPerPass);
    // The last pass frees the staged rows as it reads them: every row lives in its
    // bucket's stream afterwards.
    ARROW_RETURN_NOT_OK(
        SplitPass(bucket_of_row, first, last, last == bucket_rows_.size()));
  }
  staged_.reset();
  extra_.clear();
  prepared_ = true;
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> StagedPayloads::LoadBucket(
    int32_t bucket) {
  if (buckets_[bucket] == nullptr) return ::arrow::RecordBatch::MakeEmpty(schema_);
  ::arrow::RecordBatchVector batches;
  ARROW_RETURN_NOT_OK(Scan(buckets_[bucket].get(), false,
                           [&](const std::shared_ptr<::arrow::RecordBatch>& batch,
                               int64_t) -> ::arrow::Status {
                             batches.push_back(batch);
                             return ::arrow::Status::OK();
                           }));
  return Concatenate(schema_, batches);
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> StagedPayloads::Loaded(
    int32_t bucket) {
  {
    std::lock_guard<std::mutex> lock(loaded_mutex_);
    for (const auto& [cached, batch] : loaded_) {
      if (cached == bucket) return batch;
    }
  }
  // Read outside the lock, so the other writers' takes do not wait for this bucket.
  ARROW_ASSIGN_OR_RAISE(auto batch, LoadBucket(bucket));
  std::lock_guard<std::mutex> lock(loaded_mutex_);
  loaded_.emplace_front(bucket, batch);
  size_t keep = static_cast<size_t>(std::max(1, ::arrow::GetCpuThreadPoolCapacity()));
  while (loaded_.size() > keep) loaded_.pop_back();
  return batch;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> StagedPayloads::Take(
    int64_t bucket, const std::vector<int64_t>& rows) {
  if (rows.empty()) return ::arrow::RecordBatch::MakeEmpty(schema_);
  if (!prepared()) {
    return ::arrow::Status::Invalid("staged payloads are taken before PrepareBuckets");
  }
  if (bucket < 0 || static_cast<size_t>(bucket) >= bucket_rows_.size()) {
    return ::arrow::Status::Invalid("no bucket ", bucket, " of ", bucket_rows_.size());
  }
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> loaded,
                        Loaded(static_cast<int32_t>(bucket)));
  const std::vector<uint32_t>& in_bucket = bucket_rows_[bucket];
  // A bucket of inserts asks for all its rows in staging order: the loaded batch as is.
  if (std::equal(rows.begin(), rows.end(), in_bucket.begin(), in_bucket.end())) {
    return loaded;
  }
  ::arrow::Int64Builder indices;
  ARROW_RETURN_NOT_OK(indices.Reserve(static_cast<int64_t>(rows.size())));
  for (int64_t row : rows) {
    auto it = std::lower_bound(in_bucket.begin(), in_bucket.end(), row);
    if (it == in_bucket.end() || *it != row) {
      return ::arrow::Status::Invalid("staged row ", row, " is not in bucket ", bucket);
    }
    indices.UnsafeAppend(it - in_bucket.begin());
  }
  ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken, ::arrow::compute::Take(loaded, index_array));
  return taken.record_batch();
}

}  // namespace hoodie::internal
