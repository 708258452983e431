// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_format.cc
/// \brief The PARQUET base file format.
#include "hoodie/format/parquet/parquet_format.h"

#include <utility>

#include <parquet/metadata.h>

#include "hoodie/format/parquet/parquet_file_reader.h"
#include "hoodie/format/parquet/parquet_file_writer.h"

namespace hoodie {

::arrow::Result<std::unique_ptr<BaseFileWriter>> ParquetBaseFileFormat::OpenWriter(
    std::shared_ptr<Storage> storage, std::string path,
    std::shared_ptr<::arrow::Schema> data_schema, BaseFileWriterOptions options) const {
  ARROW_ASSIGN_OR_RAISE(auto writer,
                         ParquetFileWriter::Make(std::move(storage), std::move(path),
                                                 std::move(data_schema), std::move(options)));
  return std::unique_ptr<BaseFileWriter>(std::move(writer));
}

::arrow::Result<std::unique_ptr<BaseFileReader>> ParquetBaseFileFormat::OpenReader(
    std::shared_ptr<Storage> storage, std::string path, int64_t batch_size,
    BaseFileReader::Decode decode, int64_t listed_size) const {
  ARROW_ASSIGN_OR_RAISE(auto reader,
                        ParquetFileReader::Open(std::move(storage), std::move(path),
                                                batch_size, decode, listed_size));
  return std::unique_ptr<BaseFileReader>(std::move(reader));
}

::arrow::Result<BaseFileFooter> ParquetBaseFileFormat::ReadFooter(
    Storage& storage, const std::string& path, int64_t listed_size) const {
  ARROW_ASSIGN_OR_RAISE(auto metadata, ReadParquetFooter(storage, path, listed_size));
  BaseFileFooter footer;
  footer.num_rows = metadata->num_rows();
  footer.entries = FooterEntriesOf(*metadata);
  return footer;
}

}  // namespace hoodie
