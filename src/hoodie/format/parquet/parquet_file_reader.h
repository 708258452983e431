// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_file_reader.h
/// \brief The Parquet base file reader: footer, schema, projected record batches.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/format/base_file/base_file_reader.h"
#include "hoodie/visibility.h"

namespace parquet {
class FileMetaData;
namespace arrow {
class FileReader;
}  // namespace arrow
}  // namespace parquet

namespace hoodie {

class Storage;

/// \brief Only the footer of the Parquet file at `path` (parquet::ReadMetaData), as the
/// bloom index reads it. Storage errors (IOError) pass through; Invalid when the file
/// is not Parquet or its footer is corrupt, naming the path.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::parquet::FileMetaData>> ReadParquetFooter(
    Storage& storage, const std::string& path, int64_t listed_size = -1);

/// The key/value entries of a Parquet footer, in file order.
HOODIE_EXPORT std::vector<FooterEntry> FooterEntriesOf(
    const ::parquet::FileMetaData& metadata);

/// \brief An open Parquet base file (HoodieAvroParquetReader / ParquetUtils on the read
/// path). Works for files of both Hudi write paths (Avro 2-level lists, Spark 3-level
/// lists). Parquet's exceptions come back as IOError "cannot read Parquet base file:
/// ...: <path>" (parquet_errors.h).
class HOODIE_EXPORT ParquetFileReader final : public BaseFileReader {
 public:
  ~ParquetFileReader() override;

  /// Opens `path` through `storage` and reads the footer; batches hold `batch_size`
  /// rows unless a read asks otherwise (0: Parquet's default); a positive
  /// `listed_size` opens through Storage::OpenListed.
  /// \return IOError from storage, or naming the file when it is not Parquet.
  static ::arrow::Result<std::unique_ptr<ParquetFileReader>> Open(
      std::shared_ptr<Storage> storage, std::string path, int64_t batch_size = 0,
      Decode decode = Decode::kSerial, int64_t listed_size = -1);

  const std::string& path() const override { return path_; }
  const std::shared_ptr<::arrow::Schema>& schema() const override { return schema_; }
  int64_t num_rows() const override;
  int num_row_groups() const override;
  std::vector<FooterEntry> FooterMetadata() const override;
  std::optional<std::string> FooterValue(std::string_view key) const override;

  using BaseFileReader::GetRecordBatchReader;
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> GetRecordBatchReader(
      const BaseFileReadOptions& options) override;

 private:
  /// The batches of `row_groups`, one row group's reader after the other.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> RowGroupAtATime(
      std::vector<int> row_groups, std::vector<int> leaves);

  ParquetFileReader() = default;
  ::arrow::Result<std::vector<int>> LeafColumns(const std::vector<std::string>& names) const;
  std::vector<int> SelectRowGroups(const BaseFileReadOptions& options) const;

  std::string path_;
  std::unique_ptr<::parquet::arrow::FileReader> reader_;
  std::shared_ptr<::arrow::Schema> schema_;
  /// Serial reads of a remote file: one row group at a time, its column chunks fetched
  /// in coalesced ranges (few requests, memory bounded by one row group).
  bool row_group_at_a_time_ = false;
};

}  // namespace hoodie
