// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_reader.h
/// \brief Reads HFile version 3 files (Hudi's metadata table base files, written by
/// HBase 2.4, and the HFiles inside its log blocks): point lookups and sorted prefix
/// scans by row key, file info and meta blocks. Only the trailer, the index and the file
/// info are read at open; data blocks are read when a lookup or scan reaches them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/buffer.h>
#include <arrow/io/interfaces.h>
#include <arrow/result.h>

#include "hoodie/format/hfile/hfile.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One open HFile. Not thread-safe (it keeps the last data block read).
class HOODIE_EXPORT HFileReader {
 public:
  /// Called with each cell's row key and value, in file order; a non-OK status stops.
  using CellVisitor =
      std::function<::arrow::Status(std::string_view row, std::string_view value)>;

  /// Opens `file` of `size` bytes; `name` names it in errors.
  /// \return Invalid naming the file and what is wrong when it is not a readable HFile
  ///   (truncated, a bad block or checksum), NotImplemented for a codec or checksum
  ///   hoodie does not read.
  static ::arrow::Result<std::unique_ptr<HFileReader>> Open(
      std::shared_ptr<::arrow::io::RandomAccessFile> file, int64_t size, std::string name);
  /// Opens an HFile held in memory (the content of a log block).
  static ::arrow::Result<std::unique_ptr<HFileReader>> Open(
      std::shared_ptr<::arrow::Buffer> bytes, std::string name);

  ~HFileReader();

  /// The cells the trailer counts.
  int64_t entry_count() const;
  HFileCompression compression() const;
  /// The file info entries (the Avro `schema`, `minRecordKey`, HBase's own keys).
  const std::map<std::string, std::string, std::less<>>& file_info() const;
  /// One file info entry, or nullopt.
  std::optional<std::string_view> FileInfo(std::string_view key) const;
  /// The names of the meta blocks, in index order.
  std::vector<std::string> MetaBlockNames() const;
  /// The payload of the meta block `name` (Hudi's "bloomFilter"), or nullopt.
  ::arrow::Result<std::optional<std::string>> MetaBlock(std::string_view name);

  /// The value of the first cell whose row is `row`, or nullopt.
  ::arrow::Result<std::optional<std::string>> Get(std::string_view row);
  /// Visits the cells whose rows start with `prefix` ("" for every cell), in order.
  ::arrow::Status Scan(std::string_view prefix, const CellVisitor& visit);

 private:
  struct State;
  explicit HFileReader(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace hoodie
