// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_trailer.cc
#include "hoodie/format/hfile/hfile_trailer_internal.h"

#include "hoodie/common/big_endian_internal.h"
#include "hoodie/format/hfile/protobuf_wire_internal.h"

namespace hoodie::internal {
namespace {

constexpr std::string_view kTrailerMagic = "TRABLK\"$";

// FileTrailerProto's field numbers.
enum TrailerField : uint32_t {
  kFileInfoOffset = 1,
  kLoadOnOpenOffset = 2,
  kUncompressedDataIndexSize = 3,
  kTotalUncompressedBytes = 4,
  kDataIndexCount = 5,
  kMetaIndexCount = 6,
  kEntryCount = 7,
  kNumDataIndexLevels = 8,
  kFirstDataBlockOffset = 9,
  kLastDataBlockOffset = 10,
  kComparatorClassName = 11,
  kCompressionCodec = 12,
};

}  // namespace

::arrow::Result<HFileTrailer> DecodeHFileTrailer(std::string_view bytes) {
  if (bytes.size() != static_cast<size_t>(kHFileTrailerSize) ||
      bytes.substr(0, kTrailerMagic.size()) != kTrailerMagic) {
    return ::arrow::Status::Invalid("not an HFile: no trailer in its last ",
                                    kHFileTrailerSize, " bytes");
  }
  HFileTrailer trailer;
  int32_t version = 0;
  BigEndianReader(bytes, bytes.size() - 4).ReadInt32(&version);
  trailer.major_version = version & 0x00ffffff;
  trailer.minor_version = static_cast<int32_t>(static_cast<uint32_t>(version) >> 24);
  if (trailer.major_version != 3) {
    return ::arrow::Status::NotImplemented("HFile version ", trailer.major_version,
                                           "; hoodie reads version 3, as Hudi writes it");
  }
  size_t pos = kTrailerMagic.size();
  ARROW_ASSIGN_OR_RAISE(uint64_t length, ReadProtoVarint(bytes, &pos));
  if (length > bytes.size() - 4 - pos) {
    return ::arrow::Status::Invalid("HFile trailer message runs past the trailer");
  }
  int64_t codec = static_cast<int64_t>(HFileCompression::kNone);
  ARROW_RETURN_NOT_OK(ForEachProtoField(
      bytes.substr(pos, length), [&](const ProtoField& field) -> ::arrow::Status {
        const auto value = static_cast<int64_t>(field.varint);
        switch (field.number) {
          case kFileInfoOffset: trailer.file_info_offset = value; break;
          case kLoadOnOpenOffset: trailer.load_on_open_offset = value; break;
          case kUncompressedDataIndexSize: trailer.uncompressed_data_index_size = value; break;
          case kTotalUncompressedBytes: trailer.total_uncompressed_bytes = value; break;
          case kDataIndexCount: trailer.data_index_count = value; break;
          case kMetaIndexCount: trailer.meta_index_count = value; break;
          case kEntryCount: trailer.entry_count = value; break;
          case kNumDataIndexLevels: trailer.num_data_index_levels = value; break;
          case kFirstDataBlockOffset: trailer.first_data_block_offset = value; break;
          case kLastDataBlockOffset: trailer.last_data_block_offset = value; break;
          case kComparatorClassName: trailer.comparator = std::string(field.bytes); break;
          case kCompressionCodec: codec = value; break;
          default: break;  // the encryption key, which Hudi never sets
        }
        return ::arrow::Status::OK();
      }));
  ARROW_ASSIGN_OR_RAISE(trailer.compression, HFileCompressionOf(codec));
  return trailer;
}

std::string EncodeHFileTrailer(const HFileTrailer& trailer) {
  std::string message;
  auto add = [&message](uint32_t number, int64_t value) {
    AppendProtoVarintField(number, static_cast<uint64_t>(value), &message);
  };
  add(kFileInfoOffset, trailer.file_info_offset);
  add(kLoadOnOpenOffset, trailer.load_on_open_offset);
  add(kUncompressedDataIndexSize, trailer.uncompressed_data_index_size);
  add(kTotalUncompressedBytes, trailer.total_uncompressed_bytes);
  add(kDataIndexCount, trailer.data_index_count);
  add(kMetaIndexCount, trailer.meta_index_count);
  add(kEntryCount, trailer.entry_count);
  add(kNumDataIndexLevels, trailer.num_data_index_levels);
  add(kFirstDataBlockOffset, trailer.first_data_block_offset);
  add(kLastDataBlockOffset, trailer.last_data_block_offset);
  AppendProtoBytesField(kComparatorClassName, trailer.comparator, &message);
  add(kCompressionCodec, static_cast<int64_t>(trailer.compression));
  std::string out(kTrailerMagic);
  AppendProtoVarint(message.size(), &out);
  out += message;
  out.resize(kHFileTrailerSize - 4, '\0');
  AppendInt32(static_cast<int32_t>((static_cast<uint32_t>(trailer.minor_version) << 24) |
                                   (trailer.major_version & 0x00ffffff)),
              &out);
  return out;
}

}  // namespace hoodie::internal
