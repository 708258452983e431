// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_file_reader.h
/// \brief Reads the blocks of a Hudi log file, turning unreadable or partial bytes into
/// CORRUPT blocks exactly where HoodieLogFileReader does (spec section 7.7), forward or
/// from the end (HoodieLogFileReader.hasPrev/prev), eagerly or lazily.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/io/interfaces.h>
#include <arrow/result.h>

#include "hoodie/format/log/log_block.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief How LogFileReader reads blocks.
struct HOODIE_EXPORT LogReadOptions {
  /// Leave each block's content in the file until ReadContent (Java's
  /// readBlockLazily): only framing, header and footer are read.
  bool lazy = false;
  /// Find the blocks from the end of the file through the reverse pointers (Java's
  /// reverse reader). When the chain does not lead back to offset 0 through intact
  /// blocks, the file is read forward instead, as Java falls back ("cannot read log
  /// file in reverse, fallback to forward reading"). Blocks are returned in file order
  /// either way.
  bool reverse = false;
  /// Reads fetch at least this many bytes and later reads are served from them (0:
  /// each read is its own). On an object store, where each read is a request, a log
  /// file up to this size costs one.
  int64_t read_ahead = 0;
  /// With `lazy`: the contents the read-ahead fetched anyway are kept, up to this many
  /// bytes in all, instead of being requested again when loaded (0: none kept).
  int64_t keep_read_ahead = 0;
};

/// \brief Blocks of one log file.
///
/// For each block: the magic `#HUDI#` (a clean end of file before it ends the read;
/// other bytes there are Invalid, as Java's CorruptedLogFileException fails the read),
/// then the block size N. When N runs past the end of the file, the reverse pointer at
/// N - 8 is not N + 6, or the bytes after the block are neither a magic nor the end of
/// the file, the block is a CORRUPT block: its content is everything from after the
/// magic up to the next magic (or the end), and reading continues there. A block of
/// another log format version than 1, an unknown block type or header key ordinal is
/// Invalid (Java fails there too). Errors name the file and the block offset.
class HOODIE_EXPORT LogFileReader {
 public:
  /// Reads from `file`; `path` only names the file in errors.
  static ::arrow::Result<std::unique_ptr<LogFileReader>> Open(
      std::shared_ptr<::arrow::io::RandomAccessFile> file, std::string path);
  /// Opens `path`; with its `listed_size` (from a listing), an object store is not asked
  /// for its status, and neither are the blocks' later content loads (LogBlock::
  /// source_size).
  static ::arrow::Result<std::unique_ptr<LogFileReader>> Open(Storage* storage,
                                                              const std::string& path,
                                                              int64_t listed_size = -1);

  /// Every block, in file order.
  ::arrow::Result<std::vector<LogBlock>> ReadAll(const LogReadOptions& options);

  /// Fills `block->content` of a lazily read block (no-op when loaded).
  ::arrow::Status ReadContent(LogBlock* block);

  /// The blocks found from the end of the file through the reverse pointers, in file
  /// order; nullopt when the chain does not lead back to offset 0 through intact
  /// blocks (then ReadAll reads forward).
  ::arrow::Result<std::optional<std::vector<LogBlock>>> ReadReverse(bool lazy);

 private:
  LogFileReader(std::shared_ptr<::arrow::io::RandomAccessFile> file, std::string path,
                int64_t file_size)
      : file_(std::move(file)), path_(std::move(path)), file_size_(file_size) {}

  ::arrow::Result<std::vector<LogBlock>> ReadForward(bool lazy);
  // The block whose magic is at `magic_at` (nullopt at a clean end of file).
  ::arrow::Result<std::optional<LogBlock>> ReadBlock(int64_t magic_at, bool lazy);
  ::arrow::Result<bool> IsCorrupted(int64_t after_size, int64_t block_size);
  ::arrow::Result<LogBlock> CorruptBlock(int64_t magic_at, int64_t start, bool lazy);
  ::arrow::Result<std::string> ReadAt(int64_t offset, int64_t length);
  ::arrow::Status Truncated(int64_t magic_at, std::string_view what) const;
  // Fills a lazy block's content from the read-ahead when it holds all of it and the
  // keep budget allows; false otherwise.
  bool KeepFromWindow(LogBlock* block);

  std::shared_ptr<::arrow::io::RandomAccessFile> file_;
  std::string path_;
  int64_t file_size_;
  int64_t listed_size_ = -1;  // the size a listing gave, -1 when not opened from one
  int64_t read_ahead_ = 0;    // LogReadOptions::read_ahead of the last ReadAll
  int64_t keep_budget_ = 0;   // what is left of LogReadOptions::keep_read_ahead
  // The bytes of the last read-ahead, from window_offset_ on.
  std::string window_;
  int64_t window_offset_ = 0;
};

/// Parses every block of the log file bytes `data`, in file order (eager, forward).
/// `path` only names the file in errors.
HOODIE_EXPORT
::arrow::Result<std::vector<LogBlock>> ParseLogBlocks(std::string_view data,
                                                      std::string_view path);

/// Reads every block of `path` through `storage` with `options`; `listed_size` as
/// LogFileReader::Open takes it.
::arrow::Result<std::vector<LogBlock>> ReadLogFile(Storage* storage,
                                                   const std::string& path,
                                                   const LogReadOptions& options = {},
                                                   int64_t listed_size = -1);

/// Fills the content of a block read lazily from `block->source_path` (no-op when
/// loaded). IOError when the file no longer holds it.
HOODIE_EXPORT ::arrow::Status LoadLogBlockContent(Storage* storage, LogBlock* block);

}  // namespace hoodie
