// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_calls.cc
/// \brief The process's storage call counts, and the input file that counts its reads.

#include "hoodie/storage/storage_calls.h"

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "hoodie/storage/storage_calls_internal.h"

namespace hoodie {
namespace internal {

class StoreCallCounter {
 public:
  std::array<std::atomic<int64_t>, 7> calls{};  // by StorageCall
  std::atomic<int64_t> bytes_read{0};
  std::atomic<int64_t> bytes_written{0};
};

namespace {

// The stores' counters. Each is made once and lives as long as the process (streams and
// files that count into it may outlive every Storage).
struct StoreCounters {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<StoreCallCounter>, std::less<>> by_store;
};

StoreCounters& ProcessCounters() {
  static StoreCounters* counters = new StoreCounters();  // never destroyed: see above
  return *counters;
}

void CountRead(StoreCallCounter* counter, int64_t position, int64_t requested,
               int64_t bytes, int64_t size) {
  const bool whole = position == 0 && requested >= size;
  CountStorageCall(counter, whole ? StorageCall::kGet : StorageCall::kGetRanged);
  counter->bytes_read.fetch_add(bytes, std::memory_order_relaxed);
}

/// A RandomAccessFile that counts each read as the GET it costs on an object store
/// (Arrow's S3, GCS and Azure files make one ranged request per read) and forwards
/// everything to the file it wraps.
class CountingFile : public ::arrow::io::RandomAccessFile {
 public:
  CountingFile(std::shared_ptr<::arrow::io::RandomAccessFile> inner,
               StoreCallCounter* counter)
      : inner_(std::move(inner)), counter_(counter) {}

  ::arrow::Status Close() override { return inner_->Close(); }
  ::arrow::Future<> CloseAsync() override { return inner_->CloseAsync(); }
  ::arrow::Status Abort() override { return inner_->Abort(); }
  bool closed() const override { return inner_->closed(); }
  ::arrow::Result<int64_t> Tell() const override { return inner_->Tell(); }
  ::arrow::Status Seek(int64_t position) override { return inner_->Seek(position); }
  ::arrow::Result<int64_t> GetSize() override { return inner_->GetSize(); }
  bool supports_zero_copy() const override { return inner_->supports_zero_copy(); }
  ::arrow::Result<std::shared_ptr<const ::arrow::KeyValueMetadata>> ReadMetadata()
      override {
    return inner_->ReadMetadata();
  }
  ::arrow::Status WillNeed(const std::vector<::arrow::io::ReadRange>& ranges) override {
    return inner_->WillNeed(ranges);
  }

  ::arrow::Result<int64_t> Read(int64_t nbytes, void* out) override {
    ARROW_ASSIGN_OR_RAISE(int64_t position, inner_->Tell());
    ARROW_ASSIGN_OR_RAISE(int64_t read, inner_->Read(nbytes, out));
    Count(position, nbytes, read);
    return read;
  }
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> Read(int64_t nbytes) override {
    ARROW_ASSIGN_OR_RAISE(int64_t position, inner_->Tell());
    ARROW_ASSIGN_OR_RAISE(auto buffer, inner_->Read(nbytes));
    Count(position, nbytes, buffer->size());
    return buffer;
  }
  ::arrow::Result<int64_t> ReadAt(int64_t position, int64_t nbytes, void* out) override {
    ARROW_ASSIGN_OR_RAISE(int64_t read, inner_->ReadAt(position, nbytes, out));
    Count(position, nbytes, read);
    return read;
  }
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> ReadAt(int64_t position,
                                                           int64_t nbytes) override {
    ARROW_ASSIGN_OR_RAISE(auto buffer, inner_->ReadAt(position, nbytes));
    Count(position, nbytes, buffer->size());
    return buffer;
  }
  // Parquet's pre-buffering reads through here: counted when the read is issued.
  ::arrow::Future<std::shared_ptr<::arrow::Buffer>> ReadAsync(
      const ::arrow::io::IOContext& context, int64_t position, int64_t nbytes) override {
    auto size = inner_->GetSize();
    CountRead(counter_, position, nbytes, 0, size.ok() ? *size : -1);
    auto future = inner_->ReadAsync(context, position, nbytes);
    StoreCallCounter* counter = counter_;
    return future.Then([counter](const std::shared_ptr<::arrow::Buffer>& buffer) {
      counter->bytes_read.fetch_add(buffer->size(), std::memory_order_relaxed);
      return buffer;
    });
  }

