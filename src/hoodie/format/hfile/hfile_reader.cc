// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_reader.cc
#include "hoodie/format/hfile/hfile_reader.h"

#include <algorithm>
#include <vector>

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

constexpr std::string_view kProtobufMagic = "PBUF";

// One entry of a block index: where a block is, and the key it starts with (for a data
// block the row of its first key, which HBase may shorten: it only bounds the block).
struct IndexEntry {
  int64_t offset = 0;
  int64_t size = 0;  // on disk, header included
  std::string key;
};

// The entries of a root index block (i64 offset, i32 size, vint key length, key);
// HBase may append mid-key data after them, which `count` leaves out.
::arrow::Result<std::vector<IndexEntry>> ParseRootIndex(std::string_view payload,
                                                        int64_t count) {
  std::vector<IndexEntry> entries;
  size_t pos = 0;
  for (int64_t i = 0; i < count; ++i) {
    internal::BigEndianReader reader(payload, pos);
    IndexEntry entry;
    int32_t size = 0;
    if (!reader.ReadInt64(&entry.offset) || !reader.ReadInt32(&size)) {
      return ::arrow::Status::Invalid("a root index block shorter than its ", count,
                                      " entries");
    }
    entry.size = size;
    pos = reader.position();
    ARROW_ASSIGN_OR_RAISE(int64_t length, internal::ReadHadoopVLong(payload, &pos));
    if (length < 0 || static_cast<size_t>(length) > payload.size() - pos) {
      return ::arrow::Status::Invalid("a root index key runs past its block");
    }
    entry.key = std::string(payload.substr(pos, length));
    pos += length;
    entries.push_back(std::move(entry));
  }
  return entries;
}

// The entries of an intermediate or leaf index block: i32 count, count + 1 i32 offsets
// of the entries (relative to the first), then each entry: i64 offset, i32 size, key.
::arrow::Result<std::vector<IndexEntry>> ParseNonRootIndex(std::string_view payload) {
  internal::BigEndianReader reader(payload);
  int32_t count = 0;
  if (!reader.ReadInt32(&count) || count < 0 ||
      static_cast<size_t>(count + 1) * 4 > reader.remaining()) {
    return ::arrow::Status::Invalid("a non-root index block with a bad entry count");
  }
  std::vector<int32_t> offsets(static_cast<size_t>(count) + 1);
  for (auto& offset : offsets) reader.ReadInt32(&offset);
  const size_t base = reader.position();
  std::vector<IndexEntry> entries;
  for (int32_t i = 0; i < count; ++i) {
    const int32_t start = offsets[i];
    const int32_t end = offsets[i + 1];
    if (start < 0 || end < start + 12 || base + end > payload.size()) {
      return ::arrow::Status::Invalid("a non-root index entry out of its block");
    }
    internal::BigEndianReader entry_reader(payload, base + start);
    IndexEntry entry;
    int32_t size = 0;
    entry_reader.ReadInt64(&entry.offset);
    entry_reader.ReadInt32(&size);
    entry.size = size;
    entry.key = std::string(payload.substr(base + start + 12, end - start - 12));
    entries.push_back(std::move(entry));
  }
  return entries;
}

// The file info block's payload: "PBUF", a varint length, then InfoProto, whose field 1
// repeats BytesBytesPair {first = 1, second = 2}.
::arrow::Result<std::map<std::string, std::string, std::less<>>> ParseFileInfo(
    std::string_view payload) {
  if (payload.substr(0, kProtobufMagic.size()) != kProtobufMagic) {
    return ::arrow::Status::Invalid("a file info block without its PBUF magic");
  }
  size_t pos = kProtobufMagic.size();
  ARROW_ASSIGN_OR_RAISE(uint64_t length, internal::ReadProtoVarint(payload, &pos));
  if (length > payload.size() - pos) {
    return ::arrow::Status::Invalid("a file info message longer than its block");
  }
  std::map<std::string, std::string, std::less<>> info;
  ARROW_RETURN_NOT_OK(internal::ForEachProtoField(
      payload.substr(pos, length), [&info](const internal::ProtoField& entry) {
        if (entry.number != 1 || entry.is_varint) return ::arrow::Status::OK();
        std::string key;
        std::string value;
        ARROW_RETURN_NOT_OK(internal::ForEachProtoField(
            entry.bytes, [&](const internal::ProtoField& part) {
              if (part.number == 1) key = std::string(part.bytes);
              if (part.number == 2) value = std::string(part.bytes);
              return ::arrow::Status::OK();
            }));
        info[std::move(key)] = std::move(value);
        return ::arrow::Status::OK();
      }));
  return info;
}

}  // namespace

