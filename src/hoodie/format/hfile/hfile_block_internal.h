// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_block_internal.h
/// \brief One HFile block on disk (HBase's HFileBlock, minor version 3): the 33-byte
/// header, the payload compressed with the file's codec, then a CRC-32C per 16 KiB of
/// header and payload.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/format/hfile/hfile.h"

namespace hoodie::internal {

enum class HFileBlockType { kData, kMeta, kRootIndex, kIntermediateIndex, kLeafIndex, kFileInfo };

/// "DATABLK*", "METABLKc", "IDXROOT2", "IDXINTE2", "IDXLEAF2", "FILEINF2".
std::string_view HFileBlockMagic(HFileBlockType type);

inline constexpr int64_t kHFileBlockHeaderSize = 33;
/// The checksum chunk HBase writes (hbase.hstore.bytes.per.checksum).
inline constexpr int32_t kHFileBytesPerChecksum = 16384;

struct HFileBlock {
  HFileBlockType type = HFileBlockType::kData;
  std::string payload;  // uncompressed
};

/// The whole on-disk size (header included) of the block whose header starts `bytes`
/// (at least kHFileBlockHeaderSize long).
::arrow::Result<int64_t> HFileBlockOnDiskSize(std::string_view bytes);

/// Decodes the block at the start of `bytes`: checks its magic (against `expected` when
/// given), its sizes and its checksums, then decompresses the payload.
/// \return Invalid naming the block's offset (`offset`, for messages) and what is wrong.
::arrow::Result<HFileBlock> DecodeHFileBlock(std::string_view bytes, int64_t offset,
                                             HFileCompression compression,
                                             std::optional<HFileBlockType> expected);

/// The on-disk bytes of a block: header (`previous_offset`: the offset of the last block
/// of the same type, -1 for the first), compressed payload and checksums.
::arrow::Result<std::string> EncodeHFileBlock(HFileBlockType type, std::string_view payload,
                                              int64_t previous_offset,
                                              HFileCompression compression);

}  // namespace hoodie::internal
