// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_file_reader.cc
/// \brief HoodieLogFileReader.readBlock / isBlockCorrupted / createCorruptBlock.
#include "hoodie/format/log/log_file_reader.h"

#include "hoodie/common/macros.h"
#include "hoodie/format/log/big_endian_internal.h"
#include "hoodie/storage/storage.h"

namespace hoodie {

namespace {

using internal::BigEndianReader;

constexpr int32_t kMaxBlockType = static_cast<int32_t>(LogBlockType::kCdcData);
constexpr int32_t kMaxHeaderKey = static_cast<int32_t>(LogHeaderKey::kBlockIdentifier);

class LogParser {
 public:
  LogParser(std::string_view data, std::string_view path) : data_(data), path_(path) {}

  ::arrow::Result<std::vector<LogBlock>> ParseAll() {
    std::vector<LogBlock> blocks;
    size_t position = 0;
    while (true) {
      // A partial magic at the end is an end of file too (readFully's EOFException).
      if (data_.size() - position < kLogMagic.size()) break;
      if (data_.substr(position, kLogMagic.size()) != kLogMagic) {
        return ::arrow::Status::Invalid(
            "corrupted log file: no magic bytes #HUDI# at the start of the block at "
            "offset ",
            position, ": ", path_);
      }
      HOODIE_ASSIGN_OR_RAISE(LogBlock block, ReadBlock(position));
      position = static_cast<size_t>(block.offset + block.size);
      blocks.push_back(std::move(block));
    }
    return blocks;
  }

 private:
  // `magic_at` is where the block's magic starts.
  ::arrow::Result<LogBlock> ReadBlock(size_t magic_at) {
    size_t start = magic_at + kLogMagic.size();
    BigEndianReader in(data_, start);
    int64_t block_size = 0;
    if (!in.ReadInt64(&block_size) || IsCorrupted(in.position(), block_size)) {
      return CorruptBlock(magic_at, start);
    }
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
    LogBlock block;
    block.type = static_cast<LogBlockType>(type);
    block.offset = static_cast<int64_t>(magic_at);
    block.size = block_size + 14;
    HOODIE_ASSIGN_OR_RAISE(block.header, ReadMetadata(&in, magic_at));
    int64_t content_length = 0;
    std::string_view content;
    if (!in.ReadInt64(&content_length) || content_length < 0 ||
        !in.ReadBytes(static_cast<size_t>(content_length), &content)) {
      return Truncated(magic_at, "content");
    }
    block.content.assign(content);
    HOODIE_ASSIGN_OR_RAISE(block.footer, ReadMetadata(&in, magic_at));
    // The reverse pointer was checked by IsCorrupted; the fields must end right there.
    if (in.position() + 8 != start + 8 + static_cast<size_t>(block_size)) {
      return ::arrow::Status::Invalid("log block at offset ", magic_at,
                                      " has fields that do not add up to its block size ",
                                      block_size, ": ", path_);
    }
    return block;
  }

  // HoodieLogFileReader.isBlockCorrupted: the reverse pointer N - 8 bytes on must be
  // N + 6, and a magic or the end of the file must follow the block.
  bool IsCorrupted(size_t after_size, int64_t block_size) const {
    if (block_size < 8 + 4 + 4 + 4 + 8 + 4 ||
        static_cast<uint64_t>(block_size) > data_.size() - after_size) {
      return true;
    }
    BigEndianReader in(data_, after_size + static_cast<size_t>(block_size) - 8);
    int64_t reverse_pointer = 0;
    in.ReadInt64(&reverse_pointer);
    if (reverse_pointer - static_cast<int64_t>(kLogMagic.size()) != block_size)
      return true;
    size_t next = in.position();
    if (data_.size() - next < kLogMagic.size()) return false;  // end of file
    return data_.substr(next, kLogMagic.size()) != kLogMagic;
  }

  // HoodieLogFileReader.createCorruptBlock: the bytes from after the magic up to the next
  // magic or the end of the file.
  LogBlock CorruptBlock(size_t magic_at, size_t start) const {
    size_t next = data_.find(kLogMagic, start);
    if (next == std::string_view::npos) next = data_.size();
    LogBlock block;
    block.type = LogBlockType::kCorrupt;
    block.offset = static_cast<int64_t>(magic_at);
    block.size = static_cast<int64_t>(next - magic_at);
    block.content.assign(data_.substr(start, next - start));
    return block;
  }

  ::arrow::Result<LogMetadata> ReadMetadata(BigEndianReader* in, size_t magic_at) const {
    int32_t count = 0;
    if (!in->ReadInt32(&count) || count < 0)
      return Truncated(magic_at, "header or footer");
    LogMetadata metadata;
    for (int32_t i = 0; i < count; ++i) {
      int32_t key = 0;
      int32_t length = 0;
      std::string_view value;
      if (!in->ReadInt32(&key) || !in->ReadInt32(&length) || length < 0 ||
          !in->ReadBytes(static_cast<size_t>(length), &value)) {
        return Truncated(magic_at, "header or footer");
      }
      if (key < 0 || key > kMaxHeaderKey) {
        return ::arrow::Status::Invalid(
            "log block at offset ", magic_at, " has header key ordinal ", key,
            ", unknown to table version 6 (Hudi 0.14/0.15 know 0-", kMaxHeaderKey,
            "): ", path_);
      }
      metadata.emplace_back(static_cast<LogHeaderKey>(key), std::string(value));
    }
    return metadata;
  }

  ::arrow::Status Truncated(size_t magic_at, std::string_view what) const {
    return ::arrow::Status::Invalid(
        "log block at offset ", magic_at, " ends inside its ", what,
        " although its size and reverse pointer match: ", path_);
  }

  std::string_view data_;
  std::string_view path_;
};

}  // namespace

::arrow::Result<std::vector<LogBlock>> ParseLogBlocks(std::string_view data,
                                                      std::string_view path) {
  return LogParser(data, path).ParseAll();
}

::arrow::Result<std::vector<LogBlock>> ReadLogFile(Storage* storage,
                                                   const std::string& path) {
  HOODIE_ASSIGN_OR_RAISE(std::string data, storage->ReadAll(path));
  return ParseLogBlocks(data, path);
}

}  // namespace hoodie