 private:
  void Count(int64_t position, int64_t requested, int64_t read) {
    // Arrow's remote files know their size from the open; local ones ask fstat(2).
    auto size = inner_->GetSize();
    CountRead(counter_, position, requested, read, size.ok() ? *size : -1);
  }

  std::shared_ptr<::arrow::io::RandomAccessFile> inner_;
  StoreCallCounter* counter_;
};

}  // namespace

StoreCallCounter* CallCounterOf(const std::string& type_name) {
  StoreCounters& counters = ProcessCounters();
  std::lock_guard<std::mutex> lock(counters.mutex);
  auto& counter = counters.by_store[type_name];
  if (counter == nullptr) counter = std::make_unique<StoreCallCounter>();
  return counter.get();
}

void CountStorageCall(StoreCallCounter* counter, StorageCall call, int64_t count) {
  counter->calls[static_cast<size_t>(call)].fetch_add(count, std::memory_order_relaxed);
}

void CountBytesWritten(StoreCallCounter* counter, int64_t bytes) {
  counter->bytes_written.fetch_add(bytes, std::memory_order_relaxed);
}

std::shared_ptr<::arrow::io::RandomAccessFile> CountingInputFile(
    std::shared_ptr<::arrow::io::RandomAccessFile> file, StoreCallCounter* counter) {
  return std::make_shared<CountingFile>(std::move(file), counter);
}

namespace {

StorageCallCounts CountsOf(const StoreCallCounter& counter) {
  auto calls = [&](StorageCall call) {
    return counter.calls[static_cast<size_t>(call)].load(std::memory_order_relaxed);
  };
  StorageCallCounts counts;
  counts.list = calls(StorageCall::kList);
  counts.head = calls(StorageCall::kHead);
  counts.get = calls(StorageCall::kGet);
  counts.get_ranged = calls(StorageCall::kGetRanged);
  counts.put = calls(StorageCall::kPut);
  counts.multipart = calls(StorageCall::kMultipart);
  counts.delete_ = calls(StorageCall::kDelete);
  counts.bytes_read = counter.bytes_read.load(std::memory_order_relaxed);
  counts.bytes_written = counter.bytes_written.load(std::memory_order_relaxed);
  return counts;
}

}  // namespace

}  // namespace internal

int64_t StorageCallCounts::total() const {
  return list + head + get + get_ranged + put + multipart + delete_;
}

StorageCallCounts StorageCallCounts::operator-(const StorageCallCounts& earlier) const {
  StorageCallCounts diff;
  diff.list = list - earlier.list;
  diff.head = head - earlier.head;
  diff.get = get - earlier.get;
  diff.get_ranged = get_ranged - earlier.get_ranged;
  diff.put = put - earlier.put;
  diff.multipart = multipart - earlier.multipart;
  diff.delete_ = delete_ - earlier.delete_;
  diff.bytes_read = bytes_read - earlier.bytes_read;
  diff.bytes_written = bytes_written - earlier.bytes_written;
  return diff;
}

std::vector<std::pair<std::string, int64_t>> StorageCallCounts::Named() const {
  return {{"list", list},           {"head", head},
          {"get", get},             {"get_ranged", get_ranged},
          {"put", put},             {"multipart", multipart},
          {"delete", delete_},      {"bytes_read", bytes_read},
          {"bytes_written", bytes_written}};
}

std::map<std::string, StorageCallCounts> StorageCallsByStore() {
  internal::StoreCounters& counters = internal::ProcessCounters();
  std::lock_guard<std::mutex> lock(counters.mutex);
  std::map<std::string, StorageCallCounts> by_store;
  for (const auto& [store, counter] : counters.by_store) {
    by_store[store] = internal::CountsOf(*counter);
  }
  return by_store;
}

}  // namespace hoodie
