// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_file_reader.cc
/// \brief HoodieLogFileReader.readBlock / isBlockCorrupted / createCorruptBlock /
/// hasPrev / prev, over a random-access file.
#include "hoodie/format/log/log_file_reader.h"

#include <algorithm>

#include <arrow/buffer.h>
#include <arrow/io/memory.h>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/common/big_endian_internal.h"
#include "hoodie/storage/storage.h"

namespace hoodie {

namespace {

using internal::BigEndianReader;

constexpr int32_t kMaxBlockType = static_cast<int32_t>(LogBlockType::kCdcData);
constexpr int32_t kMaxHeaderKey = static_cast<int32_t>(LogHeaderKey::kBlockIdentifier);
constexpr int64_t kMagicSize = static_cast<int64_t>(kLogMagic.size());
// Version, type, header count, content length, footer count, reverse pointer.
constexpr int64_t kMinBlockSize = 4 + 4 + 4 + 8 + 4 + 8;
// What a lazy read fetches first of a block: enough for the usual header.
constexpr int64_t kLazyPrefix = 16 * 1024;
constexpr int64_t kScanChunk = 1 << 20;

int64_t ReadBigEndian64(std::string_view bytes) {
  int64_t value = 0;
  BigEndianReader(bytes).ReadInt64(&value);
  return value;
}

// A header or footer map; nullopt when the bytes end inside it.
::arrow::Result<std::optional<LogMetadata>> ReadMetadata(BigEndianReader* in,
                                                         int64_t magic_at,
                                                         const std::string& path) {
  int32_t count = 0;
  if (!in->ReadInt32(&count)) return std::nullopt;
  if (count < 0) {
    return ::arrow::Status::Invalid("log block at offset ", magic_at,
                                    " has a negative header or footer entry count ",
                                    count, ": ", path);
  }
  LogMetadata metadata;
  for (int32_t i = 0; i < count; ++i) {
    int32_t key = 0;
    int32_t length = 0;
    std::string_view value;
    if (!in->ReadInt32(&key) || !in->ReadInt32(&length)) return std::nullopt;
    if (length < 0) {
      return ::arrow::Status::Invalid("log block at offset ", magic_at,
                                      " has a header or footer value of negative length ",
                                      length, ": ", path);
    }
    if (!in->ReadBytes(static_cast<size_t>(length), &value)) return std::nullopt;
    if (key < 0 || key > kMaxHeaderKey) {
      return ::arrow::Status::Invalid(
          "log block at offset ", magic_at, " has header key ordinal ", key,
          ", unknown to table version 6 (Hudi 0.14/0.15 know 0-", kMaxHeaderKey,
          "): ", path);
    }
    metadata.emplace_back(static_cast<LogHeaderKey>(key), std::string(value));
  }
  return metadata;
}

}  // namespace

::arrow::Result<std::unique_ptr<LogFileReader>> LogFileReader::Open(
    std::shared_ptr<::arrow::io::RandomAccessFile> file, std::string path) {
  ARROW_ASSIGN_OR_RAISE(int64_t size, file->GetSize());
  return std::unique_ptr<LogFileReader>(
      new LogFileReader(std::move(file), std::move(path), size));
}

::arrow::Result<std::unique_ptr<LogFileReader>> LogFileReader::Open(
    Storage* storage, const std::string& path, int64_t listed_size) {
  std::shared_ptr<::arrow::io::RandomAccessFile> file;
  if (listed_size >= 0) {
    ARROW_ASSIGN_OR_RAISE(file, storage->OpenListed(path, listed_size));
  } else {
    ARROW_ASSIGN_OR_RAISE(file, storage->OpenForRead(path));
  }
  ARROW_ASSIGN_OR_RAISE(auto reader, Open(std::move(file), path));
  reader->listed_size_ = listed_size;
  return reader;
}

::arrow::Result<std::string> LogFileReader::ReadAt(int64_t offset, int64_t length) {
  length = std::max<int64_t>(0, std::min(length, file_size_ - offset));
  const int64_t window_end = window_offset_ + static_cast<int64_t>(window_.size());
  if (offset >= window_offset_ && offset + length <= window_end) {
    return window_.substr(static_cast<size_t>(offset - window_offset_),
                          static_cast<size_t>(length));
  }
  if (read_ahead_ <= length) {
    ARROW_ASSIGN_OR_RAISE(auto buffer, file_->ReadAt(offset, length));
    return buffer->ToString();
  }
  // Frames, headers and small contents are next to each other: one request fetches
  // what the following reads want.
  const int64_t fetch = std::min(read_ahead_, file_size_ - offset);
  ARROW_ASSIGN_OR_RAISE(auto buffer, file_->ReadAt(offset, fetch));
  window_ = buffer->ToString();
  window_offset_ = offset;
  return window_.substr(0, static_cast<size_t>(std::min<int64_t>(length, buffer->size())));
}

::arrow::Result<std::vector<LogBlock>> LogFileReader::ReadAll(
    const LogReadOptions& options) {
  read_ahead_ = options.read_ahead;
  keep_budget_ = options.keep_read_ahead;
  if (options.reverse) {
    ARROW_ASSIGN_OR_RAISE(auto blocks, ReadReverse(options.lazy));
    if (blocks) return std::move(*blocks);
    LogInfo(
        "found possible corrupted block, cannot read log file in reverse, "
        "fallback to forward reading of " +
        path_);
  }
  return ReadForward(options.lazy);
}

::arrow::Result<std::vector<LogBlock>> LogFileReader::ReadForward(bool lazy) {
  std::vector<LogBlock> blocks;
  int64_t position = 0;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::optional<LogBlock> block, ReadBlock(position, lazy));
    if (!block) break;
    position = block->offset + block->size;
    blocks.push_back(std::move(*block));
  }
  return blocks;
}

