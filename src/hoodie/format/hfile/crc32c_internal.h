// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/crc32c_internal.h
/// \brief CRC-32C (Castagnoli), the checksum HBase stores after each HFile block
/// (checksum type 2), as java.util.zip.CRC32C computes it.
#pragma once

#include <cstdint>
#include <string_view>

namespace hoodie::internal {

/// The CRC-32C of `data`, continuing from `crc` (0 to start).
uint32_t Crc32c(std::string_view data, uint32_t crc = 0);

}  // namespace hoodie::internal
