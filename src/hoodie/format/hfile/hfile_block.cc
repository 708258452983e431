// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_block.cc
#include "hoodie/format/hfile/hfile_block_internal.h"

#include <array>

#include <arrow/util/compression.h>
#include <zlib.h>

#include "hoodie/common/big_endian_internal.h"
#include "hoodie/format/hfile/crc32c_internal.h"

namespace hoodie::internal {
namespace {

constexpr uint8_t kChecksumCrc32c = 2;  // HBase's ChecksumType.CRC32C

constexpr std::array<std::pair<HFileBlockType, std::string_view>, 6> kMagics = {{
    {HFileBlockType::kData, "DATABLK*"},
    {HFileBlockType::kMeta, "METABLKc"},
    {HFileBlockType::kRootIndex, "IDXROOT2"},
    {HFileBlockType::kIntermediateIndex, "IDXINTE2"},
    {HFileBlockType::kLeafIndex, "IDXLEAF2"},
    {HFileBlockType::kFileInfo, "FILEINF2"},
}};

struct Header {
  HFileBlockType type;
  int32_t on_disk_without_header;
  int32_t uncompressed;
  int64_t previous_offset;
  uint8_t checksum_type;
  int32_t bytes_per_checksum;
  int32_t on_disk_data_with_header;
};

::arrow::Result<Header> ReadHeader(std::string_view bytes, int64_t offset) {
  if (bytes.size() < static_cast<size_t>(kHFileBlockHeaderSize)) {
    return ::arrow::Status::Invalid("HFile block at offset ", offset, " is truncated");
  }
  const std::string_view magic = bytes.substr(0, 8);
  Header header{};
  bool known = false;
  for (const auto& [type, name] : kMagics) {
    if (name == magic) {
      header.type = type;
      known = true;
    }
  }
  if (!known) {
    return ::arrow::Status::Invalid("HFile block at offset ", offset,
                                    " has no known block magic");
  }
  BigEndianReader reader(bytes, 8);
  reader.ReadInt32(&header.on_disk_without_header);
  reader.ReadInt32(&header.uncompressed);
  reader.ReadInt64(&header.previous_offset);
  reader.ReadUInt8(&header.checksum_type);
  reader.ReadInt32(&header.bytes_per_checksum);
  reader.ReadInt32(&header.on_disk_data_with_header);
  if (header.on_disk_without_header < 0 || header.uncompressed < 0 ||
      header.on_disk_data_with_header < kHFileBlockHeaderSize ||
      header.on_disk_data_with_header > kHFileBlockHeaderSize + header.on_disk_without_header) {
    return ::arrow::Status::Invalid("HFile block at offset ", offset,
                                    " has inconsistent sizes in its header");
  }
  return header;
}

int64_t ChecksumChunks(int64_t covered, int32_t bytes_per_checksum) {
  return (covered + bytes_per_checksum - 1) / bytes_per_checksum;
}

::arrow::Status CheckChecksums(std::string_view block, const Header& header, int64_t offset) {
  if (header.checksum_type == 0) return ::arrow::Status::OK();  // written without
  if (header.checksum_type != kChecksumCrc32c || header.bytes_per_checksum <= 0) {
    return ::arrow::Status::NotImplemented("HFile block at offset ", offset,
                                           " uses checksum type ",
                                           static_cast<int>(header.checksum_type),
                                           "; hoodie reads CRC32C (2) only");
  }
  const std::string_view covered = block.substr(0, header.on_disk_data_with_header);
  BigEndianReader sums(block, header.on_disk_data_with_header);
  for (int64_t start = 0; start < static_cast<int64_t>(covered.size());
       start += header.bytes_per_checksum) {
    int32_t stored = 0;
    if (!sums.ReadInt32(&stored)) {
      return ::arrow::Status::Invalid("HFile block at offset ", offset,
                                      " is missing its checksums");
    }
    const uint32_t actual = Crc32c(covered.substr(start, header.bytes_per_checksum));
    if (actual != static_cast<uint32_t>(stored)) {
      return ::arrow::Status::Invalid("HFile block at offset ", offset,
                                      " fails its CRC32C checksum (the file is corrupt)");
    }
  }
  return ::arrow::Status::OK();
}

// zlib's default level (6), as Hadoop's GzipCodec under HBase's GZ compresses; Arrow's
// own default (9) costs several times the time for a few percent of size.
constexpr int kGzipLevel = 6;

::arrow::Result<std::unique_ptr<::arrow::util::Codec>> GzipCodec() {
  ::arrow::util::GZipCodecOptions options;
  options.gzip_format = ::arrow::util::GZipFormat::GZIP;
  options.compression_level = kGzipLevel;
  return ::arrow::util::Codec::Create(::arrow::Compression::GZIP, options);
}

// The gzip member `data` (RFC 1952) inflated into `out`, which must come out exactly
// full. Its CRC-32 is not computed: the block's CRC32C already vouches for the bytes,
// and the CRC was most of the cost of a metadata-table lookup after the inflate itself.
bool InflateGzipMember(std::string_view data, std::string* out) {
  constexpr uint8_t kExtra = 4, kName = 8, kComment = 16, kHeaderCrc = 2;
  if (data.size() < 18 || static_cast<uint8_t>(data[0]) != 0x1f ||
      static_cast<uint8_t>(data[1]) != 0x8b || data[2] != 8) {
    return false;
  }
  const auto flags = static_cast<uint8_t>(data[3]);
  size_t pos = 10;
  if (flags & kExtra) {
    if (pos + 2 > data.size()) return false;
    pos += 2 + (static_cast<uint8_t>(data[pos]) | (static_cast<uint8_t>(data[pos + 1]) << 8));
  }
  for (uint8_t field : {kName, kComment}) {
    if (!(flags & field)) continue;
    const size_t end = data.find('\0', pos);
    if (end == std::string_view::npos) return false;
    pos = end + 1;
  }
  if (flags & kHeaderCrc) pos += 2;
  if (pos + 8 > data.size()) return false;
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return false;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + pos));
  stream.avail_in = static_cast<uInt>(data.size() - pos);
  stream.next_out = reinterpret_cast<Bytef*>(out->data());
  stream.avail_out = static_cast<uInt>(out->size());
  const int result = inflate(&stream, Z_FINISH);
  const bool full = result == Z_STREAM_END && stream.total_out == out->size();
  inflateEnd(&stream);
  return full;
}

