// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile.cc
#include "hoodie/format/hfile/hfile.h"

#include <array>
#include <string>

#include "hoodie/common/ascii.h"

namespace hoodie {
namespace {

// HBase's Compression.Algorithm names, by number.
constexpr std::array<std::string_view, 7> kNames = {"LZO",  "GZ",    "NONE", "SNAPPY",
                                                    "LZ4",  "BZIP2", "ZSTD"};

}  // namespace

::arrow::Result<HFileCompression> HFileCompressionOf(int64_t number) {
  if (number < 0 || number >= static_cast<int64_t>(kNames.size())) {
    return ::arrow::Status::Invalid("HFile compression codec number ", number,
                                    " is not one HBase defines");
  }
  const auto codec = static_cast<HFileCompression>(number);
  if (codec != HFileCompression::kGz && codec != HFileCompression::kNone) {
    return ::arrow::Status::NotImplemented("HFile compression ", kNames[number],
                                           " is not supported; hoodie reads and writes GZ "
                                           "and NONE, the codecs of Hudi's metadata table");
  }
  return codec;
}

::arrow::Result<HFileCompression> HFileCompressionNamed(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (EqualsIgnoreCase(name, kNames[i])) {
      return HFileCompressionOf(static_cast<int64_t>(i));
    }
  }
  return ::arrow::Status::Invalid("unknown HFile compression '", name,
                                  "'; one of GZ, NONE (hoodie's), LZO, SNAPPY, LZ4, BZIP2, "
                                  "ZSTD (HBase's)");
}

}  // namespace hoodie