struct HOODIE_NO_EXPORT HFileReader::State {
  std::shared_ptr<::arrow::io::RandomAccessFile> file;
  int64_t size = 0;
  std::string name;
  internal::HFileTrailer trailer;
  std::vector<IndexEntry> data_index;  // one per data block, rows as keys
  std::vector<IndexEntry> meta_index;
  std::map<std::string, std::string, std::less<>> file_info;
  internal::HFileCellLayout layout;
  int64_t cached_offset = -1;  // the data block last read
  std::string cached_payload;
  // Where each cell of the cached block starts, found on the first seek into it: the
  // point lookups of many sorted keys then binary-search the block instead of reading
  // it from its start for each key.
  std::vector<size_t> cached_cells;
  bool cells_found = false;

  ::arrow::Status Fail(const ::arrow::Status& status) const {
    return status.WithMessage("HFile ", name, ": ", status.message());
  }

  ::arrow::Result<internal::HFileBlock> ReadBlock(const IndexEntry& entry,
                                                  HFileBlockType type) {
    if (entry.offset < 0 || entry.size < internal::kHFileBlockHeaderSize ||
        entry.offset + entry.size > size - internal::kHFileTrailerSize) {
      return ::arrow::Status::Invalid("a block index entry points outside the file (offset ",
                                      entry.offset, ", size ", entry.size, ")");
    }
    ARROW_ASSIGN_OR_RAISE(auto bytes, file->ReadAt(entry.offset, entry.size));
    return internal::DecodeHFileBlock(bytes->ToString(), entry.offset, trailer.compression,
                                      type);
  }

  // Replaces each data index entry that points to an index block by the entries of
  // that block, level by level, until every entry is a data block's.
  ::arrow::Status ExpandIndexLevels() {
    for (int64_t level = 1; level < trailer.num_data_index_levels; ++level) {
      const HFileBlockType type = level + 1 == trailer.num_data_index_levels
                                      ? HFileBlockType::kLeafIndex
                                      : HFileBlockType::kIntermediateIndex;
      std::vector<IndexEntry> next;
      for (const IndexEntry& entry : data_index) {
        ARROW_ASSIGN_OR_RAISE(auto block, ReadBlock(entry, type));
        ARROW_ASSIGN_OR_RAISE(auto entries, ParseNonRootIndex(block.payload));
        for (auto& child : entries) next.push_back(std::move(child));
      }
      data_index = std::move(next);
    }
    return ::arrow::Status::OK();
  }

  ::arrow::Status RowsAsIndexKeys() {
    for (IndexEntry& entry : data_index) {
      ARROW_ASSIGN_OR_RAISE(std::string_view row, internal::HFileRowOf(entry.key));
      entry.key = std::string(row);
    }
    return ::arrow::Status::OK();
  }

