// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_file_reader.h
/// \brief Reads the blocks of a Hudi log file, turning unreadable or partial bytes into
/// CORRUPT blocks exactly where HoodieLogFileReader does (spec section 7.7).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/log/log_block.h"

namespace hoodie {

class Storage;

/// \brief Parses every block of the log file bytes `data`, in file order.
///
/// For each block: the magic `#HUDI#` (a clean end of file before it ends the read;
/// other bytes there are Invalid, as Java's CorruptedLogFileException fails the read),
/// then the block size N. When N runs past the end of the file, the reverse pointer at
/// N - 8 is not N + 6, or the bytes after the block are neither a magic nor the end of
/// the file, the block is a CORRUPT block: its content is everything from after the
/// magic up to the next magic (or the end), and reading continues there. A block of
/// another log format version than 1, an unknown block type or header key ordinal is
/// Invalid (Java fails there too). `path` only names the file in errors.
::arrow::Result<std::vector<LogBlock>> ParseLogBlocks(std::string_view data,
                                                      std::string_view path);

/// Reads `path` through `storage` (the whole file; blocks are bounded by
/// hoodie.logfile.data.block.max.size) and parses it with ParseLogBlocks.
::arrow::Result<std::vector<LogBlock>> ReadLogFile(Storage* storage,
                                                   const std::string& path);

}  // namespace hoodie
