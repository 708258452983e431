// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/row_spill_file.cc
/// \brief RowSpillFile: one-row Arrow IPC messages in an unlinked local file.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <arrow/buffer.h>
#include <arrow/io/memory.h>
#include <arrow/ipc/message.h>
#include <arrow/ipc/reader.h>
#include <arrow/ipc/writer.h>

#include "hoodie/common/macros.h"
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

std::string SpillParentDirectory(const std::string& configured) {
  if (!configured.empty()) return configured;
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
}

::arrow::Result<std::unique_ptr<RowSpillFile>> RowSpillFile::Create(
    const std::string& directory) {
  std::string pattern = SpillParentDirectory(directory) + "/hoodie-log-merge-XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) return IoError("create", pattern);
  // Unlinked at once: the open descriptor keeps the data, nothing outlives the process.
  ::unlink(name.data());
  return std::unique_ptr<RowSpillFile>(new RowSpillFile(fd, std::string(name.data())));
}

RowSpillFile::~RowSpillFile() { ::close(fd_); }

uint32_t RowSpillFile::SchemaIndex(const std::shared_ptr<::arrow::Schema>& schema) {
  for (size_t i = schemas_.size(); i-- > 0;) {
    if (schemas_[i] == schema || schemas_[i]->Equals(*schema)) {
      return static_cast<uint32_t>(i);
    }
  }
  schemas_.push_back(schema);
  return static_cast<uint32_t>(schemas_.size() - 1);
}

::arrow::Result<SpilledRow> RowSpillFile::Append(const ::arrow::RecordBatch& batch,
                                                 int64_t row) {
  ::arrow::ipc::IpcPayload payload;
  auto options = ::arrow::ipc::IpcWriteOptions::Defaults();
  HOODIE_RETURN_NOT_OK(
      ::arrow::ipc::GetRecordBatchPayload(*batch.Slice(row, 1), options, &payload));
  HOODIE_ASSIGN_OR_RAISE(auto stream, ::arrow::io::BufferOutputStream::Create(256));
  int32_t metadata_length = 0;
  HOODIE_RETURN_NOT_OK(
      ::arrow::ipc::WriteIpcPayload(payload, options, stream.get(), &metadata_length));
  HOODIE_ASSIGN_OR_RAISE(auto bytes, stream->Finish());
  SpilledRow where;
  where.offset = size();
  where.length = static_cast<uint32_t>(bytes->size());
  where.schema = SchemaIndex(batch.schema());
  buffer_.append(reinterpret_cast<const char*>(bytes->data()),
                 static_cast<size_t>(bytes->size()));
  if (buffer_.size() >= kWriteBuffer) HOODIE_RETURN_NOT_OK(Flush());
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

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> RowSpillFile::Read(
    const SpilledRow& where) {
  HOODIE_ASSIGN_OR_RAISE(auto bytes, ::arrow::AllocateResizableBuffer(where.length));
  if (where.offset >= flushed_) {
    std::memcpy(bytes->mutable_data(),
                buffer_.data() + static_cast<size_t>(where.offset - flushed_),
                where.length);
  } else {
    size_t done = 0;
    while (done < where.length) {
      ssize_t n = ::pread(fd_, bytes->mutable_data() + done, where.length - done,
                          where.offset + static_cast<int64_t>(done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return IoError("read", path_);
      done += static_cast<size_t>(n);
    }
  }
  std::shared_ptr<::arrow::Buffer> buffer(std::move(bytes));
  ::arrow::io::BufferReader reader(buffer);
  HOODIE_ASSIGN_OR_RAISE(auto message, ::arrow::ipc::ReadMessage(&reader));
  if (message == nullptr) {
    return ::arrow::Status::IOError("log merge spill file ", path_,
                                    " has no row at offset ", where.offset);
  }
  return ::arrow::ipc::ReadRecordBatch(*message, schemas_.at(where.schema), nullptr,
                                       ::arrow::ipc::IpcReadOptions::Defaults());
}

}  // namespace hoodie::internal
