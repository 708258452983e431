// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/row_spill_file.cc
/// \brief RowSpillFile: one-row Arrow IPC messages in an unlinked local file.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>

#include <arrow/buffer.h>
#include <arrow/io/memory.h>
#include <arrow/ipc/message.h>
#include <arrow/ipc/reader.h>
#include <arrow/ipc/writer.h>

#include "hoodie/common/macros.h"
#include "hoodie/common/spill_directory.h"
#include "hoodie/read/row_spill_file_internal.h"

namespace hoodie::internal {

namespace {

constexpr size_t kWriteBuffer = size_t{1} << 20;

::arrow::Status IoError(std::string_view what, const std::string& path) {
  return ::arrow::Status::IOError("cannot ", what, " the log merge spill file ", path,
                                  ": ", std::strerror(errno),
                                  " (hoodie.memory.spillable.map.path names its folder)");
}

}  // namespace

::arrow::Result<std::unique_ptr<RowSpillFile>> RowSpillFile::Create(
    const std::string& directory) {
  std::string pattern = SpillDirectory(directory) + "/hoodie-log-merge-XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) return IoError("create", pattern);
  // Unlinked at once: the open descriptor keeps the data, nothing outlives the process.
  ::unlink(name.data());
  return std::unique_ptr<RowSpillFile>(new RowSpillFile(fd, std::string(name.data())));
}

RowSpillFile::~RowSpillFile() { ::close(fd_); }

::arrow::Result<uint32_t> RowSpillFile::SchemaIndex(
    const std::shared_ptr<::arrow::Schema>& schema) {
  if (schema == last_schema_) return last_schema_index_;
  uint32_t index = static_cast<uint32_t>(schemas_.size());
  for (size_t i = schemas_.size(); i-- > 0;) {
    if (schemas_[i].schema == schema ||
        schemas_[i].schema->Equals(*schema, /*check_metadata=*/true)) {
      index = static_cast<uint32_t>(i);
      break;
    }
  }
  if (index == schemas_.size()) {
    SchemaEntry entry{schema, nullptr};
    auto codec = SpillRowCodec::Make(schema);
    // A type without a row encoding: that schema's rows go as IPC messages.
    if (codec.ok()) entry.codec = std::move(*codec);
    schemas_.push_back(std::move(entry));
  }
  last_schema_ = schema;
  last_schema_index_ = index;
  return index;
}

::arrow::Status RowSpillFile::AppendIpc(const ::arrow::RecordBatch& batch, int64_t row) {
  ::arrow::ipc::IpcPayload payload;
  auto options = ::arrow::ipc::IpcWriteOptions::Defaults();
  ARROW_RETURN_NOT_OK(
      ::arrow::ipc::GetRecordBatchPayload(*batch.Slice(row, 1), options, &payload));
  ARROW_ASSIGN_OR_RAISE(auto stream, ::arrow::io::BufferOutputStream::Create(256));
  int32_t metadata_length = 0;
  ARROW_RETURN_NOT_OK(
      ::arrow::ipc::WriteIpcPayload(payload, options, stream.get(), &metadata_length));
  ARROW_ASSIGN_OR_RAISE(auto bytes, stream->Finish());
  buffer_.append(reinterpret_cast<const char*>(bytes->data()),
                 static_cast<size_t>(bytes->size()));
  return ::arrow::Status::OK();
}

::arrow::Result<SpilledRow> RowSpillFile::Append(const ::arrow::RecordBatch& batch,
                                                 int64_t row) {
  SpilledRow where;
  where.offset = size();
  ARROW_ASSIGN_OR_RAISE(where.schema, SchemaIndex(batch.schema()));
  const SpillRowCodec* codec = schemas_[where.schema].codec.get();
  size_t before = buffer_.size();
  ::arrow::Status status =
      codec != nullptr ? codec->Encode(batch, row, &buffer_) : AppendIpc(batch, row);
  if (!status.ok()) {
    buffer_.resize(before);
    return status;
  }
  if (buffer_.size() - before > std::numeric_limits<uint32_t>::max()) {
    buffer_.resize(before);
    return ::arrow::Status::CapacityError("a log record of more than 4 GiB cannot spill");
  }
  where.length = static_cast<uint32_t>(buffer_.size() - before);
  if (buffer_.size() >= kWriteBuffer) ARROW_RETURN_NOT_OK(Flush());
  return where;
}

::arrow::Status RowSpillFile::Flush() {
  size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t n = ::pwrite(fd_, buffer_.data() + done, buffer_.size() - done,
                         flushed_ + static_cast<int64_t>(done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return IoError("write", path_);
    }
    done += static_cast<size_t>(n);
  }
  flushed_ += static_cast<int64_t>(buffer_.size());
  buffer_.clear();
  return ::arrow::Status::OK();
}

::arrow::Status RowSpillFile::ReadBytes(const SpilledRow& where) {
  scratch_.resize(where.length);
  if (where.offset >= flushed_) {
    std::memcpy(scratch_.data(),
                buffer_.data() + static_cast<size_t>(where.offset - flushed_),
                where.length);
    return ::arrow::Status::OK();
  }
  size_t done = 0;
  while (done < where.length) {
    ssize_t n = ::pread(fd_, scratch_.data() + done, where.length - done,
                        where.offset + static_cast<int64_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return IoError("read", path_);
    done += static_cast<size_t>(n);
  }
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> RowSpillFile::DecodeIpc(
    const SpilledRow& where) {
  ARROW_RETURN_NOT_OK(ReadBytes(where));
  // A buffer of its own: the batch points into it, and scratch_ is reused.
  std::shared_ptr<::arrow::Buffer> buffer = ::arrow::Buffer::FromString(scratch_);
  ::arrow::io::BufferReader reader(buffer);
  ARROW_ASSIGN_OR_RAISE(auto message, ::arrow::ipc::ReadMessage(&reader));
  if (message == nullptr) {
    return ::arrow::Status::IOError("log merge spill file ", path_,
                                    " has no row at offset ", where.offset);
  }
  return ::arrow::ipc::ReadRecordBatch(*message, schemas_.at(where.schema).schema,
                                       nullptr, ::arrow::ipc::IpcReadOptions::Defaults());
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> RowSpillFile::Read(
    const SpilledRow& where) {
  std::vector<ReadBackRow> rows;
  ARROW_RETURN_NOT_OK(ReadMany({where}, &rows));
  return rows[0].batch;
}

::arrow::Status RowSpillFile::ReadMany(const std::vector<SpilledRow>& rows,
                                       std::vector<ReadBackRow>* out) {
  ::arrow::Status status = ReadManyRows(rows, out);
  if (!status.ok()) {
    // Rows decoded before the error must not reach the next batch: fresh codecs.
    for (SchemaEntry& entry : schemas_) {
      if (entry.codec != nullptr) {
        ARROW_ASSIGN_OR_RAISE(entry.codec, SpillRowCodec::Make(entry.schema));
      }
    }
  }
  return status;
}

::arrow::Status RowSpillFile::ReadManyRows(const std::vector<SpilledRow>& rows,
                                           std::vector<ReadBackRow>* out) {
  out->assign(rows.size(), ReadBackRow{});
  // Row i becomes row rows_in_batch_[i] of its schema's batch, decoded in one pass.
  rows_in_batch_.assign(schemas_.size(), 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    const SpilledRow& where = rows[i];
    if (where.schema >= schemas_.size()) {
      return ::arrow::Status::Invalid("log merge spill file ", path_, " has no schema ",
                                      where.schema);
    }
    SpillRowCodec* codec = schemas_[where.schema].codec.get();
    if (codec == nullptr) {
      ARROW_ASSIGN_OR_RAISE((*out)[i].batch, DecodeIpc(where));
      continue;
    }
    ARROW_RETURN_NOT_OK(ReadBytes(where));
    ARROW_RETURN_NOT_OK(codec->Decode(scratch_));
    (*out)[i].row = rows_in_batch_[where.schema]++;
  }
  std::vector<std::shared_ptr<::arrow::RecordBatch>> batches(schemas_.size());
  for (size_t s = 0; s < schemas_.size(); ++s) {
    if (rows_in_batch_[s] > 0) {
      ARROW_ASSIGN_OR_RAISE(batches[s], schemas_[s].codec->Finish());
    }
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    if ((*out)[i].batch == nullptr) (*out)[i].batch = batches[rows[i].schema];
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
