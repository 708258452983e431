// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_calls_internal.h
/// \brief Counting storage calls (StorageCallsSoFar) from inside the storage layer.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <arrow/buffer.h>
#include <arrow/io/interfaces.h>
#include <arrow/result.h>
#include <arrow/util/future.h>

namespace hoodie::internal {

enum class StorageCall { kList, kHead, kGet, kGetRanged, kPut, kMultipart, kDelete };

/// The counts of one store (StorageCallsByStore), kept for the life of the process.
class StoreCallCounter;

/// The counter of the store `type_name` names (FileSystem::type_name(): "local", "s3",
/// ...), made on first use. Thread-safe; never null.
StoreCallCounter* CallCounterOf(const std::string& type_name);

/// Adds `count` calls of `call` to `counter`.
void CountStorageCall(StoreCallCounter* counter, StorageCall call, int64_t count = 1);
void CountBytesWritten(StoreCallCounter* counter, int64_t bytes);

/// `file` whose reads are counted in `counter`: a read of the whole file as kGet, any
/// other as kGetRanged, with the bytes read.
std::shared_ptr<::arrow::io::RandomAccessFile> CountingInputFile(
    std::shared_ptr<::arrow::io::RandomAccessFile> file, StoreCallCounter* counter);

}  // namespace hoodie::internal