  ::arrow::Status Load() {
    if (size < internal::kHFileTrailerSize) {
      return ::arrow::Status::Invalid("not an HFile: ", size, " bytes, less than a trailer");
    }
    ARROW_ASSIGN_OR_RAISE(auto tail, file->ReadAt(size - internal::kHFileTrailerSize,
                                                  internal::kHFileTrailerSize));
    ARROW_ASSIGN_OR_RAISE(trailer, internal::DecodeHFileTrailer(tail->ToString()));
    const int64_t end = size - internal::kHFileTrailerSize;
    if (trailer.load_on_open_offset < 0 || trailer.load_on_open_offset >= end ||
        trailer.file_info_offset < trailer.load_on_open_offset ||
        trailer.file_info_offset >= end) {
      return ::arrow::Status::Invalid("its trailer points outside the file");
    }
    // The load-on-open section in one read: data root index, meta root index, file info.
    ARROW_ASSIGN_OR_RAISE(auto section_buffer,
                          file->ReadAt(trailer.load_on_open_offset,
                                       end - trailer.load_on_open_offset));
    const std::string section = section_buffer->ToString();
    auto block_at = [&](int64_t offset, HFileBlockType type) {
      return internal::DecodeHFileBlock(
          std::string_view(section).substr(offset - trailer.load_on_open_offset),
          offset, trailer.compression, type);
    };
    ARROW_ASSIGN_OR_RAISE(auto data_root,
                          block_at(trailer.load_on_open_offset, HFileBlockType::kRootIndex));
    ARROW_ASSIGN_OR_RAISE(data_index,
                          ParseRootIndex(data_root.payload, trailer.data_index_count));
    ARROW_ASSIGN_OR_RAISE(int64_t root_size, internal::HFileBlockOnDiskSize(section));
    const int64_t meta_offset = trailer.load_on_open_offset + root_size;
    if (meta_offset < trailer.file_info_offset) {
      ARROW_ASSIGN_OR_RAISE(auto meta_root, block_at(meta_offset, HFileBlockType::kRootIndex));
      ARROW_ASSIGN_OR_RAISE(meta_index,
                            ParseRootIndex(meta_root.payload, trailer.meta_index_count));
    }
    ARROW_ASSIGN_OR_RAISE(auto info, block_at(trailer.file_info_offset,
                                              HFileBlockType::kFileInfo));
    ARROW_ASSIGN_OR_RAISE(file_info, ParseFileInfo(info.payload));
    ARROW_RETURN_NOT_OK(ExpandIndexLevels());
    ARROW_RETURN_NOT_OK(RowsAsIndexKeys());
    auto version = file_info.find("KEY_VALUE_VERSION");
    layout.mvcc = version != file_info.end() && version->second.size() == 4 &&
                  version->second.back() == 1;
    layout.tags = file_info.count("hfile.MAX_TAGS_LEN") > 0;
    return ::arrow::Status::OK();
  }

  ::arrow::Result<std::string_view> DataBlock(size_t index) {
    const IndexEntry& entry = data_index[index];
    if (cached_offset != entry.offset) {
      ARROW_ASSIGN_OR_RAISE(auto block, ReadBlock(entry, HFileBlockType::kData));
      cached_payload = std::move(block.payload);
      cached_offset = entry.offset;
      cached_cells.clear();
      cells_found = false;
    }
    return std::string_view(cached_payload);
  }

