// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/base_file_format.h
/// \brief A base file format (hoodie.table.base.file.format): its name, its file
/// extension, and how its files are written and read (HoodieFileWriterFactory and
/// HoodieFileReaderFactory for one format).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/format/base_file/base_file_reader.h"
#include "hoodie/format/base_file/base_file_writer.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief One base file format. Implementations are stateless and thread-safe; the
/// format registry (format/registry/base_file_formats.h) makes them by name or by a
/// file's extension.
class HOODIE_EXPORT BaseFileFormat {
 public:
  virtual ~BaseFileFormat() = default;

  /// The table property's value: "PARQUET", "ORC" or "HFILE".
  virtual std::string_view name() const = 0;
  /// The extension of its files, with the dot: ".parquet".
  virtual std::string_view extension() const = 0;

  /// Creates the file at `path` (never overwriting) for rows of `data_schema` (no meta
  /// columns). \return Invalid if `data_schema` has a meta column or a type Avro cannot
  /// represent, or the options are bad; AlreadyExists/IOError from storage.
  virtual ::arrow::Result<std::unique_ptr<BaseFileWriter>> OpenWriter(
      std::shared_ptr<Storage> storage, std::string path,
      std::shared_ptr<::arrow::Schema> data_schema, BaseFileWriterOptions options) const = 0;

  /// Opens `path` and reads its footer; batches hold `batch_size` rows unless a read
  /// asks otherwise (0: the format's default). `listed_size`, when positive, is the
  /// file's size as a listing gave it (Storage::OpenListed: no status request on an
  /// object store). \return IOError naming the file.
  virtual ::arrow::Result<std::unique_ptr<BaseFileReader>> OpenReader(
      std::shared_ptr<Storage> storage, std::string path, int64_t batch_size,
      BaseFileReader::Decode decode, int64_t listed_size) const = 0;

  /// Only the footer of `path` (`listed_size` as OpenReader takes it). Storage errors
  /// (IOError) pass through; Invalid naming the path when the file is not of this
  /// format or its footer is corrupt.
  virtual ::arrow::Result<BaseFileFooter> ReadFooter(Storage& storage,
                                                     const std::string& path,
                                                     int64_t listed_size) const = 0;
};

}  // namespace hoodie
