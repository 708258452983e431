// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_cell_internal.h
/// \brief HBase's KeyValue as Hudi stores its records in HFile data blocks: the key is
/// the row (the record key) with an empty family and qualifier, the latest timestamp
/// and type Put; each cell is i32 key length, i32 value length, key, value, then the
/// memstore timestamp (a Hadoop vlong, 0) when the file info's KEY_VALUE_VERSION is 1.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

namespace hoodie::internal {

/// The KeyValue key of `row`: i16 row length, row, u8 family length 0, i64
/// Long.MAX_VALUE, u8 type 4 (Put).
std::string HFileKeyOf(std::string_view row);

/// The row of a KeyValue key (its i16-length-prefixed start).
::arrow::Result<std::string_view> HFileRowOf(std::string_view key);

struct HFileCell {
  std::string_view key;
  std::string_view value;
};

/// How the cells of a file are laid out (from its file info).
struct HFileCellLayout {
  bool mvcc = true;   // a memstore timestamp follows each value
  bool tags = false;  // an i16 tag length and tags follow each value
};

/// Reads the cell at `*pos` of a data block's payload, advancing `*pos`.
::arrow::Result<HFileCell> ReadHFileCell(std::string_view block, size_t* pos,
                                         const HFileCellLayout& layout);

/// Appends the cell of `key` and `value` with a memstore timestamp of 0.
void AppendHFileCell(std::string_view key, std::string_view value, std::string* out);

}  // namespace hoodie::internal
