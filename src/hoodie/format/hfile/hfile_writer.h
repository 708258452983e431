// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_writer.h
/// \brief Writes HFile version 3 as Hudi 0.15 writes it through HBase 2.4: cells of
/// ascending unique row keys in data blocks of a target size, a single-level block index,
/// meta blocks, the file info and the trailer, each block checksummed with CRC-32C.
/// Data blocks go to the stream as they fill, so memory is bounded by one block.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/io/interfaces.h>
#include <arrow/result.h>

#include "hoodie/format/hfile/hfile.h"
#include "hoodie/visibility.h"

namespace hoodie {

struct HOODIE_EXPORT HFileWriterOptions {
  /// The size at which a data block is closed (hoodie.hfile.block.size).
  int64_t block_size = 1024 * 1024;
  HFileCompression compression = HFileCompression::kGz;
};

/// \brief One HFile being written. Not thread-safe.
class HOODIE_EXPORT HFileWriter {
 public:
  /// Writes to `out`, which the caller closes after Finish.
  HFileWriter(::arrow::io::OutputStream* out, HFileWriterOptions options);
  ~HFileWriter();

  /// Appends a cell. \return Invalid when `row` is not after the last row (Hudi's
  /// writer refuses duplicate keys too) or longer than HBase's 32767 bytes.
  ::arrow::Status Append(std::string_view row, std::string_view value);
  /// A file info entry ("schema", "minRecordKey", ...); HBase's own are added by Finish.
  void AddFileInfo(std::string key, std::string value);
  /// A meta block (Hudi's "bloomFilter"), written after the data blocks.
  void AddMetaBlock(std::string name, std::string payload);
  /// Writes the meta blocks, the index, the file info and the trailer.
  ::arrow::Status Finish();

  int64_t entry_count() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The bytes of an HFile holding `cells` (sorted, unique rows) and `file_info`: the
/// content of a metadata-table log block.
HOODIE_EXPORT ::arrow::Result<std::string> WriteHFileToString(
    const std::vector<std::pair<std::string, std::string>>& cells,
    const std::map<std::string, std::string>& file_info, HFileWriterOptions options);

}  // namespace hoodie
