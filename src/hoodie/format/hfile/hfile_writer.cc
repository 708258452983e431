// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_writer.cc
#include "hoodie/format/hfile/hfile_writer.h"

#include <arrow/buffer.h>
#include <arrow/io/memory.h>

#include "hoodie/common/big_endian_internal.h"
#include "hoodie/format/hfile/hadoop_vint_internal.h"
#include "hoodie/format/hfile/hfile_block_internal.h"
#include "hoodie/format/hfile/hfile_cell_internal.h"
#include "hoodie/format/hfile/hfile_trailer_internal.h"
#include "hoodie/format/hfile/protobuf_wire_internal.h"

namespace hoodie {

using internal::HFileBlockType;

namespace {

constexpr int64_t kMaxRowLength = 32767;

std::string Int32Bytes(int32_t value) {
  std::string out;
  internal::AppendInt32(value, &out);
  return out;
}

std::string Int64Bytes(int64_t value) {
  std::string out;
  internal::AppendInt64(value, &out);
  return out;
}

struct IndexEntry {
  int64_t offset;
  int64_t size;
  std::string key;
};

// A root index block's payload: i64 offset, i32 on-disk size, vint key length, key.
std::string RootIndexPayload(const std::vector<IndexEntry>& entries) {
  std::string payload;
  for (const IndexEntry& entry : entries) {
    internal::AppendInt64(entry.offset, &payload);
    internal::AppendInt32(static_cast<int32_t>(entry.size), &payload);
    internal::AppendHadoopVLong(static_cast<int64_t>(entry.key.size()), &payload);
    payload += entry.key;
  }
  return payload;
}

// "PBUF", then InfoProto length-delimited: each entry a BytesBytesPair, in key order
// (HBase keeps its file info in a sorted map).
std::string FileInfoPayload(const std::map<std::string, std::string>& info) {
  std::string message;
  for (const auto& [key, value] : info) {
    std::string pair;
    internal::AppendProtoBytesField(1, key, &pair);
    internal::AppendProtoBytesField(2, value, &pair);
    internal::AppendProtoBytesField(1, pair, &message);
  }
  std::string payload = "PBUF";
  internal::AppendProtoVarint(message.size(), &payload);
  return payload + message;
}

}  // namespace

struct HOODIE_NO_EXPORT HFileWriter::State {
  ::arrow::io::OutputStream* out;
  HFileWriterOptions options;
  int64_t position = 0;
  std::string block;  // the data block being filled
  std::string block_first_key;
  std::vector<IndexEntry> data_index;
  std::vector<std::pair<std::string, std::string>> meta_blocks;
  std::map<std::string, std::string> file_info;
  std::string last_row;
  std::string last_key;
  int64_t entries = 0;
  int64_t key_bytes = 0;
  int64_t value_bytes = 0;
  int64_t uncompressed_bytes = 0;  // the trailer's total, headers included
  int64_t last_data_offset = -1;
  int64_t last_meta_offset = -1;
  bool finished = false;

  // Writes one block; returns its offset and on-disk size.
  ::arrow::Result<IndexEntry> WriteBlock(HFileBlockType type, std::string_view payload,
                                         int64_t previous) {
    ARROW_ASSIGN_OR_RAISE(std::string bytes, internal::EncodeHFileBlock(
                                                 type, payload, previous, options.compression));
    IndexEntry entry{position, static_cast<int64_t>(bytes.size()), ""};
    ARROW_RETURN_NOT_OK(out->Write(bytes.data(), static_cast<int64_t>(bytes.size())));
    position += entry.size;
    uncompressed_bytes += internal::kHFileBlockHeaderSize + static_cast<int64_t>(payload.size());
    return entry;
  }

