// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/big_endian_internal.h
/// \brief Java DataOutputStream / DataInputStream integers (big-endian) over strings.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hoodie::internal {

inline void AppendInt16(int16_t value, std::string* out) {
  const auto v = static_cast<uint16_t>(value);
  out->push_back(static_cast<char>(v >> 8));
  out->push_back(static_cast<char>(v & 0xFF));
}

inline void AppendInt32(int32_t value, std::string* out) {
  auto v = static_cast<uint32_t>(value);
  for (int shift = 24; shift >= 0; shift -= 8) {
    out->push_back(static_cast<char>((v >> shift) & 0xFF));
  }
}

inline void AppendInt64(int64_t value, std::string* out) {
  auto v = static_cast<uint64_t>(value);
  for (int shift = 56; shift >= 0; shift -= 8) {
    out->push_back(static_cast<char>((v >> shift) & 0xFF));
  }
}

/// Reads big-endian integers and byte runs from a buffer; every read reports whether
/// the bytes were there (Java's EOFException), never reading past the end.
class BigEndianReader {
 public:
  explicit BigEndianReader(std::string_view data, size_t position = 0)
      : data_(data), position_(position) {}

  size_t position() const { return position_; }
  size_t remaining() const {
    return position_ <= data_.size() ? data_.size() - position_ : 0;
  }
  void Seek(size_t position) { position_ = position; }

  bool ReadUInt8(uint8_t* out) {
    uint64_t v = 0;
    if (!ReadUnsigned(1, &v)) return false;
    *out = static_cast<uint8_t>(v);
    return true;
  }
  bool ReadInt16(int16_t* out) {
    uint64_t v = 0;
    if (!ReadUnsigned(2, &v)) return false;
    *out = static_cast<int16_t>(static_cast<uint16_t>(v));
    return true;
  }
  bool ReadInt32(int32_t* out) {
    uint64_t v = 0;
    if (!ReadUnsigned(4, &v)) return false;
    *out = static_cast<int32_t>(static_cast<uint32_t>(v));
    return true;
  }
  bool ReadInt64(int64_t* out) {
    uint64_t v = 0;
    if (!ReadUnsigned(8, &v)) return false;
    *out = static_cast<int64_t>(v);
    return true;
  }
  bool ReadBytes(size_t length, std::string_view* out) {
    if (remaining() < length) return false;
    *out = data_.substr(position_, length);
    position_ += length;
    return true;
  }

 private:
  bool ReadUnsigned(int width, uint64_t* out) {
    if (remaining() < static_cast<size_t>(width)) return false;
    uint64_t v = 0;
    for (int i = 0; i < width; ++i) {
      v = (v << 8) | static_cast<unsigned char>(data_[position_ + i]);
    }
    position_ += width;
    *out = v;
    return true;
  }

  std::string_view data_;
  size_t position_;
};

}  // namespace hoodie::internal
