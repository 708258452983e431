// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hadoop_vint.cc
#include "hoodie/format/hfile/hadoop_vint_internal.h"

namespace hoodie::internal {

::arrow::Result<int64_t> ReadHadoopVLong(std::string_view data, size_t* pos) {
  if (*pos >= data.size()) return ::arrow::Status::Invalid("truncated Hadoop vint");
  const auto first = static_cast<int8_t>(data[(*pos)++]);
  if (first >= -112) return first;
  // The first byte says how many bytes follow and the sign.
  const bool negative = first < -120;
  const int length = negative ? -(first + 120) : -(first + 112);
  if (static_cast<size_t>(length) > data.size() - *pos) {
    return ::arrow::Status::Invalid("truncated Hadoop vint");
  }
  uint64_t value = 0;
  for (int i = 0; i < length; ++i) {
    value = (value << 8) | static_cast<uint8_t>(data[(*pos)++]);
  }
  return negative ? static_cast<int64_t>(~value) : static_cast<int64_t>(value);
}

void AppendHadoopVLong(int64_t value, std::string* out) {
  if (value >= -112 && value <= 127) {
    out->push_back(static_cast<char>(value));
    return;
  }
  int marker = -112;
  uint64_t magnitude = static_cast<uint64_t>(value);
  if (value < 0) {
    magnitude = ~magnitude;
    marker = -120;
  }
  int bytes = 0;
  for (uint64_t rest = magnitude; rest != 0; rest >>= 8) ++bytes;
  out->push_back(static_cast<char>(marker - bytes));
  for (int i = bytes - 1; i >= 0; --i) {
    out->push_back(static_cast<char>((magnitude >> (8 * i)) & 0xff));
  }
}

}  // namespace hoodie::internal
