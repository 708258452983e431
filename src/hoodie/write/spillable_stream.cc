// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/spillable_stream.cc
/// \brief Scratch streams in memory up to a budget, then on local disk.

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <arrow/io/buffered.h>
#include <arrow/io/file.h>
#include <arrow/memory_pool.h>

#include "hoodie/write/keyed_batch_internal.h"
#include "hoodie/write/spillable_stream_internal.h"

namespace hoodie::internal {
namespace {

// Chunks grow from small (a write of a few rows stays small) to large (few allocations
// for a big one). Every size is a multiple of 8, so each chunk starts at a stream offset
// that is one too and the 8-byte-aligned Arrow IPC messages are sliced out aligned.
constexpr int64_t kFirstChunk = 16 << 10;
constexpr int64_t kLargestChunk = 4 << 20;
constexpr int64_t kFileBuffer = 1 << 20;

}  // namespace

SpillSpace::SpillSpace(int64_t limit, std::string directory)
    : limit_(limit), directory_(std::move(directory)) {}

SpillSpace::~SpillSpace() {
  if (!folder_.empty()) RemoveSpillFolder(folder_);
}

bool SpillSpace::TryTake(int64_t bytes) {
  if (limit_ <= 0) {
    used_.fetch_add(bytes);
    return true;
  }
  int64_t used = used_.load();
  while (used + bytes <= limit_) {
    if (used_.compare_exchange_weak(used, used + bytes)) return true;
  }
  return false;
}

::arrow::Result<std::string> SpillSpace::NewFile(const std::string& what) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (folder_.empty()) {
    ARROW_ASSIGN_OR_RAISE(folder_, MakeSpillFolder(directory_, "stage"));
  }
  spilled_.store(true);
  return folder_ + "/" + what + "-" + std::to_string(files_++) + ".arrows";
}

// Reads the chunks, then the file, in order.
class SpillableStream::Reader : public ::arrow::io::InputStream {
 public:
  Reader(SpillableStream* stream, bool release) : stream_(stream), release_(release) {}

  ::arrow::Status Close() override {
    closed_ = true;
    if (file_ != nullptr) return file_->Close();
    return ::arrow::Status::OK();
  }
  bool closed() const override { return closed_; }
  ::arrow::Result<int64_t> Tell() const override { return position_; }

  ::arrow::Result<int64_t> Read(int64_t nbytes, void* out) override {
    auto* target = static_cast<uint8_t*>(out);
    int64_t done = 0;
    while (done < nbytes && position_ < stream_->size_) {
      if (position_ >= stream_->memory_bytes_) {
        ARROW_ASSIGN_OR_RAISE(auto file, OpenFile());
        ARROW_ASSIGN_OR_RAISE(int64_t got, file->Read(nbytes - done, target + done));
        if (got == 0) break;
        done += got;
        position_ += got;
        continue;
      }
      const auto& chunk = stream_->chunks_[chunk_];
      int64_t take = std::min(nbytes - done, chunk->size() - offset_);
      std::memcpy(target + done, chunk->data() + offset_, static_cast<size_t>(take));
      done += take;
      Advance(take);
    }
    return done;
  }

  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> Read(int64_t nbytes) override {
    if (position_ < stream_->memory_bytes_) {
      const auto& chunk = stream_->chunks_[chunk_];
      if (chunk->size() - offset_ >= nbytes) {
        // Inside one chunk: a slice, no copy.
        auto slice = ::arrow::SliceBuffer(chunk, offset_, nbytes);
        Advance(nbytes);
        return slice;
      }
    }
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<::arrow::ResizableBuffer> buffer,
                          ::arrow::AllocateResizableBuffer(nbytes));
    ARROW_ASSIGN_OR_RAISE(int64_t got, Read(nbytes, buffer->mutable_data()));
    ARROW_RETURN_NOT_OK(buffer->Resize(got, false));
    return std::shared_ptr<::arrow::Buffer>(std::move(buffer));
  }

 private:
  void Advance(int64_t bytes) {
    offset_ += bytes;
    position_ += bytes;
    if (offset_ == stream_->chunks_[chunk_]->size()) {
      if (release_) stream_->ReleaseChunk(chunk_);
      ++chunk_;
      offset_ = 0;
    }
  }

  ::arrow::Result<::arrow::io::InputStream*> OpenFile() {
    if (file_ == nullptr) {
      ARROW_ASSIGN_OR_RAISE(auto raw, ::arrow::io::ReadableFile::Open(stream_->path_));
      ARROW_ASSIGN_OR_RAISE(file_, ::arrow::io::BufferedInputStream::Create(
                                       kFileBuffer, ::arrow::default_memory_pool(), raw));
    }
    return file_.get();
  }

  SpillableStream* stream_;
  bool release_;
  bool closed_ = false;
  size_t chunk_ = 0;
  int64_t offset_ = 0;
  int64_t position_ = 0;
  std::shared_ptr<::arrow::io::InputStream> file_;
};

