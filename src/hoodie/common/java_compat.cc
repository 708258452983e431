// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/java_compat.cc
/// \brief UTF-16 units of UTF-8 text, Java string order and hash, HashMap buckets.
#include "hoodie/common/java_compat.h"

namespace hoodie {
namespace {

// The payload bits of a lead byte, the count of continuation bytes after it and the
// smallest code point it may encode; extra < 0 for a byte that cannot start one.
void ParseLead(uint8_t lead, int* extra, uint32_t* bits, uint32_t* min) {
  if ((lead & 0xE0) == 0xC0) {
    *extra = 1;
    *bits = lead & 0x1F;
    *min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    *extra = 2;
    *bits = lead & 0x0F;
    *min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    *extra = 3;
    *bits = lead & 0x07;
    *min = 0x10000;
  } else {
    *extra = -1;
  }
}

}  // namespace

bool Utf16Units::Next(uint16_t* unit) {
  if (pending_low_ != 0) {
    *unit = pending_low_;
    pending_low_ = 0;
    return true;
  }
  if (pos_ >= text_.size()) return false;
  const uint32_t cp = DecodeCodePoint();
  if (cp < 0x10000) {
    *unit = static_cast<uint16_t>(cp);
  } else {
    *unit = static_cast<uint16_t>(0xD800 + ((cp - 0x10000) >> 10));
    pending_low_ = static_cast<uint16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
  }
  return true;
}

// Decodes the code point at pos_ and advances; a malformed sequence yields U+FFFD and
// consumes one byte.
uint32_t Utf16Units::DecodeCodePoint() {
  auto byte = [this](size_t i) { return static_cast<uint8_t>(text_[i]); };
  const uint8_t lead = byte(pos_);
  if (lead < 0x80) {
    ++pos_;
    return lead;
  }
  int extra = 0;
  uint32_t cp = 0;
  uint32_t min = 0;
  ParseLead(lead, &extra, &cp, &min);
  // A bad lead byte, or a sequence cut off by the end of the string.
  if (extra < 0 || pos_ + static_cast<size_t>(extra) >= text_.size()) {
    ++pos_;
    return 0xFFFD;
  }
  for (int i = 1; i <= extra; ++i) {
    const uint8_t next = byte(pos_ + i);
    if ((next & 0xC0) != 0x80) {
      ++pos_;
      return 0xFFFD;
    }
    cp = (cp << 6) | (next & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are malformed too.
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++pos_;
    return 0xFFFD;
  }
  pos_ += extra + 1;
  return cp;
}

int CompareJavaStrings(std::string_view a, std::string_view b) {
  Utf16Units left(a);
  Utf16Units right(b);
  while (true) {
    uint16_t x = 0;
    uint16_t y = 0;
    const bool has_x = left.Next(&x);
    const bool has_y = right.Next(&y);
    if (!has_x || !has_y) return has_x ? 1 : (has_y ? -1 : 0);
    if (x != y) return x < y ? -1 : 1;
  }
}

int32_t JavaStringHashCode(std::string_view utf8) {
  uint32_t hash = 0;
  Utf16Units units(utf8);
  for (uint16_t unit = 0; units.Next(&unit);) hash = hash * 31 + unit;
  return static_cast<int32_t>(hash);
}

size_t JavaHashMapBucket(std::string_view key, size_t capacity) {
  uint32_t h = static_cast<uint32_t>(JavaStringHashCode(key));
  h ^= h >> 16;  // HashMap.hash() spreads the high bits down.
  return static_cast<size_t>(h) & (capacity - 1);
}

size_t JavaHashMapCapacity(size_t size) {
  // Default table of 16 doubles whenever the size exceeds 0.75 * capacity.
  size_t capacity = 16;
  while (size > capacity * 3 / 4) capacity *= 2;
  return capacity;
}

size_t JavaPresizedHashMapCapacity(size_t size) {
  // tableSizeFor(size): the next power of two, at least 1.
  size_t capacity = 1;
  while (capacity < size) capacity *= 2;
  while (size > capacity * 3 / 4) capacity *= 2;
  return capacity;
}

}  // namespace hoodie
