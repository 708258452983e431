// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/java_string_order.cc
/// \brief Java String.compareTo order over UTF-8 record keys, and the footer write
/// support.
#include <cstdint>

#include "hoodie/format/bloom/bloom_footer.h"

namespace hoodie {

namespace {

// Yields the UTF-16 code units of a UTF-8 string one at a time.
class Utf16Units {
 public:
  explicit Utf16Units(std::string_view text) : text_(text) {}

  // False at the end of the string.
  bool Next(uint16_t* unit) {
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

 private:
  uint8_t Byte(size_t i) const { return static_cast<uint8_t>(text_[i]); }

  // The payload bits of a lead byte and the count of continuation bytes after it;
  // extra < 0 for a byte that cannot start a sequence.
  static void ParseLead(uint8_t lead, int* extra, uint32_t* bits, uint32_t* min) {
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

  // Decodes the code point at pos_ and advances; a malformed sequence yields U+FFFD and
  // consumes one byte.
  uint32_t DecodeCodePoint() {
    const uint8_t lead = Byte(pos_);
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
      const uint8_t next = Byte(pos_ + i);
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

  std::string_view text_;
  size_t pos_ = 0;
  uint16_t pending_low_ = 0;
};

}  // namespace

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

BloomFilterWriteSupport::BloomFilterWriteSupport(std::unique_ptr<BloomFilter> filter,
                                                 RecordKeyOrder order)
    : filter_(std::move(filter)), order_(order) {}

int BloomFilterWriteSupport::Compare(std::string_view a, std::string_view b) const {
  if (order_ == RecordKeyOrder::kJavaString) return CompareJavaStrings(a, b);
  const int c = a.compare(b);  // char_traits<char> compares as unsigned char
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

::arrow::Status BloomFilterWriteSupport::AddKey(std::string_view record_key) {
  ARROW_RETURN_NOT_OK(filter_->Add(record_key));
  if (!min_key_.has_value() || Compare(*min_key_, record_key) > 0) {
    min_key_ = std::string(record_key);
  }
  if (!max_key_.has_value() || Compare(*max_key_, record_key) < 0) {
    max_key_ = std::string(record_key);
  }
  return ::arrow::Status::OK();
}

std::vector<FooterEntry> BloomFilterWriteSupport::FinalizeMetadata() const {
  return BloomFooterEntries(*filter_, min_key_, max_key_);
}

}  // namespace hoodie