::arrow::Result<std::string> Decompress(std::string_view data, int32_t uncompressed,
                                        HFileCompression compression, int64_t offset) {
  if (compression == HFileCompression::kNone) {
    if (static_cast<int64_t>(data.size()) != uncompressed) {
      return ::arrow::Status::Invalid("HFile block at offset ", offset,
                                      ": an uncompressed payload of ", data.size(),
                                      " bytes, where its header says ", uncompressed);
    }
    return std::string(data);
  }
  std::string out(static_cast<size_t>(uncompressed), '\0');
  if (!InflateGzipMember(data, &out)) {
    return ::arrow::Status::Invalid("HFile block at offset ", offset,
                                    " does not inflate to the ", uncompressed,
                                    " bytes its header says (the file is corrupt)");
  }
  return out;
}

::arrow::Result<std::string> Compress(std::string_view payload, HFileCompression compression) {
  if (compression == HFileCompression::kNone) return std::string(payload);
  ARROW_ASSIGN_OR_RAISE(auto codec, GzipCodec());
  const int64_t bound = codec->MaxCompressedLen(static_cast<int64_t>(payload.size()),
                                                reinterpret_cast<const uint8_t*>(payload.data()));
  std::string out(static_cast<size_t>(bound), '\0');
  ARROW_ASSIGN_OR_RAISE(
      int64_t written,
      codec->Compress(static_cast<int64_t>(payload.size()),
                      reinterpret_cast<const uint8_t*>(payload.data()), bound,
                      reinterpret_cast<uint8_t*>(out.data())));
  out.resize(static_cast<size_t>(written));
  return out;
}

}  // namespace

std::string_view HFileBlockMagic(HFileBlockType type) {
  for (const auto& [known, name] : kMagics) {
    if (known == type) return name;
  }
  return "";
}

::arrow::Result<int64_t> HFileBlockOnDiskSize(std::string_view bytes) {
  ARROW_ASSIGN_OR_RAISE(Header header, ReadHeader(bytes, 0));
  return kHFileBlockHeaderSize + header.on_disk_without_header;
}

::arrow::Result<HFileBlock> DecodeHFileBlock(std::string_view bytes, int64_t offset,
                                             HFileCompression compression,
                                             std::optional<HFileBlockType> expected) {
  ARROW_ASSIGN_OR_RAISE(Header header, ReadHeader(bytes, offset));
  if (expected && header.type != *expected) {
    return ::arrow::Status::Invalid("HFile block at offset ", offset, " is a ",
                                    HFileBlockMagic(header.type), " block where a ",
                                    HFileBlockMagic(*expected), " block belongs");
  }
  const int64_t on_disk = kHFileBlockHeaderSize + header.on_disk_without_header;
  if (static_cast<int64_t>(bytes.size()) < on_disk) {
    return ::arrow::Status::Invalid("HFile block at offset ", offset, " is truncated: ",
                                    on_disk, " bytes on disk, ", bytes.size(), " present");
  }
  ARROW_RETURN_NOT_OK(CheckChecksums(bytes.substr(0, on_disk), header, offset));
  const std::string_view data = bytes.substr(
      kHFileBlockHeaderSize, header.on_disk_data_with_header - kHFileBlockHeaderSize);
  HFileBlock block;
  block.type = header.type;
  ARROW_ASSIGN_OR_RAISE(block.payload,
                        Decompress(data, header.uncompressed, compression, offset));
  return block;
}

::arrow::Result<std::string> EncodeHFileBlock(HFileBlockType type, std::string_view payload,
                                              int64_t previous_offset,
                                              HFileCompression compression) {
  ARROW_ASSIGN_OR_RAISE(std::string data, Compress(payload, compression));
  const int64_t with_header = kHFileBlockHeaderSize + static_cast<int64_t>(data.size());
  const int64_t checksum_bytes = 4 * ChecksumChunks(with_header, kHFileBytesPerChecksum);
  std::string block(HFileBlockMagic(type));
  AppendInt32(static_cast<int32_t>(data.size() + checksum_bytes), &block);
  AppendInt32(static_cast<int32_t>(payload.size()), &block);
  AppendInt64(previous_offset, &block);
  block.push_back(static_cast<char>(kChecksumCrc32c));
  AppendInt32(kHFileBytesPerChecksum, &block);
  AppendInt32(static_cast<int32_t>(with_header), &block);
  block += data;
  std::string checksums;
  for (int64_t start = 0; start < with_header; start += kHFileBytesPerChecksum) {
    AppendInt32(static_cast<int32_t>(
                    Crc32c(std::string_view(block).substr(start, kHFileBytesPerChecksum))),
                &checksums);
  }
  return block + checksums;
}

}  // namespace hoodie::internal