::arrow::Result<std::optional<std::vector<LogBlock>>> LogFileReader::ReadReverse(
    bool lazy) {
  std::vector<LogBlock> blocks;
  int64_t end = file_size_;
  while (end > 0) {
    if (end < 8) return std::nullopt;
    ARROW_ASSIGN_OR_RAISE(std::string pointer, ReadAt(end - 8, 8));
    // The reverse pointer counts the block from its size field on, plus the magic.
    int64_t magic_at = end - 8 - ReadBigEndian64(pointer);
    if (magic_at < 0 || magic_at >= end) return std::nullopt;
    ::arrow::Result<std::optional<LogBlock>> block = ReadBlock(magic_at, lazy);
    if (!block.ok() || !*block || (*block)->type == LogBlockType::kCorrupt ||
        (*block)->offset + (*block)->size != end) {
      return std::nullopt;
    }
    blocks.push_back(std::move(**block));
    end = magic_at;
  }
  std::reverse(blocks.begin(), blocks.end());
  return blocks;
}

::arrow::Result<std::optional<LogBlock>> LogFileReader::ReadBlock(int64_t magic_at,
                                                                  bool lazy) {
  // A partial magic at the end is an end of file too (readFully's EOFException).
  if (file_size_ - magic_at < kMagicSize) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(std::string head, ReadAt(magic_at, kMagicSize + 8));
  if (std::string_view(head).substr(0, kMagicSize) != kLogMagic) {
    return ::arrow::Status::Invalid(
        "corrupted log file: no magic bytes #HUDI# at the start of the block at offset ",
        magic_at, ": ", path_);
  }
  int64_t start = magic_at + kMagicSize;
  if (head.size() < static_cast<size_t>(kMagicSize + 8)) {
    return CorruptBlock(magic_at, start, lazy);
  }
  int64_t block_size = ReadBigEndian64(std::string_view(head).substr(kMagicSize));
  int64_t after_size = start + 8;
  ARROW_ASSIGN_OR_RAISE(bool corrupted, IsCorrupted(after_size, block_size));
  if (corrupted) return CorruptBlock(magic_at, start, lazy);

  // Everything but the reverse pointer; lazily only a prefix, grown until the header
  // and content length fit.
  int64_t fields = block_size - 8;
  int64_t wanted = lazy ? std::min(fields, kLazyPrefix) : fields;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::string body, ReadAt(after_size, wanted));
    BigEndianReader in(body);
    int32_t version = 0;
    int32_t type = 0;
    in.ReadInt32(&version);
    if (version != kLogFormatVersion) {
      return ::arrow::Status::Invalid(
          "log block at offset ", magic_at, " has log format version ", version,
          "; hoodie reads version ", kLogFormatVersion, " (Hudi 0.x and 1.x): ", path_);
    }
    in.ReadInt32(&type);
    if (type < 0 || type > kMaxBlockType) {
      return ::arrow::Status::Invalid("log block at offset ", magic_at,
                                      " has unknown block type ", type, ": ", path_);
    }
    ARROW_ASSIGN_OR_RAISE(std::optional<LogMetadata> header,
                           ReadMetadata(&in, magic_at, path_));
    int64_t content_length = 0;
    if (!header || !in.ReadInt64(&content_length)) {
      if (wanted < fields) {
        wanted = std::min(fields, wanted * 4);
        continue;
      }
      return Truncated(magic_at, "header");
    }
    LogBlock block;
    block.type = static_cast<LogBlockType>(type);
    block.source_path = path_;
    block.source_size = listed_size_;
    block.offset = magic_at;
    block.size = block_size + kMagicSize + 8;
    block.header = std::move(*header);
    block.content_offset = after_size + static_cast<int64_t>(in.position());
    block.content_length = content_length;
    int64_t footer_at = block.content_offset + content_length;
    int64_t footer_end = after_size + fields;
    if (content_length < 0 || footer_at > footer_end) {
      return Truncated(magic_at, "content");
    }
    std::string footer_bytes;
    if (footer_end > after_size + static_cast<int64_t>(body.size())) {
      ARROW_ASSIGN_OR_RAISE(footer_bytes, ReadAt(footer_at, footer_end - footer_at));
    } else {
      footer_bytes = body.substr(static_cast<size_t>(footer_at - after_size));
    }
    // Lazily, the content stays in the file even when the first read covered it: the
    // point is to hold no block content until the block is merged.
    if (lazy && content_length > 0) {
      if (!KeepFromWindow(&block)) block.content_loaded = false;
    } else {
      block.content = body.substr(static_cast<size_t>(block.content_offset - after_size),
                                  static_cast<size_t>(content_length));
    }
    BigEndianReader footer_in(footer_bytes);
    ARROW_ASSIGN_OR_RAISE(std::optional<LogMetadata> footer,
                           ReadMetadata(&footer_in, magic_at, path_));
    if (!footer) return Truncated(magic_at, "footer");
    // The reverse pointer was checked by IsCorrupted; the fields must end right there.
    if (footer_in.remaining() != 0) {
      return ::arrow::Status::Invalid("log block at offset ", magic_at,
                                      " has fields that do not add up to its block size ",
                                      block_size, ": ", path_);
    }
    block.footer = std::move(*footer);
    return block;
  }
}

