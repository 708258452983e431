// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile.h
/// \brief HFile version 3 as Hudi 0.15 writes it through HBase 2.4 (the base files and
/// the inline blocks of the metadata table): what the reader and writer share.
#pragma once

#include <cstdint>
#include <string_view>

#include <arrow/result.h>

namespace hoodie {

/// The block codecs, numbered as HBase's Compression.Algorithm (the trailer stores the
/// number). hoodie reads and writes kNone and kGz, the ones Hudi's metadata table uses.
enum class HFileCompression : int32_t {
  kLzo = 0,
  kGz = 1,
  kNone = 2,
  kSnappy = 3,
  kLz4 = 4,
  kBzip2 = 5,
  kZstd = 6,
};

/// The codec a trailer's number names. \return NotImplemented naming it for the codecs
/// hoodie does not support, Invalid for a number HBase never wrote.
::arrow::Result<HFileCompression> HFileCompressionOf(int64_t number);

/// The codec of hoodie.hfile.compression.algorithm ("GZ", "NONE"; any case).
::arrow::Result<HFileCompression> HFileCompressionNamed(std::string_view name);

/// The comparator class Hudi records in its HFiles' trailers.
inline constexpr std::string_view kHoodieHFileComparator =
    "org.apache.hudi.io.storage.HoodieHBaseKVComparator";

}  // namespace hoodie
