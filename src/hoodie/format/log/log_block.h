// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_block.h
/// \brief One block of a Hudi log file (log format version 1): type, header and footer
/// maps, content, and its byte encoding (spec section 7.1-7.3).
///
/// Matches org.apache.hudi.common.table.log.block.HoodieLogBlock and the framing that
/// HoodieLogFormatWriter writes and HoodieLogFileReader reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// The 6 bytes every block starts with (HoodieLogFormat.MAGIC).
inline constexpr std::string_view kLogMagic = "#HUDI#";
/// The log format version hoodie writes (HoodieLogFormat.CURRENT_VERSION).
inline constexpr int32_t kLogFormatVersion = 1;
/// Content version of data and delete blocks (HoodieLogBlock.version).
inline constexpr int32_t kLogBlockContentVersion = 3;

/// HoodieLogBlock.HoodieLogBlockType, by ordinal.
enum class LogBlockType : int32_t {
  kCommand = 0,
  kDelete = 1,
  kCorrupt = 2,
  kAvroData = 3,
  kHFileData = 4,
  kParquetData = 5,
  kCdcData = 6,
};

/// "COMMAND_BLOCK", "AVRO_DATA_BLOCK", ... (the Java enum names).
HOODIE_EXPORT std::string_view LogBlockTypeName(LogBlockType type);

/// HoodieLogBlock.HeaderMetadataType, by ordinal (identical in 0.14.1 and 0.15.0).
/// 0.14/0.15 readers fail on ordinals above kBlockIdentifier.
enum class LogHeaderKey : int32_t {
  kInstantTime = 0,
  kTargetInstantTime = 1,
  kSchema = 2,
  kCommandBlockType = 3,
  kCompactedBlockTimes = 4,
  kRecordPositions = 5,
  kBlockIdentifier = 6,
};

/// HoodieCommandBlock.HoodieCommandBlockTypeEnum: only ROLLBACK_BLOCK exists.
inline constexpr std::string_view kRollbackCommand = "0";

/// A header or footer map in file order. Java writes a HashMap keyed by an enum, so the
/// order differs from file to file; it is kept so a block re-encodes byte for byte.
using LogMetadata = std::vector<std::pair<LogHeaderKey, std::string>>;

/// The value of `key` in `metadata`, if present.
HOODIE_EXPORT
std::optional<std::string> FindLogMetadata(const LogMetadata& metadata, LogHeaderKey key);

/// \brief One log block as stored. `content` is the block-type specific payload
/// (see avro_data_block.h, delete_block.h, parquet_data_block.h); for a CORRUPT block
/// it holds the unreadable bytes, magic included.
struct HOODIE_EXPORT LogBlock {
  LogBlockType type = LogBlockType::kCommand;
  LogMetadata header;
  LogMetadata footer;
  std::string content;
  /// Where the block starts in its file (its magic) and its size on disk.
  int64_t offset = 0;
  int64_t size = 0;
  /// Where `content` sits in the file. A block read lazily has an empty `content`
  /// until LogFileReader::ReadContent fills it (content_loaded then true).
  int64_t content_offset = 0;
  int64_t content_length = 0;
  bool content_loaded = true;
  /// The log file the block was read from (empty for a block built in memory).
  std::string source_path;
  /// That file's size as a listing gave it (LogFileReader::Open); -1 when unknown.
  int64_t source_size = -1;

  /// INSTANT_TIME of the header; empty when absent.
  std::string instant_time() const;
  bool is_rollback() const;
};

/// The bytes of `block` as HoodieLogFormatWriter appends them: magic, block size,
/// format version 1, type, header, content length, content, footer, reverse pointer.
/// Invalid for a CORRUPT block (never written) or a block of 2 GiB or more.
HOODIE_EXPORT ::arrow::Result<std::string> EncodeLogBlock(const LogBlock& block);

}  // namespace hoodie
