// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/registry/base_file_formats.cc
/// \brief The built-in base file formats.
#include "hoodie/format/registry/base_file_formats.h"

#include <string>
#include <utility>

#include <arrow/array.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/format/parquet/parquet_format.h"

namespace hoodie {
namespace {

// HoodieFileFormat: each format's table property value and file extension.
struct KnownFormat {
  std::string_view name;
  std::string_view extension;
};
constexpr KnownFormat kKnownFormats[] = {
    {"PARQUET", ".parquet"}, {"ORC", ".orc"}, {"HFILE", ".hfile"}};

// A format Hudi writes that hoodie does not yet: refused by name, so that every caller
// (a table's property, the streamer's --base-file-format, a file found in a table)
// says the same.
BaseFileFormatRegistry::Factory Refused(std::string_view name) {
  return [name]() -> ::arrow::Result<std::unique_ptr<BaseFileFormat>> {
    return ::arrow::Status::NotImplemented(
        name, " base files are not supported: hoodie reads and writes PARQUET base files "
              "only (hoodie.table.base.file.format=PARQUET)");
  };
}

}  // namespace

BaseFileFormatRegistry* BaseFileFormatRegistry::Global() {
  static BaseFileFormatRegistry* registry = [] {
    auto* out = new BaseFileFormatRegistry();
    HOODIE_WARN_NOT_OK(
        out->Register("PARQUET", {},
                      []() -> ::arrow::Result<std::unique_ptr<BaseFileFormat>> {
                        return std::make_unique<ParquetBaseFileFormat>();
                      }),
        "PARQUET");
    HOODIE_WARN_NOT_OK(out->Register("ORC", {}, Refused("ORC")), "ORC");
    HOODIE_WARN_NOT_OK(out->Register("HFILE", {}, Refused("HFILE")), "HFILE");
    return out;
  }();
  return registry;
}

::arrow::Result<std::shared_ptr<const BaseFileFormat>> MakeBaseFileFormat(
    std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<BaseFileFormat> format,
                         BaseFileFormatRegistry::Global()->Make(name));
  return std::shared_ptr<const BaseFileFormat>(std::move(format));
}

::arrow::Result<std::shared_ptr<const BaseFileFormat>> BaseFileFormatOfFile(
    std::string_view path) {
  for (const KnownFormat& known : kKnownFormats) {
    if (path.size() > known.extension.size() &&
        path.substr(path.size() - known.extension.size()) == known.extension) {
      auto format = MakeBaseFileFormat(known.name);
      if (!format.ok()) {
        return format.status().WithMessage(format.status().message(), ": ", path);
      }
      return format;
    }
  }
  return ::arrow::Status::Invalid("not a base file (no .parquet, .orc or .hfile "
                                  "extension): ", path);
}

::arrow::Result<std::unique_ptr<BaseFileReader>> OpenBaseFile(
    std::shared_ptr<Storage> storage, std::string path, int64_t batch_size,
    BaseFileReader::Decode decode, int64_t listed_size) {
  ARROW_ASSIGN_OR_RAISE(auto format, BaseFileFormatOfFile(path));
  return format->OpenReader(std::move(storage), std::move(path), batch_size, decode,
                            listed_size);
}

::arrow::Result<std::shared_ptr<::arrow::StringArray>> ReadBaseFileRecordKeys(
    std::shared_ptr<Storage> storage, std::string path, int64_t listed_size) {
  ARROW_ASSIGN_OR_RAISE(auto reader, OpenBaseFile(std::move(storage), path, 0,
                                                  BaseFileReader::Decode::kSerial, listed_size));
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::StringArray> keys, reader->ReadRecordKeys());
  if (keys->null_count() > 0) {
    return ::arrow::Status::Invalid(
        "base file ", path, " has null _hoodie_record_key values: it was written with "
        "hoodie.populate.meta.fields=false, and the indexes (bloom, simple, the record "
        "index) find keys only there; use them on tables that keep the meta fields");
  }
  return keys;
}

}  // namespace hoodie
