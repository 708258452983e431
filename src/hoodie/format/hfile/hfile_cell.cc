// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hfile_cell.cc
#include "hoodie/format/hfile/hfile_cell_internal.h"

#include <limits>

#include "hoodie/common/big_endian_internal.h"
#include "hoodie/format/hfile/hadoop_vint_internal.h"

namespace hoodie::internal {
namespace {

constexpr uint8_t kTypePut = 4;

}  // namespace

std::string HFileKeyOf(std::string_view row) {
  std::string key;
  AppendInt16(static_cast<int16_t>(row.size()), &key);
  key += row;
  key.push_back('\0');  // family length
  AppendInt64(std::numeric_limits<int64_t>::max(), &key);
  key.push_back(static_cast<char>(kTypePut));
  return key;
}

::arrow::Result<std::string_view> HFileRowOf(std::string_view key) {
  BigEndianReader reader(key);
  int16_t length = 0;
  std::string_view row;
  if (!reader.ReadInt16(&length) || length < 0 ||
      !reader.ReadBytes(static_cast<size_t>(length), &row)) {
    return ::arrow::Status::Invalid("an HFile key shorter than its row length says");
  }
  return row;
}

::arrow::Result<HFileCell> ReadHFileCell(std::string_view block, size_t* pos,
                                         const HFileCellLayout& layout) {
  BigEndianReader reader(block, *pos);
  int32_t key_length = 0;
  int32_t value_length = 0;
  HFileCell cell;
  if (!reader.ReadInt32(&key_length) || !reader.ReadInt32(&value_length) ||
      key_length < 0 || value_length < 0 ||
      !reader.ReadBytes(static_cast<size_t>(key_length), &cell.key) ||
      !reader.ReadBytes(static_cast<size_t>(value_length), &cell.value)) {
    return ::arrow::Status::Invalid("a truncated cell at byte ", *pos, " of a data block");
  }
  if (layout.tags) {
    int16_t tags_length = 0;
    std::string_view tags;
    if (!reader.ReadInt16(&tags_length) ||
        !reader.ReadBytes(static_cast<uint16_t>(tags_length), &tags)) {
      return ::arrow::Status::Invalid("truncated cell tags at byte ", *pos,
                                      " of a data block");
    }
  }
  size_t next = reader.position();
  if (layout.mvcc) ARROW_RETURN_NOT_OK(ReadHadoopVLong(block, &next).status());
  *pos = next;
  return cell;
}

void AppendHFileCell(std::string_view key, std::string_view value, std::string* out) {
  AppendInt32(static_cast<int32_t>(key.size()), out);
  AppendInt32(static_cast<int32_t>(value.size()), out);
  *out += key;
  *out += value;
  AppendHadoopVLong(0, out);
}

}  // namespace hoodie::internal
