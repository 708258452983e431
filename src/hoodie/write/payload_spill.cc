// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/payload_spill.cc
/// \brief Spilled payloads of a staged write.

#include <algorithm>
#include <map>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/reader.h>
#include <arrow/ipc/writer.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/util/thread_pool.h>

#include "hoodie/write/keyed_batch_internal.h"
#include "hoodie/write/payload_spill_internal.h"

namespace hoodie::internal {
namespace {

// Bucket files open at once while splitting (each is one open file descriptor).
constexpr size_t kBucketsPerPass = 256;

std::string BucketPath(const std::string& folder, size_t bucket) {
  return folder + "/bucket-" + std::to_string(bucket) + ".arrow";
}

struct BucketFile {
  std::shared_ptr<::arrow::io::OutputStream> out;
  std::shared_ptr<::arrow::ipc::RecordBatchWriter> writer;
};

}  // namespace

::arrow::Result<std::unique_ptr<SpilledPayloads>> SpilledPayloads::Create(
    std::shared_ptr<::arrow::Schema> schema, const std::string& spill_dir) {
  std::unique_ptr<SpilledPayloads> out(new SpilledPayloads());
  out->schema_ = std::move(schema);
  ARROW_ASSIGN_OR_RAISE(out->folder_, MakeSpillFolder(spill_dir, "stage"));
  out->path_ = out->folder_ + "/staged.arrow";
  ARROW_ASSIGN_OR_RAISE(out->out_, ::arrow::io::FileOutputStream::Open(out->path_));
  ARROW_ASSIGN_OR_RAISE(out->writer_,
                        ::arrow::ipc::MakeFileWriter(out->out_, out->schema_));
  return out;
}

SpilledPayloads::~SpilledPayloads() {
  if (writer_ != nullptr) (void)writer_->Close();
  if (out_ != nullptr) (void)out_->Close();
  RemoveSpillFolder(folder_);
}

::arrow::Status SpilledPayloads::Append(const ::arrow::RecordBatch& batch) {
  ARROW_RETURN_NOT_OK(writer_->WriteRecordBatch(batch));
  rows_ += batch.num_rows();
  return ::arrow::Status::OK();
}

::arrow::Status SpilledPayloads::Finish() {
  ARROW_RETURN_NOT_OK(writer_->Close());
  ARROW_RETURN_NOT_OK(out_->Close());
  writer_.reset();
  out_.reset();
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> SpilledPayloads::ReadRows(
    const std::vector<int64_t>& rows) {
  if (!bucket_of_row_.empty()) {
    return ::arrow::Status::Invalid("spilled payloads were already split by bucket");
  }
  ARROW_ASSIGN_OR_RAISE(auto file, ::arrow::io::ReadableFile::Open(path_));
  ARROW_ASSIGN_OR_RAISE(auto reader, ::arrow::ipc::RecordBatchFileReader::Open(file));
  std::vector<std::shared_ptr<::arrow::RecordBatch>> parts;
  size_t next = 0;
  int64_t offset = 0;
  for (int i = 0; i < reader->num_record_batches() && next < rows.size(); ++i) {
    ARROW_ASSIGN_OR_RAISE(auto batch, reader->ReadRecordBatch(i));
    ::arrow::Int64Builder indices;
    while (next < rows.size() && rows[next] < offset + batch->num_rows()) {
      ARROW_RETURN_NOT_OK(indices.Append(rows[next++] - offset));
    }
    offset += batch->num_rows();
    if (indices.length() == 0) continue;
    ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
    ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken,
                          ::arrow::compute::Take(batch, index_array));
    parts.push_back(taken.record_batch());
  }
  ARROW_RETURN_NOT_OK(file->Close());
  if (next < rows.size()) {
    return ::arrow::Status::Invalid("staged row ", rows[next], " is out of range");
  }
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches(schema_, parts));
  return table->CombineChunksToBatch();
}

