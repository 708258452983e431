// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/base64.cc
/// \brief Standard Base64 encoding and strict decoding.
#include <array>
#include <cstdint>

#include "hoodie/format/bloom/base64_internal.h"

namespace hoodie::internal {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int8_t, 256> MakeDecodeTable() {
  std::array<int8_t, 256> table{};
  for (auto& entry : table) entry = -1;
  for (size_t i = 0; i < kAlphabet.size(); ++i) {
    table[static_cast<uint8_t>(kAlphabet[i])] = static_cast<int8_t>(i);
  }
  return table;
}

constexpr std::array<int8_t, 256> kDecodeTable = MakeDecodeTable();

// Checks that what follows the first '=' at `pos` is a correct ending: "=" after three
// characters of a unit, "==" after two, and nothing after that.
::arrow::Status CheckPadding(std::string_view text, size_t pos, int unit_chars) {
  size_t expected = unit_chars == 2 ? 2 : (unit_chars == 3 ? 1 : 0);
  if (expected == 0 || text.size() - pos != expected ||
      (expected == 2 && text[pos + 1] != '=')) {
    return ::arrow::Status::Invalid("Base64 input has a wrong ending unit at offset ",
                                    pos);
  }
  return ::arrow::Status::OK();
}

}  // namespace

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  auto byte = [&](size_t k) {
    return static_cast<uint32_t>(static_cast<uint8_t>(bytes[k]));
  };
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t v = (byte(i) << 16) | (byte(i + 1) << 8) | byte(i + 2);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  const size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t v = byte(i) << 16;
    if (rest == 2) v |= byte(i + 1) << 8;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += rest == 2 ? kAlphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

::arrow::Result<std::string> Base64Decode(std::string_view text) {
  std::string out;
  out.reserve(text.size() / 4 * 3);
  uint32_t bits = 0;
  int unit_chars = 0;
  for (size_t pos = 0; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c == '=') {
      ARROW_RETURN_NOT_OK(CheckPadding(text, pos, unit_chars));
      break;
    }
    const int8_t value = kDecodeTable[static_cast<uint8_t>(c)];
    if (value < 0) {
      return ::arrow::Status::Invalid("Base64 input has an illegal character at offset ",
                                      pos, ": code ",
                                      static_cast<int>(static_cast<uint8_t>(c)));
    }
    bits = (bits << 6) | static_cast<uint32_t>(value);
    if (++unit_chars == 4) {
      out += static_cast<char>((bits >> 16) & 0xff);
      out += static_cast<char>((bits >> 8) & 0xff);
      out += static_cast<char>(bits & 0xff);
      bits = 0;
      unit_chars = 0;
    }
  }
  // A last unit of 2 or 3 characters (padded or not) carries 1 or 2 bytes; a single
  // character cannot carry a whole byte.
  if (unit_chars == 1) {
    return ::arrow::Status::Invalid("Base64 input ends with a single dangling character");
  }
  if (unit_chars == 2) out += static_cast<char>((bits >> 4) & 0xff);
  if (unit_chars == 3) {
    out += static_cast<char>((bits >> 10) & 0xff);
    out += static_cast<char>((bits >> 2) & 0xff);
  }
  return out;
}

}  // namespace hoodie::internal