// HoodieLogFileReader.isBlockCorrupt: the reverse pointer N - 8 bytes on must be
// N + 6, and a magic or the end of the file must follow the block.
::arrow::Result<bool> LogFileReader::IsCorrupted(int64_t after_size, int64_t block_size) {
  if (block_size < kMinBlockSize || block_size > file_size_ - after_size) return true;
  ARROW_ASSIGN_OR_RAISE(std::string tail,
                         ReadAt(after_size + block_size - 8, 8 + kMagicSize));
  if (ReadBigEndian64(tail) - kMagicSize != block_size) return true;
  if (tail.size() < static_cast<size_t>(8 + kMagicSize)) return false;  // end of file
  return std::string_view(tail).substr(8) != kLogMagic;
}

// HoodieLogFileReader.createCorruptBlock: the bytes from after the magic up to the next
// magic or the end of the file.
::arrow::Result<LogBlock> LogFileReader::CorruptBlock(int64_t magic_at, int64_t start,
                                                      bool lazy) {
  int64_t next = file_size_;
  for (int64_t at = start; at < file_size_; at += kScanChunk) {
    // Overlap the chunks so a magic across a chunk boundary is found.
    ARROW_ASSIGN_OR_RAISE(std::string chunk, ReadAt(at, kScanChunk + kMagicSize - 1));
    size_t found = chunk.find(kLogMagic);
    if (found != std::string::npos) {
      next = at + static_cast<int64_t>(found);
      break;
    }
  }
  LogBlock block;
  block.type = LogBlockType::kCorrupt;
  block.source_path = path_;
  block.source_size = listed_size_;
  block.offset = magic_at;
  block.size = next - magic_at;
  block.content_offset = start;
  block.content_length = next - start;
  block.content_loaded = false;
  if (!lazy) ARROW_RETURN_NOT_OK(ReadContent(&block));
  return block;
}