  // The position of the first cell of the cached block `block` whose row is at or after
  // `from` (the block's end when none is).
  ::arrow::Result<size_t> SeekInBlock(std::string_view block, std::string_view from) {
    if (!cells_found) {
      for (size_t pos = 0; pos < block.size();) {
        cached_cells.push_back(pos);
        ARROW_RETURN_NOT_OK(internal::ReadHFileCell(block, &pos, layout).status());
      }
      cells_found = true;
    }
    size_t low = 0;
    size_t high = cached_cells.size();
    while (low < high) {
      const size_t mid = low + (high - low) / 2;
      size_t pos = cached_cells[mid];
      ARROW_ASSIGN_OR_RAISE(internal::HFileCell cell, internal::ReadHFileCell(block, &pos, layout));
      ARROW_ASSIGN_OR_RAISE(std::string_view row, internal::HFileRowOf(cell.key));
      if (row < from) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low < cached_cells.size() ? cached_cells[low] : block.size();
  }

  // Visits cells from the block that may hold `from` on, skipping rows before `from`,
  // until `visit` says to stop (*stop).
  ::arrow::Status Walk(std::string_view from,
                       const std::function<::arrow::Status(const internal::HFileCell&,
                                                           std::string_view row, bool* stop)>&
                           visit) {
    // The first block whose first row is >= `from`, less one: equal rows may also end
    // the block before, and a shortened index key only bounds its block from below.
    auto first = std::lower_bound(
        data_index.begin(), data_index.end(), from,
        [](const IndexEntry& entry, std::string_view key) { return entry.key < key; });
    size_t index = first == data_index.begin() ? 0 : (first - data_index.begin()) - 1;
    bool stop = false;
    for (bool first_block = true; index < data_index.size() && !stop; ++index) {
      ARROW_ASSIGN_OR_RAISE(std::string_view block, DataBlock(index));
      size_t start = 0;
      if (first_block && !from.empty()) {
        ARROW_ASSIGN_OR_RAISE(start, SeekInBlock(block, from));
      }
      first_block = false;
      for (size_t pos = start; pos < block.size() && !stop;) {
        ARROW_ASSIGN_OR_RAISE(internal::HFileCell cell,
                              internal::ReadHFileCell(block, &pos, layout));
        ARROW_ASSIGN_OR_RAISE(std::string_view row, internal::HFileRowOf(cell.key));
        if (row < from) continue;
        ARROW_RETURN_NOT_OK(visit(cell, row, &stop));
      }
    }
    return ::arrow::Status::OK();
  }
};

HFileReader::HFileReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
HFileReader::~HFileReader() = default;

::arrow::Result<std::unique_ptr<HFileReader>> HFileReader::Open(
    std::shared_ptr<::arrow::io::RandomAccessFile> file, int64_t size, std::string name) {
  auto state = std::make_unique<State>();
  state->file = std::move(file);
  state->size = size;
  state->name = std::move(name);
  ::arrow::Status loaded = state->Load();
  if (!loaded.ok()) return state->Fail(loaded);
  return std::unique_ptr<HFileReader>(new HFileReader(std::move(state)));
}

::arrow::Result<std::unique_ptr<HFileReader>> HFileReader::Open(
    std::shared_ptr<::arrow::Buffer> bytes, std::string name) {
  const int64_t size = bytes->size();
  return Open(std::make_shared<::arrow::io::BufferReader>(std::move(bytes)), size,
              std::move(name));
}

int64_t HFileReader::entry_count() const { return state_->trailer.entry_count; }

HFileCompression HFileReader::compression() const { return state_->trailer.compression; }

const std::map<std::string, std::string, std::less<>>& HFileReader::file_info() const {
  return state_->file_info;
}

std::optional<std::string_view> HFileReader::FileInfo(std::string_view key) const {
  auto found = state_->file_info.find(key);
  if (found == state_->file_info.end()) return std::nullopt;
  return std::string_view(found->second);
}

std::vector<std::string> HFileReader::MetaBlockNames() const {
  std::vector<std::string> names;
  for (const auto& entry : state_->meta_index) names.push_back(entry.key);
  return names;
}

::arrow::Result<std::optional<std::string>> HFileReader::MetaBlock(std::string_view name) {
  for (const auto& entry : state_->meta_index) {
    if (entry.key != name) continue;
    auto block = state_->ReadBlock(entry, HFileBlockType::kMeta);
    if (!block.ok()) return state_->Fail(block.status());
    return std::optional<std::string>(std::move(block->payload));
  }
  return std::nullopt;
}

::arrow::Result<std::optional<std::string>> HFileReader::Get(std::string_view row) {
  std::optional<std::string> value;
  ::arrow::Status walked = state_->Walk(
      row, [&](const internal::HFileCell& cell, std::string_view found, bool* stop) {
        if (found == row) value = std::string(cell.value);
        *stop = true;  // the first row at or after `row` decides
        return ::arrow::Status::OK();
      });
  if (!walked.ok()) return state_->Fail(walked);
  return value;
}

::arrow::Status HFileReader::Scan(std::string_view prefix, const CellVisitor& visit) {
  ::arrow::Status walked = state_->Walk(
      prefix, [&](const internal::HFileCell& cell, std::string_view row, bool* stop) {
        if (row.substr(0, prefix.size()) != prefix) {
          *stop = true;  // sorted: no later row has the prefix
          return ::arrow::Status::OK();
        }
        return visit(row, cell.value);
      });
  return walked.ok() ? walked : state_->Fail(walked);
}

}  // namespace hoodie
