// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_trailer_internal.h
/// \brief The fixed 4096-byte trailer that ends an HFile (HBase's FixedFileTrailer,
/// version 3): where the load-on-open section and the file info start, the index and
/// entry counts, the comparator and the codec.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/format/hfile/hfile.h"

namespace hoodie::internal {

inline constexpr int64_t kHFileTrailerSize = 4096;

struct HFileTrailer {
  int64_t file_info_offset = 0;
  int64_t load_on_open_offset = 0;
  int64_t uncompressed_data_index_size = 0;
  int64_t total_uncompressed_bytes = 0;
  int64_t data_index_count = 0;
  int64_t meta_index_count = 0;
  int64_t entry_count = 0;
  int64_t num_data_index_levels = 1;
  int64_t first_data_block_offset = -1;  // -1: no data block
  int64_t last_data_block_offset = -1;
  std::string comparator{kHoodieHFileComparator};
  HFileCompression compression = HFileCompression::kGz;
  int32_t major_version = 3;
  int32_t minor_version = 3;
};

/// Decodes the last kHFileTrailerSize bytes of a file. \return Invalid when they are not
/// a version 3 trailer, NotImplemented for a codec hoodie does not read.
::arrow::Result<HFileTrailer> DecodeHFileTrailer(std::string_view bytes);

/// The kHFileTrailerSize bytes of `trailer`.
std::string EncodeHFileTrailer(const HFileTrailer& trailer);

}  // namespace hoodie::internal
