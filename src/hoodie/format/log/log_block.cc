// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_block.cc
/// \brief Log block framing as HoodieLogFormatWriter.appendBlocks writes it.
#include "hoodie/format/log/log_block.h"

#include <limits>

#include "hoodie/common/big_endian_internal.h"

namespace hoodie {

std::string_view LogBlockTypeName(LogBlockType type) {
  switch (type) {
    case LogBlockType::kCommand:
      return "COMMAND_BLOCK";
    case LogBlockType::kDelete:
      return "DELETE_BLOCK";
    case LogBlockType::kCorrupt:
      return "CORRUPT_BLOCK";
    case LogBlockType::kAvroData:
      return "AVRO_DATA_BLOCK";
    case LogBlockType::kHFileData:
      return "HFILE_DATA_BLOCK";
    case LogBlockType::kParquetData:
      return "PARQUET_DATA_BLOCK";
    case LogBlockType::kCdcData:
      return "CDC_DATA_BLOCK";
  }
  return "UNKNOWN_BLOCK";
}

std::optional<std::string> FindLogMetadata(const LogMetadata& metadata,
                                           LogHeaderKey key) {
  for (const auto& [k, v] : metadata) {
    if (k == key) return v;
  }
  return std::nullopt;
}

std::string LogBlock::instant_time() const {
  return FindLogMetadata(header, LogHeaderKey::kInstantTime).value_or("");
}

bool LogBlock::is_rollback() const {
  return type == LogBlockType::kCommand &&
         FindLogMetadata(header, LogHeaderKey::kCommandBlockType) ==
             std::string(kRollbackCommand);
}

namespace {

// HoodieLogBlock.getLogMetadataBytes: count, then (ordinal, length, UTF-8 value).
void AppendMetadata(const LogMetadata& metadata, std::string* out) {
  internal::AppendInt32(static_cast<int32_t>(metadata.size()), out);
  for (const auto& [key, value] : metadata) {
    internal::AppendInt32(static_cast<int32_t>(key), out);
    internal::AppendInt32(static_cast<int32_t>(value.size()), out);
    out->append(value);
  }
}

}  // namespace

::arrow::Result<std::string> EncodeLogBlock(const LogBlock& block) {
  if (block.type == LogBlockType::kCorrupt) {
    return ::arrow::Status::Invalid(
        "a CORRUPT_BLOCK is made up by readers, never written");
  }
  std::string header;
  AppendMetadata(block.header, &header);
  std::string footer;
  AppendMetadata(block.footer, &footer);
  // Everything after the block-size field: version, type, header, content length,
  // content, footer, reverse pointer.
  int64_t block_size = 4 + 4 + static_cast<int64_t>(header.size()) + 8 +
                       static_cast<int64_t>(block.content.size()) +
                       static_cast<int64_t>(footer.size()) + 8;
  // Java reads sizes back as int (HoodieLogFileReader casts them).
  if (block_size + 14 >= std::numeric_limits<int32_t>::max()) {
    return ::arrow::Status::Invalid(
        "log block of ", block_size + 14,
        " bytes is too large: Hudi readers need blocks under 2 GiB; "
        "lower hoodie.logfile.data.block.max.size");
  }
  std::string out;
  out.reserve(static_cast<size_t>(block_size) + 14);
  out.append(kLogMagic);
  internal::AppendInt64(block_size, &out);
  internal::AppendInt32(kLogFormatVersion, &out);
  internal::AppendInt32(static_cast<int32_t>(block.type), &out);
  out.append(header);
  internal::AppendInt64(static_cast<int64_t>(block.content.size()), &out);
  out.append(block.content);
  out.append(footer);
  // The reverse pointer counts the block from its magic up to, not including, itself.
  internal::AppendInt64(block_size + static_cast<int64_t>(kLogMagic.size()), &out);
  return out;
}

}  // namespace hoodie
