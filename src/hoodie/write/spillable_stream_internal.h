// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/spillable_stream_internal.h
/// \brief Scratch bytes of one write held in memory up to a shared budget
/// (hoodie.memory.merge.max.size) and on local disk past it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <arrow/buffer.h>
#include <arrow/io/interfaces.h>
#include <arrow/result.h>
#include <arrow/status.h>

namespace hoodie::internal {

/// \brief The memory and the spill folder the scratch streams of one write share.
/// Thread-safe. The folder is made on the first spill and removed with this object.
class SpillSpace {
 public:
  /// `limit` bytes of memory (0: no limit); spill files go under `directory`.
  SpillSpace(int64_t limit, std::string directory);
  ~SpillSpace();
  SpillSpace(const SpillSpace&) = delete;
  SpillSpace& operator=(const SpillSpace&) = delete;

  /// Takes `bytes` of the budget if they fit.
  bool TryTake(int64_t bytes);
  /// Gives `bytes` back.
  void Give(int64_t bytes) { used_.fetch_sub(bytes); }
  int64_t used() const { return used_.load(); }
  /// Whether some stream of this space went to disk.
  bool spilled() const { return spilled_.load(); }

  /// A new file path in the spill folder (made on first use), named after `what`.
  ::arrow::Result<std::string> NewFile(const std::string& what);

 private:
  const int64_t limit_;
  const std::string directory_;
  std::atomic<int64_t> used_{0};
  std::atomic<bool> spilled_{false};
  std::mutex mutex_;
  std::string folder_;
  int64_t files_ = 0;
};

/// \brief Bytes written once, then read back from the start as often as needed: kept in
/// memory chunks while the space's budget has room, then appended to a spill file (the
/// head stays in memory, the tail is on disk). Writing is not thread-safe; readers of a
/// closed stream may run concurrently, except a releasing one.
class SpillableStream : public ::arrow::io::OutputStream {
 public:
  /// `what` names the spill file, should one be needed.
  SpillableStream(std::shared_ptr<SpillSpace> space, std::string what);
  ~SpillableStream() override;

  ::arrow::Status Write(const void* data, int64_t nbytes) override;
  ::arrow::Status Close() override;
  ::arrow::Result<int64_t> Tell() const override { return size_; }
  bool closed() const override { return closed_; }

  /// A reader of the whole (closed) stream. With `release`, every memory chunk is given
  /// back to the budget once read past, and the stream cannot be read again.
  ::arrow::Result<std::shared_ptr<::arrow::io::InputStream>> Open(bool release);

 private:
  class Reader;

  ::arrow::Status StartChunk();
  ::arrow::Status StartFile();
  void ReleaseChunk(size_t chunk);

  std::shared_ptr<SpillSpace> space_;
  std::string what_;
  // Full chunks hold exactly their size; the last one may hold less than its capacity.
  std::vector<std::shared_ptr<::arrow::ResizableBuffer>> chunks_;
  std::vector<int64_t> charged_;  // budget taken per chunk
  std::string path_;              // set once bytes go to disk
  std::shared_ptr<::arrow::io::OutputStream> file_;
  int64_t memory_bytes_ = 0;  // bytes in chunks (the file holds the rest)
  int64_t size_ = 0;
  bool closed_ = false;
  bool released_ = false;
};

}  // namespace hoodie::internal