::arrow::Status SpilledPayloads::PrepareBuckets(
    const std::vector<std::vector<int64_t>>& bucket_rows) {
  bucket_of_row_.assign(rows_, -1);
  bucket_rows_.assign(bucket_rows.size(), {});
  for (size_t b = 0; b < bucket_rows.size(); ++b) {
    bucket_rows_[b] = bucket_rows[b];
    std::sort(bucket_rows_[b].begin(), bucket_rows_[b].end());
    for (int64_t row : bucket_rows_[b]) {
      if (row < 0 || row >= rows_) {
        return ::arrow::Status::Invalid("staged row ", row, " is out of range");
      }
      bucket_of_row_[row] = static_cast<int32_t>(b);
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto file, ::arrow::io::ReadableFile::Open(path_));
  ARROW_ASSIGN_OR_RAISE(auto reader, ::arrow::ipc::RecordBatchFileReader::Open(file));
  for (size_t first = 0; first < bucket_rows.size(); first += kBucketsPerPass) {
    size_t last = std::min(bucket_rows.size(), first + kBucketsPerPass);
    std::map<size_t, BucketFile> files;
    int64_t offset = 0;
    for (int i = 0; i < reader->num_record_batches(); ++i) {
      ARROW_ASSIGN_OR_RAISE(auto batch, reader->ReadRecordBatch(i));
      std::map<size_t, std::vector<int64_t>> picked;
      for (int64_t r = 0; r < batch->num_rows(); ++r) {
        int32_t bucket = bucket_of_row_[offset + r];
        if (bucket >= 0 && static_cast<size_t>(bucket) >= first &&
            static_cast<size_t>(bucket) < last) {
          picked[static_cast<size_t>(bucket)].push_back(r);
        }
      }
      offset += batch->num_rows();
      for (const auto& [bucket, rows] : picked) {
        BucketFile& target = files[bucket];
        if (target.writer == nullptr) {
          ARROW_ASSIGN_OR_RAISE(target.out, ::arrow::io::FileOutputStream::Open(
                                                BucketPath(folder_, bucket)));
          ARROW_ASSIGN_OR_RAISE(target.writer,
                                ::arrow::ipc::MakeFileWriter(target.out, schema_));
        }
        ::arrow::Int64Builder indices;
        ARROW_RETURN_NOT_OK(indices.AppendValues(rows));
        ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
        ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken,
                              ::arrow::compute::Take(batch, index_array));
        ARROW_RETURN_NOT_OK(target.writer->WriteRecordBatch(*taken.record_batch()));
      }
    }
    for (auto& [bucket, target] : files) {
      ARROW_RETURN_NOT_OK(target.writer->Close());
      ARROW_RETURN_NOT_OK(target.out->Close());
    }
  }
  ARROW_RETURN_NOT_OK(file->Close());
  // The staged file is no longer needed: every row lives in its bucket's file now.
  RemoveSpillFolder(path_);
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> SpilledPayloads::LoadBucket(
    int32_t bucket) const {
  if (bucket_rows_[bucket].empty()) return ::arrow::RecordBatch::MakeEmpty(schema_);
  ARROW_ASSIGN_OR_RAISE(auto file,
                        ::arrow::io::ReadableFile::Open(BucketPath(folder_, bucket)));
  ARROW_ASSIGN_OR_RAISE(auto reader, ::arrow::ipc::RecordBatchFileReader::Open(file));
  ::arrow::RecordBatchVector batches;
  for (int i = 0; i < reader->num_record_batches(); ++i) {
    ARROW_ASSIGN_OR_RAISE(auto batch, reader->ReadRecordBatch(i));
    batches.push_back(std::move(batch));
  }
  ARROW_ASSIGN_OR_RAISE(auto table, ::arrow::Table::FromRecordBatches(schema_, batches));
  return table->CombineChunksToBatch();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> SpilledPayloads::Loaded(
    int32_t bucket) {
  {
    std::lock_guard<std::mutex> lock(loaded_mutex_);
    for (const auto& [cached, batch] : loaded_) {
      if (cached == bucket) return batch;
    }
  }
  // Read outside the lock, so the other writers' takes do not wait for this file.
  ARROW_ASSIGN_OR_RAISE(auto batch, LoadBucket(bucket));
  std::lock_guard<std::mutex> lock(loaded_mutex_);
  loaded_.emplace_front(bucket, batch);
  size_t keep = static_cast<size_t>(std::max(1, ::arrow::GetCpuThreadPoolCapacity()));
  while (loaded_.size() > keep) loaded_.pop_back();
  return batch;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> SpilledPayloads::Take(
    const std::vector<int64_t>& rows) {
  if (rows.empty()) return ::arrow::RecordBatch::MakeEmpty(schema_);
  if (bucket_of_row_.empty()) {
    return ::arrow::Status::Invalid("spilled payloads are read before PrepareBuckets");
  }
  int32_t bucket = rows[0] >= 0 && rows[0] < rows_ ? bucket_of_row_[rows[0]] : -1;
  if (bucket < 0) {
    return ::arrow::Status::Invalid("staged row ", rows[0], " belongs to no bucket");
  }
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> loaded, Loaded(bucket));
  const std::vector<int64_t>& in_bucket = bucket_rows_[bucket];
  ::arrow::Int64Builder indices;
  ARROW_RETURN_NOT_OK(indices.Reserve(static_cast<int64_t>(rows.size())));
  for (int64_t row : rows) {
    auto it = std::lower_bound(in_bucket.begin(), in_bucket.end(), row);
    if (it == in_bucket.end() || *it != row) {
      return ::arrow::Status::Invalid("staged row ", row, " is not in bucket ", bucket,
                                      " with row ", rows[0]);
    }
    indices.UnsafeAppend(it - in_bucket.begin());
  }
  ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken,
                        ::arrow::compute::Take(loaded, index_array));
  return taken.record_batch();
}

}  // namespace hoodie::internal
