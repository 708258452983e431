// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_format.h
/// \brief The PARQUET base file format: ParquetFileWriter and ParquetFileReader behind
/// the BaseFileFormat seam.
#pragma once

#include "hoodie/format/base_file/base_file_format.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief hoodie.table.base.file.format=PARQUET (Hudi's default). Stateless.
class HOODIE_EXPORT ParquetBaseFileFormat final : public BaseFileFormat {
 public:
  std::string_view name() const override { return "PARQUET"; }
  std::string_view extension() const override { return ".parquet"; }

  ::arrow::Result<std::unique_ptr<BaseFileWriter>> OpenWriter(
      std::shared_ptr<Storage> storage, std::string path,
      std::shared_ptr<::arrow::Schema> data_schema,
      BaseFileWriterOptions options) const override;
  ::arrow::Result<std::unique_ptr<BaseFileReader>> OpenReader(
      std::shared_ptr<Storage> storage, std::string path, int64_t batch_size,
      BaseFileReader::Decode decode, int64_t listed_size) const override;
  ::arrow::Result<BaseFileFooter> ReadFooter(Storage& storage, const std::string& path,
                                             int64_t listed_size) const override;
};

}  // namespace hoodie
