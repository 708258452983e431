// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/registry/base_file_formats.h
/// \brief The base file format registry: the format of a table
/// (hoodie.table.base.file.format) and of a file (its extension, as Hudi's
/// HoodieFileReaderFactory picks a reader).
#pragma once

#include <memory>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/format/base_file/base_file_format.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Base file formats by their table property value (PARQUET, ORC, HFILE;
/// matched ignoring case).
class HOODIE_EXPORT BaseFileFormatRegistry : public PluginRegistry<BaseFileFormat> {
 public:
  /// An empty registry of its own (tests); callers use Global().
  BaseFileFormatRegistry() : PluginRegistry("base file format") {}

  /// The process-wide registry: PARQUET, and ORC and HFILE, whose factories refuse them
  /// (NotImplemented) until hoodie writes and reads them.
  static BaseFileFormatRegistry* Global();
};

/// The format named `name` (hoodie.table.base.file.format, --base-file-format).
/// NotImplemented for ORC and HFILE; Invalid listing the known ones otherwise.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<const BaseFileFormat>> MakeBaseFileFormat(
    std::string_view name);

/// The format of the base file at `path`, by its extension (HoodieFileFormat:
/// .parquet, .orc, .hfile). The status of MakeBaseFileFormat, or Invalid for another
/// extension, naming the file.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<const BaseFileFormat>> BaseFileFormatOfFile(
    std::string_view path);

/// Opens the base file at `path` with the reader of its format; a positive
/// `listed_size` (its size as a listing gave it) spares an object store the status
/// request.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<BaseFileReader>> OpenBaseFile(
    std::shared_ptr<Storage> storage, std::string path, int64_t batch_size = 0,
    BaseFileReader::Decode decode = BaseFileReader::Decode::kSerial,
    int64_t listed_size = -1);

/// The `_hoodie_record_key` column of the base file at `path` (`listed_size` as for
/// OpenBaseFile): what the indexes read to find keys. Invalid naming the file when the
/// column holds nulls: it was written with hoodie.populate.meta.fields=false, and no
/// key can be found in it.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::StringArray>> ReadBaseFileRecordKeys(
    std::shared_ptr<Storage> storage, std::string path, int64_t listed_size = -1);

}  // namespace hoodie
