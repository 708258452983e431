// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/input_file_internal.h
/// \brief Opening an input file through Storage, so that every format reads local
/// files and object stores alike.
#pragma once

#include <memory>
#include <string>

#include <arrow/io/interfaces.h>
#include <arrow/result.h>

#include "hoodie/storage/storage.h"

namespace hoodie::internal {

/// The file at `path` of `storage` (the local file system when null) for reading.
inline ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenInputFile(
    const std::shared_ptr<Storage>& storage, const std::string& path) {
  if (storage == nullptr) return Storage::Local()->OpenForRead(path);
  return storage->OpenForRead(path);
}

}  // namespace hoodie::internal