  ::arrow::Status FlushDataBlock() {
    if (block.empty()) return ::arrow::Status::OK();
    ARROW_ASSIGN_OR_RAISE(IndexEntry entry,
                          WriteBlock(HFileBlockType::kData, block, last_data_offset));
    last_data_offset = entry.offset;
    entry.key = std::move(block_first_key);
    data_index.push_back(std::move(entry));
    block.clear();
    return ::arrow::Status::OK();
  }
};

HFileWriter::HFileWriter(::arrow::io::OutputStream* out, HFileWriterOptions options)
    : state_(std::make_unique<State>()) {
  state_->out = out;
  state_->options = options;
}

HFileWriter::~HFileWriter() = default;

int64_t HFileWriter::entry_count() const { return state_->entries; }

::arrow::Status HFileWriter::Append(std::string_view row, std::string_view value) {
  State& s = *state_;
  if (static_cast<int64_t>(row.size()) > kMaxRowLength) {
    return ::arrow::Status::Invalid("an HFile row key of ", row.size(),
                                    " bytes; HBase allows at most ", kMaxRowLength);
  }
  if (s.entries > 0 && row <= s.last_row) {
    return ::arrow::Status::Invalid("HFile row keys must ascend without repeats: '", row,
                                    "' after '", s.last_row, "'");
  }
  // As HBase: a block is closed before the cell that finds it at its size.
  if (static_cast<int64_t>(s.block.size()) >= s.options.block_size) {
    ARROW_RETURN_NOT_OK(s.FlushDataBlock());
  }
  std::string key = internal::HFileKeyOf(row);
  if (s.block.empty()) s.block_first_key = key;
  internal::AppendHFileCell(key, value, &s.block);
  s.key_bytes += static_cast<int64_t>(key.size());
  s.value_bytes += static_cast<int64_t>(value.size());
  s.last_row = std::string(row);
  s.last_key = std::move(key);
  ++s.entries;
  return ::arrow::Status::OK();
}

void HFileWriter::AddFileInfo(std::string key, std::string value) {
  state_->file_info[std::move(key)] = std::move(value);
}

void HFileWriter::AddMetaBlock(std::string name, std::string payload) {
  state_->meta_blocks.emplace_back(std::move(name), std::move(payload));
}

::arrow::Status HFileWriter::Finish() {
  State& s = *state_;
  if (s.finished) return ::arrow::Status::Invalid("HFile already finished");
  s.finished = true;
  ARROW_RETURN_NOT_OK(s.FlushDataBlock());
  internal::HFileTrailer trailer;
  trailer.compression = s.options.compression;
  if (!s.data_index.empty()) {
    trailer.first_data_block_offset = s.data_index.front().offset;
    trailer.last_data_block_offset = s.data_index.back().offset;
  }
  std::vector<IndexEntry> meta_index;
  for (const auto& [name, payload] : s.meta_blocks) {
    ARROW_ASSIGN_OR_RAISE(IndexEntry entry,
                          s.WriteBlock(HFileBlockType::kMeta, payload, s.last_meta_offset));
    s.last_meta_offset = entry.offset;
    entry.key = name;
    meta_index.push_back(std::move(entry));
  }
  // The load-on-open section. HBase counts the data root index in the index size, not
  // in the total of uncompressed bytes.
  const std::string data_root = RootIndexPayload(s.data_index);
  const int64_t before_root = s.uncompressed_bytes;
  ARROW_ASSIGN_OR_RAISE(IndexEntry root, s.WriteBlock(HFileBlockType::kRootIndex, data_root, -1));
  s.uncompressed_bytes = before_root;
  trailer.load_on_open_offset = root.offset;
  trailer.uncompressed_data_index_size = static_cast<int64_t>(data_root.size());
  ARROW_RETURN_NOT_OK(
      s.WriteBlock(HFileBlockType::kRootIndex, RootIndexPayload(meta_index), root.offset)
          .status());
  // HBase's own entries, as its writer adds them for a file of KeyValues with memstore
  // timestamps (all 0) and no tags.
  const int64_t entries = s.entries;
  s.file_info["hfile.AVG_KEY_LEN"] =
      Int32Bytes(static_cast<int32_t>(entries == 0 ? 0 : s.key_bytes / entries));
  s.file_info["hfile.AVG_VALUE_LEN"] =
      Int32Bytes(static_cast<int32_t>(entries == 0 ? 0 : s.value_bytes / entries));
  s.file_info["hfile.CREATE_TIME_TS"] = Int64Bytes(0);
  if (entries > 0) s.file_info["hfile.LASTKEY"] = s.last_key;
  s.file_info["KEY_VALUE_VERSION"] = Int32Bytes(1);
  s.file_info["MAX_MEMSTORE_TS_KEY"] = Int64Bytes(0);
  ARROW_ASSIGN_OR_RAISE(IndexEntry info, s.WriteBlock(HFileBlockType::kFileInfo,
                                                      FileInfoPayload(s.file_info), -1));
  trailer.file_info_offset = info.offset;
  trailer.data_index_count = static_cast<int64_t>(s.data_index.size());
  trailer.meta_index_count = static_cast<int64_t>(meta_index.size());
  trailer.entry_count = entries;
  trailer.num_data_index_levels = 1;
  trailer.total_uncompressed_bytes = s.uncompressed_bytes + internal::kHFileTrailerSize;
  const std::string bytes = internal::EncodeHFileTrailer(trailer);
  ARROW_RETURN_NOT_OK(s.out->Write(bytes.data(), static_cast<int64_t>(bytes.size())));
  s.position += static_cast<int64_t>(bytes.size());
  return ::arrow::Status::OK();
}

::arrow::Result<std::string> WriteHFileToString(
    const std::vector<std::pair<std::string, std::string>>& cells,
    const std::map<std::string, std::string>& file_info, HFileWriterOptions options) {
  ARROW_ASSIGN_OR_RAISE(auto sink, ::arrow::io::BufferOutputStream::Create());
  HFileWriter writer(sink.get(), options);
  for (const auto& [key, value] : file_info) writer.AddFileInfo(key, value);
  for (const auto& [row, value] : cells) ARROW_RETURN_NOT_OK(writer.Append(row, value));
  ARROW_RETURN_NOT_OK(writer.Finish());
  ARROW_ASSIGN_OR_RAISE(auto buffer, sink->Finish());
  return buffer->ToString();
}

}  // namespace hoodie