SpillableStream::SpillableStream(std::shared_ptr<SpillSpace> space, std::string what)
    : space_(std::move(space)), what_(std::move(what)) {}

SpillableStream::~SpillableStream() {
  for (size_t c = 0; c < chunks_.size(); ++c) ReleaseChunk(c);
  if (file_ != nullptr) (void)file_->Close();
  if (!path_.empty()) {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
}

void SpillableStream::ReleaseChunk(size_t chunk) {
  if (chunks_[chunk] == nullptr) return;
  chunks_[chunk].reset();
  space_->Give(charged_[chunk]);
}

::arrow::Status SpillableStream::StartChunk() {
  int64_t capacity = chunks_.empty() ? kFirstChunk
                                     : std::min(kLargestChunk, chunks_.back()->capacity() * 2);
  if (!space_->TryTake(capacity)) return StartFile();
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<::arrow::ResizableBuffer> chunk,
                        ::arrow::AllocateResizableBuffer(0));
  ARROW_RETURN_NOT_OK(chunk->Reserve(capacity));
  chunks_.push_back(std::move(chunk));
  charged_.push_back(capacity);
  return ::arrow::Status::OK();
}

::arrow::Status SpillableStream::StartFile() {
  ARROW_ASSIGN_OR_RAISE(path_, space_->NewFile(what_));
  ARROW_ASSIGN_OR_RAISE(auto raw, ::arrow::io::FileOutputStream::Open(path_));
  ARROW_ASSIGN_OR_RAISE(file_, ::arrow::io::BufferedOutputStream::Create(
                                   kFileBuffer, ::arrow::default_memory_pool(), raw));
  return ::arrow::Status::OK();
}

::arrow::Status SpillableStream::Write(const void* data, int64_t nbytes) {
  if (closed_) return ::arrow::Status::Invalid("write to a closed spillable stream");
  const auto* source = static_cast<const uint8_t*>(data);
  while (nbytes > 0) {
    if (file_ != nullptr) {
      ARROW_RETURN_NOT_OK(file_->Write(source, nbytes));
      size_ += nbytes;
      return ::arrow::Status::OK();
    }
    if (chunks_.empty() || chunks_.back()->size() == chunks_.back()->capacity()) {
      // A chunk is filled to its capacity before the next starts (see kFirstChunk).
      ARROW_RETURN_NOT_OK(StartChunk());
      continue;
    }
    auto& chunk = chunks_.back();
    int64_t size = chunk->size();
    int64_t take = std::min(nbytes, chunk->capacity() - size);
    ARROW_RETURN_NOT_OK(chunk->Resize(size + take, false));
    std::memcpy(chunk->mutable_data() + size, source, static_cast<size_t>(take));
    source += take;
    nbytes -= take;
    size_ += take;
    memory_bytes_ += take;
  }
  return ::arrow::Status::OK();
}

::arrow::Status SpillableStream::Close() {
  if (closed_) return ::arrow::Status::OK();
  closed_ = true;
  if (file_ != nullptr) return file_->Close();
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::io::InputStream>> SpillableStream::Open(
    bool release) {
  if (!closed_) return ::arrow::Status::Invalid("a spillable stream is read once closed");
  if (released_) {
    return ::arrow::Status::Invalid("a spillable stream read with release is gone");
  }
  released_ = release;
  return std::make_shared<Reader>(this, release);
}

}  // namespace hoodie::internal