::arrow::Status LogFileReader::ReadContent(LogBlock* block) {
  if (block->content_loaded) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(block->content,
                         ReadAt(block->content_offset, block->content_length));
  if (static_cast<int64_t>(block->content.size()) != block->content_length) {
    return ::arrow::Status::IOError("log block at offset ", block->offset,
                                    " lost its content (the file shrank): ", path_);
  }
  block->content_loaded = true;
  return ::arrow::Status::OK();
}

bool LogFileReader::KeepFromWindow(LogBlock* block) {
  const int64_t window_end = window_offset_ + static_cast<int64_t>(window_.size());
  if (block->content_length > keep_budget_ || block->content_offset < window_offset_ ||
      block->content_offset + block->content_length > window_end) {
    return false;
  }
  block->content = window_.substr(static_cast<size_t>(block->content_offset - window_offset_),
                                  static_cast<size_t>(block->content_length));
  block->content_loaded = true;
  keep_budget_ -= block->content_length;
  return true;
}

::arrow::Status LoadLogBlockContent(Storage* storage, LogBlock* block) {
  if (block->content_loaded) return ::arrow::Status::OK();
  std::shared_ptr<::arrow::Buffer> bytes;
  if (block->source_size >= block->content_offset + block->content_length) {
    // The file's size is known from its listing: one ranged read, no status request.
    ARROW_ASSIGN_OR_RAISE(auto file,
                          storage->OpenListed(block->source_path, block->source_size));
    ARROW_ASSIGN_OR_RAISE(bytes, file->ReadAt(block->content_offset, block->content_length));
    ARROW_RETURN_NOT_OK(file->Close());
  } else {
    ARROW_ASSIGN_OR_RAISE(bytes, storage->ReadRange(block->source_path,
                                                    block->content_offset,
                                                    block->content_length));
  }
  if (bytes->size() != block->content_length) {
    return ::arrow::Status::IOError(
        "log block at offset ", block->offset,
        " lost its content (the file shrank): ", block->source_path);
  }
  block->content = bytes->ToString();
  block->content_loaded = true;
  return ::arrow::Status::OK();
}

::arrow::Status LogFileReader::Truncated(int64_t magic_at, std::string_view what) const {
  return ::arrow::Status::Invalid(
      "log block at offset ", magic_at, " ends inside its ", what,
      " although its size and reverse pointer match: ", path_);
}

::arrow::Result<std::vector<LogBlock>> ParseLogBlocks(std::string_view data,
                                                      std::string_view path) {
  auto buffer = std::make_shared<::arrow::Buffer>(
      reinterpret_cast<const uint8_t*>(data.data()), static_cast<int64_t>(data.size()));
  ARROW_ASSIGN_OR_RAISE(
      auto reader,
      LogFileReader::Open(std::make_shared<::arrow::io::BufferReader>(buffer),
                          std::string(path)));
  return reader->ReadAll(LogReadOptions());
}

::arrow::Result<std::vector<LogBlock>> ReadLogFile(Storage* storage,
                                                   const std::string& path,
                                                   const LogReadOptions& options,
                                                   int64_t listed_size) {
  ARROW_ASSIGN_OR_RAISE(auto reader, LogFileReader::Open(storage, path, listed_size));
  return reader->ReadAll(options);
}

}  // namespace hoodie
